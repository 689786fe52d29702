"""Hold codes: every hold of every deal packed into one int64 by the Numba classifier (`classify_deals`).

A code holds a hold's family, cards held, wild cards, three small fields, named ranks and penalties, ordered as
the vocabulary lists patterns (strong holds first); `pattern_texts.describe` turns a code into its chart text
and its docstring gives the naming rules the fields follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...errors import InputError
from ...solver import IndexArray, IntArray
from ...solver.jit import njit
from .cards import shown
from .evaluator import binomials
from .paytables import PayTable
from .tables import game_tables

__all__ = [
    "FLUSH", "FLUSH_PENALTY", "GROUPS", "HIGH", "JUNK", "MADE5", "NOTHING", "PAIR", "PAIR_K", "QUADS", "RANK_CHARS",
    "RANK_WORDS", "RF", "ROYAL", "SF", "SINGLE_LOW", "STRAIGHT", "STRAIGHT_PENALTY", "TRIPS", "TRIPS_K", "TWO_PAIR",
    "WILD_ONLY", "WINDOWS", "GameRules", "classes5", "classify_deals", "deal_array", "deal_codes", "game_rules",
    "hold_codes", "pack", "rank_tables", "scratch",
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


# A hold's code packs its description into one int64, ordered as the vocabulary lists them:
# family << 44 | (7 - cards held) << 40 | wild << 36 | f1 << 28 | f2 << 24 | f3 << 20 | ranks << 4 | penalties
def _pack(fam: int, n: int, w: int, f1: int, f2: int, f3: int, ranks: int, pen: int) -> int:
    return (fam << 44) | ((7 - n) << 40) | (w << 36) | (f1 << 28) | (f2 << 24) | (f3 << 20) | (ranks << 4) | pen


pack = njit(cache=True)(_pack)


def _rank_tables(no_rank_zero: bool) -> tuple[np.ndarray, ...]:
    """Per 13-bit rank mask: does a straight window hold it; how many windows; the ranks that could join it
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
    return fit, ways, joins, pop[joins], pop, top


@lru_cache(maxsize=2)
def rank_tables(no_rank_zero: bool) -> tuple[np.ndarray, ...]:
    """`_rank_tables`, computed once (read-only arrays)."""
    out = _rank_tables(no_rank_zero)
    for a in out:
        a.flags.writeable = False
    return out


def _deal_codes(cards: IntArray, wild_mode: int, hi: int, rank_group: IntArray, full_class: int, fit: IntArray,
                ways_of: IntArray, joins: IntArray, outs: IntArray, pop: IntArray, top_of: IntArray,
                scratch: IntArray, codes: IntArray) -> None:
    """codes[held] for the 32 holds of one sorted deal (held = 5-bit mask over the cards).

    Subset tables are built up one card at a time (held mask m from m without its top card): natural rank
    masks by multiplicity (nat1 ⊇ nat2 ⊇ nat3 ⊇ nat4 = ranks held at least 1, 2, 3, 4 times), the natural
    suits held (5-bit mask: the extra ace's suit is the fifth), the counts of wild and natural cards; `scratch` is (7, 32), row 0 of column 0 zero.
    """
    nat1 = scratch[0]
    nat2 = scratch[1]
    nat3 = scratch[2]
    nat4 = scratch[3]
    suits = scratch[4]
    n_wild = scratch[5]
    n_nat = scratch[6]
    for m in range(1, 32):
        j = top_of[m]
        prev = m ^ (1 << j)
        c = cards[j]
        nat1[m] = nat1[prev]
        nat2[m] = nat2[prev]
        nat3[m] = nat3[prev]
        nat4[m] = nat4[prev]
        suits[m] = suits[prev]
        n_wild[m] = n_wild[prev]
        n_nat[m] = n_nat[prev]
        if (wild_mode == 2 and c == 52) or (wild_mode == 1 and c < 4):
            n_wild[m] += 1
        else:
            # card 52 is natural only in the extra-ace deck: an ace of a fifth suit that no other card shares
            # (the joker's deck took it as wild above)
            bit = 1 << 12 if c == 52 else 1 << (c >> 2)
            nat4[m] |= bit & nat3[m]
            nat3[m] |= bit & nat2[m]
            nat2[m] |= bit & nat1[m]
            nat1[m] |= bit
            suits[m] |= 1 << 4 if c == 52 else 1 << (c & 3)
            n_nat[m] += 1
    for m in range(32):
        # every branch sets the fields and one call packs them: one signature of `pack` (its arguments all
        # int64), not one compile per mix of literal and int64 arguments
        w = n_wild[m]
        n = w + n_nat[m]
        fam = NOTHING  # nothing held (m == 0)
        f1 = 0
        f2 = 0
        f3 = 0
        ranks = 0
        pen = 0
        if m == 0:
            pass
        elif n == 5:
            fam = MADE5
            f1 = full_class
        elif n == w:
            fam = WILD_ONLY
        elif nat2[m]:
            m1 = 4 if nat4[m] else 3 if nat3[m] else 2
            top = top_of[nat4[m] if m1 == 4 else nat3[m] if m1 == 3 else nat2[m]]
            kind = m1 + w
            if kind >= 4:
                fam = QUADS
                f1 = rank_group[top]
            elif kind == 3:
                fam = TRIPS if n == 3 else TRIPS_K
                f1 = rank_group[top]
            elif nat2[m] & (nat2[m] - 1):
                fam = TWO_PAIR
            elif n == 2:
                fam = PAIR
                f1 = 12 - top
            else:
                fam = PAIR_K
                f1 = 0 if top >= hi else 1
        else:
            nat = nat1[m]
            high = pop[nat >> hi] if hi < 13 else 0
            suited = (suits[m] & (suits[m] - 1)) == 0
            if w == 0 and n <= 3:  # penalties: what the discarded natural cards take away
                rest = 31 ^ m
                if suited and suits[rest] & suits[m]:
                    pen |= FLUSH_PENALTY
                if nat1[rest] & joins[nat]:
                    pen |= STRAIGHT_PENALTY
            if n_nat[m] == 1:
                if top_of[nat] >= hi:
                    fam = HIGH
                    ranks = 8191 - nat
                else:
                    # with a wild card the rank matters (a joker with a Q draws to a royal, with a 5 it does not)
                    fam = SINGLE_LOW
                    ranks = 8191 - nat if w > 0 else 0
                    pen = 0
            else:
                # gaps inside the naturals' span (for draws within a straight window); the ace plays low when
                # every other rank is 5 or less
                ace_low = (nat >> 12 & 1) == 1 and (nat & 0xFFF) < 16
                top = top_of[nat & 0xFFF] if ace_low else top_of[nat]
                lo = -1 if ace_low else top_of[nat & -nat]
                gaps = top - lo - (n_nat[m] - 1)
                if suited and (nat & ~ROYAL) == 0:
                    # ranks named: 2 and 3 card draws with no wild card, every draw with wild cards (where which
                    # naturals are held matters more: a deuce with KQ suited is not a deuce with AT)
                    fam = RF
                    ranks = 8191 - nat if (w == 0 and n <= 3) or w > 0 else 0
                elif suited and fit[nat]:
                    # 2 to a straight flush is never a play worth refining by penalties: keep the vocabulary small
                    fam = SF
                    f1 = gaps
                    f2 = 4 - high
                    f3 = ways_of[nat]
                    ranks = 8191 - nat if w > 0 else 0
                    pen = pen if n_nat[m] == 3 else 0
                elif suited:
                    fam = FLUSH
                    f2 = 4 - high
                    pen = 0
                elif w == 0 and n <= 3 and high == n_nat[m]:
                    fam = HIGH
                    ranks = 8191 - nat
                    pen = pen & STRAIGHT_PENALTY
                elif fit[nat]:
                    fam = STRAIGHT
                    f1 = 1 if n == 4 and outs[nat] < 2 else 0  # inside
                    f2 = 4 - high
                    f3 = outs[nat] if n == 4 else gaps
                    pen = 0
                else:
                    fam = JUNK
                    f2 = 4 - high
                    pen = 0
        codes[m] = pack(fam, n, w, f1, f2, f3, ranks, pen)


deal_codes = njit(cache=True)(_deal_codes)


def _classify_deals(deals: IntArray, wild_mode: int, hi: int, rank_group: IntArray, classes5: IndexArray,
                    binom: IntArray, fit: IntArray, ways_of: IntArray, joins: IntArray, outs: IntArray, pop: IntArray,
                    top_of: IntArray, vocab: IntArray, codes: IntArray, scratch: IntArray, out: IndexArray) -> None:
    """out[i, held] = code of every hold of every deal, or with a vocabulary its id (binary search; -1 if none).

    `codes` (32) and `scratch` (7, 32) are the caller's (`_scratch`): a kernel that allocates nothing compiles
    faster.
    """
    n_vocab = vocab.shape[0]
    for i in range(deals.shape[0]):
        cards = deals[i]
        colex = 0
        for j in range(5):
            colex += binom[cards[j], j + 1]
        # the class array is narrow (int8): widen it before it is shifted into the code
        deal_codes(cards, wild_mode, hi, rank_group, np.int64(classes5[colex]), fit, ways_of, joins, outs, pop,
                   top_of, scratch, codes)
        for held in range(32):
            code = codes[held]
            if n_vocab == 0:
                out[i, held] = code
                continue
            lo = 0
            hi_ = n_vocab
            while lo < hi_:
                mid = (lo + hi_) >> 1
                if vocab[mid] < code:
                    lo = mid + 1
                else:
                    hi_ = mid
            out[i, held] = lo if lo < n_vocab and vocab[lo] == code else -1


classify_deals = njit(cache=True, nogil=True)(_classify_deals)


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
