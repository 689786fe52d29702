"""Bad input to every `holdwise liars-dice` command: exit 2, one `error:` line, no traceback, nothing written."""

import pytest

from tests.cli.refusal import assert_refused

CASES = [
    (["liars-dice", "hint", "7"], "hand must be faces 1 to 3"),
    (["liars-dice", "hint", "2", "--bids", "1x2 1x1"], "--bids 1x1 does not raise 1 x 2"),
    (["liars-dice", "hint", "2", "--bids", "9x1"], "--bids a bid is 1 to 2 dice"),
    (["liars-dice", "hint", "2", "--faces", "7"], "--faces must be a whole number 2 to 6, got 7"),
    (["liars-dice", "hint", "2", "--dice", "1,2", "--faces", "6"], "at most 12 are solved here"),
    (["liars-dice", "solve", "--dice", "2,2", "--faces", "6"], "at most 18 are solved here"),
    (["liars-dice", "solve", "--dice", "1"], "--dice must be two counts"),
    (["liars-dice", "solve", "--faces", "x"], "--faces must be a whole number"),
    (["liars-dice", "play", "--seed", "-1"], "--seed"),
    (["liars-dice", "play", "--first", "both"], "first must be 'player' or 'computer'"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input_is_refused(args, message, tmp_path):
    assert_refused(args, tmp_path, message=message)
