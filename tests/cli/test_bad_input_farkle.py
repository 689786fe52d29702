"""Bad input to every Farkle command: refused in one line (exit 2, `error:`, no traceback, nothing written).

Each case is a fresh process; the refusals come before any solve (or from the solve's cost estimate)."""

import pytest

from tests.cli.refusal import assert_refused

SIX_UNLIKE = "ordinary,lucky,odd,kings,misfortune,heavenly-kingdom"
JOKERS_ONLY = "custom:1,0,0,0,0,0:j1*6"  # every face a joker: every roll busts

CASES = [
    # counts that explode
    (["turn", "--dice", "ordinary*99999999999999999999"], "repeat count"),
    (["turn", "--dice", "ordinary*1000000000"], "1 to 120"),
    (["turn", "--dice", "ordinary*0"], "1 to 120"),
    (["turn", "--dice", "ordinary*"], "repeat count"),
    (["turn", "--dice", "*6"], "empty die name"),
    (["turn", "--dice", "ordinary*100,ordinary*100"], "at most 120 dice"),
    (["turn", "--dice", "ordinary*5"], "needs 6 dice"),
    (["turn", "--dice", "golden*6"], "unknown die"),
    (["turn", "--dice", "x" * 5000], "unknown die"),
    # custom dice: weights bounded, whole, finite, six of them, jokers that can show
    (["turn", "--dice", "custom:1,1,1,1,1,1e999999999*6"], "whole number"),
    (["turn", "--dice", "custom:1,1,1,1,1,inf*6"], "whole number"),
    (["turn", "--dice", "custom:nan;1;1;1;1;1*6"], "whole number"),
    (["turn", "--dice", "custom:1,1,1,1,1,-1*6"], "0 to 1,000,000"),
    (["turn", "--dice", "custom:1.5,1,1,1,1,1*6"], "whole number"),
    (["turn", "--dice", "custom:99999999999999999999999,1,1,1,1,1*6"], "whole number"),
    (["turn", "--dice", "custom:1000001,1,1,1,1,1*6"], "1,000,000"),
    (["turn", "--dice", "custom:1,1,1,1,1"], "six weights"),
    (["turn", "--dice", "custom:1,1,1,1,1,1,1"], "unknown die"),
    (["turn", "--dice", "custom:0,0,0,0,0,0*6"], "positive weight"),
    (["turn", "--dice", "custom:1,1,1,1,1,1:j7*6"], ":j1 .. :j6"),
    (["turn", "--dice", "custom:0,1,1,1,1,1:j1*6"], "weight 0"),
    # turns that are unbounded, or too costly to solve
    (["turn", "--dice", "custom:0,0,1,0,0,0*6"], "never bust"),
    (["turn", "--dice", "custom:1/0/0/0/0/0*6"], "never bust"),
    (["turn", "--dice", "custom:1,0,0,0,1,0*6", "--json"], "never bust"),
    (["turn", "--dice", "custom:1000,1,1,1,1,1*6"], "almost never bust"),
    (["turn", "--dice", "custom:1000000,1,1,1,1,1*6", "--json"], "almost never bust"),
    (["turn", "--plot", "coach.pdf"], ".png"),
    # hint: numbers, positions, rolls
    (["hint", "1", "5", "--score", "0", "--target", "10000000"], "at most 20000"),
    (["hint", "1", "5", "--score", "0", "--target", "20000"], "largest accepted"),
    (["hint", "1", "5", "--target", "inf"], "whole number"),
    (["hint", "1", "5", "--target", "1e309"], "whole number"),
    (["hint", "1", "5", "--target", "1e999999999"], "whole number"),
    (["hint", "1", "5", "--target", "nan"], "whole number"),
    (["hint", "1", "5", "--target", "4010"], "multiple of 50"),
    (["hint", "1", "5", "--turn-total", "-50"], "--turn-total must be a multiple of 50 from 0"),
    (["hint", "1", "5", "--turn-total", "75"], "multiple of 50"),
    (["hint", "1", "5", "--turn-total", "9" * 31], "--turn-total must be a whole number"),
    (["hint", "1", "5", "--turn-total", "1000000050"], "1,000,000,000"),
    (["hint", "1", "5", "--score", "-50"], "below the target"),
    (["hint", "1", "5", "--score", "75"], "below the target"),
    (["hint", "1", "5", "--score", "4000"], "below the target"),
    (["hint", "1", "5", "--opponent", "1e3"], "whole number"),
    (["hint", "1", "5", "--score", "3900", "--turn-total", "300"], "already won"),
    (["hint", "1", "5", "--positions", "0,7"], "1..6"),
    (["hint", "1", "5", "--positions", "1,1"], "own position"),
    (["hint", "1", "5", "--positions", "a"], "numbers 1-6"),
    (["hint", "1", "5", "--positions", "1,2,3"], "--positions names 3 dice but the roll has 2"),
    (["hint", "1", "5", "--positions", "1,2,3,4,5,6,7"], "at most 6"),
    (["hint", "1", "1", "1", "1", "1", "1", "1"], "1 to 6 dice"),
    (["hint", "1", "9"], "shows 1 to 6"),
    (["hint", "1", "²"], "shows 1 to 6"),
    (["hint", "1", "１"], "shows 1 to 6"),
    (["hint", "J", "5"], "has none"),
    (["hint", "1", "5", "--dice", "pie*6"], "cannot show 5"),
    (["hint", "3", "3", "3", "--dice", "custom:0,0,1,0,0,0*6"], "never bust"),
    (["hint", "1", "5", "--dice", SIX_UNLIKE, "--score", "0", "--target", "20000"],
     "largest accepted target for these dice here is 6,500"),
    # match: the cost guard, and a match that never ends
    (["match", "--dice", SIX_UNLIKE, "--target", "20000"], "the largest accepted target for these dice here is 5,150"),
    (["match", "--target", "10000000"], "at most 20000"),
    (["match", "--target", "abc"], "whole number"),
    (["match", "--target", "-50"], "positive multiple of 50"),
    (["match", "--target", "0"], "positive multiple of 50"),
    (["match", "--dice", JOKERS_ONLY, "--target", "500"], "never ends"),
    (["match", "--opponent-dice", "ordinary*7", "--target", "500"], "needs 6 dice"),
    # loadout: choices, targets, --top
    (["loadout", "--owned", ",".join(f"{d}*2" for d in (
        "ordinary", "weighted", "pie", "heavenly-kingdom", "favourable", "aranka", "lucky", "odd"))], "distinct choices"),
    (["loadout", "--owned", "ordinary*6", "--opponent-dice", "ordinary*6", "--target", "10000000"], "at most 20000"),
    (["loadout", "--owned", "ordinary*6,lucky,odd", "--opponent-dice", "ordinary*6", "--target", "20000"], "--target"),
    (["loadout", "--owned", "ordinary*6", "--top", "0"], "at least 1"),
    (["loadout", "--owned", "ordinary*6", "--top", "abc"], "whole number"),
    (["loadout", "--owned", "ordinary*5"], "needs 6 dice"),
    (["loadout", "--owned", "ordinary*121"], "1 to 120"),
    (["loadout", "--owned", "ordinary*5,custom:1000,1,1,1,1,1*2"], "almost never busts"),
    # play: options before the first game
    (["play", "--seed=-1"], "--seed"),
    (["play", "--seed", "abc"], "whole number"),
    (["play", "--seed", "99999999999999999999999"], "whole number"),
    (["play", "--target", "75"], "multiple of 50"),
    (["play", "--target", "20000"], "largest accepted"),
    (["play", "--computer", "smart"], "race-aware"),
    (["play", "--first", "nobody"], "player or computer"),
    # report: the field named
    (["report", "--target", "510"], "target"),
    (["report", "--target", "20000"], "largest accepted target"),
    (["report", "--dice", "bogus", "--target", "500"], "unknown die 'bogus'"),
    (["report", "--opponent-dice", "ordinary*7", "--target", "500"], "opponent"),
    (["report", "--target", "500", "--plot", "out.txt"], "plot"),
    (["play", "--dice", "custom:0,0,1,0,0,0*6"], "never bust"),
    (["play", "--dice", JOKERS_ONLY, "--opponent-dice", JOKERS_ONLY, "--computer", "coaching"], "never end"),
    (["play", "--dice", JOKERS_ONLY, "--computer-dice", JOKERS_ONLY, "--computer", "coaching"], "never end"),
]


@pytest.mark.parametrize("args,message", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_refused(args, message, tmp_path):
    assert_refused(["farkle", *args], tmp_path, stdin="q\n", message=message)
