"""The family's rule sets by name: Yahtzee's scorecards (`rules.RULES`) and Balut's (`balut.BALUT_RULES`), each
behind the one `RuleSet` protocol the session, the hint and the interfaces use.

A new scorecard of either family is one data object in its family's dict; a new family is one small class
here (its card class beside it, a `Scorecard`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...errors import InputError
from ..inputs import parse_whole
from .balut import BALUT_RULES, BalutCategory, BalutRules, balut_rules
from .balut_awards import (
    MAX_POINT_GAMES, BalutPoints, BalutPointsSimulation, final_total, points_of, simulate_points_of,
)
from .balut_card import BalutCard, parse_balut_card
from .card import Card, parse_card
from .distribution import ScoreDistribution
from .rules import RULES, Category, Rules
from .ruleset import Progress, RuleSet, Solved
from .store import (
    balut_solution, cached_balut_distribution, cached_distribution, loaded_balut, loaded_solution, solution_for,
)

__all__ = ["RULE_SETS", "BalutRuleSet", "YahtzeeRuleSet", "balut_distribution", "balut_points", "rule_set",
           "simulate_balut_points"]


class _RuleSetFacts:
    """The facts every rule set passes on from its rules data unchanged, written once for both families."""

    rules: Rules | BalutRules

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def dice(self) -> int:
        return self.rules.dice

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def turns(self) -> int:
        return self.rules.turns

    @property
    def max_rolls_left(self) -> int:
        return self.rules.max_rolls_left

    def index(self, name: str) -> int:
        """A box's (category's) position on the card by name."""
        return self.rules.index(name)


@dataclass(frozen=True)
class YahtzeeRuleSet(_RuleSetFacts):
    """Yahtzee's scorecards (official, forced joker, Yatzy): each box used once, an upper bonus, and in
    Yahtzee the bonus for further Yahtzees and the joker."""

    rules: Rules

    @property
    def boxes(self) -> Sequence[Category]:
        return self.rules.categories

    @property
    def intro(self) -> tuple[str, ...]:
        return (f"{self.name}: five dice, three rolls a turn at most; keep any, re-roll the rest,",
                "then write the dice in an open box. The game ends when every box is used.",
                "Boxes: " + " ".join(c.short for c in self.rules.categories))

    @property
    def keys(self) -> str:
        return "keep 5 5, roll, or a box (fh, 3k, sixes)"

    def empty_card(self) -> Card:
        return Card(self.rules, (None,) * self.rules.n_categories)

    def parse_card(self, text: str) -> Card:
        return parse_card(text, self.rules)

    def card_from_state(self, boxes: Mapping[str, object], bonus: object) -> Card:
        text = " ".join(f"{k}={v}" for k, v in boxes.items() if v is not None)
        if bonus:
            text += f" bonus={bonus}"
        return parse_card(text, self.rules)

    def prepare(self, progress: Progress | None = None) -> float:
        return solution_for(self.rules, progress).expected_score

    def solved(self, fresh: bool = False, progress: Progress | None = None) -> Solved:
        solution, cached = loaded_solution(self.rules, progress, fresh)
        return Solved(self.name, self.title, solution.expected_score, solution.states, solution.seconds, cached,
                      int(solution.values.nbytes))

    def distribution(self, fresh: bool = False) -> ScoreDistribution:
        return cached_distribution(solution_for(self.rules), fresh=fresh)[0]


@dataclass(frozen=True)
class BalutRuleSet(_RuleSetFacts):
    """Balut's scorecards: a few categories, each filled several times, and a points system at the end."""

    rules: BalutRules

    @property
    def boxes(self) -> Sequence[BalutCategory]:
        return self.rules.categories

    @property
    def intro(self) -> tuple[str, ...]:
        r = self.rules
        return (f"{r.name}: five dice, three rolls a turn at most; keep any, re-roll the rest,",
                f"then write the dice in a category with an open box: {r.boxes} boxes each, {r.turns} turns.",
                "Categories: " + " ".join(c.name for c in r.categories))

    @property
    def keys(self) -> str:
        return "keep 5 5, roll, a category (fours, st, fh, c, b)"

    def empty_card(self) -> BalutCard:
        return BalutCard(self.rules, ((),) * self.rules.n_categories)

    def parse_card(self, text: str) -> BalutCard:
        return parse_balut_card(text, self.rules)

    def card_from_state(self, boxes: Mapping[str, object], bonus: object) -> BalutCard:
        if not all(isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
                   for v in boxes.values()) or bonus != 0:
            raise InputError("not a Balut game state: each category holds a list of its scores, and no bonus")
        return parse_balut_card(" ".join(f"{k}={','.join(map(str, v))}" for k, v in boxes.items()
                                         if isinstance(v, list) and v), self.rules)

    def prepare(self, progress: Progress | None = None) -> float:
        return balut_solution(self.rules).expected_score

    def solved(self, fresh: bool = False, progress: Progress | None = None) -> Solved:
        solution, cached = loaded_balut(self.rules, fresh)
        points = points_of(solution).to_json()
        return Solved(self.name, self.title, solution.expected_score, solution.states, solution.seconds, cached,
                      int(solution.values.nbytes), points)

    def distribution(self, fresh: bool = False) -> ScoreDistribution:
        solution = balut_solution(self.rules)
        return cached_balut_distribution(solution, lambda: final_total(solution), fresh=fresh)[0]


RULE_SETS: dict[str, RuleSet] = {
    **{name: YahtzeeRuleSet(rules) for name, rules in RULES.items()},
    **{name: BalutRuleSet(rules) for name, rules in BALUT_RULES.items()},
}


def rule_set(name: str) -> RuleSet:
    """A rule set by name (any case); InputError naming the known ones."""
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in RULE_SETS:
        raise InputError(f"unknown rules {name!r}; known: {', '.join(RULE_SETS)}")
    return RULE_SETS[key]


def balut_points(rules: str = "balut") -> BalutPoints:
    """The exact expected points of optimal (highest expected total) play, award by award."""
    return points_of(balut_solution(balut_rules(rules)))


def simulate_balut_points(games: int = 20_000, seed: int = 0, rules: str = "balut") -> BalutPointsSimulation:
    """The distribution of the points in seeded games of optimal (highest expected total) play."""
    games = parse_whole(games, "games", 1, MAX_POINT_GAMES)
    seed = parse_whole(seed, "seed", 0)
    return simulate_points_of(balut_solution(balut_rules(rules)), games, seed)


def balut_distribution(rules: str = "balut") -> ScoreDistribution:
    """The exact distribution of Balut's final total score under optimal play (stored once computed)."""
    return RULE_SETS[balut_rules(rules).name].distribution()
