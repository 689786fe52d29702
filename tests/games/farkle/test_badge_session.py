"""Badges at the practice table: the session's options, spending a badge, a bust's Resurrection, seeded play."""

import pytest

from holdwise.games import farkle

OPTIONS = {"target": 600, "badges": ["warlord-tin", "resurrection-gold", "headstart-tin"],
           "computer_badges": "doppelganger-tin"}


def _play(state, moves=2000):
    """Both sides by the computer's choices (each checked legal by step) to the game's end."""
    seen = set()
    for _ in range(moves):
        if state.over:
            return state, seen
        action = farkle.computer_action(state)
        assert action in farkle.actions(state)
        seen.add((state.phase, action["type"], tuple(action.get("badges", ()))))
        state = farkle.step(state, action)
    raise AssertionError("the game did not end")


def test_badge_options_are_checked_and_start_the_game():
    state = farkle.new_game(OPTIONS, 1)
    assert state.options["badges"] == ["warlord-tin", "resurrection-gold", "headstart-tin"]
    assert state.options["computer_badges"] == ["doppelganger-tin"]
    assert state.data["scores"] == {"player": 100, "computer": 0}  # the tin headstart
    assert state.data["uses"] == {"player": [1, 0, 3], "computer": [0, 1, 0]}
    with pytest.raises(ValueError, match="race-aware"):
        farkle.new_game({**OPTIONS, "computer": "coaching"}, 1)
    with pytest.raises(ValueError, match="not built"):
        farkle.new_game({"badges": ["might-silver", "doppelganger-tin"]}, 1)
    for slug in ("fortune-tin", "transmutation-gold", "advantage-cut", "swap-out-gold", "wedding-gold",
                 "emperor-gold"):  # played at the table since round 3
        assert farkle.normalize_options({"badges": [slug]})["badges"] == [slug]
    assert "badges" not in farkle.new_game({"badges": []}, 1).options  # no badge: the options of old
    with pytest.raises(ValueError, match="below the target"):
        farkle.new_game({"target": 300, "badges": ["headstart-gold"]}, 1)


def test_seeded_games_spend_badges_and_end():
    spent = set()
    state = farkle.new_game(OPTIONS, 7)
    for _ in range(12):
        state, seen = _play(state)
        spent |= seen
        assert all(u >= 0 for side in state.data["uses"].values() for u in side)
        state = farkle.step(state, {"type": "next"})
    kinds = {badge for _, _, badges in spent for badge in badges}
    assert {"warlord", "doppelganger"} <= kinds
    assert ("bust", "resurrect", ()) in spent


def test_a_bust_with_a_resurrection_offers_both_and_the_coach_prices_them():
    state = farkle.new_game(OPTIONS, 7)
    for _ in range(5000):
        if state.phase == "bust" and state.to_move == "player":
            break
        state = farkle.step(state, farkle.computer_action(state) if not state.over else {"type": "next"})
    assert state.phase == "bust"
    assert sorted(a["type"] for a in farkle.actions(state)) == ["pass", "resurrect"]
    hint = farkle.advice(state)
    assert {o.action["type"] for o in hint.options} == {"resurrect", "pass"}
    assert hint.best.loss == 0.0 and 0.0 <= hint.best.value <= 1.0
    left = state.data["uses"]["player"][2]
    after = farkle.step(state, {"type": "resurrect"})
    assert after.data["uses"]["player"][2] == left - 1
    # the choice is priced like a keep: the worse one costs its loss in win chance
    worse = hint.options[-1]
    priced = farkle.step(state, dict(worse.action)).decisions[-1]
    assert priced.chosen == worse.option and priced.best == hint.best.option
    assert priced.loss == pytest.approx(worse.loss) and priced.measure == "win_chance"


def test_the_coach_names_the_badge_a_keep_spends():
    state = farkle.new_game(OPTIONS, 7)
    for _ in range(5000):
        if state.phase == "select" and state.to_move == "player":
            break
        state = farkle.step(state, farkle.computer_action(state) if not state.over else {"type": "next"})
    options = farkle.advice(state).options
    warlord = [o for o in options if o.action.get("badges") == ["warlord"]]
    assert warlord and all("Warlord" in o.option for o in warlord)
    assert options[0].loss == 0.0 and all(o.loss >= 0.0 for o in options)


def test_typed_moves_spend_badges_and_answer_a_bust():
    state = farkle.new_game(OPTIONS, 7)
    for _ in range(5000):
        if state.phase == "select" and state.to_move == "player":
            break
        state = farkle.step(state, farkle.computer_action(state) if not state.over else {"type": "next"})
    keep = farkle.advice(state).best.action
    faces = {p: f for f, p in zip(state.data["roll"], state.data["left"])}
    typed = " ".join(str(faces[p]) for p in keep["dice"])
    action = farkle.parse_action(state, typed + " w")
    assert action["badges"] == ["warlord"] and action["then"] == "bank" and action in farkle.actions(state)
    with pytest.raises(ValueError, match="not yours to spend"):
        farkle.parse_action(state, typed + " d")  # the player brought no Doppelganger
    bust = state.evolve(phase="bust")
    assert farkle.parse_action(bust, "") == {"type": "resurrect"}
    assert farkle.parse_action(bust, "p") == {"type": "pass"}


def test_the_coaching_table_gives_the_badge_matchs_win_chances_once_it_is_solved():
    """With badges the plain match's win chances are not the game's: the coaching table shows the badge match's
    for each keep that spends no badge (none while that match is not in memory), best first, and agrees with
    the session's own advice; it never says the match is unsolved once it is."""
    from holdwise.games.farkle import badge_session, practice

    options = {"target": 500, "badges": ["headstart-tin"]}
    state = farkle.new_game(options, 3)
    while not (state.phase == "select" and state.to_move == "player"):
        state = farkle.step(state, farkle.computer_action(state))
    badge_session._SOLVED.clear()  # another test may have solved it: the coach must not solve it itself
    waiting = practice.coach(state)
    assert all(row.win_chance is None for row in waiting.options) and "not shown" in waiting.note
    advice = {(tuple(o.action["dice"]), o.action["then"]): o.value for o in farkle.advice(state).options
              if o.action["type"] == "keep" and not o.action.get("badges")}
    coached = practice.coach(state)
    assert "not shown" not in coached.note
    wins = [row.win_chance for row in coached.options]
    assert wins == sorted(wins, reverse=True) and len(wins) == len(advice) > 3
    for row in coached.options:
        assert row.win_chance == advice[(row.dice_kept, row.then)]
        assert row.win_loss == pytest.approx(max(advice.values()) - row.win_chance, abs=1e-15)
