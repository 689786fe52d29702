"""The face `holdwise.games.video_poker`: the hint's shape and values, the return report, the games list."""

import json
import math
from fractions import Fraction

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games import video_poker as vp
from holdwise.games.base import Hint
from holdwise.games.video_poker.solver import analyze_hand

GAMES = vp.shipped_games()
JOB = GAMES["jacks-or-better-9-6"]


def test_face_has_every_verb():
    for name in ("parse_card", "parse_hand", "parse_hold", "hint", "game_return", "games", "new_game", "actions",
                 "step", "computer_action", "advice", "parse_action"):
        assert name in vp.__all__ and callable(getattr(vp, name))


def test_hint_shape_for_the_four_to_a_royal():
    hint = vp.hold_hint("AS KS QS JS 9D")
    assert isinstance(hint, Hint) and hint.game == "video-poker" and hint.measure == "expected_return"
    assert hint.position == {"rules": "jacks-or-better-9-6", "coins": 5, "hand": ["As", "Ks", "Qs", "Js", "9d"]}
    assert len(hint.options) == 32
    best = hint.best
    assert best.option == "As Ks Qs Js" and best.loss == 0 and best.value == pytest.approx(872 / 47, abs=0)
    assert best.extras["hold"] == ["As", "Ks", "Qs", "Js"] and best.extras["positions"] == [1, 2, 3, 4]
    assert best.extras["draws"] == 47
    assert best.extras["counts"] == {"royal_flush": 1, "straight_flush": 0, "four_of_a_kind": 0, "full_house": 0,
                                     "flush": 8, "straight": 3, "three_of_a_kind": 0, "two_pairs": 0,
                                     "jacks_or_better": 12, "nothing": 23}
    assert best.action == {} and best.value_exact is None
    assert [o.value for o in hint.options] == sorted((o.value for o in hint.options), reverse=True)
    assert all(o.loss == pytest.approx(best.value - o.value, abs=1e-12) for o in hint.options)
    empty = next(o for o in hint.options if not o.extras["positions"])
    assert empty.option == "draw five" and empty.extras["hold"] == [] and empty.extras["draws"] == math.comb(47, 5)
    assert sorted(tuple(o.extras["positions"]) for o in hint.options) == sorted(
        tuple(p + 1 for p in range(5) if m >> p & 1) for m in range(32))


def test_hint_positions_are_in_dealt_order():
    hint = vp.hold_hint("9D AS KS QS JS")
    assert hint.best.option == "As Ks Qs Js" and hint.best.extras["positions"] == [2, 3, 4, 5]
    assert hint.position["hand"] == ["9d", "As", "Ks", "Qs", "Js"]


@pytest.mark.parametrize("game_id,text,coins", [
    ("jacks-or-better-9-6", "Ah Kh Qh 3c 9d", 5), ("jacks-or-better-9-6", "2C 3D 4H 5S 7C", 1),
    ("deuces-wild-full-pay", "2s 7h 8h 9h Kc", 5), ("joker-poker-kings", "Jk Ks Qs 4d 7c", 3),
    ("double-double-bonus-9-6", "Ah As Ad 3c 9h", 5),
])
def test_hint_values_equal_analyze_hand(game_id, text, coins):
    table = GAMES[game_id]
    hint = vp.hold_hint(text, game_id, coins, exact=True)
    cards = vp.parse_hand(text, table.deck)
    holds = analyze_hand(cards, table, coins)
    assert len(hint.options) == len(holds) == 32
    best = holds[0].value_exact
    for opt, hold in zip(hint.options, holds):
        assert opt.value == float(hold.value_exact)
        assert opt.value_exact == f"{hold.value_exact.numerator}/{hold.value_exact.denominator}"
        assert Fraction(opt.loss_exact) == best - hold.value_exact and opt.loss == float(best - hold.value_exact)
        assert list(opt.extras["counts"].values()) == hold.counts and opt.extras["draws"] == hold.draws
        assert sorted(vp.parse_card(c, table.deck) for c in opt.extras["hold"]) == sorted(hold.held)
        assert [cards[p - 1] for p in opt.extras["positions"]] == [c for c in cards if c in hold.held]


def test_hint_exact_keys_only_with_exact():
    plain = vp.hold_hint("AS KS QS JS 9D").to_json()
    exact = vp.hold_hint("AS KS QS JS 9D", exact=True).to_json()
    assert "value_exact" not in plain["options"][0] and "loss_exact" not in plain["options"][0]
    assert exact["options"][0]["value_exact"] == "872/47" and exact["options"][0]["loss_exact"] == "0/1"
    assert exact["options"][0]["value"] == 872 / 47
    assert set(exact["options"][0]) == {"option", "value", "loss", "value_exact", "loss_exact", "hold", "positions",
                                       "draws", "counts", "action"}
    assert set(exact) == {"game", "rules", "coins", "hand", "measure", "options"}
    json.dumps(exact, allow_nan=False)


def test_hint_games_of_ones_own(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[tiny]\npays = [{ hand = "royal_flush", pay = 800 }, { hand = "flush", pay = "5/2" }]\n')
    hint = vp.hold_hint("AS KS QS JS 9D", "tiny", paytable_file=path, exact=True)
    assert hint.position["rules"] == "tiny"
    assert Fraction(hint.best.value_exact) == Fraction(800 + 8 * Fraction(5, 2), 47)
    extra = vp.load_games(path)
    assert vp.hold_hint("AS KS QS JS 9D", "tiny", extra=extra).best.value == hint.best.value


@pytest.mark.parametrize("kwargs,message", [
    ({"hand": "AS KS QS JS"}, "has 5 cards"), ({"hand": "AS KS QS JS 9D", "coins": 6}, "coins must be"),
    ({"hand": "AS KS QS JS 9D", "game": "nope"}, "unknown game"), ({"hand": "AS KS QS JS Jk"}, "no joker"),
])
def test_hint_bad_input(kwargs, message):
    with pytest.raises(InputError, match=message):
        vp.hold_hint(**kwargs)


def test_return_report_of_9_6_jacks_or_better():
    seen = []
    report = vp.game_return("jacks-or-better-9-6", 5, exact=True, progress=lambda d, t: seen.append((d, t)))
    assert round(report.return_value, 8) == 0.99543904 and report.return_percent == 100 * report.return_value
    assert report.outcomes == 19_933_230_517_200 and report.deal_weight == 7_669_695
    assert seen[-1] == (134_459, 134_459) and all(a[0] < b[0] for a, b in zip(seen, seen[1:]))
    data = report.to_json()
    assert list(data) == ["rules", "name", "coins", "return", "return_exact", "outcomes",
                          "deal_weight", "table", "seconds", "return_percent", "variance", "standard_deviation",
                          "hit_chance", "variance_exact", "hit_chance_exact"]
    # published for 9/6 Jacks or Better with optimal play (Wizard of Odds' tables): variance 19.51, hit frequency
    # 45.45%; the exact figures here are 19.5147... and 45.4565...%
    assert abs(data["variance"] - 19.51) < 0.01 and abs(100 * data["hit_chance"] - 45.45) < 0.01
    assert data["standard_deviation"] == pytest.approx(data["variance"] ** 0.5, rel=1e-12)
    assert Fraction(data["return_exact"]) == sum(Fraction(r["contribution_exact"]) for r in data["table"])
    assert data["table"][0] == {"hand": "royal_flush", "pay": 800, "outcomes": 493_512_264,
                                "chance": data["table"][0]["chance"],
                                "contribution": data["table"][0]["contribution"], "pay_exact": "800/1",
                                "chance_exact": data["table"][0]["chance_exact"],
                                "contribution_exact": data["table"][0]["contribution_exact"]}
    assert Fraction(data["table"][0]["chance_exact"]) == Fraction(493_512_264, 19_933_230_517_200)
    plain = vp.game_return("jacks-or-better-9-6").to_json()
    assert "return_exact" not in plain and "chance_exact" not in plain["table"][0]
    assert plain["return"] == data["return"]


def test_return_value_below_five_coins():
    from holdwise.games.video_poker.analysis import return_value

    assert return_value(JOB, 2) == return_value(JOB, 1) == vp.solve_game(JOB, 1).return_exact
    assert round(float(return_value(JOB, 5)), 8) == 0.99543904


def test_games_list():
    data = vp.games().to_json()
    assert list(data) == ["games"]
    ids = [g["id"] for g in data["games"]]
    assert ids == list(GAMES)
    job = data["games"][0]
    assert job["pays"]["royal_flush"] == 800 and job["pays_below_5_coins"]["royal_flush"] == 250
    assert "nothing" not in job["pays"] and "pays_exact" not in job
    assert vp.games(exact=True).to_json()["games"][0]["pays_exact"]["jacks_or_better"] == "1/1"


def test_session_hint_values_match_the_fast_path():
    """The session scores holds with integer values; they must rank and value exactly as the hint does."""
    from holdwise.games.video_poker.solver import best_order, hold_values

    rng = np.random.default_rng(11)
    for game_id in ("jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings"):
        table = GAMES[game_id]
        for _ in range(40):
            cards = [int(c) for c in rng.choice(table.deck, 5, replace=False)]
            holds = analyze_hand(cards, table)
            values, scale = hold_values(cards, table)
            assert best_order(values) == [h.mask for h in holds]
            assert [Fraction(int(values[h.mask]), scale) for h in holds] == [h.value_exact for h in holds]


def test_a_stored_return_reports_every_deal_done():
    vp.game_return("jacks-or-better-9-6", 4)  # solved (or read) once
    seen = []
    vp.game_return("jacks-or-better-9-6", 4, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (134_459, 134_459)


def _eager_options(hand, game, exact, actions):
    """The hint's options made one by one from the engine, as the face made them before they were lazy."""
    from holdwise.games.base import Option, fraction_text
    from holdwise.games.video_poker.analysis import hold_option
    from holdwise.games.video_poker.solver import hand_values

    table = vp.get_game(game)
    dealt = vp.parse_hand(hand, table.deck)
    hv = hand_values(dealt, table)
    top = int(hv.values[hv.order[0]])
    out = []
    for mask in hv.order:
        text, cards, positions = hold_option(dealt, mask)
        value, counts = int(hv.values[mask]), hv.counts[mask].tolist()
        out.append(Option(
            option=text, value=value / hv.scale, loss=(top - value) / hv.scale,
            action={"type": "draw", "hold": positions} if actions else {},
            value_exact=fraction_text(Fraction(value, hv.scale)) if exact else None,
            loss_exact=fraction_text(Fraction(top - value, hv.scale)) if exact else None,
            extras={"hold": cards, "positions": positions, "draws": sum(counts),
                    "counts": dict(zip(table.hands, counts))}))
    return tuple(out)


@pytest.mark.parametrize("hand,game", [("AS KS QS JS 9D", JOB.id), ("9d 2c Kh 2s 7h", "deuces-wild-full-pay"),
                                       ("Jk 7c As 7d 3h", "joker-poker-kings"), ("Th 4c 9s 4d Qc", JOB.id)])
@pytest.mark.parametrize("exact,actions", [(False, False), (True, True)])
def test_lazy_options_are_the_eager_ones(hand, game, exact, actions):
    """The options made as they are read equal the options made all at once, in every way a reader sees them."""
    want = _eager_options(hand, game, exact, actions)
    got = vp.hold_hint(hand, game, exact=exact, actions=actions)
    assert got.best == want[0] and got.options[-1] == want[-1] and got.options[-32] == want[0]
    assert got.options[3:9] == want[3:9] and got.options[::-1] == want[::-1] and len(got.options) == 32
    assert got.options == want and tuple(got.options) == want and list(got.options) == list(want)
    assert got == vp.hold_hint(hand, game, exact=exact, actions=actions)
    assert json.dumps(got.to_json()) == json.dumps(Hint(got.game, got.position, got.measure, want).to_json())
    assert repr(got.options) == repr(want)
    with pytest.raises(IndexError):
        got.options[32]


@pytest.mark.parametrize("game", ["jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings"])
def test_the_options_of_random_hands_are_the_eager_ones(game):
    """Every option of 120 random hands a game (every other one exact and with actions) equals the Option made
    by hand from the engine's integers, Fractions and the hold's cards, in value, text, repr and JSON."""
    table = vp.get_game(game)
    rng = np.random.default_rng(38)
    for i in range(120):
        hand = " ".join(vp.card_str(int(c), table.extra_card) for c in rng.choice(table.deck, 5, replace=False))
        exact = i % 2 == 1
        want = _eager_options(hand, game, exact, exact)
        got = vp.hold_hint(hand, game, exact=exact, actions=exact)
        assert got.options == want and repr(got.options) == repr(want)
        assert [o.to_json() for o in got.options] == [o.to_json() for o in want] == got.options.to_json()


def test_a_kernel_option_is_read_as_an_option():
    """The compiled option class answers as base.Option does: fields, ==, hash, dataclasses' helpers, pickling."""
    import dataclasses
    import pickle

    got = vp.hold_hint("Jk 7c As 7d 3h", "joker-poker-kings", exact=True, actions=True).options
    want = _eager_options("Jk 7c As 7d 3h", "joker-poker-kings", True, True)
    assert want[0] == got[0] and got[0] == want[0] and got[0] != want[1] and want[1] != got[0] and got[0] != 1
    assert [f.name for f in dataclasses.fields(got[0])] == [f.name for f in dataclasses.fields(want[0])]
    assert dataclasses.asdict(got[5]) == dataclasses.asdict(want[5])
    assert dataclasses.replace(got[2], loss=1.5) == dataclasses.replace(want[2], loss=1.5)
    for option in (got[0], want[0]):
        with pytest.raises(TypeError):
            hash(option)  # its extras are dicts
    assert pickle.loads(pickle.dumps(got[3])) == want[3]
    assert Hint("video-poker", {}, "expected_return", tuple(got)).to_json() == Hint(
        "video-poker", {}, "expected_return", want).to_json()
