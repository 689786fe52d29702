"""Bad input to `holdwise poker-dice ... --dice-set`: exit 2, one `error:` line, nothing written.

Sets from files (malformed TOML, a die with no faces, more than 64 faces, six dice, a face that is no card), rolls
and hands to beat that the set cannot show, rule flags of six-faced dice, and solves over the cost guard: each
is refused before any work.
"""

from __future__ import annotations

import pytest

from tests.cli.refusal import assert_refused

GOOD_DIE = '[[die]]\nfaces = ["As", "Kh", "*"]\n'
SETS = {
    "syntax.toml": "name = \"broken\n",
    "empty_die.toml": 'name = "x"\n' + GOOD_DIE * 4 + "[[die]]\nfaces = []\n",
    "many_faces.toml": 'name = "x"\n' + GOOD_DIE * 4 + "[[die]]\nfaces = [" + ", ".join(['"As"'] * 65) + "]\n",
    "six_dice.toml": 'name = "x"\n' + GOOD_DIE * 6,
    "four_dice.toml": 'name = "x"\n' + GOOD_DIE * 4,
    "bad_face.toml": 'name = "x"\n' + GOOD_DIE * 2 + '[[die]]\nfaces = ["As", "Zx"]\n' + GOOD_DIE * 2,
}

ROYAL_HINT = ["poker-dice", "hint", "--dice-set", "royal", "Ks", "Ac", "Kc", "Kd", "As", "--rolls-left", "2"]

CASES = [
    (["poker-dice", "odds", "--dice-set", "sets/syntax.toml"], "sets/syntax.toml"),
    (["poker-dice", "odds", "--dice-set", "sets/empty_die.toml"], "die 5 has no faces"),
    (["poker-dice", "odds", "--dice-set", "sets/many_faces.toml"], "die 5 has 65 faces; at most 64"),
    (["poker-dice", "odds", "--dice-set", "sets/six_dice.toml"], "a set has 5 dice, got 6"),
    (["poker-dice", "odds", "--dice-set", "sets/four_dice.toml"], "a set has 5 dice, got 4"),
    (["poker-dice", "odds", "--dice-set", "sets/bad_face.toml"], "die 3, face 2: not a card: 'Zx'"),
    (["poker-dice", "odds", "--dice-set", "no_such_set"], "no dice set 'no_such_set'"),
    (["poker-dice", "odds", "--dice-set", ""], "a dice set is royal or octahedral or a TOML file"),
    (["poker-dice", "odds", "--dice-set", "royal", "--flush-rule"], "the rule flags are for six-faced dice"),
    (["poker-dice", "--ace-high", "duel", "--dice-set", "royal"], "the rule flags are for six-faced dice"),
    # rolls and hands the set cannot show
    (["poker-dice", "hint", "--dice-set", "royal", "Ks", "Ac", "Kc", "Kd", "Qs", "--rolls-left", "1"],
     "die 5 has no face Qs"),
    (["poker-dice", "hint", "--dice-set", "royal", "Ks", "Ac", "Kc", "--rolls-left", "1"], "a roll has 5 faces"),
    (["poker-dice", "hint", "--dice-set", "royal", "Ks", "Ac", "Kc", "Kd", "Zz", "--rolls-left", "1"],
     "not a card: 'Zz'"),
    ([*ROYAL_HINT, "--to-beat", "As Ah Ad Ac"], "the hand to beat has 5 faces"),
    ([*ROYAL_HINT, "--position", "2"], "give the hand to beat"),
    ([*ROYAL_HINT, "--to-beat", "As Ah Ad Ac Ks", "--holders", "2"], "--holders must be a whole number 1"),
    ([*ROYAL_HINT, "--rolls-left", "3"], "--rolls-left must be a whole number 1 or 2"),
    # the cost guard: stated, before any work
    (["poker-dice", "duel", "--dice-set", "royal", "--players", "3"],
     "3 players on royal poker dice (a layout of our own) would take about 3 min"),
    (["poker-dice", "duel", "--dice-set", "octahedral", "--players", "6"], "the limit is 30 s; 5 players fit"),
    ([*ROYAL_HINT, "--players", "4"], "4 players on royal poker dice"),
    (["poker-dice", "play", "--dice-set", "royal", "--players", "3"], "the limit is 30 s; 2 players fit"),
    (["poker-dice", "play", "--dice-set", "octahedral", "--players", "7"], "--players must be a whole number 2 to 6"),
    (["poker-dice", "play", "--dice-set", "octahedral", "--position", "3"], "--position must be a whole number 1 or 2"),
]


@pytest.mark.parametrize("args,message", CASES, ids=lambda v: " ".join(v)[:70] if isinstance(v, list) else None)
def test_bad_card_dice_input_is_refused_in_one_line(args, message, tmp_path):
    folder = tmp_path / "sets"
    folder.mkdir()
    for name, text in SETS.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert_refused(args, tmp_path, message=message)
