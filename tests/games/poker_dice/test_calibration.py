"""The card-dice guard measures this machine once (review 2, defect 22 and issue 42's long work): the royal duel
was estimated at "about 26 s" and took 33 s, 116 s on a busier machine, which the 30 s guard let through. The
octahedral duel is solved once and timed; the factor is kept with the cache, read by every later call, and the
estimates and the guard follow it."""

import json

import pytest

from holdwise.games.poker_dice import card_solve, store


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HOLDWISE_SPEED")  # the suite's constant speed: measured here
    yield tmp_path
    card_solve.set_speed(1.0)  # the other tests' guard: the constant's machine


def test_the_speed_is_measured_once_and_kept_with_the_cache(fresh_cache):
    royal = card_solve.resolve_set("royal")
    before = card_solve.solve_cost(royal, 2, False)[0]
    assert store.calibrate(measure=False) == 1.0  # nothing kept yet: the constant
    factor = store.calibrate()
    kept = json.loads((fresh_cache / "calibration.json").read_text())
    assert kept["card_dice_speed"] == factor > 0 and kept["card_dice_speed_seconds"] > 0
    assert card_solve.speed() == pytest.approx(min(50.0, max(0.2, factor)))
    assert card_solve.solve_cost(royal, 2, False)[0] == pytest.approx(before * card_solve.speed())
    # read again, not measured: a figure written by hand is the one used
    (fresh_cache / "calibration.json").write_text(json.dumps({**kept, "card_dice_speed": 3.0}))
    assert store.calibrate() == 3.0 and card_solve.speed() == 3.0


def test_the_guard_follows_the_machine(fresh_cache):
    royal = card_solve.resolve_set("royal")
    card_solve.set_speed(1.0)
    card_solve.check_cost(royal, 2, False)  # about 26 s on the constant's machine: within 30 s
    card_solve.set_speed(3.0)  # a machine three times slower: about 78 s, past the limit
    with pytest.raises(ValueError, match="limit is 30 s"):
        card_solve.check_cost(royal, 2, False)
