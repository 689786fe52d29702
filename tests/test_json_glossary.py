"""One name per concept: every key of every `--json` answer is in the glossary (docs/reference/json.md), and
none of the retired names comes back. The table below runs every command that answers with JSON; the web API
gives the same JSON (tests/web/test_hint_api.py compares the hints, each game's API tests its other answers).

Keys that are data, not names, are left out: a percentile ("90"), and a video-poker hand id keying a pay table
("full_house"), both explained in the glossary.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "reference" / "json.md"

# every command that answers with JSON, with a question small enough for the test lane
COMMANDS = [
    ("dice-poker", "--rules", "B"),
    ("dice-duel", "solve"),
    ("liars-dice", "solve"),
    ("liars-dice", "hint", "2", "--bids", "1x1"),
    ("dice-duel", "hint", "6", "6", "2", "3", "1", "--opponent-dice", "5,5,4,4,1"),
    ("dice-duel", "hint", "6", "6", "2", "3", "1", "--opponent-dice", "5,5,4,4,1", "--stage", "reroll"),
    ("dice-poker", "hint", "2", "3", "4", "5", "5", "--rolls-left", "2"),
    ("dice-poker", "hint", "1", "1", "5", "3", "2", "--rolls-left", "1", "--exact"),
    ("dice-poker", "verify", "--hands", "1000", "--seed", "1"),
    ("video-poker", "games"),
    ("video-poker", "hint", "AS", "KS", "QS", "JS", "9D"),
    ("video-poker", "return", "--game", "jacks-or-better-9-6"),
    ("video-poker", "strategy", "--game", "jacks-or-better-9-6", "--lines", "10"),
    ("farkle", "turn"),
    ("farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300"),
    ("farkle", "hint", "1", "5", "--score", "200", "--opponent", "300", "--target", "500"),
    ("farkle", "match", "--target", "1000"),
    ("farkle", "match", "--target", "500", "--badges", "warlord-tin", "--opponent-badges", "resurrection-tin"),
    ("farkle", "report", "--target", "500"),
    ("farkle", "loadout", "--owned", "ordinary*6", "--target", "500"),
    ("farkle", "search", "--owned", "lucky,odd", "--top", "3"),
    ("farkle", "dice"),
    ("farkle", "rules"),
    ("poker-dice", "odds"),
    ("poker-dice", "odds", "--rules", "octahedral"),
    ("poker-dice", "duel"),
    ("poker-dice", "hint", "A", "A", "K", "Q", "J", "--rolls-left", "2"),
    ("yahtzee", "solve"),
    ("yahtzee", "hint", "1", "1", "5", "3", "2", "--rolls-left", "2"),
    ("yahtzee", "simulate", "--games", "20"),
    ("yahtzee", "distribution"),
    ("yahtzee", "solve", "--rules", "balut"),
]
# names that one concept had before it got its one name (docs/reference/json.md, "Retired names")
RETIRED = {"rerolls_left", "total", "total_combinations", "total_rolls", "combinations", "two_pair", "probability",
           "probabilities", "paytable", "first_roll_counts", "on_step"}
RETIRED |= {"frequency", "hit_frequency", "hit_frequency_exact", "draw_five_unmatched"}  # video poker's


def glossary() -> set[str]:
    """The keys the glossary defines: the first column of its tables, each `key` in backticks."""
    return set(re.findall(r"^\| `([a-z0-9_]+)` \|", GLOSSARY.read_text(), flags=re.M))


def _data_keys() -> set[str]:
    from holdwise.games import video_poker

    return set(video_poker.HAND_KINDS)


def keys_of(data: object, data_keys: set[str], out: set[str] | None = None) -> set[str]:
    """Every key of a JSON answer at any depth, less the keys that are data (percentiles, hand ids)."""
    out = set() if out is None else out
    if isinstance(data, dict):
        for key, value in data.items():
            if not (key.lstrip("-").isdigit() or key in data_keys):
                out.add(key)
            keys_of(value, data_keys, out)
    elif isinstance(data, list):
        for value in data:
            keys_of(value, data_keys, out)
    return out


def test_the_check_sees_keys_at_every_depth_and_skips_data():
    data = {"a": [{"b_chance": 1, "90": 2, "-1": 3}], "full_house": {"c": 3}}
    assert keys_of(data, {"full_house"}) == {"a", "b_chance", "c"}


@pytest.mark.slow
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_json_key_is_in_the_glossary(args):
    from holdwise.cli import app

    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    keys = keys_of(json.loads(result.stdout), _data_keys())
    assert not keys & RETIRED, f"retired names: {sorted(keys & RETIRED)}"
    assert not {k for k in keys if k.endswith("_probability")}, "a chance is *_chance"
    missing = sorted(keys - glossary())
    assert not missing, f"keys not in docs/reference/json.md: {missing}"


def test_the_glossary_names_no_retired_key_as_a_name():
    assert not glossary() & RETIRED
    assert not {k for k in glossary() if k.endswith("_probability")}
