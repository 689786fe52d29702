"""Farkle inputs as users type them: loadouts of named dice, rolls (with the joker typed as J), positions,
scores and targets. Bad input raises `holdwise.InputError` with one line naming the bad part."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InputError
from .rules import (
    DICE_PER_PLAYER,
    FACES,
    JOKER_SYMBOL,
    NAMED_DICE,
    SCORE_UNIT,
    Die,
    die_by_name,
)

__all__ = [
    "MAX_TARGET", "check_points", "check_six", "check_target", "dice_names", "face_text", "parse_dice",
    "parse_loadout", "parse_positions", "parse_roll",
]

MAX_TARGET = 20000  # the match solve grows with the cube of the target: 20,000 is minutes and gigabytes


def parse_dice(text: str | Sequence[str] | None, count: int = DICE_PER_PLAYER) -> tuple[Die, ...]:
    """Dice from a comma list of names (default: six ordinary dice); 'name*3' repeats a die.

    A die of your own: 'custom:1,1,1,1,1,2' (weights of faces 1..6), 'custom:1,1,1,1,1,1:j1' for a joker
    face 1. A list of such items is read the same way; ';' separates items like ','.
    """
    if text is not None and not isinstance(text, str):
        return tuple(d for item in text if str(item).strip() for d in parse_dice(str(item), count))
    if text is None or not text.strip():
        return (NAMED_DICE["ordinary"],) * count
    dice = []
    for item in _items(text):
        times = 1
        if "*" in item:
            item, _, n = item.partition("*")
            try:
                times = int(n)
            except ValueError:
                raise InputError(f"bad repeat count in {item}*{n}") from None
            if not 0 < times <= 2 * DICE_PER_PLAYER * 10:
                raise InputError(f"bad repeat count in {item}*{n}")
        dice.extend([_one_die(item.strip())] * times)
    return tuple(dice)


def _items(text: str) -> list[str]:
    """Split at commas and semicolons, but keep a custom die's weights (custom:1,1,1,1,1,2:j1) together."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    items: list[str] = []
    for part in parts:
        if not part:
            continue
        head = items[-1] if items else ""
        # a bare number (or "N:jK") after "custom:..." is one more weight of that custom die
        if head.lower().startswith("custom:") and head.count(",") < FACES - 1 and part.split(":")[0].split("*")[0].isdigit():
            items[-1] = f"{head},{part}"
        else:
            items.append(part)
    return items


def _one_die(item: str) -> Die:
    if item.lower().startswith("custom:"):
        parts = item.split(":")
        try:
            weights = tuple(int(w) for w in parts[1].replace(",", " ").replace("/", " ").split())
        except ValueError:
            raise InputError(f"custom die weights must be whole numbers: {item!r}") from None
        jokers = []
        for p in parts[2:]:
            if not (p.lower().startswith("j") and p[1:].isdigit()):
                raise InputError(f"a custom die's joker is written :j1 .. :j6, got {p!r} in {item!r}")
            jokers.append(int(p[1:]))
        return Die(item, weights, tuple(jokers))
    return die_by_name(item)


def check_six(dice: Sequence[Die], what: str = "--dice") -> None:
    """A player's loadout is exactly six dice; `what` names the input in the error."""
    if len(dice) != DICE_PER_PLAYER:
        raise InputError(f"{what} needs {DICE_PER_PLAYER} dice, got {len(dice)}")


def parse_loadout(text: str | Sequence[str] | None, what: str = "--dice") -> tuple[Die, ...]:
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
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    try:
        positions = [int(p) for p in items]
    except (TypeError, ValueError):
        raise InputError(f"--positions must be numbers 1-6, got {text!r}") from None
    if any(not 1 <= p <= DICE_PER_PLAYER for p in positions) or len(set(positions)) != len(positions):
        raise InputError("each rolled die needs its own position 1..6 among your dice")
    if n is not None and len(positions) != n:
        raise InputError(f"--positions names {len(positions)} dice but the roll has {n}")
    return positions


def parse_roll(roll: str | Sequence[int | str], dice: Sequence[Die] | None = None,
               positions: Sequence[int] | None = None) -> tuple[int, ...]:
    """The faces rolled, one per die, as '1 1 5 2 3 4' or a list; returns the die faces 1..6.

    A joker is typed J (or as its face number, the Devil's head die's 1); with `dice` and `positions`
    (1-based, default 1, 2, ...) each face is checked against the die that shows it, and J becomes that
    die's joker face.
    """
    items = roll.replace(",", " ").split() if isinstance(roll, str) else [str(f).strip() for f in roll]
    if not 1 <= len(items) <= DICE_PER_PLAYER:
        raise InputError(f"a roll has 1 to {DICE_PER_PLAYER} dice, got {len(items)}")
    positions = list(range(1, len(items) + 1)) if positions is None else list(positions)
    if len(positions) != len(items) or len(set(positions)) != len(positions) or any(
            not 1 <= p <= DICE_PER_PLAYER for p in positions):
        raise InputError("each rolled die needs its own position 1..6 among your dice")
    faces = []
    for item, pos in zip(items, positions):
        die = dice[pos - 1] if dice is not None else None
        if item.upper() == JOKER_SYMBOL:
            if die is None or not die.joker_faces:
                whose = f"the {die.name} die (position {pos})" if die is not None else "this die"
                raise InputError(f"{JOKER_SYMBOL} is a joker face, and {whose} has none")
            faces.append(die.joker_faces[0])
            continue
        try:
            face = int(item)
        except ValueError:
            raise InputError(f"a die shows 1 to 6 (or {JOKER_SYMBOL} for a joker), got {item!r}") from None
        if not 1 <= face <= FACES:
            raise InputError(f"a die shows 1 to 6 (or {JOKER_SYMBOL} for a joker), got {face}")
        if die is not None and die.weights[face - 1] == 0:
            raise InputError(f"the {die.name} die cannot show {face}")
        faces.append(face)
    return tuple(faces)


def face_text(die: Die, face: int) -> str:
    """A face as shown: '1'..'6', or J for a joker face."""
    return JOKER_SYMBOL if face in die.joker_faces else str(face)


def check_target(target: int, what: str = "--target") -> int:
    """A match target: a positive multiple of 50, at most MAX_TARGET."""
    if target <= 0 or target % SCORE_UNIT:
        raise InputError(f"{what} must be a positive multiple of {SCORE_UNIT}, got {target}")
    if target > MAX_TARGET:
        raise InputError(f"{what} at most {MAX_TARGET} here, got {target}")
    return target


def check_points(value: int, target: int, what: str) -> int:
    """A banked score: a multiple of 50 below the target."""
    if value < 0 or value % SCORE_UNIT or value >= target:
        raise InputError(f"{what} must be a multiple of {SCORE_UNIT} below the target {target}, got {value}")
    return value
