"""Farkle inputs as users type them: loadouts of named dice, rolls (with the joker typed as J), positions,
scores and targets. Bad input raises `holdwise.InputError` with one line naming the bad part."""

from __future__ import annotations

import re
from collections.abc import Sequence

from typing import Any, ClassVar

from ...errors import InputError
from ..base import Result
from ..inputs import fault, parse_seed, parse_whole
from .rules import (
    DICE_NAMES, DICE_PER_PLAYER, FACES, JOKER_SYMBOL, MAX_WEIGHT, NAMED_DICE, SCORE_UNIT, Die, die_by_name,
)

__all__ = [
    "DEFAULT_TARGET",
    "MAX_DICE", "MAX_REPEAT", "MAX_TARGET", "MAX_TURN_TOTAL", "MAX_WEIGHT", "NamedDice", "check_not_won", "check_points",
    "check_six",
    "check_target", "dice_names", "dice_text", "face_text", "parse_dice", "parse_loadout", "parse_positions",
    "parse_roll", "parse_seed", "parse_turn_total", "parse_whole",
]

DEFAULT_TARGET = 4000  # a match's target when none is given (the match solver and the reports share it)
MAX_TARGET = 20000  # the text's range; what a match solve accepts is set by its cost (match.check_match_cost)
MAX_REPEAT = 2 * DICE_PER_PLAYER * 10  # 'name*N': N from 1 to 120
MAX_DICE = MAX_REPEAT  # dice in one list (a loadout search bounds its choices by their cost)
MAX_TURN_TOTAL = 1_000_000_000
_SEPARATORS = re.compile(r"[,;]")  # between dice of a list
_WEIGHT_SEPARATORS = re.compile(r"[\s,;/]+")  # between a custom die's weights
_FACE_OF = {str(f): f for f in range(1, FACES + 1)}
_FACE_DIGITS = re.compile(r"[0-9]{1,3}")
_OWN_POSITION = "must give each rolled die its own position 1..6 among your dice"


def parse_dice(text: str | Sequence[str] | None, count: int = DICE_PER_PLAYER) -> tuple[Die, ...]:
    """Dice from a list of names separated by ',' or ';' (default: six ordinary dice); 'name*3' repeats a die.

    A die of your own: 'custom:1,1,1,1,1,2' (weights of faces 1..6, whole numbers 0 to 1,000,000, separated
    by ',', ';', '/' or spaces; six of them, then the next item), 'custom:1,1,1,1,1,1:j1' for a joker face 1;
    'custom:1,1,1,1,1,2*6' repeats it. A repeat is 1 to 120, a list at most 120 dice. A sequence of items is
    read the same way, item by item.
    """
    if text is not None and not isinstance(text, str):
        if not isinstance(text, Sequence):
            raise InputError(f"dice are a list of names, got {type(text).__name__}")
        out: list[Die] = []
        for item in text:
            if not isinstance(item, str):
                raise InputError(f"a die is a name, got {type(item).__name__}")
            if item.strip():
                out.extend(parse_dice(item, count))
            if len(out) > MAX_DICE:
                raise InputError(f"at most {MAX_DICE} dice in a list, got more")
        return tuple(out)
    if text is None or not text.strip():
        return (NAMED_DICE["ordinary"],) * count
    dice: list[Die] = []
    items = _items(text)
    if not items:
        raise InputError(f"no dice named in {_short(text)!r}")
    for item in items:
        body, star, n = item.rpartition("*") if "*" in item else (item, "", "")
        times = 1
        if star:
            if not n.strip():
                raise InputError(f"a repeat count follows '*' in {_short(item)!r} (1 to {MAX_REPEAT})")
            times = parse_whole(n, f"the repeat count in {_short(item)!r}", 1, MAX_REPEAT)
        dice.extend([_one_die(body.strip())] * times)
        if len(dice) > MAX_DICE:
            raise InputError(f"at most {MAX_DICE} dice in a list, got more")
    return tuple(dice)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _items(text: str) -> list[str]:
    """Split at ',' and ';', keeping a custom die's six weights (and its ':jK' and '*N') as one item."""
    text = re.sub(r"\s*([*:])\s*", r"\1", text)
    parts = [p.strip() for p in _SEPARATORS.split(text)]
    items: list[str] = []
    need = 0  # weights still owed to the custom die being read
    for part in parts:
        if need > 0:  # a die with too many weights owes none: what follows is the next die
            if not part:
                continue
            words = _WEIGHT_SEPARATORS.split(part)
            items[-1] += "," + ",".join(words)
            need -= len(words)
            continue
        if not part:
            continue
        items.append(part)
        if part.lower().startswith("custom:"):
            weights = part.split(":")[1]
            need = FACES - len([w for w in _WEIGHT_SEPARATORS.split(weights) if w])
    if need > 0:
        raise InputError(f"a custom die has six weights (faces 1-6); {_short(items[-1])!r} has {FACES - need}")
    return items


def _one_die(item: str) -> Die:
    if not item:
        raise InputError("an empty die name in the list")
    if item.lower().startswith("custom:"):
        parts = item.split(":")
        words = [w for w in _WEIGHT_SEPARATORS.split(parts[1]) if w]
        if len(words) != FACES:
            raise InputError(f"a custom die has six weights (faces 1-6), got {len(words)} in {_short(item)!r}")
        weights = tuple(parse_whole(w, f"a custom die's weight in {_short(item)!r}", 0, MAX_WEIGHT)
                        for w in words)
        jokers = []
        for p in parts[2:]:
            if not re.fullmatch(r"[jJ][1-6]", p):
                raise InputError(f"a custom die's joker is written :j1 .. :j6, got {_short(p)!r} in {_short(item)!r}")
            jokers.append(int(p[1:]))
        jokers = sorted(set(jokers))
        if sum(weights) == 0:
            raise InputError(f"a custom die needs a face of positive weight: {_short(item)!r}")
        for f in jokers:
            if weights[f - 1] == 0:
                raise InputError(f"a custom die's joker face {f} has weight 0 (it never shows): {_short(item)!r}")
        name = "custom:" + ",".join(map(str, weights)) + "".join(f":j{f}" for f in jokers)
        return Die(name, weights, tuple(jokers))
    if len(item) > 40:
        raise InputError(f"unknown die {_short(item)!r}; known: {', '.join(NAMED_DICE)}")
    return die_by_name(item)


def dice_text(dice: Sequence[Die]) -> str:
    """The dice as `parse_dice` reads them back: names with runs folded, 'ordinary*4, lucky, ordinary'."""
    runs: list[tuple[str, int]] = []
    for die in dice:
        if runs and runs[-1][0] == die.name:
            runs[-1] = (die.name, runs[-1][1] + 1)
        else:
            runs.append((die.name, 1))
    return ", ".join(n if k == 1 else f"{n}*{k}" for n, k in runs)


class NamedDice(Result):
    """Mixin for results that list dice by id: their JSON gives each such list's names in the game beside it
    (`dice` -> `dice_names`: "Lucky die"; lists keyed in a dict keep their keys; a die of the user's own keeps
    its text)."""

    DICE_FIELDS: ClassVar[tuple[str, ...]] = ("dice",)

    def to_json(self) -> dict[str, Any]:
        """The result's JSON, with `<field>_names` after each field of dice."""
        def names(ids: Sequence[str]) -> list[str]:
            return [DICE_NAMES.get(i, i) for i in ids]

        out = super().to_json()
        for name in self.DICE_FIELDS:
            ids = getattr(self, name)
            out[f"{name}_names"] = (None if ids is None else {k: names(v) for k, v in ids.items()}
                                    if isinstance(ids, dict) else names(ids))
        return out


def check_six(dice: Sequence[Die], what: str = "dice") -> None:
    """A player's loadout is exactly six dice; `what` names the input (a field word) in the error."""
    if len(dice) != DICE_PER_PLAYER:
        raise fault(what, f"needs {DICE_PER_PLAYER} dice, got {len(dice)}")


def parse_loadout(text: str | Sequence[str] | None, what: str = "dice") -> tuple[Die, ...]:
    """Six dice (a player's loadout) from names as `parse_dice` reads them."""
    dice = parse_dice(text)
    check_six(dice, what)
    return dice


def dice_names(dice: Sequence[Die]) -> list[str]:
    """The dice's names, as a loadout lists them."""
    return [d.name for d in dice]


def parse_positions(text: str | Sequence[int] | None, n: int | None = None) -> list[int] | None:
    """Positions 1..6 of your dice (which dice rolled), e.g. '2,3,5'; None for the default 1, 2, ..."""
    if text is None:
        return None
    if isinstance(text, str):
        items: Sequence[object] = text.replace(",", " ").replace(";", " ").split()
    elif isinstance(text, Sequence):
        items = list(text)
    else:
        raise fault("positions", f"must be numbers 1-6, got {type(text).__name__}")
    if len(items) > DICE_PER_PLAYER:
        raise fault("positions", f"names at most {DICE_PER_PLAYER} dice, got {len(items)}")
    if not all(isinstance(p, (int, str)) and not isinstance(p, bool) and re.fullmatch(r"[0-9]{1,2}", str(p).strip())
               for p in items):
        raise fault("positions", f"must be numbers 1-6, got {_short(str(text))!r}")
    positions = [int(str(p).strip()) for p in items]
    if any(not 1 <= p <= DICE_PER_PLAYER for p in positions) or len(set(positions)) != len(positions):
        raise fault("positions", _OWN_POSITION)
    if n is not None and len(positions) != n:
        raise fault("positions", f"names {len(positions)} dice but the roll has {n}")
    return positions


def parse_roll(roll: str | Sequence[int | str], dice: Sequence[Die] | None = None,
               positions: Sequence[int] | None = None) -> tuple[int, ...]:
    """The faces rolled, one per die, as '1 1 5 2 3 4' or a list; returns the die faces 1..6.

    A joker is typed J (or as its face number, the Devil's head die's 1); with `dice` and `positions`
    (1-based, default 1, 2, ...) each face is checked against the die that shows it, and J becomes that
    die's joker face.
    """
    if isinstance(roll, str):
        items = roll.replace(",", " ").replace(";", " ").split()
    elif isinstance(roll, Sequence):
        items = [str(f).strip() for f in roll]
    else:
        raise InputError(f"a roll is faces 1 to 6, got {type(roll).__name__}")
    if not 1 <= len(items) <= DICE_PER_PLAYER:
        raise InputError(f"a roll has 1 to {DICE_PER_PLAYER} dice, got {len(items)}")
    if positions is None:
        positions = range(1, len(items) + 1)  # right by construction
    else:
        positions = list(positions)
        if len(positions) != len(items):
            raise fault("positions", f"names {len(positions)} dice but the roll has {len(items)}")
        if len(set(positions)) != len(positions) or any(
                isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= DICE_PER_PLAYER for p in positions):
            raise fault("positions", _OWN_POSITION)
    faces = []
    for item, pos in zip(items, positions):
        die = dice[pos - 1] if dice is not None and pos <= len(dice) else None
        face = _FACE_OF.get(item)
        if face is not None and (die is None or die.weights[face - 1]):  # the usual roll: '1'..'6' it can show
            faces.append(face)
            continue
        if item.upper() == JOKER_SYMBOL:
            if die is None or not die.joker_faces:
                whose = f"the {die.name} die (position {pos})" if die is not None else "this die"
                raise InputError(f"{JOKER_SYMBOL} is a joker face, and {whose} has none")
            faces.append(next(f for f in die.joker_faces if die.weights[f - 1] > 0))
            continue
        if not _FACE_DIGITS.fullmatch(item):
            raise InputError(f"a die shows 1 to 6 (or {JOKER_SYMBOL} for a joker), got {_short(item)!r}")
        face = int(item)
        if not 1 <= face <= FACES:
            raise InputError(f"a die shows 1 to 6 (or {JOKER_SYMBOL} for a joker), got {face}")
        if die is not None and die.weights[face - 1] == 0:
            raise InputError(f"the {die.name} die cannot show {face}")
        faces.append(face)
    return tuple(faces)


def face_text(die: Die, face: int) -> str:
    """A face as shown: '1'..'6', or J for a joker face."""
    return JOKER_SYMBOL if face in die.joker_faces else str(face)


def check_target(target: object, what: str = "target") -> int:
    """A match target: a positive multiple of 50, at most MAX_TARGET (a number or its text)."""
    target = parse_whole(target, what)
    if target <= 0 or target % SCORE_UNIT:
        raise fault(what, f"must be a positive multiple of {SCORE_UNIT}, got {target}")
    if target > MAX_TARGET:
        raise fault(what, f"must be at most {MAX_TARGET} here, got {target}")
    return target


def check_points(value: object, target: int, what: str) -> int:
    """A banked score: a multiple of 50 below the target (a number or its text); `what` names the input."""
    value = parse_whole(value, what)
    if value < 0 or value % SCORE_UNIT or value >= target:
        raise fault(what, f"must be a multiple of {SCORE_UNIT} below the target {target}, got {value}")
    return value


def parse_turn_total(value: object, what: str = "turn_total") -> int:
    """Points set aside this turn: a multiple of 50 from 0 to MAX_TURN_TOTAL (a number or its text)."""
    value = parse_whole(value, what)
    if value < 0 or value % SCORE_UNIT or value > MAX_TURN_TOTAL:
        raise fault(what, f"must be a multiple of {SCORE_UNIT} from 0 to {MAX_TURN_TOTAL:,}, got {value}")
    return value


def check_not_won(score: int, turn_total: int, target: int) -> None:
    """A race-aware position: the score plus the turn total set aside is still below the target."""
    if score + turn_total >= target:
        raise fault("turn_total", f"{turn_total} plus the score {score} reaches the target {target}: the game is "
                    "already won")
