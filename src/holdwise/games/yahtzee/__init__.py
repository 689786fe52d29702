"""Yahtzee, Yatzy and Balut, solitaire: the game's public face. One family: a rule set (`rule_set(name)`,
`RULE_SETS`) is data behind one `RuleSet` protocol, so every verb below works for each.

Verbs: the hint as a request, `parse_hint(fields)` -> `HintRequest`, `hint(request)` (every keep, or every box,
ranked by expected final score; `HINT_FIELDS` lists the fields); `solved(rules)` (the exact optimum of a new
game, the table stored in the cache folder); the play session `new_game`, `actions`, `step`,
`computer_action`, `advice`, `parse_action`, and `review` (the costly decisions of a game); Yahtzee's rules as
data (`get_rules`, `RULES`), `parse_card`, `parse_dice`, the solver `solve`, `turn_tables`, the stored tables
`solution_for`, `cached_solution`; `simulate` (seeded games of optimal play); `score_distribution(solution)`
(the exact distribution of the final score; `cached_distribution` keeps it on disk). Balut (seven categories
filled four times: `BALUT`, `balut_rules`, `balut_score`, `parse_balut_card`, `balut_solution`) and its points
system for the optimal play: `balut_points` (exact expectation), `simulate_balut_points` (sampled),
`balut_distribution` (the exact distribution of the final total).

    >>> from holdwise.games import yahtzee
    >>> yahtzee.get_rules("yahtzee").n_categories
    13
    >>> yahtzee.parse_hint({"dice": "1 1 5 3 2", "card": "ones=3"}).dice
    (1, 1, 2, 3, 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .balut import BALUT, Award, BalutCategory, BalutRules, balut_rules, balut_score
    from .balut_awards import BalutPoints, BalutPointsSimulation
    from .balut_card import BalutCard, parse_balut_card
    from .card import Card, card_text, parse_card, parse_whole, possible_points
    from .distribution import PERCENTILES, ScoreDistribution, score_distribution
    from .hints import GAME, HINT_FIELDS, MEASURE, HintRequest, hint, parse_hint, solved
    from .rules import RULES, YAHTZEE, YAHTZEE_FORCED, YATZY, Category, Rules, get_rules, score
    from .ruleset import RuleSet, Scorecard, Solved, keep_text, parse_dice
    from .session import (
        DEFAULT_OPTIONS, actions, advice, card_line, card_of, computer_action, new_game, parse_action, review,
        rule_set_of, step,
    )
    from .simulation import MAX_GAMES, Simulation, simulate
    from .solver import Solution, TurnTables, box_table, solve, state_count, turn_tables, written
    from .store import balut_solution, cached_distribution, cached_solution, solution_for
    from .variants import RULE_SETS, balut_distribution, balut_points, rule_set, simulate_balut_points

__all__ = [
    "Award", "BALUT", "BalutCard", "BalutCategory", "BalutPoints", "BalutPointsSimulation", "BalutRules", "Card",
    "Category", "DEFAULT_OPTIONS", "GAME", "HINT_FIELDS", "HintRequest", "MAX_GAMES", "MEASURE",
    "PERCENTILES", "RULES", "RULE_SETS", "RuleSet", "Rules", "ScoreDistribution", "Scorecard", "Simulation",
    "Solution", "Solved", "TurnTables", "YAHTZEE", "YAHTZEE_FORCED", "YATZY", "actions", "advice",
    "balut_distribution", "balut_points", "balut_rules", "balut_score", "balut_solution", "box_table",
    "cached_distribution", "cached_solution", "card_line", "card_of", "card_text", "computer_action", "get_rules",
    "hint", "keep_text", "new_game", "parse_action", "parse_balut_card", "parse_card", "parse_dice",
    "parse_hint", "parse_whole", "possible_points", "review", "rule_set", "rule_set_of", "score",
    "score_distribution", "simulate", "simulate_balut_points", "solution_for", "solve", "solved", "state_count",
    "step", "turn_tables", "written",
]
_MODULES: dict[str, tuple[str, ...]] = {
    ".balut": ("BALUT", "Award", "BalutCategory", "BalutRules", "balut_rules", "balut_score"),
    ".balut_awards": ("BalutPoints", "BalutPointsSimulation"),
    ".balut_card": ("BalutCard", "parse_balut_card"),
    ".card": ("Card", "card_text", "parse_card", "parse_whole", "possible_points"),
    ".distribution": ("PERCENTILES", "ScoreDistribution", "score_distribution"),
    ".hints": ("GAME", "HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_hint", "solved"),
    ".rules": ("RULES", "YAHTZEE", "YAHTZEE_FORCED", "YATZY", "Category", "Rules", "get_rules", "score"),
    ".ruleset": ("RuleSet", "Scorecard", "Solved", "keep_text", "parse_dice"),
    ".session": ("DEFAULT_OPTIONS", "actions", "advice", "card_line", "card_of", "computer_action", "new_game",
                 "parse_action", "review", "rule_set_of", "step"),
    ".simulation": ("MAX_GAMES", "Simulation", "simulate"),
    ".solver": ("Solution", "TurnTables", "box_table", "solve", "state_count", "turn_tables", "written"),
    ".store": ("balut_solution", "cached_distribution", "cached_solution", "solution_for"),
    ".variants": ("RULE_SETS", "balut_distribution", "balut_points", "rule_set", "simulate_balut_points"),
}
_EXPORTS: dict[str, str | tuple[str, ...]] = {name: module for module, names in _MODULES.items() for name in names}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
