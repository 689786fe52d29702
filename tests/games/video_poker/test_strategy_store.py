"""Strategy reports kept on disk and shipped in the package: each shipped file is what the engine computes now; a
kept or shipped answer is read without computing and prints as the computed one; a corrupt, truncated, foreign or
misshapen file is ignored (shipped) or computed again and rewritten (kept), answering the same; writes are atomic."""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.errors import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker import answers, store, strategy
from holdwise.games.video_poker.report import ChartReport, CurvePoint

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_DIR = ROOT / "src" / "holdwise" / "games" / "video_poker" / "data" / "strategy"
JOB = "jacks-or-better-9-6"
# one game of each deck: 52 cards, deuces wild, the joker's 53 cards (each about 3 s to compute here)
COMPUTED = (JOB, "deuces-wild-full-pay", "joker-poker-kings")
ASK = {"coins": 5, "lines": None, "curve": False, "top_errors": 3}  # a question no file ships: kept in the cache


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder, and a count of the strategy computations."""
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    calls = []
    compute = strategy.strategy_report

    def counted(table, coins, **kwargs):
        calls.append((table.id, coins, kwargs.get("lines"), kwargs.get("curve"), kwargs.get("top_errors")))
        return compute(table, coins, **kwargs)

    monkeypatch.setattr(answers, "strategy_report", counted)
    return tmp_path, calls


def _forbid_compute(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("computed although a valid answer is on disk")

    monkeypatch.setattr(answers, "strategy_report", fail)


def _no_temp_files(folder):
    names = [p.name for p in Path(folder).rglob("*") if p.is_file()]
    assert not [n for n in names if n.endswith(".tmp") or n.startswith(".")], names


def _plain(report: ChartReport) -> dict:
    out = report.to_json()
    del out["seconds"]
    return out


# ---- the shipped files ---------------------------------------------------------------------------------------


def test_every_shipped_game_ships_its_default_report():
    assert sorted(p.stem for p in SHIPPED_DIR.glob("*.json")) == sorted(vp.shipped_games())
    assert not [p for p in SHIPPED_DIR.iterdir() if p.suffix != ".json"]


@pytest.mark.parametrize("game", sorted(vp.shipped_games()))
def test_shipped_file_matches_this_version_and_table(game, cache, monkeypatch):
    """Every file's key is the current one (version, format, pay table in full) and it is read as is."""
    _forbid_compute(monkeypatch)
    table = vp.get_game(game)
    data = json.loads((SHIPPED_DIR / f"{game}.json").read_text(encoding="utf-8"))
    assert data["key"] == store.report_key(table, 5, None, False, strategy.TOP_ERRORS), (
        "stale shipped strategy file: run python tools/ship_strategy.py")
    report, source = answers.strategy_answer(game)
    assert source == "shipped" and _plain(report) == data["value"]
    assert report.rules == game and report.kind == "basic" and 0 <= report.seconds < 60


@pytest.mark.slow
@pytest.mark.parametrize("game", COMPUTED)
def test_shipped_file_equals_the_live_computation(game):
    """Exact JSON equality with the engine run now (every figure, every text)."""
    table = vp.get_game(game)
    live = strategy.strategy_report(table, 5)
    want = answers.report_file(store.report_key(table, 5, None, False, strategy.TOP_ERRORS), live)
    assert json.loads((SHIPPED_DIR / f"{game}.json").read_text(encoding="utf-8")) == want


def test_the_store_and_the_engine_agree_on_the_default_errors():
    assert inspect.signature(answers.strategy_answer).parameters["top_errors"].default == strategy.TOP_ERRORS
    assert inspect.signature(strategy.strategy_report).parameters["top_errors"].default == strategy.TOP_ERRORS


def test_another_version_does_not_read_the_shipped_file(cache, monkeypatch):
    monkeypatch.setattr(store, "__version__", "0.0.0-another")
    assert answers.load_strategy_report(JOB) is None


def test_a_changed_pay_table_under_a_shipped_id_is_computed(cache):
    """A user's game with a shipped game's id but other pays never reads that game's file."""
    table = vp.get_game(JOB)
    pays = list(table.pays)
    pays[table.hands.index("full_house")] = Fraction(8)  # 8/6 under the 9/6 game's id
    other = dataclasses.replace(table, pays=tuple(pays))
    assert store.report_key(other, 5, None, False, 10) != store.report_key(table, 5, None, False, 10)
    assert answers.load_strategy_report(other) is None


def _spoil_garbage(text):
    return "\x00\xff not json {"


def _spoil_truncated(text):
    return text[: len(text) // 2]


def _spoil_empty(text):
    return ""


def _spoil_wrong_key(text):
    data = json.loads(text)
    key = json.loads(data["key"])
    key["coins"] = 4  # another bet's answer under this name
    data["key"] = json.dumps(key, sort_keys=True)
    return json.dumps(data)


def _spoil_figure(text):
    data = json.loads(text)
    data["value"]["lines"][0]["chance"] += 0.01  # the checksum no longer holds
    return json.dumps(data)


def _resealed(data):
    data["digest"] = answers._report_digest(data["key"], data["value"])
    return json.dumps(data)


def _spoil_text_number(text):
    data = json.loads(text)
    data["value"]["cost"] = str(data["value"]["cost"])  # checksum made to fit: the shape check refuses it
    return _resealed(data)


def _spoil_missing_field(text):
    data = json.loads(text)
    del data["value"]["variance"]
    return _resealed(data)


def _spoil_extra_field(text):
    data = json.loads(text)
    data["value"]["lines"][0]["extra"] = 1
    return _resealed(data)


def _spoil_other_game(text):
    data = json.loads(text)
    data["value"]["rules"] = "jacks-or-better-8-5"
    return _resealed(data)


def _spoil_no_lines(text):
    data = json.loads(text)
    data["value"]["lines"] = []
    return _resealed(data)


OLD_NAMES = {"rules": "paytable", "hit_chance": "hit_frequency", "draw_five_chance": "draw_five_unmatched",
             "chance": "frequency"}


def _old_names(data):
    if isinstance(data, dict):
        return {OLD_NAMES.get(k, k): _old_names(v) for k, v in data.items()}
    return [_old_names(v) for v in data] if isinstance(data, list) else data


def _spoil_old_names(text):
    data = json.loads(text)  # as kept before the glossary, checksum and all: the same figures, the retired names
    data["value"] = _old_names(data["value"])
    return _resealed(data)


def _spoil_seconds(text):
    data = json.loads(text)
    data["value"]["seconds"] = 1.0
    return _resealed(data)


def _spoil_a_list(text):
    return json.dumps([json.loads(text)])


SPOILS = [_spoil_garbage, _spoil_truncated, _spoil_empty, _spoil_wrong_key, _spoil_figure, _spoil_text_number,
          _spoil_missing_field, _spoil_extra_field, _spoil_other_game, _spoil_no_lines, _spoil_seconds, _spoil_a_list,
          _spoil_old_names]


@pytest.mark.slow
@pytest.mark.parametrize("spoil", SPOILS, ids=lambda f: f.__name__.removeprefix("_spoil_"))
def test_a_spoilt_shipped_file_is_ignored_and_the_answer_is_the_same(cache, monkeypatch, tmp_path, spoil):
    folder, calls = cache
    shipped = (SHIPPED_DIR / f"{JOB}.json").read_text(encoding="utf-8")
    fake = tmp_path / "shipped" / f"{JOB}.json"
    fake.parent.mkdir()
    fake.write_text(spoil(shipped), encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr(answers, "shipped_report", lambda game_id: fake if game_id == JOB else None)
    report, source = answers.strategy_answer(JOB)
    assert source == "computed" and len(calls) == 1
    assert _plain(report) == json.loads(shipped)["value"]
    # the computed answer is kept: the next call reads the cache
    _forbid_compute(monkeypatch)
    report2, source2 = answers.strategy_answer(JOB)
    assert source2 == "kept" and _plain(report2) == _plain(report)
    _no_temp_files(folder)


# ---- the cache -------------------------------------------------------------------------------------------------


def test_a_computed_answer_is_kept_and_read_back(cache, monkeypatch):
    folder, calls = cache
    assert answers.load_strategy_report(JOB, **ASK) is None
    report, source = answers.strategy_answer(JOB, **ASK)
    assert source == "computed" and calls == [(JOB, 5, None, False, 3)]
    assert len(report.errors) == 3
    path = store.report_path(vp.get_game(JOB), 5, None, False, 3)
    assert path.parent == folder / "video-poker" and path.name.startswith("report-")
    on_disk = json.loads(path.read_text())
    assert on_disk["value"] == _plain(report) and "seconds" not in on_disk["value"]
    _no_temp_files(folder)
    _forbid_compute(monkeypatch)
    again, source = answers.strategy_answer(JOB, **ASK)
    assert source == "kept" and _plain(again) == _plain(report) and again == dataclasses.replace(
        report, seconds=again.seconds)


def test_questions_have_their_own_files(cache):
    table = vp.get_game(JOB)
    paths = {store.report_path(table, coins, lines, curve, top)
             for coins in (1, 5) for lines in (None, 15) for curve in (False, True) for top in (10, 10**6)}
    assert len(paths) == 16


@pytest.mark.slow
@pytest.mark.parametrize("spoil", SPOILS, ids=lambda f: f.__name__.removeprefix("_spoil_"))
def test_a_spoilt_kept_file_is_computed_again_and_rewritten(cache, monkeypatch, spoil):
    folder, calls = cache
    report, _ = answers.strategy_answer(JOB, **ASK)
    path = store.report_path(vp.get_game(JOB), 5, None, False, 3)
    path.write_text(spoil(path.read_text()), encoding="utf-8", errors="surrogateescape")
    assert answers.load_strategy_report(JOB, **ASK) is None
    calls.clear()
    again, source = answers.strategy_answer(JOB, **ASK)
    assert source == "computed" and len(calls) == 1 and _plain(again) == _plain(report)
    assert json.loads(path.read_text())["value"] == _plain(again)  # the file is whole again
    _no_temp_files(folder)
    _forbid_compute(monkeypatch)
    assert answers.strategy_answer(JOB, **ASK)[1] == "kept"


def test_the_file_is_written_atomically(cache, monkeypatch):
    """A write that fails before its rename leaves the old file whole and no temporary file; the answer stands."""
    folder, _ = cache
    report, _ = answers.strategy_answer(JOB, **ASK)
    path = store.report_path(vp.get_game(JOB), 5, None, False, 3)
    before = path.read_bytes()
    changed = dataclasses.replace(report, chart_text="another chart\n")

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    assert answers.save_strategy_report(changed, JOB, **ASK) is False
    monkeypatch.undo()
    assert path.read_bytes() == before
    _no_temp_files(folder)


def test_an_unwritable_cache_costs_speed_not_answers(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(blocked / "cache"))
    report, source = answers.strategy_answer(JOB, **ASK)
    assert source == "computed" and len(report.errors) == 3


@pytest.mark.parametrize("bad", [{"top_errors": -1}, {"top_errors": True}, {"top_errors": 2.5}, {"coins": 6},
                                 {"lines": 0}, {"lines": "many"}])
def test_bad_questions_are_refused(cache, bad):
    with pytest.raises(InputError):
        answers.load_strategy_report(JOB, **{**ASK, **bad})


def test_a_report_reads_back_from_its_json():
    """Every kind of field (a curve, max_lines, a user's chart) survives JSON both ways, exactly."""
    report = strategy.strategy_report(JOB, 5, top_errors=2)
    curve = (CurvePoint(1, 0.9, "9/10", 0.1, 10.0, 10.0), CurvePoint(2, 0.995, "199/200", 0.0, 0.0, None))
    for r in (report, dataclasses.replace(report, kind="lines", max_lines=7, curve=curve, notes=()),
              dataclasses.replace(report, kind="chart", notes=(), errors=())):
        data = json.loads(json.dumps(r.to_json()))
        assert ChartReport.from_json(data) == r and ChartReport.from_json(data).to_json() == r.to_json()
    with pytest.raises(ValueError):
        ChartReport.from_json({**report.to_json(), "kind": "guess"})
    with pytest.raises(ValueError):
        ChartReport.from_json({**report.to_json(), "coins": True})


# ---- the command -----------------------------------------------------------------------------------------------


def _run(*args):
    result = CliRunner().invoke(app, ["video-poker", "strategy", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _body(text):
    """The output without its closing line (how long it took and where the answer came from)."""
    lines = text.rstrip("\n").split("\n")
    end = max(i for i, ln in enumerate(lines) if ln.startswith("the first line that fits"))
    return lines[:end], " ".join(lines[end:])


def test_the_command_prints_a_shipped_or_kept_answer_as_the_computed_one(cache, monkeypatch):
    _, calls = cache
    shipped_text, shipped_end = _body(_run())
    shipped_json = json.loads(_run("--json"))
    assert not calls and shipped_end.endswith("s (shipped answer)")
    monkeypatch.setattr(answers, "shipped_report", lambda game_id: None)  # as if no file shipped
    computed_text, computed_end = _body(_run())
    assert len(calls) == 1 and computed_end.endswith(" s") and "answer" not in computed_end
    kept_text, kept_end = _body(_run())
    kept_json = json.loads(_run("--json"))
    assert len(calls) == 1 and kept_end.endswith("s (kept answer)")
    assert shipped_text == computed_text == kept_text
    assert {k: v for k, v in shipped_json.items() if k != "seconds"} == {
        k: v for k, v in kept_json.items() if k != "seconds"}
    assert isinstance(kept_json["seconds"], float) and kept_json["seconds"] >= 0  # how long it took: not a test
    # --all asks another question (every error group): computed once, then kept
    all_text, _ = _body(_run("--all"))
    assert len(calls) == 2 and all_text == _body(_run("--all"))[0] and len(calls) == 2


def test_a_first_run_of_the_default_question_starts_no_numba(tmp_path):
    code = """
import sys
from holdwise.cli import main
sys.argv = ['holdwise', 'video-poker', 'strategy', '--game', 'deuces-wild-full-pay']
try:
    main()
except SystemExit as exit:
    assert not exit.code, exit.code
assert 'numba' not in sys.modules, 'Numba was imported'
"""
    env = dict(os.environ, HOLDWISE_CACHE_DIR=str(tmp_path / "h"), NUMBA_CACHE_DIR=str(tmp_path / "n"),
               PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                         cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr
    assert "Deuces Wild" in out.stdout and "(shipped answer)" in out.stdout
