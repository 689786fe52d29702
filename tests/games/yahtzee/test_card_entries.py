"""A card's entries, read once per rule set and then found by their text, give the card and the errors the full
reading gives, in the same order: a box written twice is said before what it cannot hold, however often an entry
was read before."""

from __future__ import annotations

import dataclasses

import pytest

from holdwise.errors import InputError
from holdwise.games import yahtzee
from holdwise.games.yahtzee.card import possible_points
from holdwise.games.yahtzee.variants import rule_set


def _error(rules: str, text: str) -> str:
    with pytest.raises(InputError) as got:
        rule_set(rules).parse_card(text)
    return str(got.value)


@pytest.mark.parametrize("rules", ["yahtzee", "yatzy"])
def test_errors_keep_their_order_when_entries_are_remembered(rules):
    for _ in range(2):  # the second time every entry below is remembered (or was refused)
        assert _error(rules, "ones=3 ones=7") == "box ones is written twice"
        assert _error(rules, "ones=7 ones=3") == f"ones cannot hold 7; it holds one of {_held(rules, 0)}"
        assert _error(rules, "ones=3 Ones=3") == "box ones is written twice"
        assert _error(rules, "ones:3 1s=3") == "box ones is written twice"
        assert _error(rules, "zz=3").startswith("unknown category 'zz'")
        assert _error(rules, "ones=3,twos") == "card entry 'twos' is not box=points (e.g. fh=25)"


def _held(rules: str, box: int) -> str:
    return ", ".join(str(v) for v in sorted(possible_points(rule_set(rules).rules)[box]))


def test_an_entry_is_read_by_each_rule_set_alone():
    yz, yt = rule_set("yahtzee"), rule_set("yatzy")
    assert yz.parse_card("fh=25").total == 25
    # the same text is Yatzy's own question: its full house scores the dice, so its own table says about 25
    if 25 in possible_points(yt.rules)[yt.rules.index("fh")]:
        assert yt.parse_card("fh=25").total == 25
    else:
        with pytest.raises(InputError):
            yt.parse_card("fh=25")
    assert _error("yatzy", "bonus=100") == "yatzy has no Yahtzee bonus"
    assert yz.parse_card("y=50 bonus=100").total == 150
    assert _error("yahtzee", "bonus=100") == "a Yahtzee bonus needs 50 in the Yahtzee box"


def test_the_request_carries_its_card_and_a_copy_reads_its_own():
    request = yahtzee.parse_hint({"card": "ones=3 fh=25", "dice": "6 6 6 2 2", "rolls_left": 0})
    assert request.scorecard is not None and request.scorecard.text() == request.card
    other = dataclasses.replace(request, card="ones=3 fh=25 y=50")
    assert other.scorecard is None
    got = yahtzee.hint(other)
    assert got.position["card"] == "ones=3 full_house=25 yahtzee=50" and got.position["score_so_far"] == 78
    assert request.to_json() == {"rules": "yahtzee", "card": "ones=3 full_house=25", "dice": [2, 2, 6, 6, 6],
                                 "rolls_left": 0}
    assert yahtzee.hint(request).to_json() == yahtzee.hint(dataclasses.replace(request)).to_json()


def test_balut_entries_remembered_keep_the_card_s_own_checks():
    balut = rule_set("balut")
    for _ in range(2):  # the second time the entries are remembered
        card = balut.parse_card("fours=8,12 straight=20 fours=16")
        assert card.text() == balut.parse_card("fours=8,12,16 straight=20").text()
        with pytest.raises(InputError, match="fours has 4 boxes, the card gives it 5 scores"):
            balut.parse_card("fours=8,12 fours=16,20,4")
        with pytest.raises(InputError, match="fours cannot score '5'"):
            balut.parse_card("fours=8,12 fours=5")
