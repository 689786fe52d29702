"""Pattern texts: a hold code as the words of a strategy chart ("4 to a royal flush", "pair of jacks").

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

"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .pattern_codes import (
    FLUSH, FLUSH_PENALTY, HIGH, JUNK, MADE5, NOTHING, PAIR, PAIR_K, QUADS, RANK_CHARS, RANK_WORDS, RF, SF, SINGLE_LOW,
    STRAIGHT, STRAIGHT_PENALTY, TRIPS, TRIPS_K, TWO_PAIR, WILD_ONLY, GameRules,
)
from .paytables import HAND_LABELS, PayTable

__all__ = ["Desc", "describe", "plural", "ranks_text"]



def plural(k: int, word: str) -> str:
    """"1 gap", "2 gaps"."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def ranks_text(mask: int) -> str:
    """A rank mask as its letters, highest first ("AKQ")."""
    return "".join(RANK_CHARS[r] for r in range(12, -1, -1) if mask >> r & 1)


@dataclass(frozen=True)
class Desc:
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
        return "no deuces" if w == 0 else plural(w, "deuce")
    if mode == 2:
        return "no joker" if w == 0 else "joker" if w == 1 else plural(w, "joker")
    return ""


def _made_text(hand: str) -> str:
    if hand in ("four_aces", "four_2s_4s", "four_5s_ks", "four_of_a_kind", "four_deuces"):
        return HAND_LABELS.get(hand, hand.replace("_", " ")) + " and a kicker"
    special = {"three_of_a_kind": "three of a kind and 2 kickers", "two_pairs": "two pair and a kicker",
               "jacks_or_better": "high pair and 3 kickers", "kings_or_better": "high pair and 3 kickers",
               "aces_or_better": "high pair and 3 kickers", "nothing": "5 cards that pay nothing"}
    return special.get(hand, HAND_LABELS.get(hand, hand.replace("_", " ")))


@dataclass(frozen=True)
class _Code:
    """A code's fields (the inverse of `pattern_codes.pack`) and what every family's text shares."""

    fam: int
    n: int  # cards held
    w: int  # wild cards held
    f1: int
    f2: int
    f3: int
    ranks: int  # the named ranks' mask, 0 for none
    pen: int
    rules: GameRules

    @classmethod
    def of(cls, code: int, rules: GameRules) -> _Code:
        named = code >> 4 & 8191
        return cls(code >> 44, 7 - (code >> 40 & 15), code >> 36 & 15, code >> 28 & 255, code >> 24 & 15,
                   code >> 20 & 15, 8191 - named if named else 0, code & 3, rules)

    @property
    def wild(self) -> str:
        return _wild_clause(self.rules.wild_mode, self.w)

    @property
    def clauses(self) -> list[str]:
        """The wild clause, in wild games: every text starts its clauses with it."""
        return [self.wild] if self.wild else []

    @property
    def has_high(self) -> bool:
        return self.rules.hi < 13

    @property
    def high(self) -> list[str]:
        """The high-card clause (none where no pair pays)."""
        return [plural(4 - self.f2, "high card")] if self.has_high else []

    def penalties(self, flush: bool, hidden: list[str]) -> list[str]:
        """The penalty clauses shown; those the text leaves out but a line may name go to `hidden`."""
        found = []
        if flush:
            found.append("flush penalty" if self.pen & FLUSH_PENALTY else "no flush penalty")
        found.append("straight penalty" if self.pen & STRAIGHT_PENALTY else "no straight penalty")
        positive = [p for p in found if not p.startswith("no ")]
        hidden.extend(p for p in found if p.startswith("no "))
        if not positive:
            hidden.append("no penalty")
            return ["no penalty"]
        if len(found) == 2 and len(positive) == 1:  # "flush penalty only": the text names this id alone
            hidden.append(positive[0])
            return [positive[0] + " only"]
        return positive


def _of_a_kind(c: _Code, of: str) -> Desc:
    """Quads and trips: "four of a kind", or by rank group where the table pays them so ("four aces")."""
    name = c.rules.group_names[c.f1]
    base = f"{of} {name}" if name else f"{of} of a kind"
    coarse = [f"{of} of a kind"] if name else []
    if c.fam == TRIPS_K:
        coarse = [t + " and 1 kicker" for t in coarse]
        base += " and 1 kicker"
    return Desc(base, tuple(c.clauses), tuple(coarse))


def _pair(c: _Code) -> Desc:
    rank = 12 - c.f1
    coarse = ["pair"]
    if c.has_high:
        coarse.append("high pair" if rank >= c.rules.hi else "low pair")
    return Desc(f"pair of {RANK_WORDS[rank]}", tuple(c.clauses), tuple(coarse))


def _royal(c: _Code) -> Desc:
    hidden: list[str] = []
    if c.ranks and c.n == 2:
        shown = c.clauses + c.penalties(True, hidden)
        return Desc(f"{ranks_text(c.ranks)} suited", tuple(shown), ("2 to a royal flush",), tuple(hidden))
    if c.ranks:
        shown = c.clauses + [ranks_text(c.ranks)] + (c.penalties(True, hidden) if c.w == 0 else [])
        return Desc(f"{c.n} to a royal flush", tuple(shown), (), tuple(hidden))
    return Desc(f"{c.n} to a royal flush", tuple(c.clauses))


def _straight_flush(c: _Code) -> Desc:
    hidden: list[str] = []
    shown = c.clauses + [plural(c.f1, "gap")] + c.high + [plural(c.f3, "way")]  # f1 gaps, f3 ways
    if c.ranks:
        shown.append(ranks_text(c.ranks))
    if c.w == 0 and c.n == 3:
        shown += c.penalties(True, hidden)
    return Desc(f"{c.n} to a straight flush", tuple(shown), (), tuple(hidden))


def _straight(c: _Code) -> Desc:
    if c.n != 4:
        return Desc(f"{c.n} to a straight", tuple(c.clauses + [plural(c.f3, "gap")] + c.high))
    base = "4 to an inside straight" if c.f1 else "4 to an outside straight"
    # completing natural ranks: always 2 outside and 1 inside with no wild card in a natural game; wild games show
    # them (a deuce is no natural rank, wild cards widen the draw)
    ranks_clause = plural(c.f3, "completing rank")
    if c.rules.wild_mode == 0:
        return Desc(base, tuple(c.clauses + c.high), ("4 to a straight",), (ranks_clause,))
    return Desc(base, tuple(c.clauses + c.high + [ranks_clause]), ("4 to a straight",))


def _high_cards(c: _Code) -> Desc:
    hidden: list[str] = []
    if c.n - c.w == 1:
        shown = c.clauses + (c.penalties(True, hidden) if c.w == 0 else [])
        return Desc(ranks_text(c.ranks), tuple(shown), ("single high card",), tuple(hidden))
    shown = c.clauses + c.penalties(False, hidden)
    return Desc(f"{ranks_text(c.ranks)} unsuited", tuple(shown), ("unsuited high cards",), tuple(hidden))


def _wild_alone(c: _Code) -> Desc:
    mode = c.rules.wild_mode
    base = "joker alone" if mode == 2 and c.w == 1 else f"{plural(c.w, 'deuce' if mode == 1 else 'joker')} alone"
    return Desc(base, (), (), (c.wild,))


def _pair_and_kickers(c: _Code) -> Desc:
    kind = ("high pair" if c.f1 == 0 else "low pair") if c.has_high else "pair"
    return Desc(f"{kind} and {plural(c.n - 2, 'kicker')}", tuple(c.clauses), ("pair and kickers",))


def _single_low(c: _Code) -> Desc:
    return Desc("single low card" if c.has_high else "single card",
                tuple(c.clauses + ([ranks_text(c.ranks)] if c.ranks else [])))


# every family's text, but the made hands' (which read the pay table): the naming rules of the module docstring
_TEXTS: dict[int, Callable[[_Code], Desc]] = {
    NOTHING: lambda c: Desc("discard everything", (), ("draw five", "draw 5", "garbage")),
    WILD_ONLY: _wild_alone,
    QUADS: lambda c: _of_a_kind(c, "four"),
    TRIPS: lambda c: _of_a_kind(c, "three"),
    TRIPS_K: lambda c: _of_a_kind(c, "three"),
    TWO_PAIR: lambda c: Desc("two pair", tuple(c.clauses)),
    PAIR: _pair,
    PAIR_K: _pair_and_kickers,
    RF: _royal,
    SF: _straight_flush,
    FLUSH: lambda c: Desc(f"{c.n} to a flush", tuple(c.clauses + c.high)),
    STRAIGHT: _straight,
    HIGH: _high_cards,
    SINGLE_LOW: _single_low,
    JUNK: lambda c: Desc(plural(c.n - c.w, "unrelated card"), tuple(c.clauses + c.high)),
}


def describe(code: int, table: PayTable, rules: GameRules) -> Desc:
    """A code's text: the inverse of `pattern_codes.pack` plus the naming rules of the module docstring."""
    c = _Code.of(code, rules)
    if c.fam == MADE5:
        return Desc(_made_text(table.hands[c.f1]), tuple(c.clauses), ("pat hand",))
    if c.fam not in _TEXTS:
        raise AssertionError(f"unknown family {c.fam}")
    return _TEXTS[c.fam](c)
