"""The command line names a bad input by its flag: the games say `score`, the CLI says `--score`."""

import pytest
from typer.testing import CliRunner

from holdwise import InputError
from holdwise.cli import app
from holdwise.cli._common import flag_of, said

runner = CliRunner()

CASES = [
    (["farkle", "hint", "1", "5", "--score", "25"], "error: --score must be a multiple of 50 below the target"),
    (["farkle", "hint", "1", "5", "--opponent", "25"], "error: --opponent must be a multiple of 50"),
    (["farkle", "hint", "1", "5", "--turn-total", "75"], "error: --turn-total must be a multiple of 50"),
    (["farkle", "hint", "1", "5", "--dice", "ordinary*5"], "error: --dice needs 6 dice, got 5"),
    (["farkle", "hint", "1", "5", "--opponent-dice", "ordinary*5"], "error: --opponent-dice needs 6 dice, got 5"),
    (["farkle", "hint", "1", "7"], "error: ROLL: a die shows 1 to 6"),
    (["farkle", "match", "--target", "75"], "error: --target must be a positive multiple of 50"),
    (["poker-dice", "hint", "1 1 3 4 6", "--rolls-left", "3"], "error: --rolls-left must be a whole number 1 or 2"),
    (["poker-dice", "duel", "--players", "7"], "error: --players must be a whole number 2 to 6, got 7"),
    (["yahtzee", "hint", "11532", "--rolls-left", "3"], "error: --rolls-left must be a whole number 0 to 2"),
    (["yahtzee", "simulate", "--seed", "-1"], "error: --seed must be a whole number 0 to"),
]


@pytest.mark.parametrize("args, line", CASES)
def test_a_bad_input_is_named_by_its_flag(args, line):
    out = runner.invoke(app, args)
    assert out.exit_code == 2, out.output
    assert out.stderr.startswith(line), out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_field_becomes_the_flag_of_its_command():
    assert flag_of("opponent_dice") == "--opponent-dice"
    assert said(InputError("must be 1", "turn_total")) == "--turn-total must be 1"
    assert said(InputError("unknown die 'x'", "dice", ": ")) == "--dice: unknown die 'x'"
    assert said(InputError("a plain line")) == "a plain line"
