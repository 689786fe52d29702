"""The dice-poker depth lab: the page, the depth report of one table as JSON (the CLI's --json, same keys), the
presets, a hand played against the table on the stateless play session, and the limits of the generic
`POST /api/dice-poker/hint` (`hint_pending`).

Cost is bounded before any work starts: a float solve grows with the multisets of its lattice and an exact one
with its links, so both are refused with 422 above what answers in about 2 s here (the CLI goes further).
Answers are cached as the bytes sent, so typing back to an earlier table answers at once.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import (
    ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationInfo, field_validator, model_validator,
)
from pydantic_core import PydanticCustomError

from .. import i18n
from ..i18n import N_
from ..errors import InputError
from ..games import dice_poker as face
from .common import AnswerCache, Body, FieldError, Gate, computed, json_response, page, request_language, user_field
from .schemas import DepthReport, DiceTables, answers
from .session import session_routes

__all__ = [
    "CACHE_BYTES", "MAX_EXACT_LINKS", "MAX_KEEPS", "TABLES_FILE_ENV", "PlayOptions", "ReportBody", "TablesTextBody",
    "hint_pending", "router", "warm",
]

log = logging.getLogger("holdwise.web")
router = APIRouter()

GAME = "dice-poker"
TABLES_FILE_ENV = "HOLDWISE_DICE_POKER_TABLES"  # a TOML tables file whose tables the server offers as presets
# Measured on the 2-core development machine (report of table B, floats, through the server): 5 x 16 faces
# (20,349 multisets) 0.9 s, 8 x 9 (24,310) 0.9 s, 5 x 17 (26,334) 1.3 s idle but 2.5 s under load, 5 x 20 (53,130)
# 3.0 s; time grows with the multisets, so the limit leaves room for a busy machine.
MAX_KEEPS = 25_000
# Exact reports measured 20-45 microseconds a link here: 5 x 6, 2 re-rolls (22,176 links) 0.95 s, 6 x 6
# (44,352) 1.1 s, 5 x 8 (82,368) 2.3 s.
MAX_EXACT_LINKS = 50_000
HEAVY_KEEPS = 5_000  # above this (or exact) a solve takes a core for a noticeable time: one at a time
HEAVY_WAIT_S = 4.0
CACHE_BYTES = 64 << 20  # answers kept as bytes, least recently used dropped first
MAX_NAME = face.MAX_TABLE_NAME
MAX_TABLES_TEXT_CHARS = 20_000  # a pasted tables file: about 300 tables' worth, far below the file limit

# A payout or a bet as JSON gives it (number or text such as "1/2"): the game's own parser checks it and says
# what is wrong in its words (booleans, nan, inf, 1e999999999 and text over 1,000 characters are refused there).
Payout = Any
Dice = Annotated[StrictInt, Field(ge=1, le=10, description="Number of dice: 1 to 10.")]
Sides = Annotated[StrictInt, Field(ge=2, le=20, description="Faces per die: 2 to 20.")]
Rerolls = Annotated[StrictInt, Field(ge=0, le=6, description="Re-rolls after the first roll: 0 to 6.")]
Weights = Annotated[list[Annotated[StrictInt, Field(ge=0, le=1_000_000)]], Field(min_length=2, max_length=20)]
Gap = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME)]


class _Table(Body):
    """A table: a preset's name, or seven payouts (named `name`, default custom)."""

    rules: Name | None = Field(None, description="A built-in table (B, I) or one of the server's tables file; "
                                                 "default B when no payouts are given.")
    payouts: list[Payout] | None = Field(None, max_length=7, description="Seven payouts in category order: five "
                                         "of a kind, four of a kind, full house, straight, three of a kind, two "
                                         "pairs, pair; numbers or text such as \"1/2\".")
    name: Name | None = Field(None, description="The name of a table given by payouts (default custom).")
    dice: Dice = 5
    sides: Sides = 6
    weights: Weights | None = Field(None, description="An integer weight per face (loaded dice); null = fair.")


class ReportBody(_Table):
    """The depth report of one table: `holdwise dice-poker [--table T | --payouts P] ... --json`."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"payouts": [10, 6, 4, 3, 2, 1, "1/2"], "dice": 5, "sides": 6, "rerolls": 2, "tie": "higher",
         "exact": False, "min_chance_gap_pp": 25, "min_rule_gap_pp": 5}]})

    rerolls: Rerolls = 2
    tie: Literal["higher", "lower"] = "higher"
    exact: StrictBool = False
    min_chance_gap_pp: Gap = 25
    min_rule_gap_pp: Gap = 5


class TablesTextBody(Body):
    """The text of a TOML tables file: a [tables] section of name = [seven payouts]."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"text": "[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\nJ = [12, 6, 4, 3, 2, 1, \"1/3\"]\n"}]})

    text: StrictStr = Field(max_length=MAX_TABLES_TEXT_CHARS)


def _said(check: Callable[[], object]) -> None:
    """Run a check of the lab's; its refusal said as pydantic says a field's (the 422 names the field)."""
    try:
        check()
    except InputError as err:
        reason = err.message if isinstance(err, FieldError) else str(err)
        raise PydanticCustomError("lab_limit", "{reason}", {"reason": reason}) from None


class PlayOptions(Body):
    """A play session's options: the table (`rules`, a preset's name, or a label for payouts), dice, faces,
    re-rolls, weights, bet. A preset of the server's tables file is sent to the session as its payouts."""

    rules: Name | None = None
    payouts: list[Payout] | None = Field(None, max_length=7)
    dice: Dice = 5
    sides: Sides = 6
    rerolls: Rerolls = 2
    weights: Weights | None = None
    bet: Payout = 1

    @field_validator("rules")
    @classmethod
    def _known(cls, rules: str | None) -> str | None:
        if rules is not None:
            _said(lambda: _preset(rules))
        return rules

    @field_validator("sides")
    @classmethod
    def _small_enough(cls, sides: int, info: ValidationInfo) -> int:
        dice = info.data.get("dice")
        if dice is not None:  # the session solves its table as it starts: within the lab's limit
            _said(lambda: _check_cost(dice, sides, 1, False, solves=1))
        return sides

    @field_validator("weights")
    @classmethod
    def _one_per_face(cls, weights: list[int] | None, info: ValidationInfo) -> list[int] | None:
        sides = info.data.get("sides")
        if sides is not None:
            _said(lambda: _check_weights(weights, sides))
        return weights

    @model_validator(mode="after")
    def _payouts_of_a_preset(self) -> PlayOptions:
        if self.payouts is None and self.rules is not None:
            self.rules, payouts = _preset(self.rules)
            self.payouts = [str(v) for v in payouts]
        return self


# ---- presets -------------------------------------------------------------------------------------------

_FILE_TABLES: dict[str, dict[str, tuple[Fraction, ...]]] = {}
_FILE_LOCK = threading.Lock()


def _file_tables() -> dict[str, tuple[Fraction, ...]]:
    """The tables of the server's tables file ($HOLDWISE_DICE_POKER_TABLES), read once; none when unset or bad."""
    path = os.environ.get(TABLES_FILE_ENV, "")
    with _FILE_LOCK:
        if path not in _FILE_TABLES:
            tables: dict[str, tuple[Fraction, ...]] = {}
            if path:
                try:
                    tables = {n: t for n, t in face.load_tables(path).items() if 1 <= len(n) <= MAX_NAME}
                except InputError as err:
                    log.warning("dice-poker presets: %s", err)
            _FILE_TABLES[path] = tables
        return _FILE_TABLES[path]


def _presets() -> dict[str, tuple[Fraction, ...]]:
    return {**face.BUILTIN_TABLES, **_file_tables()}


def _number_text(value: Fraction) -> str:
    """A payout as a person types it: 10, 0.5, 1/3."""
    if value.denominator == 1:
        return str(value.numerator)
    shown = repr(float(value))
    return shown if Fraction(shown) == value else f"{value.numerator}/{value.denominator}"


def _preset_json(name: str, table, source: str) -> dict:
    return {"name": name, "payouts": [_number_text(v) for v in table], "source": source}


def _bad_payout(payouts: list) -> str:
    """Where a refused payout list goes wrong: "payouts.<i>" for the first bad value (so the page marks that field
    alone), or "payouts" when it is the list itself (its length)."""
    if len(payouts) == len(face.CATEGORIES):
        for i, value in enumerate(payouts):
            try:
                face.parse_payouts([value if j == i else 0 for j in range(len(payouts))])
            except InputError:
                return f"payouts.{i}"
    return "payouts"


def _table_of(body: _Table) -> tuple[str, tuple[Fraction, ...]]:
    """(name, payouts) of a request: a preset by name, or payouts named `name` (default custom)."""
    if body.payouts is not None:
        if body.rules is not None:
            raise FieldError("rules", "give a table name or payouts, not both (payouts are named by 'name')")
        try:
            return body.name or "custom", face.parse_payouts(body.payouts)
        except InputError as err:
            raise FieldError("payouts", str(err), at=_bad_payout(body.payouts)) from None
    if body.name is not None:
        raise FieldError("name", "names a table given by payouts; a preset keeps its own name")
    with user_field("rules"):
        return _preset(body.rules or face.DEFAULT_TABLE)


def _preset(name: str) -> tuple[str, tuple[Fraction, ...]]:
    """(its spelling, its payouts) of a preset named in any case: built in or of the server's tables file."""
    return face.find_table(name, _presets())


def _check_weights(weights: list[int] | None, sides: int, field: str = "weights") -> None:
    if weights is None:
        return
    if len(weights) != sides:
        raise FieldError(field, f"one weight per face: {sides} weights for {sides} faces, got {len(weights)}")
    if not any(weights):
        raise FieldError(field, "the weights must not all be zero")


# ---- cost -----------------------------------------------------------------------------------------------

_GATE = Gate("busy: another large solve is running; try again in a moment")


def _largest_sides(dice: int, fits: Callable[[int], bool]) -> int | None:
    ok = [s for s in range(2, 21) if fits(s)]
    return max(ok) if ok else None


def _check_cost(dice: int, sides: int, rerolls: int, exact: bool, solves: int, prefix: str = "") -> bool:
    """Refuse with 422 what would take longer than about 2 s; True when the work is heavy (one at a time)."""
    keeps = face.lattice_keeps(dice, sides)
    if keeps > MAX_KEEPS:
        largest = _largest_sides(dice, lambda s: face.lattice_keeps(dice, s) <= MAX_KEEPS)
        raise FieldError(prefix + "sides", f"{dice} dice with {sides} faces is {keeps:,} multisets to solve, over "
                         f"the web lab's limit of {MAX_KEEPS:,} (about 2 s); with {dice} dice at most {largest} "
                         f"faces here (the command line goes further)")
    if exact:
        work = face.exact_links(dice, sides, rerolls, solves)
        if work > MAX_EXACT_LINKS:
            largest = _largest_sides(dice, lambda s: face.exact_links(dice, s, rerolls, solves) <= MAX_EXACT_LINKS)
            fits = (f"with {dice} dice and {rerolls} re-rolls at most {largest} faces" if largest else
                    f"not with {dice} dice and {rerolls} re-rolls")
            raise FieldError("exact", f"exact arithmetic on {dice} dice with {sides} faces and {rerolls} re-rolls is "
                             f"{work:,} links, over the web lab's limit of {MAX_EXACT_LINKS:,} (about 2 s); {fits}; "
                             f"use floats or the command line")
        return True
    return keeps > HEAVY_KEEPS


_cache = AnswerCache(CACHE_BYTES)


# ---- the page --------------------------------------------------------------------------------------------

@router.get("/dice-poker", response_class=HTMLResponse, include_in_schema=False)
def lab_page(request: Request) -> HTMLResponse:
    """The depth lab."""
    presets = [_preset_json(n, t, "built-in" if n in face.BUILTIN_TABLES else "file") for n, t in _presets().items()]
    lang = request_language(request)  # the hands' names in the reader's language (the page's script shows them too)
    labels = [i18n.gettext(face.CATEGORY_LABELS[c], lang) for c in face.CATEGORIES]
    return page(request, "dice_poker.html", title=N_("Dice poker: depth lab"), presets=presets,
                categories=list(zip(face.CATEGORIES, labels)), max_keeps=MAX_KEEPS, max_exact_links=MAX_EXACT_LINKS)


# ---- the API ---------------------------------------------------------------------------------------------

@router.get("/api/dice-poker/tables", tags=["dice-poker"], **answers(DiceTables, "GET /api/dice-poker/tables"))
def tables() -> dict:
    """The presets: the built-in tables (B, I) and those of the server's tables file ($HOLDWISE_DICE_POKER_TABLES),
    each `{name, payouts (as text: 10, 0.5, 1/3), source}`, with the categories in payout order and the limits."""
    return {"tables": [_preset_json(n, t, "built-in" if n in face.BUILTIN_TABLES else "file")
                       for n, t in _presets().items()],
            "categories": list(face.CATEGORIES),
            "limits": {"max_keeps": MAX_KEEPS, "max_exact_links": MAX_EXACT_LINKS,
                       "max_tables_text_chars": MAX_TABLES_TEXT_CHARS, "max_tables": face.MAX_TABLES}}


@router.post("/api/dice-poker/tables", tags=["dice-poker"], **answers(DiceTables, "POST /api/dice-poker/tables"))
def tables_from_text(body: TablesTextBody) -> dict:
    """The tables of a pasted TOML tables file (read as `--tables-file` reads a file), as presets with source
    "text": `{"tables": [{name, payouts, source}]}`. The server keeps nothing: the page holds them."""
    with user_field("text"):
        parsed = face.parse_tables_text(body.text)
    return {"tables": [_preset_json(n, t, "text") for n, t in parsed.items()]}


@router.post("/api/dice-poker/report", tags=["dice-poker"], **answers(DepthReport, "POST /api/dice-poker/report"))
def report(body: ReportBody) -> Response:
    """The depth report of one table: exactly `holdwise dice-poker --payouts P (or --table T) --dice D --sides S
    --rerolls R [--weights W] [--tie T] [--exact] [--min-chance-gap G] [--min-rule-gap G] --json` (optimal, rule,
    none, random, shares, gaps, criterion, diff with every row, frequencies, first-roll counts; with `exact` the
    "p/q" values under *_exact). Refused with 422 above 25,000 multisets (floats) or 50,000 links (exact)."""
    name, payouts = _table_of(body)
    _check_weights(body.weights, body.sides)
    heavy = _check_cost(body.dice, body.sides, body.rerolls, body.exact, solves=4)
    weights = None if body.weights is None else tuple(body.weights)
    key = ("report", name, payouts, body.dice, body.sides, body.rerolls, weights, body.tie, body.exact,
           body.min_chance_gap_pp, body.min_rule_gap_pp)
    cached = _cache.get(key)
    if cached is not None:
        return json_response(cached)

    def work() -> Any:  # noqa: ANN401
        with _GATE.held(HEAVY_WAIT_S, heavy):
            return computed("report", lambda: face.report(
                payouts, name=name, dice=body.dice, sides=body.sides, rerolls=body.rerolls, weights=weights,
                tie=body.tie, exact=body.exact, min_chance_gap_pp=body.min_chance_gap_pp,
                min_rule_gap_pp=body.min_rule_gap_pp))
    return _cache.answer(key, work)


def hint_pending(request: face.HintRequest) -> Response | None:
    """Before `POST /api/dice-poker/hint` answers: a solve past the lab's limits is refused (422), and a heavy one
    runs here alone (one at a time, `HEAVY_WAIT_S` in line, else busy) so the answer is then at hand."""
    heavy = _check_cost(request.dice, request.sides, request.rolls_left, request.exact, solves=1)
    if heavy:
        with _GATE.held(HEAVY_WAIT_S, heavy):
            computed("hint", lambda: face.hint(request))  # cached by the game: the route's own call is instant
    return None


router.include_router(session_routes(GAME, face, PlayOptions, routes=("new", "step", "advice", "computer"), describe={
    "new": "A new session with its first hand rolled: `{\"state\": sealed state, \"actions\": [...]}`. The state's "
           "`data` holds `hand_number`, `hand`, `rolls_left` and once paid `category`, `payout`, `paid`; `tally` the "
           "hands, staked, won and balance; `log` what happened.",
    "step": "The state after the player's action: `{\"type\": \"keep\", \"keep\": [faces]}` (keeping every die "
            "stands) or, once the hand is paid, `{\"type\": \"next\"}`. Answers `{\"state\": sealed state, "
            "\"actions\": [...]}`.",
    "advice": "The hint for the hand in play: every keep ranked by expected payout (bet x the hint's value), each "
              "with the `action` that plays it (the Hint JSON of `holdwise dice-poker hint`, with the bet).",
    "computer": "The best play for the hand in play (the optimal keep, or the next hand) and the state after it: "
                "`{\"action\": ..., \"state\": sealed state, \"actions\": [...]}`.",
}, new_example={"options": {"rules": "B", "dice": 5, "sides": 6, "rerolls": 2, "bet": 1}, "seed": 7},
   step_example={"state": {"state": {}, "seal": ""}, "action": {"type": "keep", "keep": []}}))


def warm() -> None:
    """Solve the built-in tables' reports and a hand of play in the background, so the first visitor waits
    for nothing."""

    def run() -> None:
        try:
            for name in face.BUILTIN_TABLES:
                report(ReportBody.model_validate({"rules": name}))
            face.advice(face.new_game(None, 0))
        except Exception:  # noqa: BLE001 - warming is a convenience; a failure shows on the first request
            log.exception("warming the dice-poker lab failed")

    threading.Thread(target=run, name="holdwise-warm-dice-poker", daemon=True).start()
