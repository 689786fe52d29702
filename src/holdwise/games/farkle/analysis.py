"""Farkle as in Kingdom Come: Deliverance: the coaching table, hints, race-aware matches, loadouts."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ...errors import InputError
from .rules import (
    DICE_PER_PLAYER,
    NAMED_DICE,
    SCORE_UNIT,
    Die,
    die_by_name,
    roll_counts,
    score,
)

__all__ = ["parse_dice", "turn_report", "hint", "best_loadouts"]


def parse_dice(text: str | None, count: int = DICE_PER_PLAYER) -> tuple[Die, ...]:
    """Dice from a comma list of names (default: six ordinary dice); 'name*3' repeats a die.

    A die of your own: 'custom:1,1,1,1,1,2' (weights of faces 1..6), 'custom:...:j1' for joker face 1.
    """
    if text is None or not text.strip():
        return (NAMED_DICE["ordinary"],) * count
    dice = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        times = 1
        if "*" in item:
            item, _, n = item.partition("*")
            try:
                times = int(n)
            except ValueError:
                raise InputError(f"bad repeat count in {item}*{n}") from None
        dice.extend([_one_die(item)] * times)
    return tuple(dice)


def _one_die(item: str) -> Die:
    if item.lower().startswith("custom:"):
        parts = item.split(":")
        try:
            weights = tuple(int(w) for w in parts[1].replace(";", " ").replace("/", " ").split())
        except ValueError:
            raise InputError(f"custom die weights must be whole numbers: {item!r}") from None
        jokers = tuple(int(p[1:]) for p in parts[2:] if p.lower().startswith("j") and p[1:].isdigit())
        return Die(item, weights, jokers)
    return die_by_name(item)


def check_six(dice: tuple[Die, ...], what: str = "--dice") -> None:
    if len(dice) != DICE_PER_PLAYER:
        raise InputError(f"{what} needs {DICE_PER_PLAYER} dice, got {len(dice)}")


def turn_report(dice: tuple[Die, ...]) -> dict:
    """Expected points per turn, bust chance and bank threshold per number of dice left."""
    from .turn import solve_turn

    sol = solve_turn(tuple(dice))
    t = sol.table
    by_count: dict[int, list[int]] = {}
    for state in range(1, t.n_states):
        by_count.setdefault(int(t.dice_count[state]), []).append(state)
    bust = {str(n): max(float(t.bust[s]) for s in states) for n, states in sorted(by_count.items())}
    thresholds = {}
    for n, states in sorted(by_count.items()):
        values = [sol.bank_threshold(s) for s in states]
        thresholds[str(n)] = None if any(v < 0 for v in values) else max(values)
    per_dice = []
    for state in range(1, t.n_states):
        counts = t.counts_of(state)
        names = [name for dtype, c in zip(t.types, counts) for name in dtype.names[:c]]
        per_dice.append({"dice": names, "bust_probability": float(t.bust[state]),
                         "bank_threshold": None if sol.bank_threshold(state) < 0 else sol.bank_threshold(state)})
    return {
        "dice": [d.name for d in dice],
        "expected_points": sol.expected_points,
        "bust_probability": bust,
        "bank_threshold": thresholds,
        "always_bank_from": SCORE_UNIT * sol.top_level,
        "by_dice_left": per_dice,
    }


def _state_after(sol, dice, left_positions):
    """Dice-left state of the turn table for the dice at these positions (all six on hot dice)."""
    from .turn import weights7

    types = sol.table.types
    if not left_positions:
        return sol.table.full_state
    counts = [0] * len(types)
    index = {t.weights7: i for i, t in enumerate(types)}
    for pos in left_positions:
        counts[index[weights7(dice[pos])]] += 1
    return sol.table.state_of(counts)


def hint(roll: list[int], turn_total: int, dice: tuple[Die, ...], rolled: list[int] | None = None,
         score_own: int | None = None, opponent: int | None = None, target: int = 4000,
         opponent_dice: tuple[Die, ...] | None = None) -> dict:
    """Every legal selection of a roll with its value when rolling on and when banking.

    roll: the faces shown (1..6), one per die rolled; rolled: which of the six dice rolled them (positions
    0..5, default the first len(roll) dice). Values are expected banked points of the turn (coaching
    table), or with --score/--opponent the chance to win the match (race-aware).
    """
    from .turn import solve_turn

    check_six(dice)
    rolled = list(range(len(roll))) if rolled is None else rolled
    if not 1 <= len(roll) <= DICE_PER_PLAYER:
        raise InputError(f"a roll has 1 to {DICE_PER_PLAYER} dice, got {len(roll)}")
    if len(rolled) != len(roll) or len(set(rolled)) != len(rolled) or any(not 0 <= p < 6 for p in rolled):
        raise InputError("each rolled die needs its own position 1..6 among your dice")
    if turn_total < 0 or turn_total % SCORE_UNIT:
        raise InputError(f"the turn total must be a non-negative multiple of {SCORE_UNIT}, got {turn_total}")
    shown = []
    for face, pos in zip(roll, rolled):
        if not 1 <= face <= 6:
            raise InputError(f"a die shows 1 to 6, got {face}")
        die = dice[pos]
        if die.weights[face - 1] == 0:
            raise InputError(f"the {die.name} die cannot show {face}")
        shown.append(7 if face in die.joker_faces else face)
    race = score_own is not None or opponent is not None
    sol = solve_turn(tuple(dice))
    match_w = None
    if race:
        from .match import solve_match

        score_own = score_own or 0
        opponent = opponent or 0
        for name, v in (("--score", score_own), ("--opponent", opponent)):
            if v < 0 or v % SCORE_UNIT or v >= target:
                raise InputError(f"{name} must be a multiple of {SCORE_UNIT} below the target {target}, got {v}")
        match = solve_match(tuple(dice), opponent_dice, target=target, store=True)
        a, b = score_own // SCORE_UNIT, opponent // SCORE_UNIT
        match_w = (match, a, b)
    rows = []
    n = len(rolled)
    seen = set()
    for mask in range(1, 2**n):
        held = [shown[i] for i in range(n) if mask >> i & 1]
        s = score(roll_counts(held))
        if s <= 0:
            continue
        left = [rolled[i] for i in range(n) if not mask >> i & 1]
        key = (tuple(sorted(held)), tuple(sorted(left)) if not dice_alike(dice) else len(left))
        if key in seen:
            continue
        seen.add(key)
        state = _state_after(sol, dice, left)
        total = turn_total + s
        hot = not left
        if match_w is None:
            roll_on = sol.roll_value(total, state)
            bank = float(total)
        else:
            match, a, b = match_w
            g = match.target // SCORE_UNIT
            lvl = total // SCORE_UNIT
            if a + lvl >= g:
                roll_on, bank = 1.0, 1.0
            else:
                bank = 1.0 - float(match.second[b, a + lvl])
                w = match.w_first[a, b]
                roll_on = float(w[lvl, state]) if w[lvl, state] > bank else _roll_from_store(match, a, b, lvl, state)
        rows.append({
            "keep": sorted("J" if f == 7 else str(f) for f in held),
            "dice_kept": [rolled[i] + 1 for i in range(n) if mask >> i & 1],
            "score": s, "turn_total": total, "dice_left": 6 if hot else len(left), "hot_dice": hot,
            "roll_on": roll_on, "bank": bank, "best": "roll" if roll_on > bank else "bank",
            "value": max(roll_on, bank),
        })
    rows.sort(key=lambda r: -r["value"])
    return {"roll": roll, "turn_total": turn_total, "bust": not rows,
            "measure": "win_probability" if race else "expected_points", "selections": rows}


def _roll_from_store(match, a, b, level, state) -> float:
    """Race-aware value of rolling on, recomputed from the stored next-state values (one roll)."""
    t = match.first_turn.table
    g = match.target // SCORE_UNIT
    w = match.w_first[a, b]
    acc = float(t.bust[state]) * (1.0 - float(match.second[b, a]))
    for grp in range(t.group_start[state], t.group_start[state + 1]):
        best = 0.0
        for k in range(t.option_start[grp], t.option_start[grp + 1]):
            nl = level + int(t.option_units[k])
            v = 1.0 if a + nl >= g else float(w[nl, t.option_state[k]])
            best = max(best, v)
        acc += float(t.group_prob[grp]) * best
    return acc


def dice_alike(dice) -> bool:
    return len(set((d.weights, d.joker_faces) for d in dice)) == 1


def best_loadouts(owned: tuple[Die, ...], top: int = 5, workers: int = 2) -> list[dict]:
    """Every distinct choice of six dice from those owned, ranked by expected points per turn."""
    if len(owned) < DICE_PER_PLAYER:
        raise InputError(f"a loadout needs {DICE_PER_PLAYER} dice; {len(owned)} owned")
    choices = {}
    for combo in combinations(range(len(owned)), DICE_PER_PLAYER):
        dice = tuple(owned[i] for i in combo)
        key = tuple(sorted((d.weights, d.joker_faces) for d in dice))
        choices.setdefault(key, dice)
    loadouts = list(choices.values())
    values = _turn_values_many(loadouts, workers)
    order = np.argsort([-v for v in values], kind="stable")
    return [{"dice": [d.name for d in loadouts[i]], "expected_points": values[i]} for i in order[:top]], len(loadouts)


def _expected(dice):
    from .turn import solve_turn

    try:
        return solve_turn(tuple(dice)).expected_points
    except ValueError:
        return float("inf")


def _turn_values_many(loadouts, workers: int) -> list[float]:
    if workers <= 1 or len(loadouts) < 8:
        return [_expected(d) for d in loadouts]
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    with ctx.Pool(workers) as pool:
        return pool.map(_expected, loadouts, chunksize=1)  # uneven costs: hand them out one at a time
