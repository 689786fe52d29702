"""Poker dice for two to six players, on six-faced dice or card dice (seed 003): the game's public face.

- the dice (`kinds`): `rules` names a kind of dice, "six" (six-faced dice under a `Variant`), "royal" or
  "octahedral" (card-dice sets) or a set of one's own; `dice_kind(rules, flags) -> DiceKind` (`SixDice`,
  `CardDice`), `RULES`;
- rules and input: `Variant`, `parse_hand`, `parse_keep`, `parse_players`, `parse_position`,
  `parse_rolls_left`, `parse_seed`, `hand_labels`, `hand_text`, `describe`, `category_of`, `hand_key`,
  `CATEGORY_LABELS`;
- the hint as a request: `HINT_FIELDS`, `parse_hint(fields) -> HintRequest`, `hint(request, *, progress)
  -> Hint` (measure "win_chance"), for every kind of dice;
- reports: `odds(variant) -> Odds`, `duel(variant, players, roll_limit) -> DuelResult` (a kind's `odds()` and
  `duel(...)` for any dice);
- exact solutions: `table_solution(variant, players, roll_limit)` (2 to 6 players, cached in the process
  and on disk), `solve_duel`, `solve_three` (independent two- and three-player checks; each call solves),
  `simulate_duels` (seeded duels);
- the play session (you against the computer, 2 to 6 players, any dice): `new_game`, `actions`, `step`,
  `computer_action`, `advice`, `parse_action`, `normalize_options`, `check_state`, `kind_of`, `variant_of`
  (a state from JSON is checked by every verb: a hand-edited one is refused with InputError);
- card dice (a suited octahedral set, Royal Poker Dice with wild stars, or a TOML file): `resolve_set`,
  `load_dice_set`, `DiceSet`, `face_text`, `card_odds(set) -> CardOdds`, `parse_roll`, `to_beat_class`,
  `roll_label`, `card_hint(roll, rolls_left, set, ...)`, `card_duel(set, players, roll_limit)`,
  `card_solution`, `solve_cost` and `MAX_SOLVE_SECONDS` (the guard of a solve's time), `CARD_CATEGORY_LABELS`;
- resource limits: `MAX_DUELS` (simulate_duels), `MAX_TOLERANCE` and `TOLERANCE` (the fixed points),
  `MAX_SEED`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .card_game import (
        MAX_SOLVE_SECONDS, CardOdds, card_odds, parse_roll, resolve_set, roll_label, solve_cost, to_beat_class,
    )
    from .card_rank import CARD_CATEGORY_LABELS
    from .cards import DiceSet, face_text, load_dice_set
    from .hints import HINT_FIELDS, HintRequest, hint, parse_hint
    from .inputs import MAX_SEED, parse_players, parse_position, parse_rolls_left, parse_seed
    from .kinds import RULES, CardDice, DiceKind, SixDice
    from .reports import DuelResult, Odds, odds
    from .rules import (
        CATEGORY_LABELS, Variant, category_of, describe, hand_key, hand_labels, hand_text, parse_hand, parse_keep,
    )
    from .session import (
        DEFAULT_OPTIONS, GAME, WARM_OPTIONS, actions, advice, check_state, computer_action, kind_of, new_game,
        normalize_options, parse_action, step, variant_of,
    )
    from .solutions import card_duel, card_hint, card_solution, dice_kind, duel, table_solution
    from .solver import (
        MAX_DUELS, MAX_TOLERANCE, ROLLS, TOLERANCE, DuelSolution, simulate_duels, solve_duel, solve_three,
    )
    from .store import calibrate

_EXPORTS: dict[str, str | tuple[str, ...]] = {
    **dict.fromkeys(("MAX_SEED", "parse_players", "parse_position", "parse_rolls_left", "parse_seed"), ".inputs"),
    **dict.fromkeys(("DuelResult", "Odds", "odds"), ".reports"),
    **dict.fromkeys(("CATEGORY_LABELS", "Variant", "category_of", "describe", "hand_key", "hand_labels", "hand_text",
                     "parse_hand", "parse_keep"), ".rules"),
    **dict.fromkeys(("DEFAULT_OPTIONS", "GAME", "WARM_OPTIONS", "actions", "advice", "check_state", "computer_action", "kind_of",
                     "new_game", "normalize_options", "parse_action", "step", "variant_of"), ".session"),
    **dict.fromkeys(("HINT_FIELDS", "HintRequest", "hint", "parse_hint"), ".hints"),
    **dict.fromkeys(("RULES", "CardDice", "DiceKind", "SixDice"), ".kinds"),
    **dict.fromkeys(("DuelSolution", "MAX_DUELS", "MAX_TOLERANCE", "ROLLS", "TOLERANCE", "simulate_duels",
                     "solve_duel", "solve_three"), ".solver"),
    # the names that solve: the pure solvers with their tables kept in this process and on disk
    **dict.fromkeys(("card_duel", "card_hint", "card_solution", "dice_kind", "duel", "table_solution"), ".solutions"),
    "calibrate": ".store",  # the guard's speed of this machine, measured once and kept with the cache
    **dict.fromkeys(("MAX_SOLVE_SECONDS", "CardOdds", "card_odds", "parse_roll", "resolve_set", "roll_label",
                     "solve_cost", "to_beat_class"), ".card_game"),
    **dict.fromkeys(("DiceSet", "face_text", "load_dice_set"), ".cards"),
    **dict.fromkeys(("CARD_CATEGORY_LABELS",), ".card_rank"),
    # modules whose kernels compile on a first run (the CLI's notice): none, the kernels are built with the package
    "CARD_KERNEL_MODULES": (),
    "KERNEL_MODULES": (),
}
__all__ = [
    "CARD_CATEGORY_LABELS", "CARD_KERNEL_MODULES", "CATEGORY_LABELS", "CardDice", "CardOdds", "DEFAULT_OPTIONS",
    "DiceKind", "DiceSet", "DuelResult", "DuelSolution", "GAME", "HINT_FIELDS", "HintRequest", "KERNEL_MODULES",
    "MAX_DUELS", "MAX_SEED", "MAX_SOLVE_SECONDS", "MAX_TOLERANCE", "Odds", "ROLLS", "RULES", "SixDice", "TOLERANCE",
    "Variant", "WARM_OPTIONS", "actions", "advice", "calibrate", "card_duel", "card_hint", "card_odds", "card_solution", "category_of",
    "check_state", "computer_action", "describe", "dice_kind", "duel", "face_text", "hand_key", "hand_labels",
    "hand_text", "hint", "kind_of", "load_dice_set", "new_game", "normalize_options", "odds", "parse_action",
    "parse_hand", "parse_hint", "parse_keep", "parse_players", "parse_position", "parse_roll", "parse_rolls_left",
    "parse_seed", "resolve_set", "roll_label", "simulate_duels", "solve_cost", "solve_duel", "solve_three", "step",
    "table_solution", "to_beat_class", "variant_of",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
