"""Farkle hints: every legal selection of a roll, each with rolling on and banking, ranked best first.

Two measures. The coaching table (one turn alone): a selection worth s at turn total t leaving dice R is
worth t + s when banking and Roll(t + s, R) when rolling on (expected banked points of the turn). Race-aware
(a match to a target): the chance to win the match, W(a, b, t + s, R) from the match solve, where banking
hands the opponent the move at (b, a + t + s) and reaching the target wins at once (so only "bank" is
offered then).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar

from ...errors import InputError
from ..base import Hint, HintField, Measure, Option, Progress, Request
from ..inputs import named
from .match import DEFAULT_TARGET, MatchSolution
from .parsing import (
    MAX_TARGET, MAX_TURN_TOTAL, check_not_won, check_points, check_six, check_target, parse_loadout, parse_positions,
    parse_roll, parse_turn_total,
)
from .roll_table import weights7
from .rules import DICE_PER_PLAYER, JOKER, JOKER_SYMBOL, SCORE_UNIT, Combos, Die, die_title, roll_counts, score_with
from .stored import cached_match, cached_turn, check_match_cost
from .turn import TurnSolution

__all__ = [
    "GAME", "HINT_FIELDS", "CoachValuer", "HintRequest", "RaceValuer", "Selection", "Valuer", "hint", "option_text",
    "parse_hint", "rank_options", "selections_of",
]

GAME = "farkle"
ORDINARY = "ordinary"  # the die an unnamed face of an unlike loadout's keep belongs to


@dataclass(frozen=True)
class Selection:
    """One legal way to set dice aside: the faces kept, which dice (positions 1..6), its score, the dice
    left (positions; all six again on hot dice) and their state in the turn table."""

    keep: tuple[str, ...]
    dice_kept: tuple[int, ...]
    score: int
    dice_left: tuple[int, ...]
    state: int
    hot_dice: bool
    said: tuple[str, ...] = ()  # the keep as a player says it: with unlike dice, each special die named
    names: tuple[str, ...] = ()  # the kept dice (in `dice_kept` order) by their names in the game

    @property
    def keep_text(self) -> tuple[str, ...]:
        """The faces kept as said: '1 (Lucky die)' for a die of an unlike loadout that is no ordinary die."""
        return self.said or self.keep


def selections_of(dice: Sequence[Die], faces: Sequence[int], positions: Sequence[int],
                  distinct: bool = True, combos: Combos = ()) -> list[Selection]:
    """Every legal selection of the faces shown by the dice at `positions` (1-based), scored with the extra
    combinations `combos` (a Badge of Advantage's or the Emperor's) if any.

    With distinct=True selections that keep the same faces and leave the same kinds of dice (one state of
    the turn table) are listed once, by the first such choice of dice.
    """
    return list(_selections_of(tuple(dice), tuple(faces), tuple(positions), distinct, combos))


@lru_cache(maxsize=256)  # the rolls of the steps under way (a few KB each): 4,096 filled for hours (issue 41)
def _selections_of(dice: tuple[Die, ...], faces: tuple[int, ...], positions: tuple[int, ...],
                   distinct: bool, combos: Combos = ()) -> tuple[Selection, ...]:
    """Cached: a play session asks for the same roll's selections several times per step."""
    sol = cached_turn(dice)
    shown = [JOKER if f in dice[p - 1].joker_faces else f for f, p in zip(faces, positions)]
    index = {t.weights7: i for i, t in enumerate(sol.table.types)}
    out: list[Selection] = []
    unlike = len({d.name for d in dice}) > 1
    titles = tuple(die_title(d) for d in dice)  # each position's die by its name, once a roll
    seen: set[tuple[tuple[str, ...], int]] = set()
    n = len(positions)
    for mask in range(1, 2**n):
        held = [shown[i] for i in range(n) if mask >> i & 1]
        s = score_with(roll_counts(held), combos)
        if s <= 0:
            continue
        left = tuple(positions[i] for i in range(n) if not mask >> i & 1)
        if left:
            counts = [0] * len(sol.table.types)
            for pos in left:
                counts[index[weights7(dice[pos - 1])]] += 1
            state = sol.table.state_of(counts)
        else:
            state = sol.table.full_state
        keep = tuple(sorted(JOKER_SYMBOL if f == JOKER else str(f) for f in held))
        key = (keep, state)
        if distinct and key in seen:
            continue
        seen.add(key)
        kept = tuple(positions[i] for i in range(n) if mask >> i & 1)
        names = tuple([titles[p - 1] for p in kept])
        said = _said(dice, kept, [shown[i] for i in range(n) if mask >> i & 1]) if unlike else ()
        out.append(Selection(keep, kept, s, left if left else tuple(range(1, 7)), state, not left, said, names))
    return tuple(out)


def _said(dice: tuple[Die, ...], kept: tuple[int, ...], faces: Sequence[int]) -> tuple[str, ...]:
    """The faces kept, in face order, each die that is no ordinary die named after its face: with unlike dice
    two keeps of the same faces from different kinds of dice then read differently (and an unnamed face is
    an ordinary die's)."""
    out = []
    for f, p in sorted(zip(faces, kept)):
        face = JOKER_SYMBOL if f == JOKER else str(f)
        die = dice[p - 1]
        out.append(face if die.name == ORDINARY else f"{face} ({die_title(die)})")
    return tuple(out)


class Valuer(Protocol):
    """How a hint values an option: banking a turn total, or rolling on with dice left, in its `measure`."""

    @property
    def measure(self) -> Measure: ...

    def reaches(self, total: int) -> bool: ...

    def bank(self, total: int) -> float: ...

    def roll(self, total: int, state: int) -> float: ...


class CoachValuer:
    """Values in expected banked points of the turn (the coaching table); `own`/`target` (optional) end
    the turn when the score reaches the target."""

    measure: Measure = "expected_points"

    def __init__(self, sol: TurnSolution, own: int | None = None, target: int | None = None) -> None:
        self.sol, self.own, self.target = sol, own, target

    def reaches(self, total: int) -> bool:
        """True when banking `total` reaches the target (the game ends at once)."""
        return self.target is not None and (self.own or 0) + total >= self.target

    def bank(self, total: int) -> float:
        """Banking `total`: that many points."""
        return float(total)

    def roll(self, total: int, state: int) -> float:
        """Rolling on with `total` set aside and `state` left: Roll(total, state)."""
        return self.sol.roll_value(total, state)


class RaceValuer:
    """Values in win chance of the player `me` (0: the solve's player 1, 1: player 2) with own score
    `own`, opponent's `opponent` (points)."""

    measure: Measure = "win_chance"

    def __init__(self, match: MatchSolution, me: int, own: int, opponent: int) -> None:
        self.match, self.me = match, me
        self.a, self.b = own // SCORE_UNIT, opponent // SCORE_UNIT
        self.g = match.target // SCORE_UNIT
        self.turn = match.first_turn if me == 0 else match.second_turn
        stored = match.w_first if me == 0 else match.w_second
        if stored is None:
            raise ValueError("a race-aware valuer needs a match solved with store=True")
        self.w = stored[self.a, self.b]
        self.x_other = match.second if me == 0 else match.first  # the opponent's start-of-turn chances

    def reaches(self, total: int) -> bool:
        """True when banking `total` reaches the target (the game ends at once)."""
        return self.a + total // SCORE_UNIT >= self.g

    def bank(self, total: int) -> float:
        """Banking: 1 at the target, else 1 - the opponent's chance to win moving at (b, a + t)."""
        level = total // SCORE_UNIT
        if self.a + level >= self.g:
            return 1.0
        return 1.0 - float(self.x_other[self.b, self.a + level])

    def roll(self, total: int, state: int) -> float:
        """Rolling on: W(t, S) where it beats banking, else one roll recomputed from the stored values."""
        level = total // SCORE_UNIT
        if self.a + level >= self.g:
            return 1.0
        w = float(self.w[level, state])
        if w > self.bank(total):
            return w
        t = self.turn.table
        acc = float(t.bust[state]) * (1.0 - float(self.x_other[self.b, self.a]))
        for grp in range(t.group_start[state], t.group_start[state + 1]):
            best = 0.0
            for k in range(t.option_start[grp], t.option_start[grp + 1]):
                nl = level + int(t.option_units[k])
                v = 1.0 if self.a + nl >= self.g else float(self.w[nl, t.option_state[k]])
                best = max(best, v)
            acc += float(t.group_prob[grp]) * best
        return acc


def option_text(keep: Sequence[str], then: str) -> str:
    """An option as a player says it: 'keep 1 5, roll on' or 'keep 1 5, bank'."""
    return f"keep {' '.join(keep)}, " + ("roll on" if then == "roll" else "bank")


def rank_options(selections: Sequence[Selection], turn_total: int, valuer: Valuer, with_actions: bool = False
                 ) -> tuple[Option, ...]:
    """One option per selection and choice (roll on / bank), best first; reaching the target only banks."""
    rows: list[tuple[float, int, str, dict[str, object], dict[str, object]]] = []
    for sel in selections:
        total = turn_total + sel.score
        choices = ("bank",) if valuer.reaches(total) else ("roll", "bank")
        for then in choices:
            value = valuer.roll(total, sel.state) if then == "roll" else valuer.bank(total)
            extras: dict[str, object] = {
                "keep": list(sel.keep), "dice_kept": list(sel.dice_kept), "dice_kept_names": list(sel.names),
                "score": sel.score, "turn_total": total, "dice_left": len(sel.dice_left), "hot_dice": sel.hot_dice,
                "then": then}
            action: dict[str, object] = (
                {"type": "keep", "dice": list(sel.dice_kept), "then": then} if with_actions else {})
            rows.append((value, sel.score, option_text(sel.keep_text, then), action, extras))
    rows.sort(key=lambda r: (-r[0], -r[1]))  # equal values: the higher score first
    best = rows[0][0] if rows else 0.0
    return tuple(Option(option=text, value=value, loss=best - value, action=action, extras=extras)
                 for value, _, text, action, extras in rows)


_MEMO_SIZE = 256  # distinct loadout texts, rolls and match checks remembered (a few per player in practice)
_LOADOUTS: dict[str | None, tuple[Die, ...]] = {}  # loadout text (None: six ordinary dice) -> its dice
Faces = tuple[tuple[int, ...], tuple[int, ...]]  # the faces rolled and the dice (positions) showing them
Loadout = tuple[Die, ...]
Dice = Sequence[Die] | Sequence[str] | str | None  # a loadout as given: Die objects, names or a text list
_ROLLS: dict[tuple[str, object, str | None], Faces] = {}  # (roll, loadout text, positions) -> faces, positions
# (id(dice), id(other), target) -> (dice, other): passed the cost guard
_MATCH_CHECKED: dict[tuple[int, int, int], tuple[Loadout, Loadout]] = {}
_TURNS: dict[int, tuple[Loadout, weakref.ref[TurnSolution]]] = {}  # id(dice) -> (dice, its coaching table)
# (id(dice), id(other), target) -> (dice, other, weak reference to the solve)
_MATCHES: dict[tuple[int, int, int], tuple[Loadout, Loadout, weakref.ref[MatchSolution]]] = {}
# (id(dice), faces, positions) -> (dice, the roll's distinct selections): a hint's, found by the loadout's identity
# (the lru memo of _selections_of hashes every die of the key)
_SELECTIONS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[Loadout, tuple[Selection, ...]]] = {}
# id(dice) -> (dice, names, any joker face, every face shown by every die)
_NAMES_OF: dict[int, tuple[Loadout, tuple[str, ...], bool, bool]] = {}
_NO_KEY = object()  # a loadout given as Die objects: no text to remember it by
_FACE_TEXT = tuple(str(f) for f in range(7))  # a face as shown, when it is no joker
_new, _fill = object.__new__, object.__setattr__
_DIGIT_FACE = {str(f): f for f in range(1, 7)}  # a face typed as its digit
_FIRST_DICE = tuple(tuple(range(1, n + 1)) for n in range(7))  # the positions of a roll of n dice by default


K = TypeVar("K")
V = TypeVar("V")


def _remember(memo: dict[K, V], key: K, value: V) -> None:
    """Keep `value` under `key`; a full memo starts over (the few live keys come back at once)."""
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value


def _loadout(dice: Dice, what: str) -> tuple[Die, ...]:
    """Six dice given as Die objects, names or a text list."""
    if dice is None or isinstance(dice, str):
        # each call of a hint names its loadout again: read once, and the same tuple object comes back, so
        # the per-loadout memos below can key on its identity instead of hashing six dice
        got = _LOADOUTS.get(dice)
        if got is None:
            with named(what):
                got = parse_loadout(dice, what)
            _remember(_LOADOUTS, dice, got)
        return got
    given = tuple(d for d in dice if isinstance(d, Die))
    if len(given) == len(dice):
        check_six(given, what)
        return given
    with named(what):
        return parse_loadout([str(d) for d in dice], what)


def _turn_of(dice: tuple[Die, ...]) -> TurnSolution:
    """`solve_turn(dice)`, found by the loadout's identity (solve_turn's own memo hashes every die first) while
    the solve is alive (a weak reference: this memo never keeps a table solve_turn's memo let go)."""
    hit = _TURNS.get(id(dice))
    if hit is not None and hit[0] is dice:  # the memo holds `dice`, so its id is not reused meanwhile
        sol = hit[1]()
        if sol is not None:
            return sol
    sol = cached_turn(dice)
    _remember(_TURNS, id(dice), (dice, weakref.ref(sol)))
    return sol


def _match_of(dice: tuple[Die, ...], other: tuple[Die, ...], target: int, progress: Progress | None) -> MatchSolution:
    """`cached_match(dice, other, target, store=True)`, found by the loadouts' identity while the solve is still
    alive (a weak reference: this memo never keeps a large solve that cached_match let go)."""
    key = (id(dice), id(other), target)
    hit = _MATCHES.get(key)
    if hit is not None and hit[0] is dice and hit[1] is other:
        match = hit[2]()
        if match is not None:
            return match
    match = cached_match(dice, other, target, store=True, progress=progress)
    _remember(_MATCHES, key, (dice, other, weakref.ref(match)))
    return match


def _names_of(dice: Loadout) -> tuple[tuple[str, ...], bool, bool]:
    """The dice's names, whether any has a joker face, and whether every die can show every face (a roll of
    digits 1-6 then reads without asking each die), remembered by the loadout's identity."""
    hit = _NAMES_OF.get(id(dice))
    if hit is not None and hit[0] is dice:  # the memo holds `dice`, so its id is not reused meanwhile
        return hit[1], hit[2], hit[3]
    names, jokers = tuple(d.name for d in dice), any(d.joker_faces for d in dice)
    plain = len(dice) == DICE_PER_PLAYER and all(w > 0 for d in dice for w in d.weights)
    _remember(_NAMES_OF, id(dice), (dice, names, jokers, plain))
    return names, jokers, plain


def _hint_selections(dice: Loadout, faces: tuple[int, ...], positions: tuple[int, ...]) -> tuple[Selection, ...]:
    """`_selections_of(dice, faces, positions, True)`, remembered by the loadout's identity."""
    key = (id(dice), faces, positions)
    hit = _SELECTIONS.get(key)
    if hit is not None and hit[0] is dice:  # the memo holds `dice`, so its id is not reused meanwhile
        return hit[1]
    got = _selections_of.__wrapped__(dice, faces, positions, True)
    if len(_SELECTIONS) >= _MEMO_SIZE:  # as _remember, without the call
        _SELECTIONS.clear()
    _SELECTIONS[key] = dice, got
    return got


def _check_match(dice: tuple[Die, ...], other: tuple[Die, ...], target: int) -> None:
    """`check_match_cost` for a race-aware hint, remembered when it passes (the estimate is pure)."""
    key = (id(dice), id(other), target)
    hit = _MATCH_CHECKED.get(key)
    if hit is not None and hit[0] is dice and hit[1] is other:
        return
    check_match_cost(dice, other, target, store=True)
    _remember(_MATCH_CHECKED, key, (dice, other))


def _parse_roll(roll: str | Sequence[int | str], dice: tuple[Die, ...], dice_key: object,
                positions: Sequence[int] | str | None) -> Faces:
    """The faces rolled and which dice show them, a typed roll remembered per loadout text and positions."""
    if type(roll) is str and positions is None and "," not in roll and ";" not in roll and _names_of(dice)[2]:
        # the usual roll: digits 1-6 for the first dice of a loadout whose every die shows every face, read as
        # parse_roll reads them, at the cost of a look-up (anything else, an error too, takes the full reading)
        try:
            faces = tuple(map(_DIGIT_FACE.__getitem__, roll.split()))
        except KeyError:  # not a digit 1-6
            faces = ()
        if 1 <= len(faces) <= DICE_PER_PLAYER:
            return faces, _FIRST_DICE[len(faces)]
    key: tuple[str, object, str | None] | None = None
    if isinstance(roll, str) and dice_key is not _NO_KEY and (positions is None or isinstance(positions, str)):
        key = (roll, dice_key, positions)
        hit = _ROLLS.get(key)
        if hit is not None:
            return hit
    pos = None if positions is None else parse_positions(positions)
    try:  # as `with named("roll")`, without making the context a call
        faces = parse_roll(roll, dice, pos)
    except InputError as err:
        if err.field is None:
            raise InputError(err.reason, "roll", ": ") from None
        raise
    got: Faces = faces, _FIRST_DICE[len(faces)] if pos is None else tuple(pos)
    if key is not None:
        if len(_ROLLS) >= _MEMO_SIZE:  # as _remember, without the call
            _ROLLS.clear()
        _ROLLS[key] = got
    return got


HINT_FIELDS: tuple[HintField, ...] = (
    HintField("roll", "The faces rolled, e.g. 1 1 5 2 3 4 or \"1,1,5\"; J for a joker.", argument=True, required=True,
              example="1 1 5 2 3 4"),
    HintField("turn_total", "Points already set aside this turn.", example=300, default=0),
    HintField("dice", "Your six dice, comma-separated names ('lucky*2' repeats; see 'holdwise farkle dice'); "
                      "default: six ordinary dice."),
    HintField("positions", "Which of your six dice rolled, e.g. 2,3,5; default: 1,2,... ."),
    HintField("score", "Your banked score (makes the hint race-aware).", example=1200),
    HintField("opponent", "The opponent's banked score (race-aware).", example=3500),
    HintField("target", "Points to win the match: a multiple of 50 (beyond the solve guard the error names the "
                        "largest target accepted).", default=DEFAULT_TARGET),
    HintField("opponent_dice", "The opponent's six dice (race-aware); default: yours."),
)
_FIELD_NAMES = tuple(f.name for f in HINT_FIELDS)
_KNOWN = frozenset(_FIELD_NAMES)


@dataclass(frozen=True)
class HintRequest(Request):
    """A hint's position read and checked once (`parse_hint`): what `hint` needs, nothing left to parse.

    roll: the faces rolled (1..6, a joker as its face); positions: which of your dice show them (1-based);
    `score` and `opponent` (both set, or both None) make the hint race-aware against `opponent_dice` (your
    dice when not given) to `target`.
    """

    roll: tuple[int, ...]
    positions: tuple[int, ...]
    turn_total: int
    dice: tuple[Die, ...]
    score: int | None = None
    opponent: int | None = None
    target: int = DEFAULT_TARGET
    opponent_dice: tuple[Die, ...] = ()

    @property
    def race(self) -> bool:
        """Whether the hint is race-aware (a score or the opponent's was given)."""
        return self.score is not None

    def to_json(self) -> dict[str, object]:
        """The request in the hint fields' terms: the roll as shown, dice by name."""
        shown = [JOKER_SYMBOL if f in self.dice[p - 1].joker_faces else _FACE_TEXT[f]
                 for f, p in zip(self.roll, self.positions)]
        return {"roll": shown, "turn_total": self.turn_total, "dice": [d.name for d in self.dice],
                "positions": list(self.positions), "score": self.score, "opponent": self.opponent,
                "target": self.target, "opponent_dice": [d.name for d in self.opponent_dice]}


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """Every input of a hint (`HINT_FIELDS` by name: CLI text or JSON values; None or left out: the default)
    read and checked once, each error naming its field (a race-aware position past the match solve's guard is
    refused here, before any solve)."""
    if not _KNOWN.issuperset(fields):
        unknown = sorted(set(fields) - set(_FIELD_NAMES))
        raise InputError(f"unknown field {unknown[0]!r}; the fields are {', '.join(_FIELD_NAMES)}", unknown[0])
    roll = fields.get("roll")
    if roll is None:
        raise InputError("is required: the faces rolled, e.g. 1 1 5 2 3 4", "roll")
    # each checked in this order, the usual None or text passing without a call
    if type(roll) is not str:
        roll = _roll_value(roll)
    dice = fields.get("dice")
    if dice is not None:
        dice = _dice_value(dice, "dice")
    positions = fields.get("positions")
    if positions is not None:
        positions = _positions_value(positions)
    opponent_dice = fields.get("opponent_dice")
    if opponent_dice is not None:
        opponent_dice = _dice_value(opponent_dice, "opponent_dice")
    target, turn_total = fields.get("target"), fields.get("turn_total", 0)
    if target is None:
        target = DEFAULT_TARGET
    # the usual numbers (ints, multiples of 50 in range) as they are; anything else read and worded in full
    if not (type(target) is int and 1 <= target <= MAX_TARGET and not target % SCORE_UNIT):
        target = check_target(target)
    if not (type(turn_total) is int and 0 <= turn_total <= MAX_TURN_TOTAL and not turn_total % SCORE_UNIT):
        turn_total = parse_turn_total(turn_total)
    own_dice = _LOADOUTS.get(dice) if dice is None or type(dice) is str else None  # _loadout's memo, first
    if own_dice is None:
        own_dice = _loadout(dice, "dice")
    other = _loadout(opponent_dice, "opponent_dice") if opponent_dice else own_dice
    faces, pos = _parse_roll(roll, own_dice, dice if dice is None or isinstance(dice, str) else _NO_KEY, positions)
    score, opponent = fields.get("score"), fields.get("opponent")
    if score is None and opponent is None:
        request = _new(HintRequest)
        # the fields as the frozen __init__ would set them one by one (a coaching hint's usual path)
        _fill(request, "__dict__", {"roll": faces, "positions": pos, "turn_total": turn_total, "dice": own_dice,
                                    "score": None, "opponent": None, "target": target, "opponent_dice": other})
        return request
    own = _whole_in(score or 0, 0, target - 1) or check_points(score or 0, target, "score")
    opp = _whole_in(opponent or 0, 0, target - 1) or check_points(opponent or 0, target, "opponent")
    check_not_won(own, turn_total, target)
    _check_match(own_dice, other, target)
    return HintRequest(faces, pos, turn_total, own_dice, own, opp, target, other)


def _roll_value(value: object) -> str | Sequence[int | str]:
    if isinstance(value, str) or (isinstance(value, list | tuple) and all(
            isinstance(v, str | int) and not isinstance(v, bool) for v in value)):
        return value
    raise InputError(f"must be faces, as '1 1 5' or a list, got {type(value).__name__}", "roll")


def _dice_value(value: object, what: str) -> Dice:
    if value is None or isinstance(value, str) or (isinstance(value, list | tuple) and (
            all(isinstance(v, str) for v in value) or all(isinstance(v, Die) for v in value))):
        return value
    raise InputError(f"must be six dice, as names or a list of names, got {type(value).__name__}", what)


def _positions_value(value: object) -> Sequence[int] | str | None:
    if value is None or isinstance(value, str) or isinstance(value, list | tuple):
        return value
    raise InputError(f"must be numbers 1-6, got {type(value).__name__}", "positions")


def _whole_in(value: object, low: int, high: int) -> int | None:
    """The usual number as is: an int multiple of 50 from `low` to `high`; None (and 0, being falsy) goes to
    the full check, which reads text and words the message."""
    if type(value) is int and low <= value <= high and not value % SCORE_UNIT:
        return value
    return None


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every legal selection of a roll, each with rolling on and with banking, ranked best first.

    Measure "expected_points" (the coaching table), or when race-aware "win_chance" against an opponent
    playing to win (solved once per dice, opponent's dice and target, a few seconds at 4000, reporting
    `progress(done, total)` while it runs).
    """
    dice, pos, faces = request.dice, request.positions, request.roll
    names, jokers, _ = _names_of(dice)
    position: dict[str, object] = {
        "roll": list(map(_FACE_TEXT.__getitem__, faces)) if not jokers else [
            JOKER_SYMBOL if f in dice[p - 1].joker_faces else _FACE_TEXT[f] for f, p in zip(faces, pos)],
        "positions": list(pos), "turn_total": request.turn_total, "dice": list(names)}
    valuer: Valuer
    if request.score is not None and request.opponent is not None:
        other = request.opponent_dice
        valuer = RaceValuer(_match_of(dice, other, request.target, progress), 0, request.score, request.opponent)
        position.update(score=request.score, opponent=request.opponent, target=request.target,
                        opponent_dice=[d.name for d in other])
    else:
        valuer = CoachValuer(_turn_of(dice))
    options = rank_options(_hint_selections(dice, faces, pos), request.turn_total, valuer)
    position["bust"] = not options
    answer = _new(Hint)
    _fill(answer, "__dict__", {"game": GAME, "position": position, "measure": valuer.measure,
                               "options": options})  # as Hint(...) would, at once
    return answer
