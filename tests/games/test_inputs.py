"""The one input reader of every game (holdwise.games.inputs): whole numbers, seeds, names in messages."""

import ast
import pickle
import re
from pathlib import Path

import pytest

from holdwise import InputError
from holdwise.games.inputs import MAX_SEED, fault, named, parse_faces, parse_seed, parse_whole, shown, whole_range

FLAG = re.compile(r"--[a-z]")
GAMES = Path(__file__).resolve().parents[2] / "src" / "holdwise" / "games"


def _error(call, *args) -> InputError:
    with pytest.raises(InputError) as caught:
        call(*args)
    return caught.value


def test_whole_numbers_from_ints_and_ascii_text():
    assert parse_whole("4000", "n") == 4000 and parse_whole(" -50 ", "n") == -50 and parse_whole("+7", "n") == 7
    assert parse_whole(7, "n", 7, 7) == 7 and parse_whole("9" * 30, "n") == 10**30 - 1
    for bad in (True, None, 2.0, 1.5, float("nan"), "1e9", "5.0", "٢", "²", "２", "1" * 31, "", " ", [1], b"1"):
        assert _error(parse_whole, bad, "n").reason.startswith("must be a whole number")


def test_one_message_style_for_every_range():
    assert str(_error(parse_whole, "x", "players", 2, 3)) == "players must be a whole number 2 or 3, got 'x'"
    assert str(_error(parse_whole, 4, "players", 2, 3)) == "players must be a whole number 2 or 3, got 4"
    assert str(_error(parse_whole, 0, "coins", 1, 5)) == "coins must be a whole number 1 to 5, got 0"
    assert str(_error(parse_whole, 0, "top", 1000)) == "top must be a whole number at least 1,000, got 0"
    assert str(_error(parse_whole, 4, "n", None, 3)) == "n must be a whole number at most 3, got 4"
    assert str(_error(parse_whole, 3, "rolls_left", 1, 2, "after the first roll")) == (
        "rolls_left must be a whole number 1 or 2 (after the first roll), got 3")
    assert str(_error(parse_whole, 10**40, "n", 0, 5)) == "n must be a whole number 0 to 5, got a 133-bit number"
    assert str(_error(parse_whole, -12345, "n", 0, 5)) == "n must be a whole number 0 to 5, got -12,345"
    assert whole_range(None, None) == "" and str(_error(parse_whole, "x", "n")) == "n must be a whole number, got 'x'"


def test_field_words_are_fields_and_phrases_are_not():
    err = _error(parse_whole, "x", "opponent_dice", 1, 2)
    assert (err.field, err.sep, err.reason) == ("opponent_dice", " ", "must be a whole number 1 or 2, got 'x'")
    err = _error(parse_whole, "x", "the repeat count in 'a*x'", 1, 2)
    assert err.field is None and str(err).startswith("the repeat count in 'a*x' must be")
    assert fault("--n", "must be 1").field is None
    with pytest.raises(InputError) as caught, named("roll"):
        raise InputError("a die shows 1 to 6, got '7'")
    assert (caught.value.field, str(caught.value)) == ("roll", "roll: a die shows 1 to 6, got '7'")
    with pytest.raises(InputError) as caught, named("roll"):
        raise fault("positions", "names at most 6 dice, got 7")
    assert caught.value.field == "positions"  # an error that names its input keeps it


def test_an_error_keeps_its_field_across_processes():
    err = pickle.loads(pickle.dumps(fault("score", "must be 1")))
    assert (err.field, err.reason, str(err)) == ("score", "must be 1", "score must be 1")


def test_seeds_and_shown_values():
    assert parse_seed(0) == 0 and parse_seed(str(MAX_SEED)) == MAX_SEED
    assert str(_error(parse_seed, -1)) == "seed must be a whole number 0 to 9,223,372,036,854,775,807, got -1"
    forty = "abcdefghij" * 4
    assert shown(forty[:38]) == repr(forty[:38]) and shown(forty) == repr(forty)[:37] + "..."
    assert shown("a\nb") == "'a\\nb'" and shown(10**40) == "a 133-bit number"
    assert parse_faces("1, 2;3 4", "dice") == ["1", "2", "3", "4"] and parse_faces([1, "2 3"], "dice") == ["1", "2", "3"]
    assert _error(parse_faces, 5, "dice").field == "dice"


def test_games_never_name_a_command_line_flag():
    """Game code names an input by its own word; only the interfaces know flags ("--score")."""
    bad = []
    for path in sorted(GAMES.rglob("*.py")):
        tree = ast.parse(path.read_text())
        # a HintField's `aliases` are the command line's spellings the game keeps for its users (its one place)
        aliases = {id(c) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "aliases"
                   for c in ast.walk(node.value)}
        for node in ast.walk(tree):
            # a literal, or an f-string's first part, that starts as a flag does ("--dice"; "-- game 2 --" is
            # a rule drawn in text)
            if id(node) in aliases:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and FLAG.match(node.value):
                bad.append(f"{path.relative_to(GAMES)}:{node.lineno}: {node.value[:40]!r}")
    assert not bad, "\n".join(bad)
