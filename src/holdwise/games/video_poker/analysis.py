"""The face's answers: a hand's hint (every hold ranked), a whole game's return, the list of games.

Every answer is a frozen dataclass with `to_json()` (the CLI prints it, the HTTP API returns it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base import Hint, Measure, Option, Result, fraction_text
from .cards import HAND_SIZE, JOKER, CardsInput, card_str, parse_hand
from .disk import hand_values, stored_solve
from .inputs import parse_coins
from .paytables import DEFAULT_GAME, MAX_COINS, PayTable, all_games, resolve_game, shipped_games
from .solver import HandValues

__all__ = [
    "MEASURE",
    "GameInfo",
    "GamesList",
    "HoldOptions",
    "ReturnReport",
    "ReturnRow",
    "check_coins",
    "game_return",
    "games",
    "hold_hint",
    "hold_option",
    "number",
    "play_statistics",
    "return_value",
]

MEASURE: Measure = "expected_return"  # per coin bet: the pay per coin a hold is worth on average
DRAW_FIVE = "draw five"  # the option text of holding nothing


def number(value: Fraction) -> int | float:
    """An exact number as a JSON number: an int when whole, else the nearest float."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def check_coins(coins: int | str) -> int:
    """Coins bet: a whole number 1-5 (or its text)."""
    if type(coins) is int and 1 <= coins <= MAX_COINS:  # the usual bet, as every hint passes it: no parsing
        return coins
    return parse_coins(coins)


def hold_option(dealt: tuple[int, ...], sorted_mask: int, extra: str = "joker") -> tuple[str, list[str], list[int]]:
    """A hold given as a mask over the SORTED hand: (option text, held cards, positions 1-5 in dealt order);
    `extra` is the deck's 53rd card, as `cards.card_str` takes it."""
    ordered = sorted(dealt)
    held = {ordered[j] for j in range(HAND_SIZE) if sorted_mask >> j & 1}
    positions = [i + 1 for i, c in enumerate(dealt) if c in held]
    cards = [card_str(dealt[p - 1], extra) for p in positions]
    return (" ".join(cards) or DRAW_FIVE), cards, positions


def hold_hint(hand: CardsInput, game: str | PayTable = DEFAULT_GAME, coins: int = MAX_COINS, exact: bool = False,
         paytable_file: str | Path | None = None, extra: Mapping[str, PayTable] | None = None,
         actions: bool = False) -> Hint:
    """All 32 holds of a dealt hand, best first, valued in expected return per coin.

    value(H) = sum_c N_c(H) pay_c / C(cards left, 5 - |H|) with N_c(H) the draws of H ending in pay
    class c. Ties go to fewer cards held, then the lower mask of the sorted hand (as the return does).
    Options: text = the held cards in dealt order ("draw five" for none); extras `hold`, `positions`
    (1-5 in dealt order), `draws`, `counts` (per pay class); `actions=True` adds the session action.
    The options are made as they are read (`HoldOptions`): a hint asked only for its best hold makes one.
    """
    table = None
    if type(game) is str and paytable_file is None and not extra:  # a shipped id, as most calls name it: no copies
        table = shipped_games().get(game)
    if table is None:
        table = resolve_game(game, paytable_file, dict(extra or {}))
    coins = check_coins(coins)
    deck_extra = table.extra_card
    dealt = (_hand_of_text(hand, table.deck, deck_extra) if isinstance(hand, str)
             else parse_hand(hand, table.deck, deck_extra))
    hv = hand_values(dealt, table, coins)
    names = _CARD_TEXT[deck_extra == "ace"]
    position = {"rules": table.id, "coins": coins, "hand": [names[c] for c in dealt]}
    return Hint(game="video-poker", position=position, measure=MEASURE,
                options=HoldOptions(dealt, hv, table.hands, exact, actions, names))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)  # a hand asked again is read once; a bad hand raises and is not kept
def _hand_of_text(text: str, deck: int, extra: str) -> tuple[int, ...]:
    return parse_hand(text, deck, extra)


# every card's text, read without a call: [0] card 52 is the joker (as "Jk"), [1] the ace of stars ("A*")
_CARD_TEXT = tuple(tuple(card_str(c, extra) for c in range(JOKER + 1)) for extra in ("joker", "ace"))
# _POSITIONS[m] = the positions 1-5 that a mask over the DEALT order holds
_POSITIONS = tuple(tuple(i + 1 for i in range(HAND_SIZE) if m >> i & 1) for m in range(32))


@lru_cache(maxsize=128)  # one entry per order of five cards: 120 of them
def _dealt_masks(rank: tuple[int, ...]) -> tuple[int, ...]:
    """For each mask over the SORTED hand, the same hold as a mask over the dealt order (card j of the sorted
    hand is dealt card rank[j])."""
    return tuple(sum(1 << rank[j] for j in range(HAND_SIZE) if m >> j & 1) for m in range(32))


class HoldOptions(Sequence[Option]):
    """A hint's 32 options, best first, each made on first use and kept (a tuple to every reader: indexing,
    slices, iteration, len, ==); the texts come from per-hand tables, not per hold."""

    __slots__ = ("_actions", "_dealt", "_exact", "_hands", "_hv", "_made", "_names", "_parts")

    def __init__(self, dealt: tuple[int, ...], hv: HandValues, hands: tuple[str, ...], exact: bool,
                 actions: bool, names: tuple[str, ...] = _CARD_TEXT[0]):
        self._dealt, self._hv, self._hands, self._exact, self._actions = dealt, hv, hands, exact, actions
        self._names = names  # every card's text in this deck
        self._made: list[Option | None] = [None] * len(hv.order)
        self._parts: tuple[Any, ...] | None = None

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self._one(i) for i in range(*index.indices(len(self._made))))
        return self._one(index)

    def _one(self, index: int) -> Option:
        option = self._made[index]  # an IndexError past the end, as a tuple's
        if option is None:
            option = self._made[index] = self._make(index % len(self._made))
        return option

    def __iter__(self) -> Iterator[Option]:
        return (self._one(i) for i in range(len(self._made)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (HoldOptions, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as a tuple of options (their extras are dicts)

    def __repr__(self) -> str:
        return repr(tuple(self))

    def _make(self, place: int) -> Option:
        """The option at `place` (0 = best)."""
        if self._parts is None:
            dealt, hv = self._dealt, self._hv
            rank = tuple(sorted(range(HAND_SIZE), key=dealt.__getitem__))
            self._parts = ([self._names[c] for c in dealt], _dealt_masks(rank), hv.values.tolist(),
                           hv.counts.tolist(), int(hv.values[hv.order[0]]))
        names, dealt_masks, values, counts, top = self._parts
        scale = self._hv.scale
        mask = self._hv.order[place]
        positions = list(_POSITIONS[dealt_masks[mask]])
        cards = [names[p - 1] for p in positions]
        value = values[mask]
        row = counts[mask]
        # int / int is correctly rounded in Python: the same float as float(Fraction(value, scale))
        return Option(
            option=" ".join(cards) or DRAW_FIVE, value=value / scale, loss=(top - value) / scale,
            action={"type": "draw", "hold": positions} if self._actions else {},
            value_exact=fraction_text(Fraction(value, scale)) if self._exact else None,
            loss_exact=fraction_text(Fraction(top - value, scale)) if self._exact else None,
            extras={"hold": cards, "positions": positions, "draws": sum(row), "counts": dict(zip(self._hands, row, strict=True))},
        )


def play_statistics(combinations: Sequence[int], pays: Sequence[Fraction]) -> dict[str, Fraction]:
    """Return, variance and hit frequency of a play from its final-hand class counts (exact).

    With p_c = count_c / sum(counts) and pay_c per coin: return = sum p_c pay_c, variance = sum p_c pay_c^2
    - return^2 (per coin bet, squared), hit frequency = the chance of a final hand that pays (pay_c > 0).
    """
    total = sum(combinations)
    ret = sum((Fraction(c) * p for c, p in zip(combinations, pays, strict=True)), Fraction(0)) / total
    second = sum((Fraction(c) * p * p for c, p in zip(combinations, pays, strict=True)), Fraction(0)) / total
    hits = Fraction(sum(c for c, p in zip(combinations, pays, strict=True) if p > 0), total)
    return {"return": ret, "variance": second - ret * ret, "hit_chance": hits}


@dataclass(frozen=True)
class ReturnRow(Result):
    """One pay class of the return table: pay per coin, weighted outcomes (deals and draws), chance,
    contribution."""

    hand: str
    pay: int | float
    outcomes: int
    chance: float
    contribution: float
    pay_exact: str | None = None
    chance_exact: str | None = None
    contribution_exact: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in super().to_json().items() if v is not None}


@dataclass(frozen=True)
class ReturnReport(Result):
    """A whole game's exact return with optimal play over every deal (JSON key `return`, 0-1 per coin)."""

    rules: str
    name: str
    coins: int
    return_value: float
    outcomes: int
    deal_weight: int
    table: tuple[ReturnRow, ...]
    seconds: float
    return_exact: str | None = None
    variance: float | None = None
    standard_deviation: float | None = None
    hit_chance: float | None = None
    variance_exact: str | None = None
    hit_chance_exact: str | None = None

    @property
    def return_percent(self) -> float:
        """The return in percent."""
        return 100 * self.return_value

    def to_json(self) -> dict[str, Any]:
        out = {"rules": self.rules, "name": self.name, "coins": self.coins, "return": self.return_value}
        if self.return_exact is not None:
            out["return_exact"] = self.return_exact
        out.update({"outcomes": self.outcomes, "deal_weight": self.deal_weight,
                    "table": [r.to_json() for r in self.table], "seconds": self.seconds})
        # the play's risk (added later: the keys above keep their order and values)
        out["return_percent"] = self.return_percent
        for key in ("variance", "standard_deviation", "hit_chance", "variance_exact", "hit_chance_exact"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


def game_return(game: str | PayTable = DEFAULT_GAME, coins: int = MAX_COINS, exact: bool = False,
                paytable_file: str | Path | None = None, extra: Mapping[str, PayTable] | None = None,
                progress: Callable[[int, int], None] | None = None) -> ReturnReport:
    """The exact return of a game with optimal play: sum over pay classes of probability x pay per coin.

    Every deal (folded by suit symmetry) plays its best hold; `progress(done, total)` counts deals. The solve is
    kept on disk (`disk.stored_solve`): a second run reads it.
    """
    table = resolve_game(game, paytable_file, dict(extra or {}))
    coins = check_coins(coins)
    start = time.perf_counter()
    done = 0

    def step(part: int, total: int) -> None:
        nonlocal done
        done += part
        if progress is not None:
            progress(done, total)

    result = stored_solve(table, coins, progress=step if progress is not None else None)
    rows = tuple(
        ReturnRow(hand=r["hand"], pay=number(r["pay"]), outcomes=r["combinations"],
                  chance=float(r["probability"]), contribution=float(r["contribution"]),
                  pay_exact=fraction_text(r["pay"]) if exact else None,
                  chance_exact=fraction_text(r["probability"]) if exact else None,
                  contribution_exact=fraction_text(r["contribution"]) if exact else None)
        for r in result.rows())
    stats = play_statistics(result.combinations, table.pays_for(coins))
    return ReturnReport(rules=table.id, name=table.name, coins=coins, return_value=result.value,
                        outcomes=result.total, deal_weight=result.total // math.comb(table.deck, 5),
                        table=rows, seconds=time.perf_counter() - start,
                        return_exact=fraction_text(result.return_exact) if exact else None,
                        variance=float(stats["variance"]), standard_deviation=math.sqrt(stats["variance"]),
                        hit_chance=float(stats["hit_chance"]),
                        variance_exact=fraction_text(stats["variance"]) if exact else None,
                        hit_chance_exact=fraction_text(stats["hit_chance"]) if exact else None)


@lru_cache(maxsize=32)
def return_value(table: PayTable, coins: int) -> Fraction:
    """The exact return per coin with optimal play (cached, and kept on disk: 1-4 coins share one solve)."""
    coins = check_coins(coins)
    if coins < MAX_COINS and coins != 1:
        return return_value(table, 1)
    return stored_solve(table, coins).return_exact


@dataclass(frozen=True)
class GameInfo(Result):
    """One game: id, name, deck, wild cards, pays per coin best hand first (at 5 coins and at 1-4)."""

    id: str
    name: str
    deck: int
    wild: str
    pays: Mapping[str, int | float]
    pays_below_5_coins: Mapping[str, int | float]
    pays_exact: Mapping[str, str] | None = None
    extra_card: str | None = None  # "ace" for the extra-ace deck; absent otherwise

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in super().to_json().items() if v is not None}


@dataclass(frozen=True)
class GamesList(Result):
    """The games on offer (shipped, then those of a pay table file)."""

    games: tuple[GameInfo, ...]


def games(paytable_file: str | Path | None = None, extra: Mapping[str, PayTable] | None = None,
          exact: bool = False) -> GamesList:
    """Every game with its pay table (pays per coin; below 5 coins the natural royal pays less)."""
    out = []
    for table in all_games(paytable_file, dict(extra or {})).values():
        named = [(h, p, q) for h, p, q in zip(table.hands, table.pays, table.pays_for(1), strict=True) if h != "nothing"]
        out.append(GameInfo(
            id=table.id, name=table.name, deck=table.deck, wild=table.wild,
            pays={h: number(p) for h, p, _ in named}, pays_below_5_coins={h: number(q) for h, _, q in named},
            pays_exact={h: fraction_text(p) for h, p, _ in named} if exact else None,
            extra_card="ace" if table.extra_ace else None))
    return GamesList(tuple(out))

