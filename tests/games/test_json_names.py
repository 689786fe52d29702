"""One JSON name per concept across games: every game's comparable answers use the same keys, so two names
for one concept (`first_player_win` beside `first_player_win_chance`) fail here."""

import re

import pytest

HINT_KEYS = {"game", "measure", "options"}  # beside the position's own keys
OPTION_KEYS = {"option", "value", "loss", "action"}
# the one game difference kept on purpose: dice poker counts re-rolls after the first roll ("rerolls_left"),
# the other dice games count rolls ("rolls_left"); they are different numbers, not two names for one
KEPT = {frozenset({"rolls_left", "rerolls_left"})}
NOISE = {"chance", "probability", "player", "value", "of"}


def _hints() -> dict:
    from holdwise.games import dice_poker, farkle, poker_dice, yahtzee

    return {
        "farkle": farkle.hint(farkle.parse_hint({"roll": "1 1 5 2 3 4", "turn_total": 300})).to_json(),
        "farkle race-aware": farkle.hint(farkle.parse_hint({"roll": "1 5", "score": 200, "opponent": 300,
                                                            "target": 500})).to_json(),
        "dice-poker": dice_poker.hint(dice_poker.parse_hint({"hand": "2 3 4 5 5", "rolls_left": 2})).to_json(),
        "poker-dice": poker_dice.hint(poker_dice.parse_hint({"hand": "1 1 3 4 6", "rolls_left": 2})).to_json(),
        "yahtzee": yahtzee.hint(yahtzee.parse_hint({"dice": "1 1 5 3 2", "rolls_left": 2})).to_json(),
    }


def _win_chances() -> dict:
    from holdwise.games import farkle, poker_dice

    return {"farkle match": farkle.match_report(farkle.parse_loadout(None), target=500).to_json(),
            "poker-dice duel": poker_dice.duel().to_json()}


def _concept(key: str) -> tuple[str, ...]:
    return tuple(sorted(set(key.split("_")) - NOISE))


def _keys(data, out: set) -> set:
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            _keys(v, out)
    elif isinstance(data, list):
        for v in data:
            _keys(v, out)
    return out


@pytest.fixture(scope="module")
def answers():
    return {**_hints(), **_win_chances()}


def test_every_hint_has_the_same_top_keys_and_option_keys(answers):
    for game, data in answers.items():
        if "options" not in data:
            continue
        assert HINT_KEYS <= set(data), game
        assert data["measure"] in ("expected_points", "win_chance", "expected_payout", "expected_score"), game
        for option in data["options"]:
            assert OPTION_KEYS <= set(option), (game, set(option))


def test_win_chances_say_win_chance(answers):
    farkle, duel = answers["farkle match"], answers["poker-dice duel"]
    for data in (farkle, duel):
        assert {"first_player_win_chance", "second_player_win_chance"} <= set(data)
    for key in _keys(answers, set()):
        if re.fullmatch(r"(first|second|third)_player_win\w*", key):
            assert key.endswith("_win_chance"), key
    assert answers["farkle race-aware"]["measure"] == answers["poker-dice"]["measure"] == "win_chance"


def test_no_two_names_for_one_concept(answers):
    by_concept: dict[tuple, set] = {}
    for key in _keys(answers, set()):
        by_concept.setdefault(_concept(key), set()).add(key)
    doubles = [names for names in by_concept.values() if len(names) > 1 and frozenset(names) not in KEPT]
    assert not doubles, doubles
