"""Hold patterns: the language of strategy charts ("4 to a royal flush", "high pair", "KQJ unsuited", ...).

Every hold of every deal gets exactly one pattern id, its most specific description; a chart line names
a set of ids (`Vocabulary.matching`): a pattern's own text names just it, a coarse text ("4 to a flush",
"high pair", "3 to a straight flush, 1 gap") names every finer id under it.

How a hold is described (H = the held cards, w = the wild cards among them, N = its natural cards):

* 5 cards held: the hand they make, by the pay table's classes ("royal flush", "full house", "four aces
  with 2-4"); hands that can also be held with fewer cards read "four of a kind and a kicker", "two pair
  and a kicker", "three of a kind and 2 kickers", "high pair and 3 kickers"; no paying hand: "5 cards
  that pay nothing".
* no natural card: "2 deuces alone", "joker alone"; nothing at all: "discard everything".
* N has a repeated rank: of a kind, counting the wild cards: "four of a kind" (quads in games that pay
  them by rank: "four aces", "four 2s-4s", "four 5s-Ks"), "three of a kind" ("three aces", ...),
  "two pair", "pair of jacks" (one id per rank; "high pair" = the pairs the table's lowest pair pays,
  jacks or kings or better, "low pair" = the others), "... and 1 kicker" for an extra card.
* N all different ranks, "n to a ..." counting every held card, wild ones too:
  - "n to a royal flush": N one suit, ranks within T-A. With no wild card, 2 and 3 card draws name their
    ranks: "QJ suited", "3 to a royal flush, KQJ".
  - "n to a straight flush, g gaps, h high cards, k ways": N one suit within a straight window (the ace low
    when N is an ace and ranks 2-5). gaps = ranks missing inside N's span; high cards = N's cards of a
    paying pair rank (not shown where no pair pays); ways = straight windows holding N (fewer than 5 - span
    where the deck ends: A23, 234). With wild cards the naturals' ranks are named too ("76").
  - "n to a flush, h high cards": N one suit otherwise.
  - with no wild card, 1 to 3 high cards not all of one suit: "KQJ unsuited", "AK unsuited"; one high card:
    "A", "K"; one other card: "single low card".
  - "4 to an outside straight, h high cards" (two or more natural ranks complete it: 2345 to KQJT) or
    "4 to an inside straight" (one rank or none: gapped, A234, AKQJ); wild games add ", k completing
    ranks"; "3 to a straight, g gaps, h high cards", "2 to a straight, ...".
  - anything else: "k unrelated cards, h high cards" (k = natural cards).
* Wild games add the wild count to every text: "4 to a royal flush, 1 deuce", "pair of kings, no joker".
* The extra-ace deck's ace of stars is an ace of a suit no other card has: it pairs with the aces and makes
  straights, never a flush draw ("AK unsuited", not "AK suited"); four aces held with it are "four aces".

Penalties (only for holds with no wild card, of 1 to 3 cards of different ranks: single cards, named high
cards, 2 and 3 to a royal flush, 2 and 3 to a straight flush):
  - flush penalty: N is of one suit and a discarded natural card is of that suit;
  - straight penalty: a discarded natural card of a rank r not in N such that N's ranks and r lie within
    one straight window (A-5 ... T-A), i.e. a card that could have been part of a straight with N.
Texts show "no penalty", "flush penalty only", "straight penalty only" or "flush penalty, straight
penalty" (where only the straight penalty applies: "straight penalty" or "no penalty"); lines may also say
"flush penalty" (with or without the other), "no flush penalty", "no straight penalty".

Line grammar: `base[, clause]...`, case-insensitive; clauses narrow (all must hold) in any order; "with"
may stand for the first comma ("4 to an outside straight with 0-2 high cards"); "a-b high cards" and
"a-b gaps" name a range; rank letters may come in any order ("TJ suited" = "JT suited"); "10" reads as T;
"three to a royal" reads as "3 to a royal". A clause alone ("2 deuces", "flush penalty") names every id
that has it. A union line joins lines with " or " ("three of a kind or straight or flush or full house"):
it names every id any part names (the whole text is tried as one line first).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from .cards import shown
from .evaluator import binomials
from .paytables import HAND_LABELS, PayTable, read_user_text
from .tables import distinct_deals, game_tables

__all__ = [
    "MAX_CHART_BYTES", "MAX_CHART_LINES", "MAX_LINE_CHARS", "Chart", "ChartLine", "Pattern", "Vocabulary",
    "hold_codes", "hold_patterns", "parse_chart", "read_chart", "vocabulary",
]

MAX_CHART_BYTES = 256 * 1024  # a chart file: far more than any chart needs
MAX_CHART_LINES = 2_000
MAX_LINE_CHARS = 200
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
def _pack(fam, n, w, f1, f2, f3, ranks, pen):
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


def _deal_codes(cards, wild_mode, hi, rank_group, full_class, fit, ways_of, joins, outs, pop, top_of, scratch,
                codes):
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


def _classify_deals(deals, wild_mode, hi, rank_group, classes5, binom, fit, ways_of, joins, outs, pop, top_of, vocab,
                    codes, scratch, out):
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


def _scratch() -> tuple[np.ndarray, np.ndarray]:
    """classify_deals' scratch: a deal's 32 codes, and its subset tables (column 0, nothing held, stays zero)."""
    return np.empty(32, dtype=np.int64), np.zeros((7, 32), dtype=np.int64)


@dataclass(frozen=True)
class _Rules:
    """What the classifier needs from a pay table."""

    wild_mode: int  # 0 none, 1 deuces, 2 joker
    hi: int  # lowest rank of a paying pair (13: no pair pays)
    rank_group: np.ndarray  # per rank, its group for quads and trips
    group_names: tuple[str, ...]  # per group: "" (all ranks) or "aces", "2s-4s", "5s-Ks"


def _classes5(table: PayTable) -> np.ndarray:
    """Every final hand's pay class: the game's tables' (read from disk or built once per process)."""
    return game_tables(table).classes5


@lru_cache(maxsize=32)
def _rules(table: PayTable) -> _Rules:
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
    return _Rules({"none": 0, "deuces": 1, "joker": 2}[table.wild], hi, group, tuple(names))


def hold_codes(table: PayTable, deals: np.ndarray) -> np.ndarray:
    """(n, 32) int64: the description code of every hold of every deal (sorted cards, one deal a row)."""
    rules = _rules(table)
    deals = _deal_array(deals, table)
    out = np.empty((len(deals), 32), dtype=np.int64)
    classify_deals(deals, rules.wild_mode, rules.hi, rules.rank_group, _classes5(table), binomials(),
                   *rank_tables(rules.wild_mode == 1), np.empty(0, dtype=np.int64), *_scratch(), out)
    return out


def _deal_array(deals: np.ndarray, table: PayTable) -> np.ndarray:
    arr = np.asarray(deals)
    if arr.ndim != 2 or arr.shape[1] != 5 or not np.issubdtype(arr.dtype, np.integer):
        raise InputError(f"deals must be an (n, 5) array of card numbers, got shape {shown(arr.shape)}")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    if len(arr) and (arr.min() < 0 or arr.max() >= table.deck or (np.diff(arr, axis=1) <= 0).any()):
        raise InputError(f"deals must be sorted rows of 5 distinct cards of the {table.deck}-card deck")
    return arr


# ---------------------------------------------------------------------------------------------------------------
# texts


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _ranks_text(mask: int) -> str:
    return "".join(RANK_CHARS[r] for r in range(12, -1, -1) if mask >> r & 1)


@dataclass(frozen=True)
class _Desc:
    """A pattern's text as base + clauses, the coarse bases it also answers to, and hidden clauses."""

    base: str
    shown: tuple[str, ...]
    coarse: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return ", ".join((self.base, *self.shown))


def _wild_clause(mode: int, w: int) -> str:
    if mode == 1:
        return "no deuces" if w == 0 else _plural(w, "deuce")
    if mode == 2:
        return "no joker" if w == 0 else "joker" if w == 1 else _plural(w, "joker")
    return ""


def _made_text(hand: str) -> str:
    if hand in ("four_aces", "four_2s_4s", "four_5s_ks", "four_of_a_kind", "four_deuces"):
        return HAND_LABELS.get(hand, hand.replace("_", " ")) + " and a kicker"
    special = {"three_of_a_kind": "three of a kind and 2 kickers", "two_pair": "two pair and a kicker",
               "jacks_or_better": "high pair and 3 kickers", "kings_or_better": "high pair and 3 kickers",
               "aces_or_better": "high pair and 3 kickers", "nothing": "5 cards that pay nothing"}
    return special.get(hand, HAND_LABELS.get(hand, hand.replace("_", " ")))


def _describe(code: int, table: PayTable, rules: _Rules) -> _Desc:
    """A code's text: the inverse of `_pack` plus the naming rules of the module docstring."""
    fam, n = code >> 44, 7 - (code >> 40 & 15)
    w, f1, f2, f3 = code >> 36 & 15, code >> 28 & 255, code >> 24 & 15, code >> 20 & 15
    ranks, pen = 8191 - (code >> 4 & 8191) if code >> 4 & 8191 else 0, code & 3
    mode = rules.wild_mode
    wild = _wild_clause(mode, w)
    clauses: list[str] = [wild] if wild else []
    hidden: list[str] = []
    coarse: list[str] = []
    has_high = rules.hi < 13
    high_clause = [_plural(4 - f2, "high card")] if has_high else []

    def penalties(flush: bool) -> list[str]:
        found = []
        if flush:
            found.append("flush penalty" if pen & FLUSH_PENALTY else "no flush penalty")
        found.append("straight penalty" if pen & STRAIGHT_PENALTY else "no straight penalty")
        positive = [p for p in found if not p.startswith("no ")]
        hidden.extend(p for p in found if p.startswith("no "))
        if not positive:
            hidden.append("no penalty")
            return ["no penalty"]
        if len(found) == 2 and len(positive) == 1:  # "flush penalty only": the text names this id alone
            hidden.append(positive[0])
            return [positive[0] + " only"]
        return positive

    def group_word(of: str) -> str:
        name = rules.group_names[f1]
        if name:
            coarse.append(f"{of} of a kind")
            return name
        return f"{of} of a kind"

    if fam == NOTHING:
        return _Desc("discard everything", (), ("draw five", "draw 5", "garbage"))
    if fam == MADE5:
        return _Desc(_made_text(table.hands[f1]), tuple(clauses), ("pat hand",))
    if fam == WILD_ONLY:
        base = "joker alone" if mode == 2 and w == 1 else f"{_plural(w, 'deuce' if mode == 1 else 'joker')} alone"
        return _Desc(base, (), (), (wild,))
    if fam == QUADS:
        name = group_word("four")
        base = "four of a kind" if not rules.group_names[f1] else f"four {name}"
        return _Desc(base, tuple(clauses), tuple(coarse))
    if fam in (TRIPS, TRIPS_K):
        name = group_word("three")
        base = "three of a kind" if not rules.group_names[f1] else f"three {name}"
        if fam == TRIPS_K:
            coarse = [c + " and 1 kicker" for c in coarse]
            base += " and 1 kicker"
        return _Desc(base, tuple(clauses), tuple(coarse))
    if fam == TWO_PAIR:
        return _Desc("two pair", tuple(clauses))
    if fam == PAIR:
        rank = 12 - f1
        coarse = ["pair"]
        if has_high:
            coarse.append("high pair" if rank >= rules.hi else "low pair")
        return _Desc(f"pair of {RANK_WORDS[rank]}", tuple(clauses), tuple(coarse))
    if fam == PAIR_K:
        kind = ("high pair" if f1 == 0 else "low pair") if has_high else "pair"
        return _Desc(f"{kind} and {_plural(n - 2, 'kicker')}", tuple(clauses), ("pair and kickers",))
    if fam == RF:
        if ranks and n == 2:
            shown_ = clauses + penalties(True)
            return _Desc(f"{_ranks_text(ranks)} suited", tuple(shown_), ("2 to a royal flush",), tuple(hidden))
        if ranks:
            shown_ = clauses + [_ranks_text(ranks)] + (penalties(True) if w == 0 else [])
            return _Desc(f"{n} to a royal flush", tuple(shown_), (), tuple(hidden))
        return _Desc(f"{n} to a royal flush", tuple(clauses))
    if fam == SF:
        gaps, ways = f1, f3
        shown_ = clauses + [_plural(gaps, "gap")] + high_clause
        shown_.append(_plural(ways, "way"))
        if ranks:
            shown_.append(_ranks_text(ranks))
        if w == 0 and n == 3:
            shown_ += penalties(True)
        return _Desc(f"{n} to a straight flush", tuple(shown_), (), tuple(hidden))
    if fam == FLUSH:
        return _Desc(f"{n} to a flush", tuple(clauses + high_clause))
    if fam == STRAIGHT:
        if n == 4:
            base = "4 to an inside straight" if f1 else "4 to an outside straight"
            # completing natural ranks: always 2 outside and 1 inside with no wild card in a natural game;
            # wild games show them (a deuce is no natural rank, wild cards widen the draw)
            ranks_clause = _plural(f3, "completing rank")
            if mode == 0:
                return _Desc(base, tuple(clauses + high_clause), ("4 to a straight",), (ranks_clause,))
            return _Desc(base, tuple(clauses + high_clause + [ranks_clause]), ("4 to a straight",))
        return _Desc(f"{n} to a straight", tuple(clauses + [_plural(f3, "gap")] + high_clause))
    if fam == HIGH:
        if n - w == 1:
            shown_ = clauses + (penalties(True) if w == 0 else [])
            return _Desc(_ranks_text(ranks), tuple(shown_), ("single high card",), tuple(hidden))
        shown_ = clauses + penalties(False)
        return _Desc(f"{_ranks_text(ranks)} unsuited", tuple(shown_), ("unsuited high cards",), tuple(hidden))
    if fam == SINGLE_LOW:
        return _Desc("single low card" if has_high else "single card",
                     tuple(clauses + ([_ranks_text(ranks)] if ranks else [])))
    if fam == JUNK:
        return _Desc(f"{_plural(n - w, 'unrelated card')}", tuple(clauses + high_clause))
    raise AssertionError(f"unknown family {fam}")


# ---------------------------------------------------------------------------------------------------------------
# the vocabulary


@dataclass(frozen=True)
class Pattern:
    """One hold pattern of a game: its id, its canonical chart text, its family."""

    id: int
    text: str
    group: str


_RANGE = re.compile(r"(\d+)\s*(?:-|or|to)\s*(\d+) (high cards|gaps|ways)")
_NUMBER_WORDS = re.compile(r"\b(one|two|three|four|five)(?= to an? )")
_ROYAL_SHORT = re.compile(r"\bto an? royal\b(?! flush)")  # "4 to a royal" as players write it
_WORD_DIGITS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_RANK_ORDER = {ch: i for i, ch in enumerate(RANK_CHARS.lower())}
_UNION = re.compile(r"\s+or\s+|^or\s+|\s+or$", re.IGNORECASE)  # "A or B": a line naming A's ids and B's


def _normalize_ranks(word: str) -> str:
    """A word of rank letters in descending order ("tj" -> "jt"); other words unchanged."""
    word = word.replace("10", "t")
    if 1 <= len(word) <= 5 and all(ch in _RANK_ORDER for ch in word) and len(set(word)) == len(word):
        return "".join(sorted(word, key=lambda ch: -_RANK_ORDER[ch]))
    return word


def _normalize_part(part: str) -> str:
    part = " ".join(part.split())
    words = part.split(" ")
    if words and words[0]:
        words[0] = _normalize_ranks(words[0])
    if len(words) == 1:
        return words[0]
    return " ".join(words)


def _normalize(line: str) -> list[str]:
    """A line as lowercase parts split at commas, with number words and rank letters normalized."""
    text = " ".join(line.lower().split()).rstrip(".").strip()
    text = _NUMBER_WORDS.sub(lambda m: _WORD_DIGITS[m.group(1)], text)
    text = _ROYAL_SHORT.sub("to a royal flush", text)
    return [_normalize_part(p.strip()) for p in text.split(",")]


@dataclass(frozen=True)
class Vocabulary:
    """A game's hold patterns (id = position); `matching` reads a chart line as the set of ids it names."""

    game_id: str
    patterns: tuple[Pattern, ...]
    codes: np.ndarray = field(repr=False, compare=False)  # sorted codes, codes[id]
    _bases: dict = field(repr=False, compare=False, default_factory=dict)  # base text -> ids
    _clauses: tuple = field(repr=False, compare=False, default=())  # per id, its clause set
    _clause_names: frozenset = field(repr=False, compare=False, default=frozenset())  # every clause
    _known: tuple = field(repr=False, compare=False, default=())  # texts offered as suggestions
    _words: dict = field(repr=False, compare=False, default_factory=dict)  # chart words (`_chart_words`) -> ids

    @cached_property
    def whole_hands(self) -> frozenset[int]:
        """ids of five-card holds that are a paying hand held whole: the hand needs all five cards ("full
        house", "flush", "four aces with 2-4"), not a hand and kickers ("four of a kind and a kicker")."""
        return frozenset(p.id for p in self.patterns if p.group == "made" and _is_whole(p.text))

    def matching(self, line: str) -> frozenset[int]:
        """The ids a chart line names; InputError naming the text (and close known lines) when it names none.

        A union line joins lines with " or " ("four of a kind or straight flush or royal flush"): it names
        the union of its parts' ids. The whole text is read as one line first, so a text that is itself a
        line keeps its meaning; an unknown part is refused by name.
        """
        if not isinstance(line, str):
            raise InputError(f"a chart line is text, got {shown(line)}")
        if not line.strip():
            raise InputError("a chart line is empty")
        if len(line) > MAX_LINE_CHARS:
            raise InputError(f"a chart line is at most {MAX_LINE_CHARS} characters, got {len(line)}")
        found = self._lookup(line)
        if found is not None and found:
            return found
        parts = _UNION.split(line.strip())
        if found is not None or len(parts) < 2:
            return self._named(line, found)
        ids: set[int] = set()
        for k, part in enumerate(parts, 1):
            if not part.strip():
                raise InputError(f"part {k} of {shown(line.strip())} is empty (a union line is 'A or B or ...')")
            try:
                ids |= self._named(part, self._lookup(part))
            except InputError as err:
                raise InputError(f"{err} (part {k} of {shown(line.strip())})") from None
        return frozenset(ids)

    def _named(self, line: str, found: frozenset[int] | None) -> frozenset[int]:
        """`found` when it names some id, else the InputError for an unknown text or one naming no hold."""
        if found is None:
            raise InputError(f"unknown pattern {shown(line.strip())}{self._suggest(line)}")
        if not found:
            raise InputError(f"{shown(line.strip())} names no hold of {self.game_id}")
        return found

    def _lookup(self, line: str) -> frozenset[int] | None:
        """The ids one (non-union) line names, or None when it is not a line of the language."""
        word = self._words.get(_word_key(line))
        if word is not None:
            return word
        parts = _normalize(line)
        found = self._match(parts)
        if found is None and " with " in parts[0]:
            head, _, rest = parts[0].partition(" with ")
            found = self._match([head.strip(), _normalize_part(rest.strip()), *parts[1:]])
        return found

    def _match(self, parts: list[str]) -> frozenset[int] | None:
        """ids named by base + clauses, or None when a part is unknown."""
        if any(not p for p in parts):
            return None
        base, clauses = parts[0], parts[1:]
        all_clauses = self._clause_names
        if base in self._bases:
            ids = set(self._bases[base])
        elif base in all_clauses or _RANGE.fullmatch(base):
            ids = set(range(len(self.patterns)))
            clauses = parts
        else:
            return None
        for clause in clauses:
            m = _RANGE.fullmatch(clause)
            if m:
                lo, hi, what = int(m.group(1)), int(m.group(2)), m.group(3)
                unit = what[:-1]
                wanted = {_plural(k, unit) for k in range(lo, hi + 1)}
                ids = {i for i in ids if wanted & self._clauses[i]}
            elif clause == "no penalties":
                ids = {i for i in ids if "no penalty" in self._clauses[i]}
            elif clause in all_clauses:
                ids = {i for i in ids if clause in self._clauses[i]}
            else:
                return None
        return frozenset(ids)

    def _suggest(self, line: str) -> str:
        key = " ".join(line.lower().split())
        key = _NUMBER_WORDS.sub(lambda m: _WORD_DIGITS[m.group(1)], key)
        lower = {t.lower(): t for t in self._known}
        close = difflib.get_close_matches(key, list(lower), n=3, cutoff=0.6)
        if not close:
            return ""
        return "; did you mean " + " or ".join(repr(lower[c]) for c in close) + "?"


def _is_whole(text: str) -> bool:
    """A made five-card pattern's text names a hand that needs all five cards (no kickers, and it pays)."""
    base = text.split(", ")[0]
    return "kicker" not in base and base != "5 cards that pay nothing"


def _word_key(line: str) -> str:
    """A line as the chart words are keyed: lowercase, single spaces, no final full stop, "10" as is."""
    return " ".join(line.lower().split()).rstrip(".").strip()


def _numbers(text: str) -> dict[str, int]:
    """The counted clauses of a pattern text: {"gap": 1, "high card": 2, "way": 3} as found."""
    return {m.group(2): int(m.group(1)) for m in re.finditer(r"\b(\d+) (gap|high card|way)s?\b", text)}


def _cards(base: str, word: str, n: int, high: str | None = None) -> bool:
    """Is the base n rank letters then `word` ("KQ suited": 2, "suited"), all of them in `high` if given?"""
    head, _, tail = base.partition(" ")
    return (tail == word and len(head) == n and all(ch in RANK_CHARS for ch in head)
            and (high is None or all(ch in high for ch in head)))


# The words charts are printed with, each a rule over a game's pattern texts (natural games with high cards;
# wild games keep their own words, the pattern texts): (the word as printed, rule(base, text, high ranks)).
_WORDS: tuple[tuple[str, Callable[[str, str, str], bool]], ...] = (
    ("2 suited high cards", lambda b, t, hi: _cards(b, "suited", 2, hi)),
    ("2 unsuited high cards", lambda b, t, hi: _cards(b, "unsuited", 2)),
    ("3 unsuited high cards", lambda b, t, hi: _cards(b, "unsuited", 3)),
    ("one high card", lambda b, t, hi: len(b) == 1 and b in hi),
    ("suited 10/J, 10/Q, 10/K", lambda b, t, hi: b in ("JT suited", "QT suited", "KT suited")),
    ("suited 10/J, 10/Q, or 10/K", lambda b, t, hi: b in ("JT suited", "QT suited", "KT suited")),
    ("suited 10/J", lambda b, t, hi: b == "JT suited"),
    ("suited 10/Q", lambda b, t, hi: b == "QT suited"),
    ("suited 10/K", lambda b, t, hi: b == "KT suited"),
    ("3 to a straight flush with at least as many high cards as gaps",
     lambda b, t, hi: b == "3 to a straight flush" and _numbers(t).get("high card", 0) >= _numbers(t).get("gap", 9)),
    ("3 to a straight flush with fewer high cards than gaps",
     lambda b, t, hi: b == "3 to a straight flush" and _numbers(t).get("high card", 0) < _numbers(t).get("gap", 0)),
)


def _wild_count(text: str) -> int:
    """The wild cards a wild game's pattern text holds: "no deuces" 0, "joker" 1, "2 deuces alone" 2."""
    m = re.search(r"\b(\d+) (?:deuces?|jokers?)\b", text)
    if m:
        return int(m.group(1))
    return 1 if re.search(r"(?<!no )\bjoker\b", text) else 0


# The words printed charts of wild games use, as rules over the pattern texts (rule(base, text) as in _WORDS)
_WILD_WORDS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("natural royal flush", lambda b, t: b == "royal flush" and _wild_count(t) == 0),
    ("4 to a natural royal flush", lambda b, t: b == "4 to a royal flush" and _wild_count(t) == 0),
    ("3 to a natural royal flush", lambda b, t: b == "3 to a royal flush" and _wild_count(t) == 0),
    ("4 to a wild royal flush", lambda b, t: b == "4 to a royal flush" and _wild_count(t) > 0),
    ("3 to a wild royal flush", lambda b, t: b == "3 to a royal flush" and _wild_count(t) > 0),
    ("four deuces", lambda b, t: "deuce" in t and _wild_count(t) == 4),
    ("three deuces", lambda b, t: "deuce" in t and _wild_count(t) == 3),
    ("two deuces", lambda b, t: "deuce" in t and _wild_count(t) == 2),
    ("one deuce", lambda b, t: "deuce" in t and _wild_count(t) == 1),
)


def _chart_words(texts: list[str], rules: _Rules) -> dict[str, frozenset[int]]:
    """The printed chart words a game reads (`_WORDS` in natural games with high cards, `_WILD_WORDS` in wild
    games), keyed by `_word_key`: the ids whose text the word's rule takes; a word that takes no id is left out
    (the line is refused as unknown)."""
    if rules.wild_mode != 0:
        found = {word: frozenset(i for i, text in enumerate(texts) if rule(text.split(", ")[0], text))
                 for word, rule in _WILD_WORDS}
        return {_word_key(word): ids for word, ids in found.items() if ids}
    if rules.hi >= 13:
        return {}
    high = RANK_CHARS[rules.hi:]
    out = {}
    for word, rule in _WORDS:
        ids = frozenset(i for i, text in enumerate(texts) if rule(text.split(", ")[0], text, high))
        if ids:
            out[_word_key(word)] = ids
    return out


def vocabulary(table: PayTable) -> Vocabulary:
    """A game's vocabulary: every description any hold of any deal gets (found by classifying every deal)."""
    return _vocabulary_and_ids(table)[0]


@lru_cache(maxsize=16)
def _vocabulary_and_ids(table: PayTable) -> tuple[Vocabulary, np.ndarray]:
    """The vocabulary and the (read-only) id of every hold of every suit-distinct deal, from one classification.

    The suit-distinct deals stand for every deal up to a renaming of suits, and a description never names a
    suit, so their descriptions are all the descriptions there are.
    """
    deals, _ = distinct_deals(table.deck)
    every = hold_codes(table, deals)
    # a sort, then a binary search per hold: far faster than np.unique's return_inverse (an argsort)
    codes = np.unique(every)
    codes.flags.writeable = False
    ids = np.searchsorted(codes, every).reshape(len(deals), 32).astype(np.int16)
    ids.flags.writeable = False
    rules = _rules(table)
    patterns, clause_sets, bases, known = [], [], {}, []
    texts: dict[str, int] = {}
    for i, code in enumerate(codes.tolist()):
        desc = _describe(code, table, rules)
        text = desc.text
        if text in texts:  # two descriptions read alike: a naming bug, never a user's error
            raise AssertionError(f"pattern text {text!r} names codes {codes[texts[text]]:#x} and {code:#x}")
        texts[text] = i
        patterns.append(Pattern(i, text, GROUPS[code >> 44]))
        clause_sets.append(frozenset(_normalize_part(c.lower()) for c in (*desc.shown, *desc.hidden)))
        for b in (desc.base, *desc.coarse):
            bases.setdefault(_normalize_part(b.lower()), set()).add(i)
        known.extend((text, desc.base, *desc.coarse))
    frozen = {b: frozenset(ids) for b, ids in bases.items()}
    clause_names = frozenset().union(*clause_sets)
    words = _chart_words([p.text for p in patterns], rules)
    known.extend(sorted(clause_names))
    known.extend(text for text, _ in (*_WORDS, *_WILD_WORDS) if _word_key(text) in words)
    vocab = Vocabulary(table.id, tuple(patterns), codes, frozen, tuple(clause_sets), clause_names,
                       tuple(dict.fromkeys(known)), words)
    return vocab, ids


def hold_patterns(table: PayTable, deals: np.ndarray) -> np.ndarray:
    """(n, 32) int16: the pattern id of every hold of every deal (sorted cards, one deal a row).

    Given `tables.distinct_deals(table.deck)[0]` itself, the answer is the cached read-only matrix the
    vocabulary was built from; any other array is classified afresh.
    """
    vocab, all_ids = _vocabulary_and_ids(table)
    if deals is distinct_deals(table.deck)[0]:
        return all_ids
    rules = _rules(table)
    deals = _deal_array(deals, table)
    out = np.empty((len(deals), 32), dtype=np.int16)
    classify_deals(deals, rules.wild_mode, rules.hi, rules.rank_group, _classes5(table), binomials(),
                   *rank_tables(rules.wild_mode == 1), vocab.codes, *_scratch(), out)
    return out


# ---------------------------------------------------------------------------------------------------------------
# charts


@dataclass(frozen=True)
class ChartLine:
    """One line of a chart: where it stands (line number, or item number in TOML), its text, the ids it names."""

    number: int
    text: str
    ids: frozenset[int]


@dataclass(frozen=True)
class Chart:
    """An ordered list of chart lines for one game."""

    game_id: str
    lines: tuple[ChartLine, ...]

    def to_text(self) -> str:
        """The chart as plain lines (parse_chart reads it back to the same lines)."""
        return "".join(f"{line.text}\n" for line in self.lines)


_LEADING_NUMBER = re.compile(r"^\d+\s*[.)]\s*")


def _plain_lines(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        out.append((number, _LEADING_NUMBER.sub("", line, count=1)))
    return out


def _toml_lines(text: str, where: str, table: PayTable) -> list[tuple[int, str]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{where} is not valid TOML: {' '.join(str(err).split())}") from None
    except RecursionError:
        raise InputError(f"{where} is not valid TOML: arrays or tables nested too deep") from None
    unknown = [k for k in data if k not in ("lines", "game")]
    if unknown:
        raise InputError(f"{where}: unknown key {shown(unknown[0])}; a chart has lines = [...] (and game = ...)")
    game = data.get("game", table.id)
    if game != table.id:
        raise InputError(f"{where} is a chart for game {shown(game)}, not {table.id}")
    lines = data.get("lines")
    if not isinstance(lines, list):
        raise InputError(f"{where}: lines must be a list of texts, got {shown(lines)}")
    out = []
    for i, item in enumerate(lines, 1):
        if not isinstance(item, str):
            raise InputError(f"{where} line {i}: a chart line is text, got {shown(item)}")
        out.append((i, item.strip()))
    return out


def parse_chart(text: str, table: PayTable, where: str = "chart") -> Chart:
    """A chart from plain lines (blank and '#' lines ignored, a leading "12." ignored) or TOML (lines = [...])."""
    if not isinstance(text, str):
        raise InputError(f"{where} must be text, got {shown(text)}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_CHART_BYTES:
        raise InputError(f"{where} is larger than {MAX_CHART_BYTES:,} bytes, the most accepted")
    is_toml = re.search(r"^\s*lines\s*=", text, re.MULTILINE) is not None
    raw = _toml_lines(text, where, table) if is_toml else _plain_lines(text)
    if not raw:
        raise InputError(f"{where} has no lines")
    if len(raw) > MAX_CHART_LINES:
        raise InputError(f"{where} has {len(raw):,} lines; a chart has at most {MAX_CHART_LINES:,}")
    vocab = vocabulary(table)
    lines = []
    for number, line in raw:
        if not line:
            raise InputError(f"{where} line {number}: empty line")
        if not line.isprintable():
            raise InputError(f"{where} line {number}: {shown(line)} is not printable text")
        try:
            ids = vocab.matching(line)
        except InputError as err:
            raise InputError(f"{where} line {number}: {err}") from None
        lines.append(ChartLine(number, line, ids))
    return Chart(table.id, tuple(lines))


def read_chart(path: str | Path, table: PayTable) -> Chart:
    """A chart from a file (UTF-8 text, plain lines or TOML, at most MAX_CHART_BYTES)."""
    text, name = read_user_text(path, "chart file", MAX_CHART_BYTES)
    return parse_chart(text, table, name)
