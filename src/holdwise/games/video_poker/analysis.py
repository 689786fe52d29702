"""The face's answers: a hand's hint (every hold ranked), a whole game's return, the list of games.

Every answer is a frozen dataclass with `to_json()` (the CLI prints it, the HTTP API returns it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base import Hint, Measure, Result, fraction_text
from .cards import HAND_SIZE, JOKER, CardsInput, card_str, parse_hand
from .disk import hand_values, stored_solve
from .hold_options import DRAW_FIVE, HoldOptions
from .inputs import parse_coins
from .paytables import DEFAULT_GAME, MAX_COINS, PayTable, all_games, resolve_game, shipped_games

__all__ = [
    "MEASURE",
    "GameInfo",
    "GamesList",
    "HoldOptions",
    "ReturnReport",
    "ReturnRow",
    "check_coins",
    "dealt_hint",
    "game_return",
    "games",
    "hold_hint",
    "hold_option",
    "number",
    "play_statistics",
    "return_value",
]

MEASURE: Measure = "expected_return"  # per coin bet: the pay per coin a hold is worth on average


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
    The options are made when first read, from the solver's arrays (`HoldOptions`).
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
    return dealt_hint(dealt, table, coins, exact, actions)


def dealt_hint(dealt: tuple[int, ...], table: PayTable, coins: int, exact: bool = False,
               actions: bool = False) -> Hint:
    """`hold_hint` of a hand already read (card codes in dealt order) at a checked game and bet."""
    hv = hand_values(dealt, table, coins)
    names = _CARD_TEXT[table.extra_card == "ace"]
    position = {"rules": table.id, "coins": coins, "hand": [names[c] for c in dealt]}
    return Hint(game="video-poker", position=position, measure=MEASURE,
                options=HoldOptions(dealt, hv, table.hands, table.deck, exact, actions, names))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)  # a hand asked again is read once; a bad hand raises and is not kept
def _hand_of_text(text: str, deck: int, extra: str) -> tuple[int, ...]:
    return parse_hand(text, deck, extra)


# every card's text, read without a call: [0] card 52 is the joker (as "Jk"), [1] the ace of stars ("A*")
_CARD_TEXT = tuple(tuple(card_str(c, extra) for c in range(JOKER + 1)) for extra in ("joker", "ace"))


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

