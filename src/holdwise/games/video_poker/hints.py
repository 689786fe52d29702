"""Video poker's question as a request: a dealt hand at a game and a bet, read once (`parse_hint`), answered by
every hold ranked (`hint`).

The game is `rules`, a game id: a shipped game, one of the pay-table file given (`paytable_file`, the command
line's), one a server offers (`offer_games`), or the table a pay-table editor's code carries (`table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ..base import Hint, HintField, Progress, Request
from ..inputs import named
from .analysis import _CARD_TEXT, dealt_hint
from .cards import parse_hand, shown
from .editor import table_from_code
from .inputs import parse_coins
from .paytables import DEFAULT_GAME, MAX_COINS, PayTable, get_game, load_games, shipped_games

__all__ = ["HINT_FIELDS", "HintRequest", "hint", "offer_games", "parse_hint"]

SHIPPED = ("jacks-or-better-9-6", "jacks-or-better-8-5", "bonus-poker-8-5", "double-bonus-10-7",
           "double-double-bonus-9-6", "deuces-wild-full-pay", "joker-poker-kings")  # a test checks this list
HINT_FIELDS: tuple[HintField, ...] = (
    HintField("hand", "Five cards in dealt order: AS KS QS JS 9D (T or 10; suits c d h s or the symbols; Jk the "
                      "joker, A* the extra-ace deck's ace of stars).", argument=True, required=True,
              example="AS KS QS JS 9D"),
    HintField("rules", f"Game id: {', '.join(SHIPPED)}, or a game of the pay-table file.", aliases=("--game", "-g"),
              example=DEFAULT_GAME, default=DEFAULT_GAME),
    HintField("coins", "Coins bet: 1, 2, 3, 4 or 5 (1-4 coins: the natural royal pays less, 250 per coin in the "
                       "shipped games).", example=5, default=MAX_COINS),
    HintField("exact", "Also give each value and loss as a \"p/q\" fraction.", flag=True),
    HintField("table", "A pay table of one's own: the pay-table editor's code (its id is the rules)."),
    HintField("paytable_file", "TOML file (UTF-8, at most 1 MiB) with more games, in the shipped format.",
              cli_only=True),
    HintField("counts", "Show how many draws of each hold end in each pay class (the JSON always has them).",
              flag=True, cli_only=True),
)
_NAMES = tuple(f.name for f in HINT_FIELDS)

_offered: list[Callable[[], Mapping[str, PayTable]]] = []


def offer_games(games: Callable[[], Mapping[str, PayTable]]) -> None:
    """Offer more games by id to every request (a server's pay-table file): `games()` is asked when a rules id is
    not a shipped game's."""
    if games not in _offered:
        _offered.append(games)


@dataclass(frozen=True)
class HintRequest(Request):
    """A dealt hand (card texts, dealt order) at a game (`rules`, its pay table `paytable`) and a bet."""

    hand: tuple[str, ...]
    rules: str
    paytable: PayTable
    coins: int = MAX_COINS
    exact: bool = False
    table: str | None = None  # the editor's code the pay table came from
    counts: bool = False  # the command line's table shows the draw counts
    cards: tuple[int, ...] = field(default=(), compare=False, repr=False)  # the hand read: card codes, dealt order

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": list(self.hand), "rules": self.rules, "coins": self.coins,
                               "exact": self.exact}
        if self.table is not None:
            out["table"] = self.table
        return out


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"must be true or false, got {shown(value)}", field=name)
    return value


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise InputError(f"must be text, got {shown(value)}", field=name)
    return value


def _paytable(rules: str, fields: Mapping[str, object]) -> PayTable:
    """The pay table the fields name: the editor's code, else the id among the shipped games, the file's, the
    offered ones."""
    if fields.get("table") is not None:
        with named("table"):
            table = table_from_code(fields["table"])
        if table.id != rules and "rules" in fields:
            raise InputError(f"the table's code is game {table.id!r}, not {rules[:60]!r}", field="rules", sep=": ")
        return table
    if rules in shipped_games() and fields.get("paytable_file") is None:
        return shipped_games()[rules]
    extra: dict[str, PayTable] = {}
    if fields.get("paytable_file") is not None:
        with named("paytable_file"):
            extra = load_games(_text(fields["paytable_file"], "paytable_file"))
    else:
        for games in _offered:
            extra.update(games())
    with named("rules"):
        return get_game(rules, extra)


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """The question from its fields (HINT_FIELDS' names; text from a command line or JSON values), checked once:
    every error names its field."""
    unknown = sorted(str(k) for k in set(fields) - set(_NAMES))
    if unknown:
        raise InputError(f"unknown field {shown(unknown[0])}; known: {', '.join(_NAMES)}")
    if "hand" not in fields:
        raise InputError("is required: five cards in dealt order, e.g. AS KS QS JS 9D", field="hand")
    rules = _text(fields.get("rules", DEFAULT_GAME), "rules")
    coins = parse_coins(fields.get("coins", MAX_COINS), "coins")  # checked inside
    exact = _flag(fields.get("exact", False), "exact")
    counts = _flag(fields.get("counts", False), "counts")
    table = _paytable(rules, fields)
    hand = fields["hand"]
    if not isinstance(hand, str) and not (isinstance(hand, (list, tuple)) and all(isinstance(c, str) for c in hand)):
        raise InputError(f"must be five cards as text, e.g. AS KS QS JS 9D, got {shown(hand)}", field="hand")
    with named("hand"):
        dealt = parse_hand(hand, table.deck, table.extra_card)
    code = fields.get("table")
    names = _CARD_TEXT[table.extra_card == "ace"]  # card_str of each card, read from a table
    return HintRequest(tuple([names[c] for c in dealt]), table.id, table, coins, exact,
                       code if isinstance(code, str) else None, counts, dealt)


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """All 32 holds of the request's hand, best first, valued in expected return per coin (`hold_hint`)."""
    table = request.paytable  # checked by parse_hint, as the hand and the bet
    cards = request.cards or parse_hand(request.hand, table.deck, table.extra_card)
    return dealt_hint(cards, table, request.coins, request.exact)
