"""Bad input to every `holdwise dice-duel` command: exit 2, one `error:` line, no traceback, nothing written."""

import pytest

from tests.cli.refusal import assert_refused

HINT = ["dice-duel", "hint"]
HAND = ["6", "6", "2", "3", "1"]

CASES = [
    ([*HINT, "6", "6", "2", "3", "--opponent-dice", "11111"], "hand must be 5 dice, got 4"),
    ([*HINT, *HAND], "Missing option '--opponent-dice'"),
    ([*HINT, *HAND, "--opponent-dice", "1,1,1,1,7"], "--opponent-dice must be faces 1 to 6, got '7'"),
    ([*HINT, *HAND, "--opponent-dice", "5,5,4,4"], "--opponent-dice must be 5 dice, got 4"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--seat", "third"], "--seat must be first or second"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--seat", "second"], "--seat must be first after"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--betting", "bet call"], "the betting ends with 'call'"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--betting", "all-in"], "--betting must be words of"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--stage", "reroll", "--stake", "4"],
     "--stake must be a whole number 1 to 3, got 4"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--stage", "reroll", "--rerolls", "0"], "--rerolls are 0"),
    ([*HINT, *HAND, "--opponent-dice", "11111", "--ties", "suits"], "--ties must be study or faces"),
    (["dice-duel", "solve", "--bet", "0"], "--bet must be a whole number 1 to 100, got 0"),
    (["dice-duel", "solve", "--ante", "x"], "--ante must be a whole number"),
    (["dice-duel", "solve", "--raises", "4"], "--raises must be a whole number 0 to 3, got 4"),
    (["dice-duel", "solve", "--rerolls", "3"], "--rerolls must be a whole number 0 to 2, got 3"),
    (["dice-duel", "solve", "--ties", "high"], "--ties must be study or faces"),
    (["dice-duel", "play", "--seed", "x"], "--seed"),
    (["dice-duel", "play", "--first", "nobody"], "first must be 'player' or 'computer'"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input_is_refused(args, message, tmp_path):
    assert_refused(args, tmp_path, message=message)
