"""The practice table with the badges spent after a throw (Fortune, Transmutation, Swap-Out, Wedding) and the
scoring badges (Advantage, Emperor's): spends by both sides, prices as the coach's, the review, typed moves."""

import pytest

from holdwise.games import farkle
from holdwise.games.farkle import badge_session
from holdwise.games.farkle.badge_coach import advise_throw

OPTIONS = {"target": 500, "badges": ["fortune-silver", "advantage-cut"], "computer_badges": ["transmutation-tin"]}


def _to(state, phase, badge_best=None, limit=3000):
    """Play by the computer's choices to the player's next decision in `phase` (whose best option spends the
    after-throw badge, or does not, when badge_best is given)."""
    for _ in range(limit):
        if state.phase == phase and state.to_move == "player" and state.data["uses"]["player"][3]:
            best = farkle.advice(state).best.action
            if badge_best is None or (best["type"] == "badge") == badge_best:
                return state
        state = farkle.step(state, farkle.computer_action(state) if not state.over else {"type": "next"})
    raise AssertionError(f"no such {phase} decision")


def test_both_sides_spend_after_throw_badges_in_seeded_games():
    state = farkle.new_game(OPTIONS, 3)
    assert state.data["uses"] == {"player": [0, 0, 0, 1], "computer": [0, 0, 0, 1]}
    assert state.data["after"] == {"player": "fortune", "computer": "transmutation"}
    spent = set()
    for _ in range(4):
        for _ in range(3000):
            if state.over:
                break
            action = farkle.computer_action(state)
            assert action in farkle.actions(state)
            if action["type"] == "badge":
                spent.add((state.to_move, action["badges"][0]))
            state = farkle.step(state, action)
        assert all(u >= 0 for side in state.data["uses"].values() for u in side)
        state = farkle.step(state, {"type": "next"})
    assert spent == {("player", "fortune"), ("computer", "transmutation")}


def test_the_tables_badge_moves_are_priced_as_the_coach_prices_them():
    state = _to(farkle.new_game(OPTIONS, 5), "select")
    hint = farkle.advice(state)
    moves = [o for o in hint.options if o.action["type"] == "badge"]
    keeps = [o for o in hint.options if o.action["type"] == "keep"]
    assert moves and keeps and hint.options[0].loss == 0.0
    match = badge_session.solve_badges(state.options)
    layer = (tuple(state.data["uses"]["player"]), tuple(state.data["uses"]["computer"]))
    s = badge_session._state_of(farkle.parse_dice(["ordinary"] * 6), state.data["left"])
    coach = advise_throw(match, 0, state.data["scores"]["player"], state.data["scores"]["computer"], layer,
                         state.data["turn_total"], s, [state.data["roll"]])
    assert max(o.value for o in keeps) == pytest.approx(coach.keeping, abs=1e-12)
    assert max(o.value for o in hint.options) == pytest.approx(coach.value, abs=1e-12)


@pytest.mark.parametrize("spend", [False, True])
def test_the_review_prices_a_badge_kept_too_long_or_spent_badly(spend):
    # the best is to spend: keeping costs; the best is to keep: spending costs
    state = _to(farkle.new_game(OPTIONS, 5), "select", badge_best=not spend)
    hint = farkle.advice(state)
    worse = next(o for o in hint.options if (o.action["type"] == "badge") == spend and o.loss > 0)
    decision = farkle.step(state, dict(worse.action)).decisions[-1]
    assert decision.loss == pytest.approx(worse.loss) and decision.best == hint.best.option
    assert ("Fortune" in decision.chosen) == spend and ("Fortune" in decision.best) != spend


def test_a_re_roll_draws_new_faces_and_spends_the_use():
    state = _to(farkle.new_game(OPTIONS, 5), "select")
    move = next(o.action for o in farkle.advice(state).options if o.action["type"] == "badge")
    after = farkle.step(state, move)
    assert after.data["uses"]["player"][3] == 0 and after.draws == state.draws + 1
    kept = [p for p in state.data["left"] if p not in move["dice"]]
    shown = dict(zip(state.data["left"], state.data["roll"]))
    assert all(dict(zip(after.data["left"], after.data["roll"]))[p] == shown[p] for p in kept)
    assert any(line.startswith("you spend the Badge of Fortune on ") for line in after.log[-2:])
    assert not [a for a in farkle.actions(after) if a["type"] == "badge"]  # one use: none left


def test_an_advantage_scores_its_combination_at_the_table_and_typed_badge_moves():
    state = _to(farkle.new_game(OPTIONS, 5), "select")
    state = state.evolve(data={**state.data, "left": [1, 2, 3, 4, 5, 6], "roll": [3, 5, 2, 2, 4, 6],
                               "turn_total": 0})
    assert {"type": "keep", "dice": [1, 2], "then": "roll"} in farkle.actions(state)  # the Cut: 3 + 5
    typed = farkle.parse_action(state, "t 4 6")
    assert typed["type"] == "badge" and typed["dice"] == [5, 6] and typed in farkle.actions(state)
    assert farkle.parse_action(state, "t p5 p6") == typed
    with pytest.raises(ValueError, match="cannot act"):
        farkle.parse_action(state, "t 1")


def test_a_bust_with_an_after_throw_badge_left_offers_it_and_letting_the_turn_go():
    state = farkle.new_game(OPTIONS, 5)
    busted = state.evolve(phase="bust", data={**state.data, "roll": [2, 2, 3, 4, 4, 6]})
    assert {a["type"] for a in farkle.actions(busted)} == {"badge", "pass"}
    assert badge_session.can_save(busted)
    spent = busted.evolve(data={**busted.data, "uses": {"player": [0, 0, 0, 0], "computer": [0, 0, 0, 1]}})
    assert not badge_session.can_save(spent)


def test_the_replayed_review_prices_every_choice_with_badges_as_the_session_did():
    # a badge spent badly where one is offered, else the coach's best; a kept Cut (3 + 5) replays too
    start = farkle.new_game(OPTIONS, 5)
    state, played = start, []
    for _ in range(400):
        if state.over:
            break
        if state.to_move == "player" and state.phase in ("select", "bust"):
            options = farkle.advice(state).options
            bad = [o for o in options if o.action["type"] == "badge" and o.loss > 0]
            action = dict(bad[0].action if bad else options[0].action)
        else:
            action = farkle.computer_action(state)
        played.append(action)
        state = farkle.step(state, action)
    report = farkle.review(start, played, race=True, end=state)
    assert len(report.decisions) == len(state.decisions) > 0
    assert [r.loss for r in report.decisions] == pytest.approx([d.loss for d in state.decisions])
    assert any("Fortune" in r.chosen and r.loss > 0 for r in report.decisions)
    assert report.win_chance_lost == pytest.approx(sum(d.loss for d in state.decisions))
