"""Bad input to every `holdwise yahtzee` command: exit 2, one `error:` line, no traceback, nothing written (the
hint is the generic command: the dice are its words)."""

import pytest

from tests.cli.refusal import assert_refused

HINT = ["yahtzee", "hint"]

CASES = [
    ([*HINT, "1", "1", "5", "3"], "rolls 5 dice, got 4"),
    ([*HINT, "1", "1", "5", "3", "7"], "a die shows 1 to 6, got '7'"),
    ([*HINT, "1", "1", "5", "3", "３"], "a die shows 1 to 6"),  # a fullwidth digit
    ([*HINT, "11530"], "got '0'"),
    ([*HINT, "11532", "--rolls-left", "3"], "--rolls-left must be a whole number 0 to 2, got 3"),
    ([*HINT, "11532", "--rolls-left", "-1"], "--rolls-left"),
    ([*HINT, "11532", "--rolls-left", "nan"], "--rolls-left"),
    ([*HINT, "11532", "--card", "fh=20"], "full_house cannot hold 20"),
    ([*HINT, "11532", "--card", "ones=7"], "ones cannot hold 7"),
    ([*HINT, "11532", "--card", "fh=25 fh=0"], "written twice"),
    ([*HINT, "11532", "--card", "hat=3"], "unknown category 'hat'"),
    ([*HINT, "11532", "--card", "ones"], "is not box=points"),
    ([*HINT, "11532", "--card", "bonus=100"], "needs 50 in the Yahtzee box"),
    ([*HINT, "11532", "--card", "y=50 bonus=150"], "100 a Yahtzee"),
    ([*HINT, "11532", "--rules", "chess"], "unknown rules 'chess'"),
    ([*HINT, "11532", "--rules", "yatzy", "--card", "bonus=100"], "yatzy has no Yahtzee bonus"),
    ([*HINT, "11532", "--card",
      "1s=1 2s=2 3s=3 4s=4 5s=5 6s=6 3k=5 4k=5 fh=0 ss=0 ls=0 y=0 c=5"], "the card is full"),
    (["yahtzee", "simulate", "--games", "0"], "--games must be a whole number 1 to 1,000,000, got 0"),
    (["yahtzee", "simulate", "--games", "2e3"], "--games"),
    (["yahtzee", "simulate", "--seed", "-3"], "--seed"),
    (["yahtzee", "simulate", "--plot", "out.txt"], "--plot needs a .png or .svg"),
    (["yahtzee", "solve", "--rules", "yahtzee-free"], "unknown rules"),
    (["yahtzee", "distribution", "--plot", "d.jpg"], "--plot needs a .png or .svg"),
    (["yahtzee", "distribution", "--rules", "farkle"], "unknown rules"),
    (["yahtzee", "play", "--seed", "x"], "--seed"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input_is_refused(args, message, tmp_path):
    assert_refused(args, tmp_path, message=message)
