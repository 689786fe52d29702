"""Bad input to every `holdwise video-poker` command: exit 2, one `error:` line, no traceback, nothing written.

Each case is a fresh process (tests/cli/refusal.py). The kinds: pay-table files with wrong types and values
(non-finite, huge, negative, unknown keys and hands, duplicates, no pays), files that are not files or not
TOML or not UTF-8, cards in bad spellings, and whole numbers out of range or not whole (Unicode digits too).
Every refusal comes before a solve, so every case here is instant.
"""

from __future__ import annotations

import pytest

from tests.cli.refusal import assert_refused

HAND = ["AS", "KS", "QS", "JS", "9D"]
ROYAL = '{ hand = "royal_flush", pay = 800 }'


def body(pays: str = ROYAL, **keys: str) -> str:
    """A game `g` with the given pay entries and other keys (TOML text as values)."""
    lines = ["[g]", *(f"{k} = {v}" for k, v in keys.items()), f"pays = [{pays}]"]
    return "\n".join(lines) + "\n"


def pay(value: str) -> str:
    return body(f'{{ hand = "royal_flush", pay = {value} }}')


# (file content (text or bytes), command, message in the error line)
FILES = [
    # wrong types
    (body(deck="52.0"), "games", "deck must be 52 or 53 (a whole number), got 52.0"),
    (body(deck="52.0"), "hold", "deck must be 52 or 53"),
    (body(deck="52.0"), "return", "deck must be 52 or 53"),
    (body(deck="true"), "games", "deck must be 52 or 53"),
    (body(deck="54"), "play", "deck must be 52 or 53"),
    (body('{ hand = ["royal_flush"], pay = 800 }'), "games", "unknown hand ['royal_flush']"),
    (body(wild="[]"), "hold", "wild must be one of none, deuces, joker, got []"),
    (body(name="5"), "games", "name must be one line"),
    (body('{ hand = "royal_flush", pay = true }'), "games", "pay of royal_flush must be a number"),
    (body('{ hand = "royal_flush", pay = 2024-01-01 }'), "games", "pay of royal_flush must be a number"),
    (body('{ hand = "royal_flush", pay = "abc" }'), "return", "must be a number >= 0"),
    (body('{ hand = "royal_flush", pay = "1/0" }'), "games", "divides by zero"),
    (body("5"), "games", "pay 1 must be { hand = ..., pay = ... }"),
    ("g = 5\n", "games", "is not a table"),
    # non-finite, huge, negative
    (body(royal_below_max="-1000"), "games", "royal_below_max is negative"),
    (body(royal_below_max='"inf"'), "hold", "royal_below_max must be a finite number, got 'inf'"),
    (body(royal_below_max="nan"), "return", "royal_below_max must be a finite number"),
    (pay("inf"), "return", "must be a finite number, got inf"),
    (pay("-inf"), "games", "must be a finite number"),
    (pay("nan"), "games", "must be a finite number"),
    (pay('"inf"'), "games", "must be a finite number, got 'inf'"),
    (pay('"-Infinity"'), "games", "must be a finite number"),
    (pay("1e309"), "play", "must be a finite number"),
    (pay("1e999999999"), "hold", "must be a finite number"),
    (pay('"1e999999999"'), "return", "out of range"),
    (pay('"1e-999999999"'), "games", "out of range"),
    (pay('"' + "9" * 70 + '"'), "games", "at most 64"),
    (pay("1e300"), "hold", "63-bit integers, so with a 52-card deck a pay is at most 391,988 per coin"),
    (pay("391989"), "return", "at most 391,988 per coin"),
    (body('{ hand = "royal_flush", pay = 391000 }, { hand = "flush", pay = "1/2" }'), "games", "common denominator"),
    (body('{ hand = "royal_flush", pay = 800 }, { hand = "flush", pay = "1/2" }', royal_below_max="391000"),
     "hold", "common denominator"),
    (body('{ hand = "royal_flush", pay = 314578 }', deck="53", wild='"joker"'), "return", "at most 314,577"),
    (pay("-1"), "games", "negative"),
    # keys, hands, pays
    (body(royal_bellow_max="250"), "hold", "unknown key 'royal_bellow_max'"),
    (body('{ hand = "flush", pay = 6, coins = 5 }'), "games", "just those two keys"),
    (body('{ hand = "flush" }'), "games", "pay 1 must be { hand = ..., pay = ... }"),
    ("[g]\nname = \"G\"\n", "games", "needs pays"),
    (body(""), "games", "needs pays"),
    (body('{ hand = "flush", pay = 6 }, { hand = "flush", pay = 5 }'), "return", "hand 'flush' listed twice"),
    (body('{ hand = "royal", pay = 800 }'), "return", "unknown hand 'royal'"),
    (body('{ hand = "nothing", pay = 1 }'), "games", "unknown hand 'nothing'"),
    (body('{ hand = "five_of_a_kind", pay = 1 }'), "games", "need wild cards"),
    (body(wild='"joker"'), "games", "a joker game has a 53-card deck"),
    # not TOML, not UTF-8, empty, too large, nested too deep
    ("[g\n", "hold", "is not valid TOML"),
    (b'[g]\nname = "\xff\xfe"\n', "return", "is not UTF-8 text: byte 0xff"),
    ("", "games", "defines no game"),
    ("# " + "x" * (1 << 20) + "\n", "games", "larger than 1,048,576 bytes"),
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "games", "is not valid TOML"),
]

COMMANDS = {"games": ["games"], "hold": ["hold", *HAND, "-g", "g"], "return": ["return", "-g", "g"],
            "play": ["play", "--seed", "1", "-g", "g"]}


@pytest.mark.parametrize("content,command,message", FILES)
def test_bad_pay_table_files(tmp_path, tmp_path_factory, content, command, message):
    path = tmp_path_factory.mktemp("tables") / "table.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert_refused(["video-poker", *COMMANDS[command], "--paytable-file", str(path)], tmp_path, message=message)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_directory_is_not_a_pay_table_file(tmp_path, tmp_path_factory, command):
    folder = tmp_path_factory.mktemp("folder")
    assert_refused(["video-poker", *COMMANDS[command], "--paytable-file", str(folder)], tmp_path,
                   message="is a directory, not a file")


@pytest.mark.parametrize("command", ["games", "play"])
def test_a_missing_pay_table_file(tmp_path, tmp_path_factory, command):
    path = tmp_path_factory.mktemp("missing") / "nope.toml"
    assert_refused(["video-poker", *COMMANDS[command], "--paytable-file", str(path)], tmp_path,
                   message="pay table file not found")


CARDS = [
    (["AS", "KS", "QS", "JS"], "a hand has 5 cards, got 4"),
    ([*HAND, "TS"], "a hand has 5 cards, got 6"),
    ([], "Missing argument 'HAND'"),
    (["AS", "KS", "QS", "JS", "AS"], "card As appears twice"),
    (["AS KS QS JS 1S"], "unknown card '1S'"),
    (["AS KS QS JS 11H"], "unknown card '11H'"),
    (["AS KS QS JS TX"], "unknown card 'TX'"),
    (["AS KS QS JS ²D"], "unknown card '²D'"),
    (["AS KS QS JS A♠♠"], "unknown card"),
    (["AS KS QS JS 52"], "unknown card '52'"),
    (["AS KS QS JS 9D\u200b"], "unknown card"),  # a zero-width space
    (["AS KS QS JS Jk"], "no joker in a 52-card deck"),
    (["AS KS QS Jk Joker", "-g", "joker-poker-kings"], "card Jk appears twice"),
    (["AS,KS,,QS,JS"], "a hand has 5 cards, got 4"),
]


@pytest.mark.parametrize("cards,message", CARDS)
def test_bad_cards(tmp_path, cards, message):
    assert_refused(["video-poker", "hold", *cards], tmp_path, message=message)


OPTIONS = [
    (["hold", *HAND, "--coins", "0"], "--coins must be a whole number 1 to 5, got 0"),
    (["hold", *HAND, "--coins", "6"], "--coins must be a whole number 1 to 5"),
    (["hold", *HAND, "--coins", "-1"], "--coins must be a whole number 1 to 5"),
    (["hold", *HAND, "--coins", "99999999999999999999"], "--coins must be a whole number 1 to 5"),
    (["hold", *HAND, "--coins", "9" * 5000], "--coins must be a whole number 1 to 5"),
    (["hold", *HAND, "--coins", "5.0"], "got '5.0'"),
    (["hold", *HAND, "--coins", "３"], "got '３'"),  # a fullwidth digit: Python's int() would take it
    (["return", "--coins", "inf"], "--coins must be a whole number 1 to 5"),
    (["return", "--coins", "nan"], "--coins must be a whole number 1 to 5"),
    (["return", "--coins", "1e999999999"], "--coins must be a whole number 1 to 5"),
    (["return", "--coins", ""], "--coins must be a whole number 1 to 5"),
    (["hold", *HAND, "--game", "nope"], "unknown game 'nope'"),
    (["return", "--game", "nope"], "unknown game 'nope'"),
    (["play", "--game", "nope"], "unknown game 'nope'"),
    (["play", "--seed=-1"], "--seed must be a whole number 0 to 9,223,372,036,854,775,807"),
    (["play", "--seed", "9223372036854775808"], "--seed must be a whole number 0 to"),
    (["play", "--seed", "1e999999999"], "--seed must be"),
    (["play", "--seed", "٢"], "--seed must be"),  # Arabic-Indic two
    (["play", "--credits", "0"], "--credits must be a whole number 1 to 1,000,000,000"),
    (["play", "--credits", "-5"], "--credits must be"),
    (["play", "--credits", "1000000001"], "--credits must be a whole number 1 to 1,000,000,000"),
    (["play", "--credits", "inf"], "--credits must be"),
    (["play", "--credits", "2.5"], "--credits must be"),
    (["play", "--bet", "0"], "--bet must be a whole number 1 to 5"),
    (["play", "--bet", "6"], "--bet must be a whole number 1 to 5"),
    (["play", "--bet", "²"], "--bet must be a whole number 1 to 5"),
    # usage: options that do not exist, a missing value, extra arguments, no such command
    (["hold", *HAND, "--bogus"], "no such option: --bogus"),
    (["return", "--coins"], "requires an argument"),
    (["games", "extra"], "unexpected extra argument"),
    (["nope"], "no such command 'nope'"),
]


@pytest.mark.parametrize("args,message", OPTIONS)
def test_bad_options(tmp_path, args, message):
    assert_refused(["video-poker", *args], tmp_path, message=message)
