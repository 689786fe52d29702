"""Hold codes: every hold of every deal packed into one int64 by the classifier (`pattern_kernels.classify_deals`).

A code holds a hold's family, cards held, wild cards, three small fields, named ranks and penalties, ordered as
the vocabulary lists patterns (strong holds first); `pattern_texts.describe` turns a code into its chart text
and its docstring gives the naming rules the fields follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...errors import InputError
from .cards import shown
from .evaluator import binomials
from .paytables import PayTable
from .pattern_kernels import classify_deals
from .tables import game_tables

__all__ = [
    "FLUSH", "FLUSH_PENALTY", "GROUPS", "HIGH", "JUNK", "MADE5", "NOTHING", "PAIR", "PAIR_K", "QUADS", "RANK_CHARS",
    "RANK_WORDS", "RF", "ROYAL", "SF", "SINGLE_LOW", "STRAIGHT", "STRAIGHT_PENALTY", "TRIPS", "TRIPS_K", "TWO_PAIR",
    "WILD_ONLY", "WINDOWS", "GameRules", "classes5", "classify_deals", "deal_array", "game_rules",
    "hold_codes", "rank_tables", "scratch",
]

RANK_CHARS = "23456789TJQKA"
RANK_WORDS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
              "kings", "aces")
ROYAL = 0b1111100000000
# The ten straight windows as rank masks: A-2-3-4-5, then 2-6 up to T-A (the last is the royal's).
WINDOWS = np.array([0b1000000001111] + [0b11111 << lo for lo in range(9)], dtype=np.int64)

# Families, in the vocabulary's order (strong holds first).
MADE5, WILD_ONLY, QUADS, RF, TRIPS, SF, TWO_PAIR, PAIR, FLUSH, STRAIGHT, HIGH, TRIPS_K, PAIR_K, SINGLE_LOW, \
    JUNK, NOTHING = range(16)
GROUPS = {MADE5: "made", WILD_ONLY: "wild", QUADS: "pairs", RF: "royal", TRIPS: "pairs", SF: "straight_flush",
          TWO_PAIR: "pairs", PAIR: "pairs", FLUSH: "flush", STRAIGHT: "straight", HIGH: "high_cards",
          TRIPS_K: "pairs", PAIR_K: "pairs", SINGLE_LOW: "high_cards", JUNK: "other", NOTHING: "nothing"}
FLUSH_PENALTY, STRAIGHT_PENALTY = 1, 2


# the rank tables of `_rank_tables`: six arrays (the classifier's arguments in its order)
RankTables = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]

# A hold's code packs its description into one int64, ordered as the vocabulary lists them:
# family << 44 | (7 - cards held) << 40 | wild << 36 | f1 << 28 | f2 << 24 | f3 << 20 | ranks << 4 | penalties
# (`pattern_kernels.pack`; the kernels hold the families and penalties above as C values of their own)


def _rank_tables(no_rank_zero: bool) -> RankTables:
    """Per 13-bit rank mask: does a straight window hold it (uint8: 1 or 0); how many windows; the ranks that could join it
    in a window (a straight penalty's ranks); how many such ranks (ranks that complete 4 to a straight);
    its number of ranks; its top rank (-1 for none)."""
    masks = np.arange(8192, dtype=np.int64)
    inside = (masks[:, None] & ~WINDOWS[None, :]) == 0
    fit = inside.any(axis=1)
    ways = inside.sum(axis=1).astype(np.int64)
    joins = np.zeros(8192, dtype=np.int64)
    for r in range(1 if no_rank_zero else 0, 13):  # a deuce is wild in Deuces Wild: never a natural rank
        bit = 1 << r
        joins |= np.where(((masks & bit) == 0) & fit[masks | bit], bit, 0)
    pop = np.array([x.bit_count() for x in range(8192)], dtype=np.int64)
    top = np.array([x.bit_length() - 1 for x in range(8192)], dtype=np.int64)
    return fit.view(np.uint8), ways, joins, pop[joins], pop, top


@lru_cache(maxsize=2)
def rank_tables(no_rank_zero: bool) -> RankTables:
    """`_rank_tables`, computed once (read-only arrays)."""
    out = _rank_tables(no_rank_zero)
    for a in out:
        a.flags.writeable = False
    return out


def scratch() -> tuple[np.ndarray, np.ndarray]:
    """classify_deals' scratch: a deal's 32 codes, and its subset tables (column 0, nothing held, stays zero)."""
    return np.empty(32, dtype=np.int64), np.zeros((7, 32), dtype=np.int64)


@dataclass(frozen=True)
class GameRules:
    """What the classifier needs from a pay table."""

    wild_mode: int  # 0 none, 1 deuces, 2 joker
    hi: int  # lowest rank of a paying pair (13: no pair pays)
    rank_group: np.ndarray  # per rank, its group for quads and trips
    group_names: tuple[str, ...]  # per group: "" (all ranks) or "aces", "2s-4s", "5s-Ks"


def classes5(table: PayTable) -> np.ndarray:
    """Every final hand's pay class: the game's tables' (read from disk or built once per process)."""
    return game_tables(table).classes5


@lru_cache(maxsize=32)
def game_rules(table: PayTable) -> GameRules:
    """What the classifier needs from a pay table (computed once a table)."""
    hands = set(table.hands)
    pays_pair = [r for h, r in (("jacks_or_better", 9), ("kings_or_better", 11), ("aces_or_better", 12))
                 if h in hands]
    hi = min(pays_pair) if pays_pair else 13
    group = np.zeros(13, dtype=np.int64)
    if hands & {"four_aces", "four_aces_with_2_3_4"}:
        group[12] = 1
    if hands & {"four_2s_4s", "four_2s_4s_with_a_2_3_4"}:
        group[0:3] = 2
    names = []
    for g in range(3):
        ranks = [r for r in range(13) if group[r] == g]
        if g == 0 and len(ranks) == 13:
            names.append("")
        elif not ranks:
            names.append("?")
        elif len(ranks) == 1:
            names.append(RANK_WORDS[ranks[0]])
        else:
            names.append(f"{RANK_CHARS[ranks[0]]}s-{RANK_CHARS[ranks[-1]]}s")
    group.flags.writeable = False
    return GameRules({"none": 0, "deuces": 1, "joker": 2}[table.wild], hi, group, tuple(names))


def hold_codes(table: PayTable, deals: np.ndarray) -> np.ndarray:
    """(n, 32) int64: the description code of every hold of every deal (sorted cards, one deal a row)."""
    rules = game_rules(table)
    deals = deal_array(deals, table)
    out = np.empty((len(deals), 32), dtype=np.int64)
    classify_deals(deals, rules.wild_mode, rules.hi, rules.rank_group, classes5(table), binomials(),
                   *rank_tables(rules.wild_mode == 1), np.empty(0, dtype=np.int64), *scratch(), out)
    return out


def deal_array(deals: np.ndarray, table: PayTable) -> np.ndarray:
    """Deals checked as sorted rows of five distinct cards of the table's deck, as contiguous int64."""
    arr = np.asarray(deals)
    if arr.ndim != 2 or arr.shape[1] != 5 or not np.issubdtype(arr.dtype, np.integer):
        raise InputError(f"deals must be an (n, 5) array of card numbers, got shape {shown(arr.shape)}")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    if len(arr) and (arr.min() < 0 or arr.max() >= table.deck or (np.diff(arr, axis=1) <= 0).any()):
        raise InputError(f"deals must be sorted rows of 5 distinct cards of the {table.deck}-card deck")
    return arr
