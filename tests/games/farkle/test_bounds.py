"""When a turn's value is finite (the proof in holdwise.games.farkle.turn), the no-risk gain through hot dice,
turn values never negative, and the guards on costly solves."""

import itertools

import pytest

from holdwise import InputError
from holdwise.games.farkle import (
    MATCH_MAX_WORK,
    best_loadouts,
    check_match_cost,
    count_choices,
    largest_target,
    match_cost,
    parse_dice,
    parse_loadout,
    solve_turn,
    turn_plan,
    turn_report,
)
from holdwise.games.farkle.analysis import distinct_choices
from holdwise.games.farkle.turn import die_types, roll_table, safe_states, unbounded_reason
from tests.oracles.farkle_bruteforce import turn_value

ALWAYS_ONE = "custom:1/0/0/0/0/0"
ALWAYS_JOKER = "custom:1,0,0,0,0,0:j1"


def oracle(dice, cap=20000):
    return turn_value([d.weights for d in dice], cap=cap, jokers=[set(d.joker_faces) for d in dice])


def unbounded(spec):
    return unbounded_reason(roll_table(die_types(parse_dice(spec)))) is not None


@pytest.mark.parametrize("spec,expected", [
    # six dice that cannot bust, but every way back to six dice passes through dice that can: finite
    (f"{ALWAYS_ONE},ordinary*5", False), (f"{ALWAYS_ONE}*2,ordinary*4", False), (f"{ALWAYS_ONE}*5,ordinary", False),
    (f"{ALWAYS_ONE},ordinary", False), ("custom:0,0,1,0,0,0,ordinary*5", False),
    # some selection always leads back to dice that cannot bust: unbounded
    ("custom:0,0,1,0,0,0*6", True), (f"{ALWAYS_ONE}*6", True), ("custom:1,0,0,0,1,0*6", True), (ALWAYS_ONE, True),
    # a die of 1s and 5s, two dice of 3s and three ordinary: six dice never bust, but no selection of a roll
    # such as X 3 3 2 4 6 leaves dice that cannot bust (the pair of 3s never scores)
    ("custom:1,0,0,0,1,0,custom:0,0,1,0,0,0*2,ordinary*3", False),
    # ... while with five dice of 3s every roll can be taken whole (five 3s and the 1 or 5): hot dice forever
    ("custom:1,0,0,0,1,0,custom:0,0,1,0,0,0*5", True),
    # three of a kind every time: 3s triple and triple again, hot dice at no risk
    ("custom:0,0,1,0,0,0*6", True), ("custom:0,0,1,0,0,0*3", True),
    # every roll busts: finite (zero)
    (f"{ALWAYS_JOKER}*6", False), ("ordinary*6", False),
])
def test_boundedness(spec, expected):
    assert unbounded(spec) is expected


@pytest.mark.slow
@pytest.mark.parametrize("spec", [f"{ALWAYS_ONE},ordinary", f"{ALWAYS_ONE},ordinary*2", f"{ALWAYS_ONE}*2,ordinary",
                                  f"{ALWAYS_JOKER},ordinary*2", "custom:1,0,0,0,1,0,ordinary*2",
                                  f"{ALWAYS_ONE},pie", "custom:1,0,0,0,1,0,custom:0,0,1,0,0,0*2"])
def test_finite_turns_with_unbustable_dice_agree_with_the_oracle(spec):
    """Six (here: all) dice cannot bust, so c_6 depends on itself through hot dice: solved by Newton steps."""
    dice = parse_dice(spec)
    assert solve_turn(dice).expected_points == pytest.approx(oracle(dice, cap=40000), abs=1e-6)


@pytest.mark.parametrize("spec", [ALWAYS_JOKER, f"{ALWAYS_JOKER}*2", f"{ALWAYS_JOKER}*3"])
def test_dice_that_always_bust_are_worth_zero(spec):
    """Was -50: the settled-state marker (-1) of level 0 was read as the turn's value."""
    dice = parse_dice(spec)
    assert solve_turn(dice).expected_points == 0.0 == oracle(dice)


def test_turn_report_of_jokers_only_is_zero_and_finite():
    report = turn_report(parse_loadout(f"{ALWAYS_JOKER}*6"))
    assert report.expected_points == 0.0 and report.bust_chance["6"] == 1.0


@pytest.mark.parametrize("names", [p for p in itertools.combinations_with_replacement(
    ["ordinary", "pie", "devils-head", ALWAYS_JOKER, "custom:0,0,1,0,0,0"], 2)])
def test_expected_points_never_negative_and_match_the_oracle(names):
    dice = parse_dice(",".join(names))
    if unbounded(",".join(names)):
        with pytest.raises(InputError, match="never bust"):
            solve_turn(dice)
        return
    value = solve_turn(dice).expected_points
    assert value >= 0.0
    assert value == pytest.approx(oracle(dice), abs=1e-6)


def test_safe_states_are_closed():
    """Every safe set cannot bust and has, for every outcome, a selection leading to a safe set."""
    t = roll_table(die_types(parse_loadout(f"{ALWAYS_ONE}*2,custom:0,0,1,0,0,0*4")))
    safe = safe_states(t)
    assert safe[t.full_state]
    for s in range(1, t.n_states):
        if safe[s]:
            assert t.bust[s] == 0
            for g in range(t.group_start[s], t.group_start[s + 1]):
                assert any(safe[t.option_state[k]] for k in range(t.option_start[g], t.option_start[g + 1]))


def test_almost_never_busting_dice_are_refused_before_allocating():
    with pytest.raises(InputError, match="almost never bust"):
        solve_turn(parse_loadout("custom:1000000,1,1,1,1,1*6"))
    plan = turn_plan(parse_loadout("custom:1000,1,1,1,1,1*6"))
    assert plan.work > 10**15


def test_match_guard_names_the_largest_target():
    fair = parse_loadout(None)
    # g^2 (g + 1) / 2 * 2.5 passes * 3 solves * 2 * 1,076 ops <= 5.7e11 steps: g = 413
    assert largest_target(fair, None, solves=3) == 20650
    # a stored solve: 8 g^2 (g + 1) * 2 * 7 states <= 4 GiB: g = 336
    assert largest_target(fair, None, solves=1, store=True) == 16800  # a race-aware hint, play
    check_match_cost(fair, None, 20650, solves=3)
    with pytest.raises(InputError, match="largest accepted target for these dice here is 20,650"):
        check_match_cost(fair, None, 20700, solves=3)
    assert match_cost(fair, None, 4000, solves=3)[0] <= MATCH_MAX_WORK
    unlike = parse_loadout("ordinary,lucky,odd,kings,misfortune,heavenly-kingdom")
    assert largest_target(unlike, None, solves=2) >= 4000  # the targets Kingdom Come plays, for any named dice
    # g^2 (g + 1) / 2 * 2.5 * 2 * 101,791 ops <= 5.7e11 steps: g = 130 (its stored values, 2.3 GB, fit too)
    assert largest_target(unlike, None, solves=1, store=True) == 6500
    # six unlike dice against six ordinary, one solve: to 8,000 and past it (issue 38)
    assert largest_target(unlike, parse_loadout(None)) == 8150


def test_neither_side_scoring_is_refused():
    from holdwise.games.farkle import solve_match

    with pytest.raises(InputError, match="never ends"):
        solve_match(parse_loadout(f"{ALWAYS_JOKER}*6"), target=500)


@pytest.mark.parametrize("owned", ["ordinary*5,odd,lucky", "ordinary*3,lucky*2,odd*2,kings,ci,lu",
                                   "weighted,ordinary*7,devils-head*2,odd"])
def test_distinct_choices_are_the_first_combinations(owned):
    """The same choices, names and order as walking every combination (what the search did before)."""
    dice = parse_dice(owned)
    seen = {}
    for combo in itertools.combinations(range(len(dice)), 6):
        key = tuple(sorted((dice[i].weights, dice[i].joker_faces) for i in combo))
        seen.setdefault(key, tuple(dice[i] for i in combo))
    assert distinct_choices(dice) == list(seen.values())
    assert count_choices(dice) == len(seen)


def test_a_hundred_alike_dice_are_one_choice():
    ranking = best_loadouts(parse_dice("ordinary*100"), workers=1)
    assert ranking.choices == 1 and ranking.loadouts[0].expected_points == pytest.approx(594.9566809765452)


def test_unbounded_loadouts_are_reported_not_ranked():
    ranking = best_loadouts(parse_dice("ordinary*6,custom:0,0,1,0,0,0*6"), top=50, workers=1)
    assert ranking.choices == 7
    assert ranking.unbounded == (("custom:0,0,1,0,0,0",) * 6,)
    assert len(ranking.loadouts) == 6
    assert all(0 <= row.expected_points < float("inf") for row in ranking.loadouts)
    values = [row.expected_points for row in ranking.loadouts]
    assert values == sorted(values, reverse=True)


def test_too_many_choices_are_refused():
    owned = parse_dice(",".join(f"{n}*2" for n in ["ordinary", "weighted", "pie", "heavenly-kingdom",
                                                     "favourable", "aranka", "lucky", "odd"]))
    with pytest.raises(InputError, match="distinct choices"):
        best_loadouts(owned)
