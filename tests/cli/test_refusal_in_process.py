"""The refusal tables run the CLI in this process; a sample of every game's table must print exactly what a
fresh `python -m holdwise` process prints (exit code, stdout, stderr)."""

from __future__ import annotations

import pytest

from tests.cli import (
    test_bad_input_dice_poker,
    test_bad_input_farkle,
    test_bad_input_poker_dice,
    test_bad_input_video_poker,
    test_bad_input_yahtzee,
)
from tests.cli.refusal import run_command

SAMPLE = [
    *(args for args, _ in test_bad_input_dice_poker.CASES[::9]),
    *(["farkle", *args] for args, _ in test_bad_input_farkle.CASES[::9]),
    *(args for args, _ in test_bad_input_poker_dice.CASES[::9]),
    *(["video-poker", "hold", *cards] for cards, _ in test_bad_input_video_poker.CARDS[::5]),
    *(["video-poker", *args] for args, _ in test_bad_input_video_poker.OPTIONS[::5]),
    *(args for args, _ in test_bad_input_yahtzee.CASES[::5]),
    ["no-such-command"], ["farkle", "no-such-command"],
]


@pytest.mark.slow
@pytest.mark.parametrize("args", SAMPLE, ids=lambda a: " ".join(a)[:50])
def test_in_process_runs_match_fresh_processes(args, tmp_path):
    inside = run_command(args, tmp_path, stdin="q\n")
    fresh = run_command(args, tmp_path, stdin="q\n", fresh=True)
    def same(text: str) -> str:  # a fresh `python -m holdwise` names itself so; the installed command says holdwise
        return text.replace("python -m holdwise", "holdwise")

    assert inside.returncode == fresh.returncode
    assert (inside.stdout, inside.stderr) == (same(fresh.stdout), same(fresh.stderr))
