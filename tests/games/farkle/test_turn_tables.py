"""The roll table built two ways (NumPy for small tables, the kernels for large ones) is the same table, and
the no-risk gains and expected best scores agree with a plain loop."""

import numpy as np
import pytest

from holdwise.games.farkle import parse_dice, turn

FIELDS = ("dice_count", "group_start", "group_prob", "option_start", "option_state", "option_units", "bust")


def _table(spec, limit, monkeypatch):
    monkeypatch.setattr(turn, "ROLL_TABLE_NUMPY_PAIRS", limit)
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


def test_six_fair_dice_need_no_table_kernel():
    assert turn.ROLL_TABLE_NUMPY_PAIRS >= 12_376  # a first `farkle turn` compiles only the backward pass


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
