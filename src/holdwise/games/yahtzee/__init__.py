"""Yahtzee (and Scandinavian Yatzy), solitaire: the game's public face.

Verbs: `get_rules` / `RULES` (the rule sets as data), `parse_card` (a scorecard as players write it),
`parse_dice`; `solved(rules)` (the exact optimum of a new game, the table stored in the cache folder),
`hint(card, dice, rolls_left, rules)` (every keep, or every box, ranked by expected final score); the solver
`solve`, `cached_solution`, `turn_tables`; the play session `new_game`, `actions`, `step`, `computer_action`,
`advice`, `parse_action`, and `review` (the costly decisions of a game); `simulate` (seeded games of
optimal play); `score_distribution(solution)` (the exact distribution of the final score; `cached_distribution` keeps it on
disk once computed). Balut (seven categories filled four times, rules as data: `BALUT`, `balut_rules`,
`balut_score`): `balut_solved`, `balut_solution`, `balut_hint`, `parse_balut_card`, and its points system for the
optimal play, `balut_points` (exact expectation) and `simulate_balut_points` (the points' distribution, sampled),
`balut_distribution` (the exact distribution of the final total). The play session plays Balut too
(`new_game({"rules": "balut"})`).

    >>> from holdwise.games import yahtzee
    >>> yahtzee.get_rules("yahtzee").n_categories
    13
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .balut import (
        BALUT, Award, BalutCategory, BalutRules, BalutSolved, balut_hint, balut_rules, balut_score, balut_solution,
        balut_solved, parse_balut_card,
    )
    from .balut_awards import (
        BalutPoints, BalutPointsSimulation, balut_distribution, balut_points, simulate_balut_points,
    )
    from .card import Card, card_text, parse_card, parse_dice, parse_whole, possible_points
    from .distribution import PERCENTILES, ScoreDistribution, cached_distribution, score_distribution
    from .hints import GAME, MEASURE, Solved, hint, keep_text, solution_for, solved
    from .rules import RULES, YAHTZEE, YAHTZEE_FORCED, YATZY, Category, Rules, get_rules, score
    from .session import (
        DEFAULT_OPTIONS, actions, advice, card_line, card_of, computer_action, new_game, parse_action, review, step,
    )
    from .simulation import MAX_GAMES, Simulation, simulate
    from .solver import Solution, TurnTables, box_table, cached_solution, solve, state_count, turn_tables, written

_EXPORTS = {
    **dict.fromkeys(("BALUT", "Award", "BalutCategory", "BalutRules", "BalutSolved", "balut_hint", "balut_rules",
                     "balut_score", "balut_solution", "balut_solved", "parse_balut_card"), ".balut"),
    **dict.fromkeys(("BalutPoints", "BalutPointsSimulation", "balut_distribution", "balut_points",
                     "simulate_balut_points"),
                    ".balut_awards"),
    **dict.fromkeys(("Card", "card_text", "parse_card", "parse_dice", "parse_whole", "possible_points"), ".card"),
    **dict.fromkeys(("PERCENTILES", "ScoreDistribution", "cached_distribution", "score_distribution"), ".distribution"),
    **dict.fromkeys(("GAME", "MEASURE", "Solved", "hint", "keep_text", "solution_for", "solved"), ".hints"),
    **dict.fromkeys(("Category", "RULES", "Rules", "YAHTZEE", "YAHTZEE_FORCED", "YATZY", "get_rules", "score"), ".rules"),
    **dict.fromkeys(("DEFAULT_OPTIONS", "actions", "advice", "card_line", "card_of", "computer_action", "new_game",
                     "parse_action", "review", "step"), ".session"),
    **dict.fromkeys(("MAX_GAMES", "Simulation", "simulate"), ".simulation"),
    **dict.fromkeys(("Solution", "TurnTables", "box_table", "cached_solution", "solve", "state_count", "turn_tables",
                     "written"), ".solver"),
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
