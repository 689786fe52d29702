"""Poker dice's hint as a request: the fields, read and checked once (`parse_hint`), then answered (`hint`).

The same question for every kind of dice (`rules`): a roll with rolls left, at a place at the table, against
the best hand so far; the answer ranks every keep by the chance to win the game (measure "win_chance").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError
from ..base import Hint, HintField, Progress, Request
from ..inputs import named, shown
from .cards import DiceSet, load_dice_set
from .inputs import parse_players, parse_position, parse_rolls_allowed, parse_rolls_left, parse_whole
from .kinds import FLAG_KEYS, RULES, DiceKind
from .solutions import dice_kind

__all__ = ["GAME", "HINT_FIELDS", "HintRequest", "hint", "parse_hint"]

GAME = "poker-dice"

HINT_FIELDS: tuple[HintField, ...] = (
    HintField("hand", "The five dice showing: 1 1 3 4 6 or A K Q J 10 9; card dice: one face per die in die "
                      "order, As Kh * 10d 7c.", argument=True, required=True, example="1 1 3 4 6"),
    HintField("rolls_left", "Rolls still allowed: 1 or 2.", required=True, aliases=("-r",), example=2),
    HintField("rules", f"The dice: {', '.join(RULES)} (royal: 12-sided card dice with wild stars; octahedral: "
                       "8-sided, 7 to A).", aliases=("--dice-set",), example="six", default="six"),
    HintField("to_beat", "The best hand so far, e.g. 66622 (none for the first player).", example="66622"),
    HintField("players", "Players at the table: 2 to 6.", default=2),
    HintField("position", "Your place: 1 to players (default: last with a hand to beat, else 1)."),
    HintField("holders", "How many earlier players hold the hand to beat (a tie replays them all).", default=1),
    HintField("roll_limit", "No one rolls more times than the first player.", flag=True),
    HintField("rolls_allowed", "With the roll limit, a later player: the rolls the first used (2 or 3)."),
    HintField("straights", "Six-faced dice: whether straights count (false: they are busts; the group's "
                           "--no-straights).", default="true"),
    HintField("straight_above_full_house", "Six-faced dice: a straight beats a full house.", flag=True),
    HintField("flush", "Six-faced dice, the rules page's flush rule: a straight to the ace is a flush, above four "
                       "of a kind.", flag=True, aliases=("--flush-rule",)),
    HintField("ace_high", "Six-faced dice: 1 ranks above 6.", flag=True),
    HintField("poker_faces", "Six-faced dice: write faces as A K Q J 10 9.", flag=True),
    HintField("dice_file", "Card dice of your own: a TOML file of five dice (instead of rules).", cli_only=True),
)
_NAMES = tuple(f.name for f in HINT_FIELDS)


@dataclass(frozen=True)
class HintRequest(Request):
    """A poker-dice position, read and checked: the dice (`rules`, the six-faced flags, or the faces of a set
    of one's own in `dice`), the roll (`hand`: six-faced dice as sorted faces 1-6, card dice as the face code
    shown by each die), the rolls left, the hand to beat (as `hand`), the table and the place at it."""

    hand: tuple[int, ...]
    rolls_left: int
    rules: str = "six"
    to_beat: tuple[int, ...] | None = None
    players: int = 2
    position: int = 1
    holders: int = 1
    roll_limit: bool = False
    rolls_allowed: int = 3
    straights: bool = True
    straight_above_full_house: bool = False
    flush: bool = False
    ace_high: bool = False
    poker_faces: bool = False
    dice: tuple[tuple[int, ...], ...] = ()  # a set of one's own (a file): its faces; `rules` is then its name

    @property
    def kind(self) -> DiceKind:
        """The kind of dice the request names."""
        if self.dice:
            return dice_kind(DiceSet(self.rules, self.dice))
        return dice_kind(self.rules, {k: getattr(self, k) for k in FLAG_KEYS})


def _flag(value: object, name: str) -> bool:
    """A yes/no field: a bool, or its word as typed (true/false, yes/no, 1/0)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "false", "no", "0"):
        return value.strip().lower() in ("true", "yes", "1")
    raise InputError(f"must be true or false, got {shown(value)}", field=name)


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A position from its fields (HINT_FIELDS names), every one checked before any solve; errors name the field."""
    unknown = sorted(set(fields) - set(_NAMES))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; known: {', '.join(_NAMES)}")
    for name in ("hand", "rolls_left"):
        if fields.get(name) is None:
            raise InputError("is required", field=name)
    flags = {k: _flag(fields.get(k, k == "straights"), k) for k in (*FLAG_KEYS, "roll_limit")}
    path = fields.get("dice_file")
    dice: tuple[tuple[int, ...], ...] = ()
    if path is not None:
        if "rules" in fields:
            raise InputError("give rules or a dice file, not both", field="dice_file")
        with named("dice_file"):
            own = load_dice_set(Path(str(path)))
        rules, dice = own.name, own.dice
        kind = dice_kind(own)
    else:
        rules_value: Any = fields.get("rules", "six")
        with named("rules"):
            kind = dice_kind(rules_value, {k: flags[k] for k in FLAG_KEYS})
        rules = kind.rules
    with named("rolls_left"):
        rolls_left = parse_rolls_left(fields["rolls_left"])  # type: ignore[arg-type]
    with named("players"):
        players = parse_players(fields.get("players", 2))  # type: ignore[arg-type]
    to_beat_text = fields.get("to_beat")
    position_given = fields.get("position")
    with named("position"):
        position = ((1 if to_beat_text is None else players) if position_given is None
                    else parse_position(position_given, players))  # type: ignore[arg-type]
    if (position == 1) != (to_beat_text is None):
        raise InputError("give the hand to beat for a later position, and none for the first",
                         field="to_beat", sep=": ")
    with named("holders"):
        holders = parse_whole(fields.get("holders", 1), "holders", 1, max(1, position - 1),
                              "earlier players holding the hand to beat")
    with named("rolls_allowed"):
        allowed = parse_rolls_allowed(flags["roll_limit"], fields.get("rolls_allowed"), position,  # type: ignore[arg-type]
                                      rolls_left)
    # the guard of a first solve before the dice: its line says what to change, whatever the roll
    with named("players" if players > 2 else "roll_limit" if flags["roll_limit"] else "rules"):
        kind.check_solve(players, flags["roll_limit"])
    with named("hand"):
        hand = kind.parse_hand(fields["hand"], "a roll")
    to_beat = None
    if to_beat_text is not None:
        with named("to_beat"):
            to_beat = kind.parse_hand(to_beat_text, "the hand to beat", to_beat=True)
    return HintRequest(hand, rolls_left, rules, to_beat, players, position, holders, flags["roll_limit"], allowed,
                       straights=flags["straights"], straight_above_full_house=flags["straight_above_full_house"],
                       flush=flags["flush"], ace_high=flags["ace_high"], poker_faces=flags["poker_faces"], dice=dice)


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every keep of the request's roll ranked by the chance to win the game ("win_chance"), best first.

    Position 1 moves first; a later one plays against the best hand so far `to_beat`, held by `holders` earlier
    players (a tie replays them). The table of `players` on the dice is solved once and cached (`progress(done,
    total)` reports it).
    """
    if not isinstance(request, HintRequest):
        raise InputError(f"a hint takes a HintRequest (parse_hint reads one), got {type(request).__name__}")
    kind = request.kind
    later_limit = request.roll_limit and request.position > 1
    answer = kind.hint(request.hand, request.rolls_left, request.to_beat, request.players, request.position,
                       request.holders, request.roll_limit, request.rolls_allowed if later_limit else None, progress)
    # a new Hint, not dataclasses.replace (which looks up every field): the rules first in the position
    return Hint(answer.game, {"rules": request.rules, **answer.position}, answer.measure, answer.options)
