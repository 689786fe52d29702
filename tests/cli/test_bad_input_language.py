"""Refusals in the reader's language (issue 44): the command line's own usage errors (click's words) and the
games' rarer input errors said in Slovak and Czech through holdwise.phrases; every refusal of the bad-input tables
(tests/cli/test_bad_input_*.py) read again in Slovak finds no English sentence."""

from __future__ import annotations

import importlib
import re

import pytest

from holdwise import phrases
from tests.cli.refusal import run_command

# English words no Slovak sentence has (not "a", "to", "do", "by", "limit": Slovak words too)
ENGLISH = re.compile(r"\b(the|and|of|with|when|while|every|each|is|are|its|or|an|for|from|which|must|got|not|no|"
                     r"only|than|least|most|here|invalid|unknown|known|expected|missing|such|option|given|needs?|"
                     r"takes?|cannot|should|too|beyond|one|file|line|value|number|has|have|would|about)\b", re.I)
# what a refusal shows as given: quoted input, paths and flags, TOML's name = [...], and the TOML parser's own
# reason (its words are the library's)
KEPT = re.compile(r"'[^']*'|\"[^\"]*\"|\S*[-/_.*$=]\S*|\w+ = \[[^\]]*\]|TOML: .*$")
TABLES = ("dice_poker", "farkle", "liars_dice", "poker_dice", "card_dice", "dice_duel", "yahtzee", "video_poker")
PREFIX = {"farkle": ["farkle"], "video_poker": ["video-poker"]}  # as those tables' tests run them


def english_left(line: str) -> list[str]:
    return ENGLISH.findall(KEPT.sub(" ", line))


def _cases(table: str) -> list[list[str]]:
    module = importlib.import_module(f"tests.cli.test_bad_input_{table}")
    out = [list(case[0]) for name in ("CASES", "OPTIONS") for case in getattr(module, name, [])]
    out += [["hold", *case[0]] for case in getattr(module, "CARDS", [])]
    return [PREFIX.get(table, []) + args for args in out]


@pytest.mark.slow  # every refusal of the eight tables again (about 300 commands, 11 s on -n 0 in all)
@pytest.mark.parametrize("table", TABLES)
def test_every_refusal_of_the_bad_input_tables_in_slovak_has_no_english_sentence(table, tmp_path, tmp_path_factory):
    files = tmp_path_factory.mktemp("files")  # the tables' files, as their own tests write them
    dice_poker = importlib.import_module("tests.cli.test_bad_input_dice_poker")
    for name, text in dice_poker.FILES.items():
        (files / name).write_text(text)
    (tmp_path / "sets").mkdir()
    for name, text in importlib.import_module("tests.cli.test_bad_input_card_dice").SETS.items():
        (tmp_path / "sets" / name).write_text(text, encoding="utf-8")
    left = []
    cases = _cases(table)
    assert len(cases) >= 5
    for args in cases:
        done = run_command(["--lang", "sk", *(a.replace("{files}", str(files)) for a in args)], tmp_path, stdin="q\n")
        line = done.stderr.strip()
        assert done.returncode == 2 and line.startswith("chyba: ") and "\n" not in line, (args, done.stderr)
        if english_left(line):
            left.append(line)
    assert left == []


@pytest.mark.parametrize(("args", "sk", "cs"), [
    (["dice-poker", "--nope"], "chyba: Neznáma voľba: --nope (pozri", "chyba: Neznámá volba: --nope (viz"),
    (["dice-poker", "--dice", "x"], "Neplatná hodnota pre '--dice': 'x' nie je platná hodnota typu",
     "Neplatná hodnota pro '--dice': 'x' není platná hodnota typu"),
    (["nosuch"], "chyba: Neznámy príkaz 'nosuch'.", "chyba: Neznámý příkaz 'nosuch'."),
    # a whole sentence is never read as a range: "must be 1 to 10" was said "must be 1 až 10"
    (["dice-poker", "--dice", "11"], "chyba: dice musí byť 1 až 10, zadané 11", "chyba: dice musí být 1 až 10, zadáno 11"),
    (["yahtzee", "hint", "1", "2", "3", "4", "7"], "kocka ukazuje 1 až 6, zadané '7'", "kostka ukazuje 1 až 6, zadáno '7'"),
])
def test_usage_errors_and_rare_input_errors_in_slovak_and_czech(args, sk, cs, tmp_path):
    for lang, want in (("sk", sk), ("cs", cs)):
        line = run_command(["--lang", lang, *args], tmp_path).stderr.strip()
        assert want in line and not english_left(line.split(" (", 1)[0] if "--help" in line else line), line
    assert run_command(args, tmp_path).stderr.startswith("error: ")  # English stays as it was


def test_a_sentence_ending_in_a_games_word_is_no_part_of_a_form():
    """The short forms of a game's words ("%(n)s dice", "hand: ranks") take no whole sentence apart."""
    text = "gives 875 distinct choices of six dice; at most 300 are searched (about a minute): own fewer kinds of dice"
    assert phrases.say(text, "sk").endswith("vlastnite menej druhov kociek")
    assert phrases.say("these dice need never bust: every roll scores and some selection", "sk") == (
        "these dice need never bust: every roll scores and some selection")  # no form: kept whole, not half said
