"""The dice-poker hint as a request: its fields, read and checked once (`parse_hint`), then answered (`hint`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ...errors import InputError
from ...solver import MAX_REROLLS, Dice, check_exact
from ..base import Hint, HintField, Option, Progress, Request
from ..inputs import named, parse_whole, shown
from .analysis import GAME, MEASURE, rank_keeps
from .rules import BUILTIN_TABLES, DEFAULT_TABLE, parse_hand, parse_payouts
from .tables import MAX_TABLE_NAME, find_table, load_tables

__all__ = ["HINT_FIELDS", "HintRequest", "hint", "parse_hint"]

CUSTOM = "custom"  # the name of a table given by its payouts, unless `name` says another
MAX_WEIGHT = 1_000_000  # a face's weight: 0 to this

HINT_FIELDS: tuple[HintField, ...] = (
    HintField("hand", "The dice showing: 2 3 4 5 5, \"2 3 4 5 5\" or 2,3,4,5,5.", argument=True, required=True,
              example="2 3 4 5 5"),
    HintField("rolls_left", f"Re-rolls still to come: 1 to {MAX_REROLLS}.", required=True,
              aliases=("-r", "--rerolls-left"), example=2),
    HintField("rules", "The payout table: B or I (built in) or a name from --tables-file.",
              aliases=("--table", "-t"), example="B", default=DEFAULT_TABLE),
    HintField("payouts", "Seven payouts instead of a named table: five of a kind, four of a kind, full house, "
                         "straight, three of a kind, two pairs, pair; numbers, 0.5 or 1/2."),
    HintField("name", f"The name of a table given by payouts (default {CUSTOM})."),
    HintField("tables_file", "TOML file with a \\[tables] section of name = \\[seven payouts].", cli_only=True),
    HintField("dice", "Number of dice: 1 to 10.", default=5),
    HintField("sides", "Faces per die: 2 to 20.", default=6),
    HintField("weights", "Integer weight per face (loaded dice), e.g. 1,1,1,1,1,2. Default: fair."),
    HintField("exact", "Exact fractions (JSON: value_exact, loss_exact).", flag=True),
)
_NAMES = tuple(f.name for f in HINT_FIELDS)
_KNOWN = frozenset(_NAMES)
_new, _fill = object.__new__, object.__setattr__
# the answers of the last positions asked (a page asks again as its user looks), by request less its names
_ANSWERS: dict[tuple[object, ...], tuple[Option, ...]] = {}
_MAX_ANSWERS = 1024


@dataclass(frozen=True)
class HintRequest(Request):
    """A hint's question read and checked once: the hand (sorted faces), the re-rolls still to come, the table
    (`rules`, its name, and its `payouts`) and the dice (count, faces, weights or None for fair)."""

    hand: tuple[int, ...]
    rolls_left: int
    rules: str
    payouts: tuple[Fraction, ...]
    dice: int = 5
    sides: int = 6
    weights: tuple[int, ...] | None = None
    exact: bool = False


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise InputError(f"must be true or false, got {shown(value)}", field=name)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= MAX_TABLE_NAME:
        raise InputError(f"must be a name of 1 to {MAX_TABLE_NAME} characters, got {shown(value)}", field=name)
    return value.strip()


def _weights(value: object) -> tuple[int, ...]:
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise InputError(f"must be whole numbers, one per face, got {shown(value)}", field="weights")
    return tuple(parse_whole(w, "weights", 0, MAX_WEIGHT) for w in items)


def _table(fields: Mapping[str, object]) -> tuple[str, tuple[Fraction, ...]]:
    """(name, payouts) of the one table asked: a name (built in or of the tables file) or seven payouts."""
    rules = fields.get("rules", DEFAULT_TABLE)
    if type(rules) is str and rules in BUILTIN_TABLES and fields.get("tables_file") is None \
            and fields.get("payouts") is None and fields.get("name") is None:
        return rules, BUILTIN_TABLES[rules]  # a built-in table by its own spelling: what the checks below find
    available = dict(BUILTIN_TABLES)
    if fields.get("tables_file") is not None:
        with named("tables_file"):
            available.update(load_tables(str(fields["tables_file"])))
    if fields.get("payouts") is not None:
        if fields.get("rules") is not None:
            raise InputError("give a table's name (rules) or its payouts, not both", field="payouts", sep=": ")
        with named("payouts"):
            payouts = parse_payouts(fields["payouts"])  # type: ignore[arg-type]  # checked there: text or a list
        name = CUSTOM if fields.get("name") is None else _text(fields["name"], "name")
        return name, payouts
    if fields.get("name") is not None:
        raise InputError("names a table given by payouts; a named table keeps its own name", field="name",
                         sep=": ")
    wanted = _text(fields.get("rules", DEFAULT_TABLE), "rules")
    if "," in wanted:
        raise InputError(f"the hint takes one table, got {wanted!r}", field="rules", sep=": ")
    with named("rules"):
        return find_table(wanted, available)


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A hint's fields (`HINT_FIELDS` names; text as typed or JSON values) read and checked once, each error
    naming its field; an exact solve past the solver's budget is refused here, before any work."""
    if not isinstance(fields, Mapping):
        raise InputError(f"a hint's fields are an object of {', '.join(_NAMES)}")
    if not _KNOWN.issuperset(fields):
        unknown = sorted(str(k) for k in fields if k not in _NAMES)
        raise InputError(f"unknown field {unknown[0]!r}; known: {', '.join(_NAMES)}")
    hand, rolls_left = fields.get("hand"), fields.get("rolls_left")
    if hand is None:
        raise InputError("is required", field="hand")
    if rolls_left is None:
        raise InputError("is required", field="rolls_left")
    # the usual numbers (ints in range) as they are; anything else read and worded by parse_whole
    dice, sides = fields.get("dice", 5), fields.get("sides", 6)
    if not (type(dice) is int and 1 <= dice <= 10):
        dice = parse_whole(dice, "dice", 1, 10)
    if not (type(sides) is int and 2 <= sides <= 20):
        sides = parse_whole(sides, "sides", 2, 20)
    weights = None if fields.get("weights") is None else _weights(fields["weights"])
    if weights is not None:  # fair dice of the counts read above are dice
        with named("weights"):
            Dice(dice, sides, weights)
    if not (type(rolls_left) is int and 1 <= rolls_left <= MAX_REROLLS):
        rolls_left = parse_whole(rolls_left, "rolls_left", 1, MAX_REROLLS)
    try:  # as `with named("hand")`, without making the context a call
        faces = parse_hand(hand, dice, sides)
    except InputError as err:
        if err.field is None:
            raise InputError(err.reason, "hand", ": ") from None
        raise
    rules, payouts = _table(fields)
    exact = fields.get("exact", False)
    if exact is not False:
        exact = _flag(exact, "exact")
    if exact:
        with named("exact"):
            check_exact(dice, sides, rolls_left)
    request = _new(HintRequest)
    # the fields as the frozen __init__ would set them one by one
    _fill(request, "__dict__", {"hand": faces, "rolls_left": rolls_left, "rules": rules, "payouts": payouts,
                                "dice": dice, "sides": sides, "weights": weights, "exact": exact})
    return request


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every distinct keep of the hand ranked by expected payout under optimal play afterwards, with its loss
    against the best; `progress(done, total)` counts the one solve."""
    if progress is not None:
        progress(0, 1)
    r = request
    # a built-in table is known by its name: a key without its seven Fractions to hash
    table = r.rules if BUILTIN_TABLES.get(r.rules) is r.payouts else r.payouts
    key = (r.hand, r.rolls_left, table, r.dice, r.sides, r.weights, r.exact)
    options = _ANSWERS.get(key)
    if options is None:
        # read and checked by parse_hint: straight to the ranking (ranked_options would check it all again)
        options = rank_keeps(r.hand, r.rolls_left, r.payouts, r.dice, r.sides, r.rolls_left, r.weights, r.exact)
        if len(_ANSWERS) >= _MAX_ANSWERS:
            _ANSWERS.clear()
        _ANSWERS[key] = options
    if progress is not None:
        progress(1, 1)
    answer = _new(Hint)
    _fill(answer, "__dict__", {"game": GAME, "position": {"hand": list(r.hand), "rolls_left": r.rolls_left,
                                                          "rules": r.rules},
                               "measure": MEASURE, "options": options})  # as Hint(...) would, at once
    return answer
