"""The kinds of poker dice: five six-faced dice under a rule variant, or a set of card dice (`rules`).

A dice kind is what the play session, the hint and the reports ask of the dice: how a roll is thrown and kept,
how hands rank, how a roll reads, what a position's best keeps are. The session (`session`) holds no branch on
the kind: it calls these methods. A roll is kept in a state as the kind writes it: six-faced dice as their
sorted faces 1-6 (the dice are alike, a keep names faces), card dice as the face index shown by dice 1-5 (each
die is itself, a keep names dice 0-4).

`rules` names a kind: "six" (with the variant's flags), "royal" or "octahedral" (the shipped card-dice sets,
`data/dice_sets/*.toml`), or a set of one's own ({"name", "dice": five lists of faces}). A new card-dice set is
one TOML file; a new kind of dice is one class with the methods of `DiceKind`.

A kind is pure: its solved tables come from the `sources.Solutions` it is built with (`PURE`: solved in this
process); the face's `dice_kind` (`solutions`) builds kinds whose tables are also kept on disk.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ...errors import InputError
from ..base import Hint, Option, Progress, Result
from ..inputs import shown
from .card_game import (
    MAX_SOLVE_SECONDS, SHIPPED_SETS, card_duel, card_hint, card_odds, card_table, parse_roll, resolve_set, set_key,
    solve_cost, to_beat_class,
)
from .cards import DiceSet, face_text, parse_dice_set, parse_face
from .rounds import first_pays, seat_pays
from .rules import CATEGORY_LABELS, Variant, category_of, describe, hand_labels, hand_text, parse_hand, parse_keep
from .solver import ROLLS, plain_variant, setup
from .sources import PURE, Solutions
from .strategy import Seat, hand_index, keep_options, option_list, situation

if TYPE_CHECKING:
    from .reports import DuelResult
    from .rounds import TableSolution

__all__ = [
    "CARD_RULES", "DICE", "FLAG_KEYS", "RULES", "CardDice", "DiceKind", "SixDice", "dice_kind", "rules_id",
    "seat_names",
]

DICE = 5
RULES = ("six", *SHIPPED_SETS)  # the kinds a user names by one word
CARD_RULES = SHIPPED_SETS
FLAG_KEYS = ("straights", "straight_above_full_house", "flush", "ace_high", "poker_faces")  # six-faced variant
Roll = list[int]
Action = dict[str, Any]


def seat_names(players: int, position: int) -> list[str]:
    """The seats' names in seat order: "you" at `position`, the computers numbered when there are several."""
    names, computers = [], 0
    for seat in range(1, players + 1):
        if seat == position:
            names.append("you")
        else:
            computers += 1
            names.append("computer" if players == 2 else f"computer {computers}")
    return names


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class DiceKind(Protocol):
    """What the session, the hint and the reports ask of a kind of dice (see the module docstring)."""

    @property
    def rules(self) -> str: ...  # the kind's id in JSON: "six", "royal", "octahedral" or a set's own name
    @property
    def name(self) -> str: ...  # as a title says it: "Poker dice", "Royal Poker Dice"
    @property
    def keep_help(self) -> str: ...  # what the prompt of a game in the terminal takes
    @property
    def keep_key(self) -> str: ...  # the action's key of what is kept: "keep" (faces) or "dice" (die numbers)
    @property
    def categories(self) -> tuple[str, ...]: ...  # category names, best first
    @property
    def category_labels(self) -> Mapping[str, str]: ...
    @property
    def kernels(self) -> str: ...  # the face's name of the kernel modules it runs

    def throw(self, rng: np.random.Generator) -> Roll: ...
    def reroll(self, dice: Roll, kept: list[int], rng: np.random.Generator) -> tuple[Roll, str, str]: ...
    def is_roll(self, value: object) -> bool: ...
    def rank(self, roll: Sequence[int]) -> int: ...
    def describe(self, roll: Sequence[int]) -> str: ...
    def text(self, roll: Sequence[int]) -> str: ...
    def hand_name(self, roll: Sequence[int]) -> str: ...
    def keeps(self, dice: Roll) -> list[Action]: ...
    def stand(self, dice: Roll) -> list[int]: ...
    def legal(self, kept: object, dice: Roll) -> bool: ...
    def parse_keep(self, text: str, dice: Roll) -> list[int]: ...
    def advice(self, data: Mapping[str, Any], roll_limit: bool) -> Hint: ...
    def best_keep(self, data: Mapping[str, Any], roll_limit: bool) -> list[int]: ...
    def solve(self, players: int, roll_limit: bool, progress: Progress | None = None) -> TableSolution: ...
    def solve_seconds(self, players: int, roll_limit: bool) -> float: ...
    def odds(self) -> Result: ...
    def duel(self, players: int, roll_limit: bool, progress: Progress | None = None) -> DuelResult: ...
    def hand_view(self, roll: Sequence[int]) -> dict[str, Any]: ...
    def options(self) -> dict[str, Any]: ...
    def odds_notes(self, odds: Any) -> list[str]: ...  # noqa: ANN401 - the kind's own odds result
    def parse_hand(self, value: object, what: str, to_beat: bool = False) -> tuple[int, ...]: ...
    def check_solve(self, players: int, roll_limit: bool) -> None: ...
    def table_key(self) -> Variant | str: ...  # what its solved tables are stored under
    def hint(self, hand: tuple[int, ...], rolls_left: int, to_beat: tuple[int, ...] | None, players: int,
             position: int, holders: int, roll_limit: bool, rolls_allowed: int | None,
             progress: Progress | None) -> Hint: ...


@dataclass(frozen=True)
class SixDice:
    """Five six-faced poker dice under a rule variant: a roll is its sorted faces, a keep names faces."""

    variant: Variant = Variant()
    rules: str = "six"
    name: str = "Poker dice"
    keep_help: str = "dice to keep (6 6), Enter: stand, none: reroll"
    keep_key: str = "keep"
    kernels: str = "KERNEL_MODULES"  # the face's name of the modules it runs that a first run compiles
    solutions: Solutions = field(default=PURE, repr=False)  # where its tables come from (the face's: the disk)

    @property
    def categories(self) -> tuple[str, ...]:
        return self.variant.categories

    @property
    def category_labels(self) -> Mapping[str, str]:
        return CATEGORY_LABELS

    def options(self) -> dict[str, Any]:
        """The session options that name this kind."""
        return {"rules": self.rules, **{k: getattr(self.variant, k) for k in FLAG_KEYS}}

    def odds_notes(self, odds: Any) -> list[str]:  # noqa: ANN401 - an Odds
        """The bust hands beside the counts (only four when straights count)."""
        if odds.bust_hands is None:
            return []
        return ["bust hands (all values different, no straight):",
                "  " + "; ".join(" ".join(hand) for hand in odds.bust_hands)]

    def parse_hand(self, value: object, what: str, to_beat: bool = False) -> tuple[int, ...]:
        """Five faces (1-6 or A K Q J 10 9), sorted."""
        return parse_hand(value, self.variant)

    def check_solve(self, players: int, roll_limit: bool) -> None:
        """Every table of six-faced dice solves in seconds: nothing to refuse."""

    def table_key(self) -> Variant:
        """Its solved tables are stored under its variant without display options."""
        return plain_variant(self.variant)

    def hint(self, hand: tuple[int, ...], rolls_left: int, to_beat: tuple[int, ...] | None, players: int,
             position: int, holders: int, roll_limit: bool, rolls_allowed: int | None,
             progress: Progress | None) -> Hint:
        from .strategy import checked_hint

        # read and checked once, by the face's parse_hint: the strategy's own hint would read it all again
        return checked_hint(hand, rolls_left, self.variant, to_beat, players, position, holders, roll_limit,
                            3 if rolls_allowed is None else rolls_allowed, progress, self.solutions)

    def throw(self, rng: np.random.Generator) -> Roll:
        return sorted(int(x) for x in rng.integers(1, 7, size=DICE))

    def reroll(self, dice: Roll, kept: list[int], rng: np.random.Generator) -> tuple[Roll, str, str]:
        new = [int(x) for x in rng.integers(1, 7, size=DICE - len(kept))]
        return sorted(kept + new), hand_text(kept, self.variant), hand_text(new, self.variant)

    def is_roll(self, value: object) -> bool:
        """Five faces 1-6 as a sorted list of whole numbers."""
        return (isinstance(value, list) and len(value) == DICE and all(_whole(f) and 1 <= f <= 6 for f in value)
                and value == sorted(value))

    def rank(self, roll: Sequence[int]) -> int:
        return int(setup(self.variant).ranks[hand_index(roll)])

    def describe(self, roll: Sequence[int]) -> str:
        return describe(roll, self.variant)

    def text(self, roll: Sequence[int]) -> str:
        return hand_text(roll, self.variant)

    def hand_name(self, roll: Sequence[int]) -> str:
        return describe(roll, self.variant)

    def keeps(self, dice: Roll) -> list[Action]:
        """Every distinct sub-multiset of the dice, as sorted face lists (all five first: stand)."""
        counts = [dice.count(f) for f in range(1, 7)]
        return [{"type": "keep", "keep": [f for f, c in zip(range(1, 7), sub) for _ in range(c)]}
                for sub in product(*(range(c, -1, -1) for c in counts))]

    def stand(self, dice: Roll) -> list[int]:
        return list(dice)

    def legal(self, kept: object, dice: Roll) -> bool:
        return isinstance(kept, list) and len(kept) <= DICE and all(
            _whole(f) and kept.count(f) <= dice.count(f) for f in kept)

    def parse_keep(self, text: str, dice: Roll) -> list[int]:
        return list(parse_keep(text, self.variant, dice))

    def _seat(self, data: Mapping[str, Any], roll_limit: bool) -> Seat:
        finals = data["finals"]
        ranks = setup(self.variant).ranks
        best, holders = None, 1
        if finals:
            indices = [hand_index(f) for f in finals]
            best = max(indices, key=lambda h: ranks[h])
            holders = indices.count(best)
        return Seat(players=len(data["order"]), place=len(finals) + 1, best=best, holders=holders,
                    rolls=int(data["allowed"]), roll_limit=roll_limit)

    def advice(self, data: Mapping[str, Any], roll_limit: bool) -> Hint:
        seat = self._seat(data, roll_limit)
        variant = self.variant
        to_beat = (hand_labels(setup(variant).dice.lattice.hand_faces[seat.best], variant)
                   if seat.best is not None else None)
        return Hint(game="poker-dice", position={
            "rules": self.rules, "hand": hand_labels(data["dice"], variant),
            "rolls_left": int(data["allowed"]) - int(data["rolls"]),
            "to_beat": to_beat, "players": seat.players, "position": seat.place,
            "holders": seat.holders if seat.best is not None else 0, "roll_limit": seat.roll_limit,
            "rolls_allowed": seat.rolls, "situation": situation(seat.players, seat.place, seat.holders),
        }, measure="win_chance", options=option_list(variant, seat, list(data["dice"]), int(data["rolls"]),
                                                     self.solutions))

    def best_keep(self, data: Mapping[str, Any], roll_limit: bool) -> list[int]:
        seat = self._seat(data, roll_limit)
        return list(keep_options(self.variant, seat, list(data["dice"]), int(data["rolls"]), self.solutions)[0][0])

    def solve(self, players: int, roll_limit: bool, progress: Progress | None = None) -> TableSolution:
        return self.solutions.table(self.variant, players, roll_limit, progress)

    def solve_seconds(self, players: int, roll_limit: bool) -> float:
        """About how long a first solve takes (a table of six players: a few seconds)."""
        return float(max(0, players - 2) * (2 if roll_limit else 1))

    def odds(self) -> Result:
        from .reports import odds

        return odds(self.variant)

    def duel(self, players: int, roll_limit: bool, progress: Progress | None = None) -> DuelResult:
        from .reports import duel

        return duel(self.variant, players, roll_limit, progress=progress, solutions=self.solutions)

    def hand_view(self, roll: Sequence[int]) -> dict[str, Any]:
        """A hand as the page draws it: faces highest value first, their labels, poker faces, category."""
        variant = self.variant
        poker = Variant(poker_faces=True, ace_high=variant.ace_high)  # the page always draws poker faces
        ordered = sorted(roll, key=variant.value, reverse=True)
        counts = tuple(list(roll).count(f) for f in range(1, 7))
        out: dict[str, Any] = {"faces": ordered, "labels": [variant.face_label(f) for f in ordered],
                               "poker": [poker.face_label(f) for f in ordered]}
        if len(roll) == DICE:
            out["category"] = CATEGORY_LABELS[category_of(counts, variant)]
            out["label"] = describe(roll, variant)
        return out


@dataclass(frozen=True)
class CardDice:
    """A set of five card dice: a roll is the face index shown by each die, a keep names dice 0-4."""

    dice: DiceSet
    rules: str = "royal"
    spec: str = ""  # the session option that names the set: its id, or the JSON of a set of one's own
    keep_help: str = "dice (1 3 or As Kh), Enter: stand, none: reroll"
    keep_key: str = "dice"
    kernels: str = "CARD_KERNEL_MODULES"
    solutions: Solutions = field(default=PURE, repr=False)

    @property
    def categories(self) -> tuple[str, ...]:
        from .card_rank import CARD_CATEGORIES

        return tuple(CARD_CATEGORIES)

    @property
    def category_labels(self) -> Mapping[str, str]:
        from .card_rank import CARD_CATEGORY_LABELS

        return CARD_CATEGORY_LABELS

    def parse_hand(self, value: object, what: str, to_beat: bool = False) -> tuple[int, ...]:
        """One face per die, die 1 first (a roll), or the five faces of a hand some roll makes (to beat): face codes."""
        if to_beat:
            to_beat_class(value, self.dice)  # type: ignore[arg-type]
            parts = value.replace(",", " ").split() if isinstance(value, str) else list(value)  # type: ignore[call-overload]
            return tuple(parse_face(p) for p in parts)
        roll = parse_roll(value, self.dice)  # type: ignore[arg-type]
        return tuple(self.dice.dice[d][i] for d, i in enumerate(roll))

    def table_key(self) -> str:
        """Its solved tables are stored under the set's key."""
        return set_key(self.dice)

    def check_solve(self, players: int, roll_limit: bool) -> None:
        """Refuse a first solve past the guard (MAX_SOLVE_SECONDS), unless its `solutions` hold it already."""
        if self.solve_seconds(players, roll_limit) > MAX_SOLVE_SECONDS:
            self.solutions.cards(self.dice, players, roll_limit)

    def hint(self, hand: tuple[int, ...], rolls_left: int, to_beat: tuple[int, ...] | None, players: int,
             position: int, holders: int, roll_limit: bool, rolls_allowed: int | None,
             progress: Progress | None) -> Hint:
        return card_hint(list(hand), rolls_left, self.dice, None if to_beat is None else list(to_beat), players,
                         position, holders, roll_limit, rolls_allowed, progress=progress, solutions=self.solutions)

    @property
    def name(self) -> str:
        return self.dice.name

    def odds_notes(self, odds: Any) -> list[str]:  # noqa: ANN401 - a CardOdds
        return []

    def options(self) -> dict[str, Any]:
        """The session options that name this set (a set of one's own by its faces)."""
        rules: object = self.rules
        if self.spec.startswith("{"):
            rules = json.loads(self.spec)
        elif self.rules not in CARD_RULES:
            rules = {"name": self.dice.name, "dice": [[face_text(f) for f in die] for die in self.dice.dice]}
        return {"rules": rules, **{k: k == "straights" for k in FLAG_KEYS}}

    def throw(self, rng: np.random.Generator) -> Roll:
        return [int(rng.integers(0, len(self.dice.dice[d]))) for d in range(DICE)]

    def reroll(self, dice: Roll, kept: list[int], rng: np.random.Generator) -> tuple[Roll, str, str]:
        new = {d: int(rng.integers(0, len(self.dice.dice[d]))) for d in range(DICE) if d not in kept}
        out = [new.get(d, f) for d, f in enumerate(dice)]
        kept_text = " ".join(face_text(self.dice.dice[d][out[d]]) for d in kept)
        return out, kept_text, " ".join(face_text(self.dice.dice[d][f]) for d, f in new.items())

    def is_roll(self, value: object) -> bool:
        """Five face indices, each one of its die's faces."""
        return (isinstance(value, list) and len(value) == DICE
                and all(_whole(f) and 0 <= f < len(self.dice.dice[d]) for d, f in enumerate(value)))

    def rank(self, roll: Sequence[int]) -> int:
        table = card_table(self.dice)
        return int(table.class_of_state[table.state_index(tuple(roll))])

    def text(self, roll: Sequence[int]) -> str:
        return " ".join(face_text(self.dice.dice[d][f]) for d, f in enumerate(roll))

    def _class_name(self, c: int) -> str:
        """A class as the log writes it: "five of a kind: K K K K K" (the ranks its stars stand for included)."""
        ranks, category = card_table(self.dice).class_label(c)[:-1].split(" (")
        return f"{category}: {ranks}"

    def describe(self, roll: Sequence[int]) -> str:
        return f"{self.text(roll)} ({self._class_name(self.rank(roll))})"

    def hand_name(self, roll: Sequence[int]) -> str:
        return self._class_name(self.rank(roll))

    def keeps(self, dice: Roll) -> list[Action]:
        """Every subset of the dice (32; all five: stand)."""
        return [{"type": "keep", "dice": [d for d in range(DICE) if mask >> d & 1]} for mask in range(1 << DICE)]

    def stand(self, dice: Roll) -> list[int]:
        return list(range(DICE))

    def legal(self, kept: object, dice: Roll) -> bool:
        return (isinstance(kept, list) and all(_whole(i) and 0 <= i < DICE for i in kept)
                and len(set(kept)) == len(kept))

    def parse_keep(self, text: str, dice: Roll) -> list[int]:
        """Die numbers 1-5 ("1 3") or faces ("As Kh") to keep."""
        parts = text.strip().lower().replace(",", " ").split()
        if all(p.isdigit() and len(p) == 1 for p in parts):
            kept = sorted({int(p) - 1 for p in parts})
            if any(not 0 <= i < DICE for i in kept) or len(kept) != len(parts):
                raise InputError(f"keep dice by their numbers 1 to 5, each once, not {shown(text)}")
            return kept
        shown_faces = [self.dice.dice[i][f] for i, f in enumerate(dice)]
        out: list[int] = []
        for p in parts:
            code = parse_face(p)
            free = [i for i in range(DICE) if shown_faces[i] == code and i not in out]
            if not free:
                raise InputError(f"you can only keep dice you rolled: there is no {face_text(code)} left in "
                                 f"{self.text(dice)}")
            out.append(free[0])
        return sorted(out)

    def _options(self, data: Mapping[str, Any], roll_limit: bool) -> list[tuple[tuple[int, ...], float]]:
        """Every keep of the player to move with its win chance, best first."""
        players = len(data["order"])
        solution = self.solutions.cards(self.dice, players, roll_limit)
        finals = data["finals"]
        table = card_table(self.dice)
        if not finals:
            return list(table.keep_values(first_pays(solution, players), tuple(data["dice"]), int(data["rolls"])))
        classes = [self.rank(f) for f in finals]
        best = max(classes)
        pay = seat_pays(solution, players, len(finals) + 1, best, classes.count(best), int(data["allowed"]))
        # a later player's pay does not depend on the rolls used: fewer rolls allowed is the end of the same game
        used = int(data["rolls"]) + ROLLS - int(data["allowed"])
        return list(table.keep_values(pay[None, :], tuple(data["dice"]), used))

    def advice(self, data: Mapping[str, Any], roll_limit: bool) -> Hint:
        table = card_table(self.dice)
        rows = self._options(data, roll_limit)
        finals = data["finals"]
        classes = [self.rank(f) for f in finals]
        players, place = len(data["order"]), len(finals) + 1
        holders = classes.count(max(classes)) if classes else 1
        return self.ranked(rows, list(data["dice"]), {
            "rolls_left": int(data["allowed"]) - int(data["rolls"]),
            "to_beat": table.class_label(max(classes)) if classes else None, "players": players, "position": place,
            "holders": holders if classes else 0, "roll_limit": roll_limit, "rolls_allowed": int(data["allowed"]),
            "situation": situation(players, place, holders)})

    def ranked(self, rows: Sequence[tuple[tuple[int, ...], float]], roll: Sequence[int],
               where: Mapping[str, Any]) -> Hint:
        """The hint of a roll from its ranked keeps: each keep names its faces and its dice (1-5)."""
        top = rows[0][1]
        faces = [face_text(self.dice.dice[i][f]) for i, f in enumerate(roll)]
        options = []
        for kept, value in rows:
            shown_keep = [faces[i] for i in kept]
            text = "all" if len(kept) == DICE else (" ".join(shown_keep) if kept else "none")
            options.append(Option(option=text, value=value, loss=max(0.0, top - value),
                                  action={"type": "keep", "dice": list(kept)},
                                  extras={"keep": shown_keep, "dice": [i + 1 for i in kept],
                                          "stand": len(kept) == DICE}))
        table = card_table(self.dice)
        return Hint(game="poker-dice", position={
            "rules": self.rules, "dice_set": self.dice.name, "hand": faces,
            "category": table.class_label(self.rank(roll)), **where}, measure="win_chance", options=tuple(options))

    def best_keep(self, data: Mapping[str, Any], roll_limit: bool) -> list[int]:
        return list(self._options(data, roll_limit)[0][0])

    def solve(self, players: int, roll_limit: bool, progress: Progress | None = None) -> TableSolution:
        return self.solutions.cards(self.dice, players, roll_limit, progress)

    def solve_seconds(self, players: int, roll_limit: bool) -> float:
        return solve_cost(self.dice, players, roll_limit)[0]

    def odds(self) -> Result:
        return card_odds(self.dice)

    def duel(self, players: int, roll_limit: bool, progress: Progress | None = None) -> DuelResult:
        return card_duel(self.dice, players, roll_limit, progress=progress, solutions=self.solutions)

    def hand_view(self, roll: Sequence[int]) -> dict[str, Any]:
        """A roll as the page draws it: each face as a card (rank, suit symbol; a star is wild)."""
        label = card_table(self.dice).class_label(self.rank(roll))
        cards = []
        for d, i in enumerate(roll):
            code = self.dice.dice[d][i]
            plain, text = face_text(code), face_text(code, True)
            wild = plain == "*"
            cards.append({"die": d + 1, "text": text, "plain": plain, "rank": "" if wild else text[:-1],
                          "suit": "" if wild else text[-1], "wild": wild})
        return {"cards": cards, "label": label, "category": label.rsplit(" (", 1)[1][:-1]}


def _set_text(spec: Mapping[str, Any]) -> str:
    """A set given as {"name", "dice"} as the TOML a set file holds."""
    lines = [f"name = {json.dumps(str(spec.get('name', 'your dice')))}"]
    for faces in spec.get("dice", []):
        lines.append("[[die]]")
        lines.append(f"faces = {json.dumps([str(f) for f in faces])}")
    return "\n".join(lines) + "\n"


def rules_id(rules: object) -> str:
    """The id of a `rules` value as JSON writes it ("six", "royal", a set of one's own as its JSON)."""
    if isinstance(rules, str):
        return rules.strip().lower()
    return json.dumps(rules, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=64)
def _kind(rules: str, flags: tuple[bool, ...], solutions: Solutions) -> DiceKind:
    if rules == "six":
        return SixDice(Variant(**dict(zip(FLAG_KEYS, flags))), solutions=solutions)
    if any(v != (k == "straights") for k, v in zip(FLAG_KEYS, flags) if k != "poker_faces"):
        raise InputError("the rule flags (straights, flush, ...) are for six-faced dice; card dice rank as "
                         "card poker")
    if rules in CARD_RULES:
        return CardDice(resolve_set(rules), rules, rules, solutions=solutions)
    if rules.startswith("{"):
        try:
            spec = json.loads(rules)
        except ValueError:  # text that only looks like a set of one's own
            spec = None
        if isinstance(spec, dict) and set(spec) <= {"name", "dice"} and isinstance(spec.get("dice"), list) \
                and all(isinstance(d, list) for d in spec["dice"]):
            dice = parse_dice_set(_set_text(spec), "options.rules")
            return CardDice(dice, dice.name, rules, solutions=solutions)
    raise InputError(f"must be {', '.join(RULES)} or {{\"name\", \"dice\": five lists of faces}}, got "
                     f"{shown(rules)}", field="rules")


def dice_kind(rules: object = "six", flags: Mapping[str, object] | None = None,
              solutions: Solutions = PURE) -> DiceKind:
    """The kind of dice named by `rules` ("six" with the variant `flags`; "royal", "octahedral", a set of one's
    own as {"name", "dice"}, or a DiceSet), its tables from `solutions`; InputError names the field."""
    if isinstance(rules, DiceSet):
        return CardDice(rules, rules.name, "", solutions=solutions)
    flags = dict(flags or {})
    values = []
    for key in FLAG_KEYS:
        value = flags.get(key, key == "straights")
        if not isinstance(value, bool):
            raise InputError(f"must be true or false, got {shown(value)}", field=key)
        values.append(value)
    if not isinstance(rules, (str, Mapping)):
        raise InputError(f"must be {', '.join(RULES)}, got {shown(rules)}", field="rules")
    return _kind(rules_id(rules), tuple(values), solutions)
