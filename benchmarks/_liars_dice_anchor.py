"""OpenSpiel's Liar's Dice solved by OpenSpiel (an anchor, never a holdwise dependency), run by ANOTHER Python.

Run as `PYTHON benchmarks/_liars_dice_anchor.py '<json>'` with the python of a virtual environment outside the
repository that has open-spiel 2.0.2 (and cvxpy, for the sequence-form LP); prints one JSON line. This file
imports nothing of holdwise and is never imported by it. The request:

- {"mode": "lp", "faces": F}: OpenSpiel's sequence-form LP (open_spiel.python.algorithms.sequence_form_lp,
  through cvxpy with HiGHS), one die each; its dense payoff matrix needs about 22 GB at six faces.
- {"mode": "cfr+", "faces": F, "seconds": S}: OpenSpiel's C++ CFRPlusSolver until its NashConv is under 1e-6
  or S seconds pass (NashConv measured after 10, 20, 40, ... iterations).
- {"mode": "check", "faces": F, "policy": PATH}: a strategy pair given as JSON (OpenSpiel's information-state
  string -> [[action, chance], ...]) measured by OpenSpiel: its NashConv and the first player's value.

Each answer has the value for the first player (OpenSpiel's player 0, who bids first), NashConv (what both best
responses gain together: holdwise's "exploitability"), iterations, wall and CPU seconds. OpenSpiel's game has
the highest face wild, always; OpenSpiel 2.0.2 refuses numdice0/numdice1, so only equal dice are reachable.
"""

from __future__ import annotations

import json
import sys
import time


def _game(faces: int):  # noqa: ANN202 (OpenSpiel's types)
    import pyspiel

    return pyspiel.load_game("liars_dice", {"dice_sides": faces, "numdice": 1})


def _lp(faces: int) -> dict:
    import cvxpy as cp
    import pyspiel
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import lp_solver, sequence_form_lp

    lp_solver.DEFAULT_SOLVER_KWARGS.clear()  # its defaults are ECOS's options, which HiGHS refuses
    game = _game(faces)
    v0, _, p0, p1 = sequence_form_lp.solve_zero_sum_game(game, solver=cp.HIGHS)
    merged = policy_lib.merge_tabular_policies([p0, p1], game)
    nash_conv = pyspiel.nash_conv(game, policy_lib.python_policy_to_pyspiel_policy(merged))
    return {"value": float(v0), "nash_conv": float(nash_conv), "iterations": 0}


def _cfr_plus(faces: int, budget: float) -> dict:
    import pyspiel

    game = _game(faces)
    solver = pyspiel.CFRPlusSolver(game)
    began = time.perf_counter()
    done, check = 0, 10
    nash_conv = float("inf")
    while True:
        while done < check:
            solver.evaluate_and_update_policy()
            done += 1
        average = solver.average_policy()
        nash_conv = pyspiel.nash_conv(game, average)
        if nash_conv < 1e-6 or time.perf_counter() - began > budget:
            break
        check *= 2
    value = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)[0]
    return {"value": float(value), "nash_conv": float(nash_conv), "iterations": done}


def _check(faces: int, path: str) -> dict:
    import pyspiel

    game = _game(faces)
    with open(path, encoding="utf-8") as f:
        table = {k: [(int(a), float(p)) for a, p in v] for k, v in json.load(f).items()}
    policy = pyspiel.TabularPolicy(table)
    nash_conv = pyspiel.nash_conv(game, policy)
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    return {"value": float(value), "nash_conv": float(nash_conv), "iterations": 0}


def main() -> None:
    request = json.loads(sys.argv[1])
    wall, cpu = time.perf_counter(), time.process_time()
    mode, faces = request["mode"], int(request["faces"])
    if mode == "lp":
        out = _lp(faces)
    elif mode == "cfr+":
        out = _cfr_plus(faces, float(request.get("seconds", 600)))
    elif mode == "check":
        out = _check(faces, request["policy"])
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    from importlib.metadata import version

    out.update(mode=mode, faces=faces, seconds=time.perf_counter() - wall, cpu=time.process_time() - cpu,
               version=version("open_spiel"))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
