"""The family's compiled kernels (turn_kernels, distribution_kernels, balut_kernels): loaded compiled where the
build made them, the same bits as their source run as plain Python (HOLDWISE_PURE=1), and a solve's process
never imports Numba."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from holdwise.games.yahtzee import YAHTZEE, YATZY, score_distribution, solve
from holdwise.solver.native import compiled, pure

MODULES = ("turn_kernels", "distribution_kernels", "balut_kernels")
built = pytest.mark.skipif(pure() or not all(compiled(f"holdwise.games.yahtzee.{m}") for m in MODULES),
                           reason="the kernels run as plain Python here")
# reduced so that each keeps an upper bonus, a Yahtzee box or a joker in play
SMALL = {"yahtzee": replace(YAHTZEE, categories=YAHTZEE.categories[:2] + YAHTZEE.categories[-2:],
                            upper_threshold=5),
         "yatzy": replace(YATZY, categories=YATZY.categories[:2] + YATZY.categories[-2:], upper_threshold=5),
         "joker": replace(YAHTZEE, categories=YAHTZEE.categories[5:6] + YAHTZEE.categories[10:],
                          upper_threshold=12)}
PLAIN = """
import sys
import numpy as np
from holdwise.games.yahtzee import score_distribution, solve
from holdwise.solver.native import compiled
from tests.games.yahtzee.test_kernels import SMALL
rules = SMALL[{name!r}]
solution = solve(rules, threads=1)
np.save(sys.argv[1], solution.values)
np.save(sys.argv[2], np.array(score_distribution(solution, threads=1).chances))
print(compiled("holdwise.games.yahtzee.turn_kernels"), "numba" in sys.modules)
"""


@built
@pytest.mark.parametrize("name", list(SMALL))
def test_compiled_kernels_give_the_plain_source_bits(name, tmp_path):
    rules = SMALL[name]
    values_file, chances_file = tmp_path / "values.npy", tmp_path / "chances.npy"
    code = PLAIN.format(name=name)
    out = subprocess.run([sys.executable, "-c", code, str(values_file), str(chances_file)], capture_output=True,
                         text=True, check=True, env={**os.environ, "HOLDWISE_PURE": "1"})
    assert out.stdout.split() == ["False", "False"]  # the source ran, without Numba
    solution = solve(rules, threads=2)
    assert solution.values.tobytes() == np.load(values_file).tobytes()
    assert solution.expected_score > 0
    chances = np.array(score_distribution(solution, threads=2).chances)
    assert chances.tobytes() == np.load(chances_file).tobytes()
    assert chances.sum() == pytest.approx(1.0, abs=1e-12)


@built
def test_a_solve_in_a_new_process_runs_compiled_without_numba():
    code = ("import sys\nfrom dataclasses import replace\nfrom holdwise.games.yahtzee import YAHTZEE, solve\n"
            "from holdwise.solver.native import compiled\n"
            "r = replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5)\n"
            "print(repr(float(solve(r).values[0, 0, 0])), compiled('holdwise.games.yahtzee.turn_kernels'),"
            " 'numba' in sys.modules, 'llvmlite' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    value, *flags = out.stdout.split()
    expected = solve(replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5), threads=1)
    assert float(value) == expected.expected_score
    assert flags == ["True", "False", "False"]
