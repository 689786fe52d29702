"""The roll table built two ways (NumPy for small tables, the kernels for large ones) is the same table, and
the no-risk gains and expected best scores agree with a plain loop."""

import numpy as np
import pytest

from holdwise.games.farkle import parse_dice, roll_table, turn

FIELDS = ("dice_count", "group_start", "group_prob", "option_start", "option_state", "option_units", "bust")


def _table(spec, limit, monkeypatch):
    monkeypatch.setattr(roll_table, "ROLL_TABLE_NUMPY_PAIRS", limit)
    turn.roll_table.cache_clear()
    try:
        return turn.roll_table(turn.die_types(parse_dice(spec)))
    finally:
        turn.roll_table.cache_clear()


@pytest.mark.parametrize("spec", [
    None, "devils-head,ordinary*2", "ordinary*2,lucky", "ordinary,pie,favourable", "pie*4",
    "custom:1,0,0,0,1,0,custom:0,0,1,0,0,0*2,ordinary", "custom:1/0/0/0/0/0,ordinary*2", "custom:1,0,0,0,0,0:j1*3",
])
def test_numpy_and_kernel_roll_tables_are_equal_to_the_last_bit(spec, monkeypatch):
    kernels = _table(spec, 0, monkeypatch)  # ordered counters, or one die per type: the distinct kernel
    numpy = _table(spec, 10**12, monkeypatch)
    for name in FIELDS:
        assert np.array_equal(getattr(kernels, name), getattr(numpy, name), equal_nan=True), name


def test_the_shipped_default_turn_is_the_solve_now():
    # tools/ship_farkle_turn.py writes it; a stale file (another version, the solver changed) fails here
    from holdwise.games.farkle import store

    types = turn.die_types(parse_dice(None))
    assert types[0].names == (store.SHIPPED_DIE,) * 6  # other dice never open the shipped file
    now = store.turn_arrays(turn.solve_types(types))
    shipped = store.load_arrays(store.shipped_turn_path(), store.turn_key(types), tuple(now), lambda **a: True,
                                owned=False)
    assert shipped is not None, "run tools/ship_farkle_turn.py"
    for name, value in now.items():
        assert np.array_equal(shipped[name], value, equal_nan=value.dtype.kind == "f"), name


def test_the_shipped_points_are_the_solves_now():
    """Every named die six alike and three beside three ordinary dice: the package's expected points per turn are
    a solve's now, to the bit (tools/ship_farkle_turn.py writes them; a stale file fails here)."""
    from holdwise.games.farkle import NAMED_DICE, store
    from holdwise.games.farkle.analysis import strength_loadouts

    shipped = store.shipped_points()
    wanted = {}
    for die in NAMED_DICE.values():
        for dice in strength_loadouts(die):
            types = turn.die_types(dice)
            try:
                wanted[store.turn_hash(types)] = turn.solve_types(types).expected_points
            except ValueError:  # never busts: no expected points
                wanted[store.turn_hash(types)] = None
    assert shipped == wanted, "run tools/ship_farkle_turn.py"
    assert len(wanted) > 60 and shipped[store.turn_hash(turn.die_types(parse_dice(None)))] == pytest.approx(594.9567)


def test_points_not_shipped_are_solved(monkeypatch, tmp_path):
    """A loadout the file does not hold, or a file missing or damaged: solved now, the same figure."""
    from holdwise.games.farkle import NAMED_DICE, store, stored

    dice = (NAMED_DICE["lucky"],) * 2 + (NAMED_DICE["ordinary"],) * 4
    solved = turn.solve_types(turn.die_types(dice)).expected_points
    assert store.turn_hash(turn.die_types(dice)) not in store.shipped_points()
    assert stored.turn_points(dice) == solved
    six = (NAMED_DICE["lucky"],) * 6
    for n, text in enumerate(("{not json", '{"a": "b"}')):
        damaged = tmp_path / f"turn-points-{n}.json"
        damaged.write_text(text)
        monkeypatch.setattr(store, "shipped_points_path", lambda path=damaged: path)
        store.shipped_points.cache_clear()
        try:
            assert store.shipped_points() == {}
            assert stored.turn_points(six) == turn.solve_types(turn.die_types(six)).expected_points
        finally:
            monkeypatch.undo()
            store.shipped_points.cache_clear()
    assert stored.turn_points(six) == turn.solve_types(turn.die_types(six)).expected_points


def test_a_first_dice_listing_solves_no_turn(monkeypatch):
    """The listing's strengths (the web's first GET /api/farkle/dice) are read, not solved."""
    from holdwise.games.farkle import analysis, stored

    def no_solve(*args, **kwargs):
        raise AssertionError("a turn was solved")

    analysis._strength.cache_clear()
    monkeypatch.setattr(stored, "solve_types", no_solve)
    try:
        listing = analysis.list_dice(strength=True)
    finally:
        analysis._strength.cache_clear()
    ordinary = next(d for d in listing.dice if d.id == "ordinary")
    assert ordinary.points_alone == pytest.approx(594.9567) and ordinary.points_beside_ordinary == ordinary.points_alone


def test_a_first_farkle_turn_reads_the_shipped_solve_and_starts_no_compiler(tmp_path):
    """With an empty cache folder, the default loadout's turn (and its hint table) runs no kernel."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = """
import sys
from holdwise.games.farkle import parse_dice
from holdwise.games.farkle.stored import cached_turn
sol = cached_turn(parse_dice(None))
assert abs(sol.expected_points - 594.96) < 0.005, sol.expected_points
assert 'numba' not in sys.modules, 'Numba was imported'
"""
    root = Path(__file__).resolve().parents[3]
    env = dict(os.environ, HOLDWISE_CACHE_DIR=str(tmp_path), PYTHONPATH=str(root / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr
    assert not any((tmp_path / "farkle-turn").glob("*.npz"))  # read from the package, nothing solved or written


def test_a_damaged_shipped_turn_is_solved_and_left_alone(tmp_path, monkeypatch):
    from holdwise.games.farkle import store

    bad = tmp_path / "shipped.npz"
    bad.write_bytes(store.shipped_turn_path().read_bytes()[:-100])
    monkeypatch.setattr(store, "shipped_turn_path", lambda: bad)
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path / "cache"))
    from holdwise.games.farkle import stored

    stored._cached_turn.cache_clear()
    try:
        sol = stored.cached_turn(parse_dice(None))
    finally:
        stored._cached_turn.cache_clear()
    assert abs(sol.expected_points - 594.96) < 0.005
    assert bad.exists()  # a package file is only read
    assert len(list((tmp_path / "cache" / "farkle-turn").glob("*.npz"))) == 1  # solved, and kept as usual


@pytest.mark.parametrize("spec", [None, "ordinary,pie,favourable", "custom:1/0/0/0/0/0,ordinary*2",
                                  "custom:1,0,0,0,1,0,custom:0,0,1,0,0,0*2,ordinary"])
def test_expected_best_is_the_plain_loop(spec):
    t = turn.roll_table(turn.die_types(parse_dice(spec)))
    bonus = np.arange(t.n_states) / 7.0
    want = np.zeros(t.n_states)
    for s in range(t.n_states):
        acc = 0.0
        for g in range(t.group_start[s], t.group_start[s + 1]):
            ks = range(t.option_start[g], t.option_start[g + 1])
            acc += t.group_prob[g] * max(t.option_units[k] + bonus[t.option_state[k]] for k in ks)
        want[s] = acc
    assert np.array_equal(turn.expected_best(t, bonus), want)
    # no-risk gains: zero for every set that can bust (the only kind when six dice can bust)
    if t.bust[t.full_state] > 0:
        assert not turn.no_risk_bonus(t).any()


def test_a_first_turn_of_new_dice_runs_the_built_kernels_and_imports_nothing_heavy(tmp_path):
    """`farkle turn` with dice nobody solved here (empty cache folder): the kernels come compiled with the
    package (nothing compiles at first use) and the process loads no heavy library."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = """
import sys
from holdwise.cli import app
from holdwise.solver import native
try:
    app(["farkle", "turn", "--dice", "kings*6", "--json"])
except SystemExit as stop:
    assert not stop.code, stop.code
heavy = sorted(m for m in ("numba", "llvmlite", "matplotlib", "dask", "fastapi", "scipy") if m in sys.modules)
kernels = [m for m in ("roll_kernels", "turn_kernels") if f"holdwise.games.farkle.{m}" in sys.modules]
print(heavy, kernels, native.pure() or all(native.compiled(f"holdwise.games.farkle.{m}") for m in kernels))
"""
    root = Path(__file__).resolve().parents[3]
    env = dict(os.environ, HOLDWISE_CACHE_DIR=str(tmp_path), PYTHONPATH=str(root / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                         cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr
    assert '"expected_points": 513.07' in out.stdout  # kings*6 (the shipped turn is the default dice only)
    assert out.stdout.strip().splitlines()[-1] == "[] ['roll_kernels', 'turn_kernels'] True"
