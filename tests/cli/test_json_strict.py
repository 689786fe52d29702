"""Every command's --json output is strict JSON: one object, no NaN, no Infinity (parsed with a strict parser)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# One or more fast invocations of every command that prints JSON, including edge cases that once printed
# NaN or Infinity.
COMMANDS = [
    "dice-poker --json",
    "dice-poker --rules B --exact --diff --frequencies --json",
    "dice-poker --payouts 0,0,0,0,0,0,0 --json",
    "dice-poker hint 2 3 4 5 5 --rolls-left 2 --exact --json",
    "dice-poker verify --hands 2000 --seed 3 --table B --json",
    "video-poker games --json",
    "video-poker hold AS KS QS JS 9D --exact --json",
    "farkle turn --json",
    "farkle turn --dice weighted,lucky,ordinary*4 --json",
    "farkle hint 1 1 5 2 3 4 --turn-total 300 --json",
    "farkle dice --json",
    "farkle match --target 500 --json",
    "farkle loadout --owned ordinary*6,odd --top 2 --json",
    "poker-dice odds --json",
    "poker-dice duel --json",
    "poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622 --json",
]


def _refuse_constant(name: str):
    raise ValueError(f"not strict JSON: {name}")


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_json_output_is_strict(command, tmp_path):
    done = subprocess.run([sys.executable, "-m", "holdwise", *command.split()], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout, parse_constant=_refuse_constant)
    assert isinstance(data, dict) and data


def test_the_strict_parser_refuses_nan():
    with pytest.raises(ValueError, match="not strict JSON"):
        json.loads('{"a": NaN}', parse_constant=_refuse_constant)
