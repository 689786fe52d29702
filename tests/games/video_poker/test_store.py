"""The disk store of whole-game answers: a valid file is read without computing; a corrupt, truncated, foreign or
misshapen one is computed again, answers the same and is rewritten; writes leave no temporary files."""

import json

import pytest

from holdwise.games import video_poker as vp
from holdwise.games.video_poker import answers, store

GAME, COINS = "jacks-or-better-8-5", 4  # the cheapest return here (about 1 s cold, 0.1 s warm)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder, and a count of the computations the store runs."""
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    calls = []
    compute = answers._compute

    def counted(kind, table, coins, progress):
        calls.append((kind, table.id, coins))
        return compute(kind, table, coins, progress)

    monkeypatch.setattr(answers, "_compute", counted)
    return tmp_path, calls


def _path():
    return store.stored_path("return", vp.get_game(GAME), COINS)


def _no_temp_files(folder):
    names = [p.name for p in folder.rglob("*") if p.is_file()]
    assert not [n for n in names if n.endswith(".tmp") or n.startswith(".")], names
    return names


def _forbid_compute(monkeypatch):
    def fail(*args):
        raise AssertionError("the store computed although a valid file is on disk")

    monkeypatch.setattr(answers, "_compute", fail)


def test_first_call_computes_and_writes_the_cli_answer(cache, monkeypatch):
    folder, calls = cache
    assert not vp.is_stored("return", GAME, COINS)
    value = vp.stored_return(GAME, COINS)
    assert calls == [("return", GAME, COINS)]
    cli = vp.game_return(GAME, COINS, exact=True).to_json()
    assert {k: v for k, v in value.items() if k != "seconds"} == {k: v for k, v in cli.items() if k != "seconds"}
    on_disk = json.loads(_path().read_text())
    assert on_disk["value"] == value and json.loads(on_disk["key"])["coins"] == COINS
    assert vp.is_stored("return", GAME, COINS)
    assert _path().parent == folder / "video-poker"
    _no_temp_files(folder)
    # a second call reads the disk: computing now would fail
    _forbid_compute(monkeypatch)
    assert vp.stored_return(GAME, COINS) == value


def _garbage(text):
    return "\x00\xff not json {"


def _truncated(text):
    return text[: len(text) // 2]


def _empty(text):
    return ""


def _wrong_key(text):
    data = json.loads(text)
    key = json.loads(data["key"])
    key["coins"] = 3  # the answer of another bet under this name
    data["key"] = json.dumps(key, sort_keys=True)
    return json.dumps(data)


def _old_format(text):
    data = json.loads(text)
    key = json.loads(data["key"])
    key["format"] = store.FORMAT - 1
    data["key"] = json.dumps(key, sort_keys=True)
    return json.dumps(data)


def _rows_missing(text):
    data = json.loads(text)
    data["value"]["table"] = data["value"]["table"][:-1]
    return json.dumps(data)


def _counts_off(text):
    data = json.loads(text)
    data["value"]["table"][0]["outcomes"] += 1  # no longer adds up to the outcomes
    return json.dumps(data)


def _text_count(text):
    data = json.loads(text)
    data["value"]["table"][0]["outcomes"] = str(data["value"]["table"][0]["outcomes"])
    return json.dumps(data)


def _return_not_a_number(text):
    data = json.loads(text)
    data["value"]["return"] = "0.99"
    return json.dumps(data)


def _other_game(text):
    data = json.loads(text)
    data["value"]["rules"] = "jacks-or-better-9-6"
    return json.dumps(data)


def _old_names(text):
    data = json.loads(text)  # as kept before the glossary: the same figures under the retired names
    old = {"rules": "paytable", "hit_chance": "hit_frequency", "hit_chance_exact": "hit_frequency_exact"}
    data["value"] = {old.get(k, k): v for k, v in data["value"].items()}
    return json.dumps(data)


def _old_game_name(text):
    data = json.loads(text)
    data["value"]["paytable"] = data["value"].pop("rules")
    return json.dumps(data)


def _old_hit_name(text):
    data = json.loads(text)
    data["value"]["hit_frequency"] = data["value"].pop("hit_chance")
    return json.dumps(data)


def _a_list(text):
    return json.dumps([json.loads(text)])


def _no_value(text):
    data = json.loads(text)
    del data["value"]
    return json.dumps(data)


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [_garbage, _truncated, _empty, _wrong_key, _old_format, _rows_missing, _counts_off,
                                   _text_count, _return_not_a_number, _other_game, _a_list, _no_value,
                                   _old_names, _old_game_name, _old_hit_name],
                         ids=lambda f: f.__name__.strip("_"))
def test_a_spoilt_file_is_computed_again_and_rewritten(cache, monkeypatch, spoil):
    folder, calls = cache
    value = vp.stored_return(GAME, COINS)
    path = _path()
    path.write_text(spoil(path.read_text()), encoding="utf-8", errors="surrogateescape")
    assert not vp.is_stored("return", GAME, COINS)
    calls.clear()
    again = vp.stored_return(GAME, COINS)
    assert calls == [("return", GAME, COINS)]
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in value.items() if k != "seconds"}
    assert json.loads(path.read_text())["value"] == again  # the file is whole again
    assert vp.is_stored("return", GAME, COINS)
    _no_temp_files(folder)
    _forbid_compute(monkeypatch)
    assert vp.stored_return(GAME, COINS) == again


def test_bets_and_kinds_have_their_own_files(cache):
    table = vp.get_game(GAME)
    paths = {store.stored_path(kind, table, coins) for kind in answers.KINDS for coins in (1, 4, 5)}
    assert len(paths) == 6
    assert store.stored_path("return", table, 4) != store.stored_path("return", vp.get_game("jacks-or-better-9-6"), 4)


def test_an_unknown_kind_is_refused(cache):
    with pytest.raises(ValueError, match="kind"):
        vp.stored("fairness", GAME, COINS)


def test_the_strategy_shape_is_checked():
    table = vp.get_game(GAME)
    good = {"rules": GAME, "coins": COINS, "return": 0.98, "return_exact": "49/50", "table": [], "hit_chance": 0.45,
            "lines": [{"text": "high pair", "chance": 0.2}], "curve": [{"lines": 1, "return": 0.5}],
            "draw_five_chance": 0.03, "chart_text": "high pair\n"}
    assert answers._valid("strategy", good, table, COINS)
    old = {"paytable": GAME, **{k: v for k, v in good.items() if k != "rules"}}  # the names before the glossary
    assert not answers._valid("strategy", old, table, COINS)
    for bad in ({"lines": []}, {"lines": [{"number": 1}]}, {"lines": [{"text": "high pair", "frequency": 0.2}]},
                {"hit_chance": None}, {"draw_five_chance": None}, {"curve": [{"return": "x"}]}, {"chart_text": None},
                {"coins": 5}, {"return": 5000}, {"return": True}, {"return_exact": 0.98}, {"curve": None}):
        assert not answers._valid("strategy", {**good, **bad}, table, COINS), bad
