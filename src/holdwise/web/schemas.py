"""The JSON API's response models: what each endpoint answers, declared so /docs and /redoc show it.

The models name the fields a client relies on and allow the rest (an answer is the CLI's --json object, and
its detail grows with the games); each endpoint's sample is a real answer, trimmed, kept in
response_examples.json (written by tools/make_response_examples.py). `answers(model, key)` is the route
decorator's part: the model and the sample for status 200, with the answer still written by the route itself
(no second validation of a large state or hint on every request).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ChartCheck", "ChartEvaluation", "ChartHold", "DepthReport", "DiceTables", "EditorCancel", "EditorOptions",
    "EditorReturn",
    "EditorTable", "Fairness", "FarkleBadges", "FarkleCoach", "FarkleDice", "FarkleReport", "FarkleReview", "FarkleRules",
    "FarkleTurn", "Health", "Hint", "HintOption", "JobStatus", "Loadouts", "PokerDiceOdds", "Sealed", "Search",
    "SearchPlan", "SessionAnswer", "TrainerChart", "VideoPokerGames", "VideoPokerReturn", "VideoPokerStrategy",
    "YahtzeeDistribution", "answers", "sample",
]

SAMPLES = Path(__file__).with_name("response_examples.json")


class Answer(BaseModel):
    """An answer: the fields named below, and more the CLI's --json object carries."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


@cache
def _samples() -> dict[str, Any]:
    return json.loads(SAMPLES.read_text())


def sample(key: str) -> Any:  # noqa: ANN401
    """The stored sample answer of "METHOD /path"."""
    return _samples()[key]


def answers(model: type[BaseModel], key: str, more: dict[int | str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A route's response declaration: `model` and the sample of `key` ("METHOD /path") for status 200, beside
    the route's other answers (`more`, e.g. a 202)."""
    ok: dict[str, Any] = {"model": model, "description": " ".join((model.__doc__ or "").split())}
    if key in _samples():  # a new endpoint has none until the tool runs (tests/web/test_response_schemas.py says so)
        ok["content"] = {"application/json": {"example": sample(key)}}
    return {"response_model": None, "responses": {200: ok, **(more or {})}}


# ---- shared shapes ----
class Sealed(BaseModel):
    """A sealed state: the game's state and the server's seal over it (send both back unchanged)."""

    model_config = ConfigDict(extra="forbid")
    state: dict[str, Any]
    seal: str


class SessionAnswer(Answer):
    """The session after a move: the sealed state, the legal actions, the page's view and the action taken."""

    state: Sealed
    actions: list[dict[str, Any]]
    view: dict[str, Any] | None = None
    action: dict[str, Any] | None = None


class HintOption(Answer):
    """One option of a position: its text, its value in the hint's measure, its loss against the best, and the
    action that plays it."""

    option: str
    value: float
    loss: float = Field(ge=0)
    action: dict[str, Any]


class Hint(Answer):
    """Every option of one position, best first, in the hint's measure (`measure`), with the position's fields."""

    game: str
    measure: str
    options: list[HintOption]


class JobStatus(Answer):
    """A solve's status: `status` (idle, running, done, failed, cancelled ...), `done` of `total` steps and the
    time left when known."""

    status: str
    done: int | float | None = None
    total: int | float | None = None
    error: str | None = None
    seconds_left: float | None = None


class HealthSolves(Answer):
    """The server's heavy solves (every worker's): running and waiting in line."""

    running: int
    queued: int


class Health(Answer):
    """The server is up: its version, process id, and heavy solves running and queued."""

    status: str
    version: str
    pid: int
    solves: HealthSolves


# ---- Farkle ----
class FarkleDice(Answer):
    """Every die the Farkle table knows: its name, faces and their chances, and where it is found."""

    joker_symbol: str
    joker: str
    dice: list[dict[str, Any]]
    sources: list[Any]


class FarkleRules(Answer):
    """The Kingdom Come Farkle rules the solver plays: scoring combinations, hot dice, busts, jokers."""

    game: str
    dice_per_player: int
    target: int
    rules: list[Any]


class FarkleTurn(Answer):
    """One turn alone, played for points: its expected points, bust chances and when to bank."""

    dice: list[Any]
    expected_points: float
    bust_chance: dict[str, Any]
    bank_threshold: dict[str, Any]
    by_dice_left: list[Any]


class FarkleCoach(Answer):
    """The coach of the position in play: the coaching table's options (`coaching`) and the race-aware match's
    status (`race`); each is null when it does not apply."""

    coaching: dict[str, Any] | None
    race: dict[str, Any] | None


class FarkleReview(Answer):
    """Each decision of the game priced against the coach's best: points and win chance lost."""

    game: str
    measure: str
    race_aware: bool
    decisions: list[dict[str, Any]]
    points_lost: float
    win_chance_lost: float


class Loadouts(Answer):
    """The loadouts of the dice owned, ranked by win chance (or points while the matches solve)."""

    owned: list[Any]
    loadouts: list[dict[str, Any]]
    ranked_by: str
    seconds: float


class SearchPlan(Answer):
    """What an inventory search would solve: the sets, the time it is expected to take and the limit."""

    sets: int
    estimate_seconds: float
    max_seconds: float
    within_limit: bool


class Search(Answer):
    """An inventory search's ranking so far: the sets examined and solved, the best loadouts."""

    owned: list[Any]
    ranked_by: str
    sets: int
    examined: int
    solved: int
    complete: bool
    loadouts: list[dict[str, Any]]


class FarkleBadges(Answer):
    """A match with badges: the first player's start win chance with them and without, each badge's worth."""

    target: int
    dice: list[Any]
    opponent_dice: list[Any]
    badges: list[str]
    opponent_badges: list[str]
    first_player_win_chance: float
    no_badge_win_chance: float
    badge_worth: dict[str, float]
    opponent_badge_worth: dict[str, float]


class FarkleReport(Answer):
    """The strategy report of a match: thresholds, win chances, where playing for points and playing to win
    disagree, and the findings in words."""

    target: int
    dice: list[Any]
    opponent_dice: list[Any]
    expected_points: float
    first_player_win_chance: float
    situations: int
    disagreements: int
    findings: list[Any]


# ---- dice poker ----
class DiceTables(Answer):
    """Dice-poker pay tables: each table's name and payouts (and, for the built-in ones, the categories and
    the limits of a table)."""

    tables: list[dict[str, Any]]


class DepthReport(Answer):
    """The depth report of one table: expected payout under exact play, a rule of thumb, no keeps and random
    keeps, and the gaps between them."""

    rules: str
    optimal: float
    rule: float
    none: float
    random: float
    gap_pp: float
    chance_gap_pp: float
    criterion_met: bool


# ---- video poker ----
class VideoPokerGames(Answer):
    """The video-poker games the server offers, with their pay tables."""

    games: list[dict[str, Any]]


class ChartHold(Answer):
    """What a chart plays on a hand: the line (null: no line fits, draw five), the hold and its exact value."""

    hand: str
    line: int | None
    line_text: str | None
    hold: list[int]
    hold_text: str
    value: float
    value_exact: str
    chart: str


class TrainerChart(Answer):
    """The chart the trainer plays: its lines and its return against optimal play."""

    rules: str
    name: str
    coins: int
    choice: str
    lines: list[dict[str, Any]]
    chart_text: str
    return_value: float
    cost: float
    note: str


class ChartCheck(Answer):
    """A chart as the game reads it, line by line."""

    game: str
    lines: list[dict[str, Any]]


class Fairness(Answer):
    """Every game's return at 1-4 and 5 coins, ranked (while computing, the job's progress)."""

    status: str
    games: list[dict[str, Any]]


class VideoPokerReturn(Answer):
    """A game's exact return under optimal play, with the chance of each paying hand."""

    rules: str
    name: str
    coins: int
    return_value: float = Field(alias="return")
    return_exact: str
    table: list[dict[str, Any]]


class VideoPokerStrategy(Answer):
    """A game's derived basic strategy, its costliest exceptions and the cost curve of the best short charts."""

    rules: str
    coins: int
    lines: list[dict[str, Any]]
    curve: list[Any]
    return_value: float = Field(alias="return")


class ChartEvaluation(Answer):
    """A chart played over every deal: its return, its cost against optimal play and its costliest errors."""

    kind: str
    rules: str
    lines: list[dict[str, Any]]
    return_value: float = Field(alias="return")
    cost: float


class EditorOptions(Answer):
    """What the pay-table editor offers: the deck variants and the hands a table may pay."""

    variants: list[dict[str, Any]]
    hands: list[Any]


class EditorReturn(Answer):
    """A table of one's own: its code and links, its TOML and its returns at 1-4 and 5 coins."""

    table: dict[str, Any]
    code: str
    link: str
    toml: str
    returns: dict[str, Any]


class EditorCancel(Answer):
    """A table's solve asked to stop: the job's state in the worker that answered, and whether it stops."""

    status: str
    stopping: bool


class EditorTable(Answer):
    """The table a link's code carries, in the file format's keys, and its TOML."""

    table: dict[str, Any]
    toml: str


# ---- poker dice and Yahtzee ----
class PokerDiceOdds(Answer):
    """The odds of one roll of the dice: the count and chance of each hand over every outcome."""

    categories: list[Any]
    counts: dict[str, Any]
    chances: dict[str, Any]
    outcomes: int


class YahtzeeDistribution(Answer):
    """The exact distribution of the final score under exact play: chances, mean, spread, percentiles."""

    rules: str
    chances: list[Any]
    mean: float
    standard_deviation: float
    percentiles: dict[str, Any]
