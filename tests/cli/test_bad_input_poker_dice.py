"""Bad input to every `holdwise poker-dice` command: exit 2, one `error:` line, no traceback, nothing written.

Each case is a fresh process (tests/cli/refusal.py). The kinds: Unicode and odd characters where a digit
or face is wanted, non-finite and huge numbers, numbers out of range, options that do not apply to the
position asked, and rule flags that contradict each other. Three-player commands are refused before the
table is solved (seconds of work), so every case here is instant.
"""

import pytest

from tests.cli.refusal import assert_refused, run_command

HAND = ["1", "1", "3", "4", "6"]
HINT = ["poker-dice", "hint", *HAND]

CASES = [
    # rule flags that contradict each other (before or after the command)
    (["poker-dice", "odds", "--no-straights", "--flush-rule"], "flush rule needs straights"),
    (["poker-dice", "odds", "--no-straights", "--straight-above-full-house"], "straight above the full house"),
    (["poker-dice", "--no-straights", "odds", "--straight-above-full-house"], "needs straights"),
    (["poker-dice", "--flush-rule", "duel", "--no-straights", "--json"], "flush rule"),
    (["poker-dice", "--no-straights", "play", "--flush-rule"], "flush rule"),
    # duel: players
    (["poker-dice", "duel", "--players", "7"], "--players must be a whole number 2 to 6, got 7"),
    (["poker-dice", "duel", "--players", "0"], "2 to 6"),
    (["poker-dice", "duel", "--players", "-1"], "2 to 6"),
    (["poker-dice", "duel", "--players", "３"], "'３'"),  # a fullwidth digit: Python's int() would take it
    (["poker-dice", "duel", "--players", "2.0"], "whole number"),
    (["poker-dice", "duel", "--players", "nan"], "whole number"),
    (["poker-dice", "duel", "--players", "inf"], "whole number"),
    (["poker-dice", "duel", "--players", "1e999999999"], "whole number"),
    (["poker-dice", "duel", "--players", "9" * 5000], "whole number"),
    (["poker-dice", "duel", "--players", ""], "whole number"),
    # hint: faces
    ([*HINT[:2], "²", "1", "3", "4", "6", "--rolls-left", "2"], "not a face: '²'"),
    ([*HINT[:2], "١", "1", "3", "4", "6", "--rolls-left", "2"], "not a face"),  # Arabic-Indic one
    ([*HINT[:2], "1", "1", "3", "4", "6\u200b", "--rolls-left", "2"], "not a face"),  # zero-width space
    ([*HINT[:2], "1 0 2 3 4", "--rolls-left", "1"], "not a face: '0'"),
    ([*HINT[:2], "00000", "--rolls-left", "1"], "not a face"),
    ([*HINT[:2], "1", "1", "3", "4", "7", "--rolls-left", "1"], "not a face: '7'"),
    ([*HINT[:2], "1 1 A K Q", "--rolls-left", "1"], "mixes digits"),
    ([*HINT[:2], "1 2 3 4 5 6", "--rolls-left", "1"], "a hand has 5 dice, got 6"),
    ([*HINT[:2], "1" * 100000, "--rolls-left", "1"], "a hand has 5 dice, got 100000"),
    ([*HINT, "--rolls-left", "1", "--to-beat", "6 6 6 2 0"], "not a face: '0'"),
    ([*HINT, "--rolls-left", "1", "--to-beat", "6 6 6"], "a hand has 5 dice, got 3"),
    ([*HINT, "--rolls-left", "1", "--to-beat", " "], "a hand has 5 dice, got 0"),  # "" is an option not given
    # hint: rolls left
    ([*HINT, "--rolls-left", "0"], "--rolls-left must be a whole number 1 or 2"),
    ([*HINT, "--rolls-left", "3"], "--rolls-left must be a whole number 1 or 2 (after the first roll), got 3"),
    ([*HINT, "--rolls-left", "-1"], "1 or 2"),
    ([*HINT, "--rolls-left", "٢"], "'٢'"),  # Arabic-Indic two: int() reads it as 2
    ([*HINT, "--rolls-left", "²"], "'²'"),
    ([*HINT, "--rolls-left", "1.5"], "whole number"),
    ([*HINT, "--rolls-left", "inf"], "whole number"),
    ([*HINT, "--rolls-left", "1e309"], "whole number"),
    ([*HINT, "--rolls-left", "1e999999999"], "whole number"),
    # hint: positions and options that do not apply
    ([*HINT, "--rolls-left", "2", "--position", "0"], "--position must be a whole number 1 or 2, got 0"),
    ([*HINT, "--rolls-left", "2", "--position", "-3"], "--position must be a whole number 1 or 2"),
    ([*HINT, "--rolls-left", "2", "--position", "3", "--to-beat", "66622"], "--position must be a whole number 1 or 2"),
    ([*HINT, "--rolls-left", "2", "--players", "3", "--position", "4", "--to-beat", "66622"], "1 to 3"),
    ([*HINT, "--rolls-left", "2", "--players", "1"], "--players must be a whole number 2 to 6"),
    ([*HINT, "--rolls-left", "2", "--position", "1", "--to-beat", "66622"], "hand to beat"),
    ([*HINT, "--rolls-left", "2", "--position", "2"], "hand to beat"),
    ([*HINT, "--rolls-left", "2", "--players", "3", "--position", "3"], "hand to beat"),
    ([*HINT, "--rolls-left", "2", "--to-beat", "66622", "--holders", "2"], "--holders must be a whole number 1 (earlier players"),
    ([*HINT, "--rolls-left", "2", "--players", "3", "--position", "2", "--to-beat", "66622", "--holders", "2"],
     "--holders must be a whole number 1 (earlier players"),
    ([*HINT, "--rolls-left", "2", "--players", "4", "--to-beat", "66622", "--holders", "x"],
     "--holders must be a whole number 1 to 3"),
    ([*HINT, "--rolls-left", "2", "--players", "3", "--to-beat", "1 2 3"], "a hand has 5 dice"),
    # play: seed, players, position (all checked before the three-player table is solved)
    (["poker-dice", "play", "--seed=-1"], "--seed must be a whole number 0 to"),
    (["poker-dice", "play", "--seed", "1e3"], "--seed must be a whole number"),
    (["poker-dice", "play", "--seed", "²"], "'²'"),
    (["poker-dice", "play", "--seed", "nan"], "whole number"),
    (["poker-dice", "play", "--seed", "1e999999999"], "whole number"),
    (["poker-dice", "play", "--seed", "99999999999999999999999"], "0 to 9,223,372,036,854,775,807"),
    (["poker-dice", "play", "--players", "3", "--position", "4"], "--position must be a whole number 1 to 3"),
    (["poker-dice", "play", "--position", "0"], "--position must be a whole number 1 or 2"),
    (["poker-dice", "play", "--players", "٣"], "--players must be a whole number"),
]


@pytest.mark.parametrize("args,message", CASES, ids=lambda v: " ".join(v)[:60] if isinstance(v, list) else None)
def test_bad_input_is_refused_in_one_line(args, message, tmp_path):
    assert_refused(args, tmp_path, message=message)


@pytest.mark.parametrize("args", [
    [*HINT],  # --rolls-left missing
    [*HINT, "--rolls-left", "1", "--bogus"],
    ["poker-dice", "duel", "--players"],
    ["poker-dice", "hint", "--rolls-left", "1"],
])
def test_usage_errors_are_one_line(args, tmp_path):
    assert_refused(args, tmp_path)


def test_bad_input_at_the_play_prompt_is_answered_and_play_goes_on(tmp_path):
    done = run_command(["poker-dice", "play", "--seed", "4"], tmp_path, stdin="0\n²\n1 1 1 1 1 1\nq\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "not a face: '0'" in done.stdout and "not a face: '²'" in done.stdout
    assert "a keep has at most 5 dice" in done.stdout


@pytest.mark.parametrize("stdin,decisions", [("", 0), ("6 6 6\n", 1), ("all\n", 1)])
def test_end_of_input_at_a_prompt_ends_cleanly(stdin, decisions, tmp_path):
    """End of input at the keep prompt or at "another game?": exit 0, the prompt's line ended, the review."""
    done = run_command(["poker-dice", "play", "--seed", "4"], tmp_path, stdin=stdin)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert "Aborted" not in done.stdout and done.stdout.endswith("\n")
    assert not any(line.startswith(("keep? review", "another game? [y/N] review")) for line in lines)
    if decisions:
        assert any(line.startswith("review:") and f"of your {decisions} decision" in line
                   or line == f"review: all {decisions} of your decisions were best play." for line in lines), lines
    else:
        assert lines[-1] == "keep? " and "review" not in done.stdout  # nothing decided: nothing to review
