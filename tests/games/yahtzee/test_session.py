"""The Yahtzee play session: the shared contract, the rules of a turn, scoring, the review, typed actions."""

import pytest

from holdwise.errors import InputError
from holdwise.games import yahtzee
from holdwise.games.base import State

from ..session_contract import play_random_game, round_trip


@pytest.mark.slow
def test_random_games_keep_the_session_contract():
    states = play_random_game(yahtzee, {"rules": "yahtzee"}, seed=3, max_steps=200, games=2)
    over = [s for s in states if s.over]
    assert over and all(s.data["turn"] == 13 for s in over)
    assert states[-1].tally["games"] == 2


def test_a_turn_rolls_at_most_three_times_and_scores_the_box():
    state = yahtzee.new_game({"rules": "yahtzee"}, 11)
    assert state.data["rolls_left"] == 2 and len(state.data["dice"]) == 5
    kept = state.data["dice"][:2]
    state = yahtzee.step(state, {"type": "keep", "keep": kept})
    assert state.data["rolls_left"] == 1
    assert all(state.data["dice"].count(f) >= kept.count(f) for f in kept)
    state = yahtzee.step(state, {"type": "keep", "keep": []})
    assert state.data["rolls_left"] == 0
    assert all(a["type"] == "score" for a in yahtzee.actions(state))
    dice = state.data["dice"]
    state = yahtzee.step(state, {"type": "score", "box": "chance"})
    assert state.data["card"]["chance"] == sum(dice)
    assert state.data["turn"] == 2 and state.data["rolls_left"] == 2
    with pytest.raises(InputError, match="not legal"):
        yahtzee.step(state, {"type": "score", "box": "chance"})  # used


def test_the_computer_plays_optimally_and_its_decisions_cost_nothing():
    state = yahtzee.new_game({"rules": "yahtzee"}, 5)
    while not state.over:
        state = yahtzee.step(state, yahtzee.computer_action(state))
    assert yahtzee.review(state) == []
    assert state.tally["games"] == 1
    card = yahtzee.card_of(state)
    assert card.full and state.tally["total"] == card.total
    assert "game over" in state.log[-1]


def test_a_costly_decision_is_reviewed_with_its_loss():
    state = yahtzee.new_game({"rules": "yahtzee"}, 2)
    hint = yahtzee.advice(state)
    worst = hint.options[-1]
    state = yahtzee.step(state, dict(worst.action))
    review = yahtzee.review(state)
    assert len(review) == 1 and review[0].loss == pytest.approx(worst.loss) and worst.loss > 0
    assert review[0].best == hint.best.option
    assert round_trip(state) == state


def test_typed_actions():
    state = yahtzee.new_game({"rules": "yahtzee"}, 1)
    assert yahtzee.parse_action(state, "keep 5 5") == {"type": "keep", "keep": [5, 5]}
    assert yahtzee.parse_action(state, "k 55") == {"type": "keep", "keep": [5, 5]}
    assert yahtzee.parse_action(state, "roll") == {"type": "keep", "keep": []}
    assert yahtzee.parse_action(state, "fh") == {"type": "score", "box": "full_house"}
    assert yahtzee.parse_action(state, "score 3k") == {"type": "score", "box": "three_of_a_kind"}
    with pytest.raises(InputError):
        yahtzee.parse_action(state, "jump")


def test_bad_options_and_states_are_refused():
    with pytest.raises(InputError, match="rules must be"):
        yahtzee.new_game({"rules": "chess"}, 1)
    with pytest.raises(InputError, match="unknown option"):
        yahtzee.new_game({"players": 2}, 1)
    state = yahtzee.new_game({"rules": "yahtzee"}, 1).to_json()
    state["data"]["card"]["full_house"] = 20
    with pytest.raises(InputError, match="full_house cannot hold 20"):
        yahtzee.advice(State.from_json(state))
    state["data"]["card"]["full_house"] = 25
    with pytest.raises(InputError, match="turn must be"):
        yahtzee.advice(State.from_json(state))  # one box used, still turn 1
    state["data"]["turn"] = 2
    assert yahtzee.advice(State.from_json(state)).options
    state["data"]["dice"] = [1, 2, 3]
    with pytest.raises(InputError, match="bad dice"):
        yahtzee.advice(State.from_json(state))


@pytest.mark.slow
def test_yatzy_sessions_play_fifteen_boxes():
    state = yahtzee.new_game({"rules": "yatzy"}, 4)
    assert len(state.data["card"]) == 15
    assert any(a.get("box") == "one_pair" for a in yahtzee.actions(state))


def test_review_positions_say_roll_and_rolls():
    state = yahtzee.new_game({"rules": "yahtzee"}, 2)
    state = yahtzee.step(state, {"type": "keep", "keep": []})
    state = yahtzee.step(state, {"type": "keep", "keep": []})
    state = yahtzee.step(state, dict(yahtzee.advice(state).best.action))
    assert [d.position.split(", ")[-1] for d in state.decisions] == ["2 rolls left", "1 roll left",
                                                                     "no rolls left"]


def test_a_box_by_any_of_its_names_in_step():
    state = yahtzee.new_game({"rules": "yahtzee"}, 2)
    for name in ("fh", "Full House", "full-house"):
        after = yahtzee.step(state, {"type": "score", "box": name})
        assert after.data["card"]["full_house"] is not None
        assert after.decisions[-1].chosen.startswith("score full_house")
    with pytest.raises(InputError, match="not legal"):
        yahtzee.step(state, {"type": "score", "box": "kniffel"})


# ---- Balut: the same session on Balut's card ---------------------------------------------------------------

def test_a_balut_game_played_by_the_computer():
    state = yahtzee.new_game({"rules": "balut"}, 6)
    assert state.data["card"] == {c.name: [] for c in yahtzee.BALUT.categories}
    scores = 0
    while not state.over:
        action = yahtzee.computer_action(state)
        scores += action["type"] == "score"
        state = round_trip(yahtzee.step(state, action))
    assert scores == 28 and state.data["turn"] == 28
    assert yahtzee.review(state) == []
    card = yahtzee.card_of(state)
    assert card.full and all(len(s) == 4 for s in card.scores)
    assert state.tally["total"] == card.total == sum(map(sum, state.data["card"].values()))
    points = sum(card.awards().values())
    assert f"game over: {card.total} points (Balut points {points:+d})" in state.log[-1]
    # the next game starts on an empty card
    again = yahtzee.step(state, {"type": "next"})
    assert again.data["turn"] == 1 and not any(again.data["card"].values())


def test_balut_advice_is_the_balut_hint():
    state = yahtzee.new_game({"rules": "balut"}, 9)
    for _ in range(7):
        state = yahtzee.step(state, yahtzee.computer_action(state))
    card = yahtzee.card_of(state)
    expected = yahtzee.hint(yahtzee.parse_hint({"rules": "balut", "card": card.text(), "dice": state.data["dice"],
                                                "rolls_left": state.data["rolls_left"]}))
    assert yahtzee.advice(state).to_json() == expected.to_json()
    assert yahtzee.parse_action(state, "fh") == {"type": "score", "box": "house"}
    assert yahtzee.card_line(state) == card.text()


def test_balut_awards_of_a_card():
    card = yahtzee.parse_balut_card("fours=16,16,12,8 fives=20,25,20,0 sixes=24,24,18,12 straight=15,20,20,0 "
                                    "house=26,22,28,19 choice=25,24,27,24 balut=50,0,0,45")
    awards = card.awards()
    # fours 52 >= 52, fives 65 >= 65, sixes 78 >= 78: 2 each; a straight box holds 0: none; every house: 3;
    # choice 100 >= 100: 2; two baluts: 4; the total 540 is in the band from 500: +3
    assert awards == {"fours": 2, "fives": 2, "sixes": 2, "straight": 0, "house": 3, "choice": 2, "balut": 4,
                      "total": 3}
    assert card.total == 540
    assert yahtzee.parse_balut_card("fours=16,16,12,4").awards() == {
        "fours": 0, "fives": 0, "sixes": 0, "straight": 0, "house": 0, "choice": 0, "balut": 0, "total": -2}


def test_bad_balut_states_are_refused():
    state = yahtzee.new_game({"rules": "balut"}, 1).to_json()
    state["data"]["card"]["house"] = [4]
    with pytest.raises(InputError, match="house cannot score"):
        yahtzee.advice(State.from_json(state))
    state["data"]["card"]["house"] = 26
    with pytest.raises(InputError, match="list of its scores"):
        yahtzee.advice(State.from_json(state))
    state["data"]["card"]["house"] = [26]
    with pytest.raises(InputError, match="turn must be"):
        yahtzee.advice(State.from_json(state))
    state["data"]["turn"] = 2
    assert yahtzee.advice(State.from_json(state)).options
    state["data"]["bonus"] = 100
    with pytest.raises(InputError, match="no bonus"):
        yahtzee.advice(State.from_json(state))


def _noisy_games(rules: str, games: int, seed: int) -> tuple[float, list[float], list[float]]:
    """Games where each decision is a random legal one with chance 0.3, else the best: the optimum, each
    game's final score plus its decisions' costs, and the costs."""
    import random

    rng = random.Random(seed)
    out, costs = [], []
    for g in range(games):
        state = yahtzee.new_game({"rules": rules}, seed * 1000 + g)
        while not state.over:
            options = yahtzee.advice(state).options
            pick = rng.choice(options) if rng.random() < 0.3 else options[0]
            state = yahtzee.step(state, dict(pick.action))
        costs.append(sum(d.loss for d in state.decisions))
        out.append(yahtzee.card_of(state).total + costs[-1])
    # the optimum before the first roll (after it, the best play's value already holds that roll's luck)
    optimum = yahtzee.rule_set(rules).prepare()
    return optimum, out, costs


@pytest.mark.slow
@pytest.mark.parametrize("rules, games", [("yahtzee", 150), ("balut", 25)])
def test_review_costs_add_up_to_the_expectation_gap(rules, games):
    """The review's costs add up to the gap between the optimum and what your play expected: a game's final
    score is the optimum, less its decisions' costs, plus the dice's luck (mean 0). Seeded games with random
    mistakes: the mean of (final score + costs) is the optimum within 4 standard errors, while the costs
    themselves are far larger than that."""
    import statistics

    optimum, sums, costs = _noisy_games(rules, games, seed=17)
    mean = statistics.fmean(sums)
    se = statistics.stdev(sums) / len(sums) ** 0.5
    assert abs(mean - optimum) < 4 * se, (mean, optimum, se)
    assert statistics.fmean(costs) > 10 * se  # the check could see costs counted wrongly


def test_a_new_scorecard_is_one_data_object(monkeypatch):
    """A rule set nobody wrote code for (Balut cut to fours and balut, two boxes each) plays through the same
    session once it is one more entry of the rule sets: four turns, the card full, its total the tally's."""
    from dataclasses import replace

    from holdwise.games.yahtzee import variants

    mini = replace(yahtzee.BALUT, name="mini-balut", title="Balut, two categories of two boxes",
                   categories=(yahtzee.BALUT.categories[0], yahtzee.BALUT.categories[-1]), boxes=2, awards=())
    monkeypatch.setitem(variants.RULE_SETS, mini.name, variants.BalutRuleSet(mini))
    state = yahtzee.new_game({"rules": "mini-balut"}, 5)
    turns = 0
    while not state.over:
        action = yahtzee.computer_action(state)
        turns += action["type"] == "score"
        state = yahtzee.step(state, action)
    card = yahtzee.card_of(state)
    assert turns == 4 and card.full and state.tally["total"] == card.total
    assert set(state.data["card"]) == {"fours", "balut"}
