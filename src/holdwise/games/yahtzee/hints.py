"""The family's hint as a request: `parse_hint(fields)` reads a position once (every error naming its field),
`hint(request)` ranks every keep (or, with no rolls left, every box) by expected final score; `solved` is a
rule set's optimum. The same for every rule set (Yahtzee, Yatzy, Balut): they differ only in their `RuleSet`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...errors import InputError
from ..base import Hint, HintField, Measure, Progress, Request
from ..inputs import named, parse_whole, shown
from .ruleset import RuleSet, Scorecard, Solved, parse_dice
from .variants import RULE_SETS, rule_set

__all__ = ["GAME", "HINT_FIELDS", "MAX_CARD_CHARS", "MEASURE", "HintRequest", "Solved", "hint", "parse_hint",
           "position_hint", "solved"]

GAME = "yahtzee"
_new, _fill = object.__new__, object.__setattr__
MEASURE: Measure = "expected_score"
MAX_CARD_CHARS = 400  # a full Balut card is about 200

HINT_FIELDS: tuple[HintField, ...] = (
    HintField("dice", "the five dice: 1 1 5 3 2 or 11532", argument=True, required=True, example="1 1 5 3 2"),
    HintField("card", 'the scorecard: "ones=3 3k=24 fh=25 y=50", bonus=100 a Yahtzee bonus taken; Balut '
                      'gives each category its scores, "fours=8,12 straight=20" (default: a new game)',
              example="fh=25"),
    HintField("rolls_left", "re-rolls still allowed: 2 after the first roll, 0 when the dice must go in a box.",
              example=2, default=2),
    HintField("rules", f"the scorecard: {', '.join(RULE_SETS)}.", example="yahtzee", default="yahtzee"),
)
_NAMES = tuple(f.name for f in HINT_FIELDS)
_KNOWN = frozenset(_NAMES)


@dataclass(frozen=True)
class HintRequest(Request):
    """A position read and checked once: the rule set, the card (as its rules write it), the dice (sorted)
    and the re-rolls left."""

    rules: str
    card: str
    dice: tuple[int, ...]
    rolls_left: int
    # the card as parse_hint read it, for `hint` (not a field to give: a request copied with another card or
    # rules, as dataclasses.replace makes it, has none, and its card is read again)
    scorecard: Scorecard | None = field(default=None, init=False, compare=False, repr=False)

    def to_json(self) -> dict[str, object]:
        return {"rules": self.rules, "card": self.card, "dice": list(self.dice), "rolls_left": self.rolls_left}


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A hint's fields (CLI text or JSON values) read and checked, each error naming its field."""
    if not isinstance(fields, Mapping):
        raise InputError(f"a hint's fields are an object naming {', '.join(_NAMES)}")
    if not _KNOWN.issuperset(fields):
        unknown = [k for k in fields if k not in _NAMES]
        raise InputError(f"unknown field {shown(unknown[0])}; known: {', '.join(_NAMES)}", field=str(unknown[0]))
    if "dice" not in fields or fields["dice"] in (None, "", []):
        raise InputError("is required: the five dice, e.g. 1 1 5 3 2", field="dice")
    name = fields.get("rules", "yahtzee")
    if not isinstance(name, str):
        raise InputError(f"must be one of {', '.join(RULE_SETS)}, got {shown(name)}", field="rules")
    with named("rules"):
        rules = rule_set(name)
    text = fields.get("card", "")
    if not isinstance(text, str):
        raise InputError(f"must be text such as 'ones=3 fh=25', got {type(text).__name__}", field="card")
    if len(text) > MAX_CARD_CHARS:
        raise InputError(f"must be at most {MAX_CARD_CHARS} characters, got {len(text):,}", field="card")
    with named("card"):
        card = rules.parse_card(text)
    with named("dice"):
        dice = parse_dice(fields["dice"], rules)
    rolls_left = parse_whole(fields.get("rolls_left", rules.max_rolls_left), "rolls_left", 0, rules.max_rolls_left)
    if card.full:
        raise InputError("the card is full: the game is over", field="card", sep=": ")
    request = _new(HintRequest)
    # the fields as the frozen __init__ would set them one by one, and the card read (not an __init__ field)
    _fill(request, "__dict__", {"rules": rules.name, "card": card.text(), "dice": dice, "rolls_left": rolls_left,
                                "scorecard": card})
    return request


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every play of a position ranked by expected final score (the card's points so far included): with no
    rolls left the open boxes, otherwise every keep and scoring now. `progress(done, total)` follows the solve
    of the rule set's table when it is not stored yet."""
    rules = rule_set(request.rules)
    rules.prepare(progress)
    card = request.scorecard
    if card is None:  # a request not made by parse_hint: its card read here
        card = rules.parse_card(request.card)
        text = card.text()
    else:
        text = request.card  # parse_hint wrote it from this card
    return position_hint(rules, card, request.dice, request.rolls_left, text)


def position_hint(rules: RuleSet, card: Scorecard, dice: tuple[int, ...], rolls_left: int,
                  text: str | None = None) -> Hint:
    """The hint of a checked position (the session's advice); `text`: the card's, when already written."""
    position = {"rules": rules.name, "card": card.text() if text is None else text, "dice": list(dice),
                "rolls_left": rolls_left, "score_so_far": card.total}
    answer = _new(Hint)
    _fill(answer, "__dict__", {"game": GAME, "position": position, "measure": MEASURE,
                               "options": tuple(card.options(dice, rolls_left))})  # as Hint(...) would, at once
    return answer


def solved(rules: str = "yahtzee", fresh: bool = False, progress: Progress | None = None) -> Solved:
    """Solve a rule set (or load its stored table); `fresh` solves again and replaces what is stored."""
    return rule_set(rules).solved(fresh, progress)
