"""The match guard measures this machine once (issue 42: guards measure the machine instead of a constant):
the calibration pair is solved once and timed, the factor is kept with the cache beside the card-dice guard's,
read by every later call (the command line too), and the guard's limit is a time on this machine."""

import contextlib
import json

import pytest

from holdwise import InputError, __version__
from holdwise.games import farkle
from holdwise.games.farkle import guard, stored

SIX = farkle.parse_dice("ordinary*6")
UNLIKE = farkle.parse_dice("ordinary,lucky,odd,kings,misfortune,heavenly-kingdom")


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HOLDWISE_SPEED")  # the suite's constant speed: measured here
    monkeypatch.setattr(stored, "_KNOWN", [False])
    yield tmp_path
    guard.set_speed(1.0)  # the other tests' guard: the constant's machine
    stored._checked.cache_clear()


def test_the_speed_is_measured_once_and_kept_beside_the_other_guards(fresh_cache):
    (fresh_cache / "calibration.json").write_text(json.dumps({"format": 1, "version": __version__,
                                                              "card_dice_speed": 2.5}))
    assert stored.calibrate(measure=False) is None and guard.speed() == 1.0  # nothing kept: the constant
    factor = stored.calibrate()
    kept = json.loads((fresh_cache / "calibration.json").read_text())
    assert kept["farkle_match_speed"] == factor > 0 and kept["farkle_match_speed_seconds"] > 0
    assert kept["card_dice_speed"] == 2.5  # the other guard's figure stays
    assert guard.speed() == pytest.approx(min(50.0, max(0.2, factor)))
    # read again, not measured: a figure written by hand is the one used
    (fresh_cache / "calibration.json").write_text(json.dumps({**kept, "farkle_match_speed": 3.0}))
    assert stored.calibrate() == 3.0 and guard.speed() == 3.0


def test_the_guard_is_a_time_on_this_machine(fresh_cache, monkeypatch):
    monkeypatch.setenv("HOLDWISE_SPEED", "1")
    stored.calibrate(measure=False)
    largest = farkle.largest_target(UNLIKE, SIX, solves=2)
    farkle.check_match_cost(UNLIKE, SIX, largest, solves=2)
    monkeypatch.setenv("HOLDWISE_SPEED", "2")  # a machine twice as slow: fewer steps fit the same time
    assert stored.calibrate(measure=False) == 2.0 and guard.max_work() == guard.MATCH_MAX_WORK / 2
    slower = farkle.largest_target(UNLIKE, SIX, solves=2)
    assert 0.75 * largest < slower < largest  # the work grows as target^3: 2^(1/3) = 1.26 fewer
    with pytest.raises(InputError, match=f"on this machine .* largest accepted target for these dice here is "
                                         f"{slower:,}"):
        farkle.check_match_cost(UNLIKE, SIX, largest, solves=2)
    for bad in ("fast", "0", "-2", "nan", "inf"):
        monkeypatch.setenv("HOLDWISE_SPEED", bad)
        with pytest.raises(InputError, match="HOLDWISE_SPEED: a number above 0"):
            stored.calibrate(measure=False)


def test_a_command_near_the_limit_measures_the_machine_once(fresh_cache):
    farkle.check_match_cost(SIX, SIX, 1000)  # far below the limit: nothing measured
    assert not (fresh_cache / "calibration.json").exists() and not stored._KNOWN[0]
    near = farkle.largest_target(UNLIKE, SIX, solves=2)
    with contextlib.suppress(InputError):  # refused or not (as this machine's speed says), the speed is known now
        farkle.check_match_cost(UNLIKE, SIX, near + 500, solves=2)
    kept = json.loads((fresh_cache / "calibration.json").read_text())
    assert kept["farkle_match_speed"] == guard.speed() or guard.speed() in (0.2, 50.0)
    assert stored._KNOWN[0]


@pytest.mark.slow  # a calibration and a loadout search, 6 s
def test_the_loadout_search_guard_follows_the_machine(fresh_cache, monkeypatch):
    owned = farkle.parse_dice("weighted,lucky,odd,kings,pie,aranka,heavenly-kingdom,favourable")  # 28 choices
    monkeypatch.setenv("HOLDWISE_SPEED", "1")
    with pytest.raises(InputError, match=r"on two idle cores .* here is 2,000,"):
        farkle.best_loadouts(owned, opponent_dice=SIX, target=3000)
    monkeypatch.setenv("HOLDWISE_SPEED", "8")  # eight times slower: half the target (the work grows as g^3)
    monkeypatch.setattr(stored, "_KNOWN", [False])
    with pytest.raises(InputError, match=r"on this machine .* here is 1,000,"):
        farkle.best_loadouts(owned, opponent_dice=SIX, target=3000)
