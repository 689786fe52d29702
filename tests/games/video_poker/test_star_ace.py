"""The ace of stars (card 52 of the extra-ace deck) typed and shown: "A*" round trips in all three decks, the
one-line refusals of a card the deck does not have, a seeded session that deals it (through JSON), the hint of a
hand holding it against plain enumeration with the slow oracle, and the CLI at 80 columns."""

import json
import math
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.errors import InputError
from holdwise.games import video_poker as vp
from holdwise.games.base import State
from holdwise.games.video_poker.cards import card_str, hand_str, parse_card, parse_hand, parse_hold
from tests.oracles.video_poker_bruteforce import Oracle

FILE = Path(__file__).parents[3] / "docs" / "games" / "five-aces.toml"
FIVE_ACES = vp.load_games(FILE)["five-aces-ddb-9-6"]
STAR = 52
SEED = 3  # its first deal, 4d Js 3c 5c A*, holds the star (found by dealing seeds 0, 1, 2, 3)
DECKS = [(52, "none"), (53, "joker"), (53, "ace")]


@pytest.mark.parametrize("deck,extra", DECKS)
def test_every_card_round_trips_in_each_deck(deck, extra):
    texts = [card_str(c, extra) for c in range(deck)]
    assert [parse_card(t, deck, extra) for t in texts] == list(range(deck))
    assert len(set(texts)) == deck and texts[:2] == ["2c", "2d"] and texts[51] == "As"
    if deck == 53:
        assert texts[52] == ("A*" if extra == "ace" else "Jk")
    hand = (STAR, 51, 8, 33, 0) if deck == 53 else (51, 50, 8, 33, 0)
    assert parse_hand(hand_str(hand, extra), deck, extra) == hand


def test_the_default_deck_kind_is_as_before_the_star():
    assert card_str(STAR) == "Jk" and hand_str([STAR, 51]) == "Jk As"
    assert parse_card("Joker", 53) == STAR and parse_hand("jk as ks qs js", 53)[0] == STAR
    assert parse_hold("jk", parse_hand("Jk As Ks Qs Js", 53)) == [1]


@pytest.mark.parametrize("text", ["A*", "a*", "A★", "a☆", " A* "])
def test_the_star_ace_as_a_player_types_it(text):
    assert parse_card(text, 53, "ace") == STAR
    assert parse_hand(f"{text}, As Ad 3h 9c", 53, "ace") == (STAR, 51, 49, 6, 28)


@pytest.mark.parametrize("text,deck,extra,message", [
    ("A*", 53, "joker", "no ace of stars in the joker deck (only the extra-ace deck has it): 'A*'"),
    ("a☆", 52, "none", "no ace of stars in a 52-card deck (only the extra-ace deck has it): 'a☆'"),
    ("A★", 52, "joker", "no ace of stars in a 52-card deck (only the extra-ace deck has it): 'A★'"),
    ("Jk", 53, "ace", "no joker in the extra-ace deck (its 53rd card is the ace of stars, A*): 'Jk'"),
    ("joker", 53, "ace", "no joker in the extra-ace deck (its 53rd card is the ace of stars, A*): 'joker'"),
    ("A+", 53, "ace", "unknown card 'A+' (rank 2-9, T or 10, J, Q, K, A; suit c d h s or ♣ ♦ ♥ ♠; A* the ace of "
                      "stars)"),
    ("As", 53, "queen", "a deck's 53rd card is one of none, joker, ace, got 'queen'"),
])
def test_a_card_the_deck_does_not_have_is_refused_in_one_line(text, deck, extra, message):
    with pytest.raises(InputError) as err:
        parse_card(text, deck, extra)
    assert str(err.value) == message


def test_holds_typed_as_cards_name_the_star():
    hand = parse_hand("4d Js 3c 5c A*", 53, "ace")
    assert parse_hold("a★ 4d", hand, "ace") == [1, 5] and parse_hold("5", hand, "ace") == [5]
    with pytest.raises(InputError, match=r"^A\* is not in the hand 4d Js 3c 5c As$"):
        parse_hold("A*", parse_hand("4d Js 3c 5c As", 53, "ace"), "ace")
    with pytest.raises(InputError, match="is neither positions 1-5 nor cards of the hand"):
        parse_hold("Jk", hand, "ace")


def test_a_seeded_session_deals_the_star_and_plays_it_through_json():
    state = vp.new_game({"rules": FIVE_ACES.id, "paytable_file": str(FILE), "credits": 100}, SEED)
    assert state.options["table"]["extra_card"] == "ace"  # the state carries its own table
    state = vp.step(state, {"type": "deal", "bet": 5})
    assert state.data["hand"] == ["4d", "Js", "3c", "5c", "A*"]
    assert state.log[-1] == "hand 1, bet 5: dealt 4d Js 3c 5c A*"
    state = State.from_json(json.loads(json.dumps(state.to_json())))
    advice = vp.advice(state)
    assert advice.best.option == "A*" and advice.best.extras["hold"] == ["A*"]
    assert vp.computer_action(state) == {"type": "draw", "hold": [5]}
    action = vp.parse_action(state, "a☆")
    assert action == {"type": "draw", "hold": [5]}
    after = State.from_json(json.loads(json.dumps(vp.step(state, action).to_json())))
    assert after.data["dealt"] == state.data["hand"] and after.data["hand"][4] == "A*"
    assert after.log[-2].startswith("held A*, drew ") and after.log[-2].endswith(" A*")
    decision = after.decisions[-1]
    assert (decision.position, decision.chosen, decision.best, decision.loss) == (
        "4d Js 3c 5c A*", "A*", "A*", 0.0)
    with pytest.raises(InputError, match="neither positions"):
        vp.parse_action(state, "Jk")


def _value_by_enumeration(dealt, held_positions):
    """A hold's expected return per coin at 5 coins: every draw of the 48 cards left, classed by the slow
    oracle (no evaluator, no solver tables)."""
    oracle = Oracle(FIVE_ACES.hands, "ace")
    held = [dealt[p - 1] for p in held_positions]
    stub = [c for c in range(53) if c not in dealt]
    total, draws = Fraction(0), 0
    for draw in combinations(stub, 5 - len(held)):
        total += FIVE_ACES.pays[oracle(held + list(draw))]
        draws += 1
    assert draws == math.comb(48, 5 - len(held))
    return total / draws


def test_the_hint_of_a_hand_with_the_star_equals_plain_enumeration():
    hint = vp.hold_hint("A★ As Ad 3h 9c", FIVE_ACES, exact=True)
    assert hint.position["hand"] == ["A*", "As", "Ad", "3h", "9c"]
    dealt = parse_hand("A* As Ad 3h 9c", 53, "ace")
    by_positions = {tuple(o.extras["positions"]): o for o in hint.options}
    assert len(by_positions) == 32
    # every hold of three or more cards, and the two-card holds with the star (the best hold is among them)
    checked = [h for h in by_positions if len(h) >= 3 or (len(h) == 2 and 1 in h)]
    values = {h: _value_by_enumeration(dealt, h) for h in checked}
    for h, value in values.items():
        assert Fraction(by_positions[h].value_exact) == value, h
    best = max(values, key=values.get)
    assert best == (1, 2, 3) and hint.best.option == "A* As Ad" and hint.best.extras["positions"] == [1, 2, 3]
    assert values[best] == Fraction(23732, 1128)  # 1200 + 22 x 400 + 70 x 160 + 66 x 9 + 969 x 2, of C(48, 2)
    assert hint.best.extras["counts"]["five_aces"] == 1


def test_the_cli_hold_and_play_at_80_columns():
    runner = CliRunner()
    game = ["--paytable-file", str(FILE), "--game", FIVE_ACES.id]
    out = runner.invoke(app, ["video-poker", "hold", "A★", "As", "Ad", "3h", "9c", *game, "--counts"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[0].startswith("A* As Ad 3h 9c: Five Aces Double Double Bonus 9/6")
    assert lines[3].split() == ["#", "A*", "As", "Ad", "3h", "9c", "value", "loss"]
    assert lines[4].split() == ["1", "HOLD", "HOLD", "HOLD", "21.039007", "0.000000"]
    data = json.loads(runner.invoke(app, ["video-poker", "hold", "a*,as,ad,3h,9c", *game, "--json"]).stdout)
    assert data["hand"][0] == "A*" and data["options"][0]["hold"] == ["A*", "As", "Ad"]
    for hand, args, message in (("Jk As Ad 3h 9c", game, "no joker in the extra-ace deck"),
                                ("A* As Ad 3h 9c", [], "no ace of stars in a 52-card deck")):
        bad = runner.invoke(app, ["video-poker", "hold", hand, *args])
        assert bad.exit_code == 2 and bad.stderr.startswith(f"error: HAND: {message}") and bad.stderr.count("\n") == 1
    play = runner.invoke(app, ["video-poker", "play", "--seed", str(SEED), *game], input="\nA☆\n\nq\n")
    assert play.exit_code == 0, play.output
    hold = "hold (e.g. 1 3 5 or 135; a all, 0 none):"
    # the runner does not echo the keys typed: a prompt and the next output share a line here
    shown = play.stdout.replace(hold, hold + "\n").splitlines()
    assert max(map(len, shown)) <= 80
    assert "  4d    Js    3c    5c    A*      bet 5, credits 995" in shown
    assert any(line.startswith(" held A*, drew ") and line.endswith(" A*") for line in shown)


def test_the_trainer_chart_names_the_star_where_it_plays_a_hand():
    """The chart's hold of a dealt hand with the star writes it A* (the web trainer compares it with your hold)."""
    chart = "five aces\nfour aces\nthree aces\npair of aces\nA\n"
    hold = vp.chart_hold(chart, "4d Js 3c 5c A★", FIVE_ACES, 5)
    assert (hold.hand, hold.hold, hold.hold_text, hold.line_text) == ("4d Js 3c 5c A*", (5,), "A*", "A")
    assert vp.chart_hold(chart, [28, 39, 4, 12, STAR], FIVE_ACES, 5).hand == "9c Js 3c 5c A*"
