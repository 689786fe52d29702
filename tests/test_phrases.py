"""The games' own words in the reader's language (holdwise.phrases): every line a seeded Farkle match writes, every
option and decision it offers, the hands' and boxes' names, numbers written the language's way."""

from __future__ import annotations

import re

import pytest

from holdwise import phrases, refusals
from holdwise.games import farkle

ENGLISH = re.compile(r"\b(you|computer|roll|rolls|keep|keeps|bank|banks|bust|busts|turn|total|game|points|win)\b")


def _match(options, seed, games=4, moves=6000):
    """Both sides by the computer's choices for `games` games: every log line, hint and decision on the way."""
    state = farkle.new_game(options, seed)
    lines, hints = [], []
    for _ in range(moves):
        if state.over:
            lines += state.log
            if state.tally["won"] + state.tally["lost"] == games:
                return lines, hints, state.decisions
            state = farkle.step(state, {"type": "next"})
        if state.to_move == "player":
            hints.append(farkle.advice(state))
        state = farkle.step(state, farkle.computer_action(state))
    raise AssertionError("the games did not end")


@pytest.mark.parametrize("options", [{"target": 1500, "computer": "coaching"},
                                     {"target": 600, "badges": ["warlord-tin", "resurrection-gold"],
                                      "computer_badges": "doppelganger-tin"},
                                     {"target": 600, "badges": ["might-silver"], "computer_badges": "might-tin"}])
@pytest.mark.parametrize("lang", ["sk", "cs"])
def test_every_line_of_a_match_and_every_option_is_translated(options, lang):
    lines, hints, decisions = _match(options, 11)
    texts = lines + [o.option for h in hints for o in h.options] + [
        t for d in decisions for t in (d.position, d.chosen, d.best)]
    assert len(lines) > 20 and hints
    left = [t for t in texts if ENGLISH.search(phrases.say(t, lang))]
    assert left == []
    assert all(phrases.say(t, "en") == t for t in texts)  # English is the words as the game writes them


def test_a_log_line_in_slovak_and_czech_with_the_numbers_written_their_way():
    line = "computer keeps 1 5 (150) and banks 1,400 (you 0, computer 1,400)"
    assert phrases.say(line, "sk") == "počítač odkladá 1 5 (150) a zapisuje 1\u00a0400 (vy 0, počítač 1\u00a0400)"
    assert phrases.say(line, "cs") == "počítač odkládá 1 5 (150) a zapisuje 1\u00a0400 (vy 0, počítač 1\u00a0400)"
    assert phrases.say("keep 1 (doubled), bank with the Warlord's bonus", "sk") == \
        "odložiť 1 (zdvojené), zapísať s bonusom vojvodcu"
    # a share keeps its digits and takes the language's percent sign
    assert phrases.say("45.3%", "cs") == "45,3\u00a0%"


@pytest.mark.parametrize(("english", "sk", "cs"), [
    ("five of a kind", "päťka", "pětice"), ("two pairs", "dva páry", "dva páry"),
    ("Small straight", "Malá postupka", "Malá postupka"), ("Fours", "Štvorky", "Čtyřky")])
def test_hands_and_boxes_by_the_glossary(english, sk, cs):
    assert (phrases.say(english, "sk"), phrases.say(english, "cs")) == (sk, cs)


def test_words_no_form_knows_stay_and_every_form_names_its_parts_once():
    assert phrases.say("Devil's head die", "sk") == "Devil's head die"  # the named dice keep their English names
    for form in phrases.PHRASES:
        names = re.findall(r"%\((\w+)\)s", form)
        assert len(names) == len(set(names)), form
        assert phrases.pattern(form).fullmatch(form % {n: "x" for n in names})
    # the pages get every form but the refusals (said on the server: a page shows a 4xx detail as it comes)
    refused = len(refusals.FIRST + refusals.LATER)
    assert phrases.table("en") == () and len(phrases.table("sk")) == len(phrases.PHRASES) - refused > 250


SEAT_WORDS = re.compile(r"\b(chance|win|duel|moving|first|second|third|fourth|fifth|last|of|players?|still|roll|"
                        r"against|hand|others?|hold|both|ties|replayed|two|three|four|five|six)\b")


@pytest.mark.parametrize("lang", ["sk", "cs"])
def test_every_seat_of_a_poker_dice_table_is_said(lang):
    # a poker-dice hint says whose chance it ranks by ("chance to win as the second of four (players 3-4 still to
    # roll)"): every seat of two to six players, every number of players holding the hand to beat
    from holdwise.games.poker_dice.strategy import situation

    texts = {situation(players, position, holders) for players in range(2, 7) for position in range(1, players + 1)
             for holders in range(1, max(1, position - 1) + 1)}
    assert len(texts) == 30
    said = {text: phrases.say(text, lang) for text in texts}
    assert [t for t, s in said.items() if SEAT_WORDS.search(s)] == []
    assert len(set(said.values())) == len(texts)  # no two seats said alike
    assert said["chance to win as the second of four (players 3-4 still to roll)"] == {
        "sk": "šanca na výhru ako druhý zo štyroch (hráči 3-4 ešte hádžu)",
        "cs": "šance na výhru jako druhý ze čtyř (hráči 3-4 ještě hází)"}[lang]
    # the table page's tie line, its players a list
    assert phrases.say("tie: replay between you and computer 1 (round 2)", lang) == {
        "sk": "remíza: znova hrajú vy a počítač 1 (kolo 2)", "cs": "remíza: znovu hrají vy a počítač 1 (kolo 2)"}[lang]
    # a place at the table is only a part: alone, the words stay as they are
    assert phrases.say("second of four", lang) == "second of four"


def test_numbers_and_english_as_they_come():
    # English is the text as written (its numbers too); a share keeps as many decimals as it has
    assert phrases.say("1234.5", "en") == "1234.5" and phrases.say("1234.5", "sk") == "1234,5"
    assert phrases.say("16.75%", "sk") == "16,75\u00a0%" and phrases.say("", "sk") == ""


def test_an_input_error_keeps_its_name_and_says_its_reason():
    assert phrases.say("hand must be a whole number 1 to 6, got 7", "sk") == "hand musí byť celé číslo 1 až 6, zadané 7"
    assert phrases.say("rolls_left must be a whole number 0 to 2, got 5", "cs") == \
        "rolls_left musí být celé číslo 0 až 2, zadáno 5"
    assert phrases.say("hand must be purple", "sk") == "hand must be purple"  # a reason no form says stays whole


def test_the_most_general_forms_only_where_their_hand_is_said():
    assert phrases.say("A 10 10 10 10 (four of a kind)", "sk") == "A 10 10 10 10 (štvorica)"
    # the bracket is no hand a form says (a range is no whole text): nothing is taken apart
    assert phrases.say("pair (no such hand)", "sk") == "pair (no such hand)"
    assert phrases.say("pair (1 to 6)", "sk") == "pair (1 to 6)"


def test_a_list_is_said_an_item_at_a_time_at_most_sixteen_deep():
    assert phrases.say("you spend " + ", ".join(["pair"] * 16), "sk").count("pár") == 16
    said = phrases.say("you spend " + ", ".join(["pair"] * 17), "sk")
    assert (said.count("pár"), said.count("pair")) == (15, 2)


def test_a_page_gets_the_forms_or_a_few_words_said_whole():
    rows = {english: (local, part) for english, local, part in phrases.table("sk")}
    assert rows["%(low)s to %(high)s"][1] and rows["second of four"][1]  # only parts take these
    assert not rows["chance to win the duel moving first"][1]
    assert phrases.said(("four of a kind", "nothing", "no such words"), "sk") == (
        ("four of a kind", "štvorica", False), ("nothing", "nič", False))
    assert phrases.said(("four of a kind",), "en") == ()
