"""`holdwise sweep`: the commands, their summaries and JSON, `show` (list, filter, sort, CSV, plot), refusals as
one line with exit 2 and nothing written, and each real kind end to end (when its module is there)."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from holdwise import sweep
from holdwise.cli import app
from holdwise.games import farkle as fk
from holdwise.sweep.kinds import farkle_loadouts

from ..cli.refusal import assert_refused
from .conftest import file_rows, integrity, read_only

runner = CliRunner()


def same_rows(got: list[tuple], want: list[tuple]) -> bool:
    """Rows equal by key; reals to 1e-12 relative (dice poker's batch kernel runs 128 tables side by side, and
    which tables share a batch can move the last bit)."""
    got, want = sorted(got, key=lambda r: r[0]), sorted(want, key=lambda r: r[0])
    assert len(got) == len(want) and [r[0] for r in got] == [r[0] for r in want]
    for a, b in zip(got, want, strict=True):
        for x, y in zip(a, b, strict=True):
            if isinstance(x, float) or isinstance(y, float):
                assert x == pytest.approx(y, rel=1e-12, abs=1e-12), (a, b)
            else:
                assert x == y, (a, b)
    return True


def _snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*")
            if p.is_file()}


def invoke(args: list[str]):
    """`holdwise ARGS` in this process."""
    return runner.invoke(app, args, env={"COLUMNS": "80", "NO_COLOR": "1"})


def refused(args: list[str], folder: Path, message: str) -> str:
    """Run in this process: exit 2, one line `error: ...` on stderr naming `message`, no stdout, no file touched."""
    before = _snapshot(folder)
    done = invoke(args)
    assert done.exit_code == 2, (done.exit_code, done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert message.lower() in lines[0].lower(), lines[0]
    assert done.stdout == ""
    assert _snapshot(folder) == before, "a refused command changed files"
    return lines[0]


@pytest.fixture(scope="module")
def results(tmp_path_factory, dask_client, fake):
    """A results file with two fake sweeps (60 numbers, and 5 from 100)."""
    path = tmp_path_factory.mktemp("results") / "r.sqlite"
    sweep.run_sweep(fake.NAME, {"n": 60}, path, client=dask_client, command="holdwise sweep fake --n 60")
    sweep.run_sweep(fake.NAME, {"n": 5, "offset": 100}, path, client=dask_client)
    return path


def test_help_lists_the_sweeps():
    done = invoke(["sweep", "--help"])
    assert done.exit_code == 0
    for name in ("dice-poker", "video-poker", "farkle-loadouts", "show"):
        assert name in done.stdout
    assert "sweep" in invoke(["--help"]).stdout
    # the sweep commands' help loads neither Dask nor the games
    code = ("import sys; from holdwise.cli import sweep; import holdwise.sweep; "
            "print(sorted(m for m in ('dask', 'distributed', 'numba', 'holdwise.solver') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr


def test_show_lists_the_sweeps(results):
    done = invoke(["sweep", "show", "--db", str(results)])
    assert done.exit_code == 0, done.stderr
    assert all(len(line) <= 80 for line in done.stdout.splitlines())
    assert "60/60" in done.stdout and "5/5" in done.stdout and "fake-squares" in done.stdout
    data = json.loads(invoke(["sweep", "show", "--db", str(results), "--json"]).stdout)
    assert [(s["id"], s["items"], s["done"]) for s in data["sweeps"]] == [(1, 60, 60), (2, 5, 5)]
    assert data["sweeps"][0]["definition"] == {"n": 60, "sleep": 0.0, "offset": 0}
    assert data["sweeps"][0]["command"] == "holdwise sweep fake --n 60"


def test_show_filters_sorts_and_exports(results, fake):
    args = ["sweep", "show", "--db", str(results), "1", "--where", "odd and square between 100 and 2000",
            "--sort", "root"]
    done = invoke([*args, "--top", "3"])
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "sweep 1 (fake-squares): 17 of 60 rows where odd and square between 100 and 2000"
    assert all(len(line) <= 80 for line in lines)
    assert [line.split()[1] for line in lines if line.startswith("│ x")] == ["x0000043", "x0000041", "x0000039"]
    data = json.loads(invoke([*args, "--json"]).stdout)
    assert data["matched"] == 17 and [r["x"] for r in data["rows"]] == list(range(43, 10, -2))
    table = list(csv.reader(io.StringIO(invoke(["sweep", "show", "--db", str(results), "1", "--csv"]).stdout)))
    assert table[0] == ["key", "x", "square", "root", "odd", "label"]
    expected = fake.expected(fake.definition(n=60))
    assert [tuple(r) for r in table[1:]] == [tuple(str(v) for v in r) for r in expected]
    smallest = json.loads(invoke(["sweep", "show", "--db", str(results), "2", "--sort", "x:asc", "--top", "2",
                                  "--json"]).stdout)
    assert [r["x"] for r in smallest["rows"]] == [100, 101]
    narrow = invoke(["sweep", "show", "--db", str(results), "1", "--columns", "square,label", "--top", "2"])
    assert "│ square" in narrow.stdout.replace("┃", "│") and "root" in narrow.stdout.splitlines()[-1]


def test_show_refuses_bad_input_in_one_line(results, tmp_path, monkeypatch):
    folder = results.parent
    db = ["--db", str(results)]
    refused(["sweep", "show", *db, "9"], folder, "no sweep 9")
    refused(["sweep", "show", *db, "1", "--where", "(select count(*) from sweeps) > 0"], folder, "not allowed")
    refused(["sweep", "show", *db, "1", "--where", "x >"], folder, "bad --where")
    refused(["sweep", "show", *db, "1", "--where", "1; drop table sweeps"], folder, "bad --where")
    refused(["sweep", "show", *db, "1", "--sort", "nope"], folder, "--sort must be one of the columns")
    refused(["sweep", "show", *db, "1", "--sort", "x:up"], folder, "--sort takes")
    refused(["sweep", "show", *db, "1", "--columns", "x,nope"], folder, "no column 'nope'")
    refused(["sweep", "show", *db, "1", "--plot", "figure.pdf"], folder, ".png or .svg")
    refused(["sweep", "show", *db, "--where", "x > 1"], folder, "--where needs a sweep")
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 20)
    refused(["sweep", "show", "--db", str(text)], tmp_path, "not a holdwise results file")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    refused(["sweep", "show", "--db", str(other), "1"], tmp_path, "not a holdwise results file")
    refused(["sweep", "show", "--db", str(tmp_path)], tmp_path, "is a folder")
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    refused(["sweep", "show"], empty, "no results file holdwise-results.sqlite")
    # the same in a process of its own: no traceback, nothing on stdout
    assert_refused(["sweep", "show", "--db", str(results), "1", "--where", "load_extension('x')"], folder,
                   message="load_extension")


def test_run_options_are_refused_before_anything_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--workers", "0"], tmp_path, "--workers must be")
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--chunk", "0"], tmp_path, "--chunk must be")
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--scheduler", "127.0.0.1"], tmp_path, "tcp://HOST:PORT")
    assert list(tmp_path.iterdir()) == []


def _have(kind: str) -> bool:
    return importlib.util.find_spec(f"holdwise.sweep.kinds.{kind}") is not None


needs_dice_poker = pytest.mark.skipif(not _have("dice_poker"), reason="the dice-poker kind is not there yet")
needs_video_poker = pytest.mark.skipif(not _have("video_poker"), reason="the video-poker kind is not there yet")
needs_farkle = pytest.mark.skipif(not _have("farkle_loadouts"), reason="the farkle-loadouts kind is not there yet")


@needs_dice_poker
def test_a_run_refuses_a_file_that_is_not_holdwise_results_or_read_only(tmp_path, dask_client):
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n")
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--db", str(text)], tmp_path, "not a holdwise results")
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--db", str(tmp_path / "no" / "r.sqlite")], tmp_path,
            "does not exist")
    refused(["sweep", "dice-poker", "--grid", "five=5:6", "--db", "/proc/self/r.sqlite"], tmp_path, "cannot")
    results = tmp_path / "r.sqlite"
    sweep.run_sweep("dice-poker", {"grid": "five=5"}, results, client=dask_client)  # a results file, done in one item
    with read_only(results):
        refused(["sweep", "dice-poker", "--grid", "five=5:6", "--db", str(results)], tmp_path, "read-only")
    with read_only(tmp_path):
        refused(["sweep", "dice-poker", "--grid", "five=5:6", "--db", str(tmp_path / "new.sqlite")], tmp_path,
                "read-only")
    refused(["sweep", "dice-poker", "--grid", "five=5:x", "--db", str(tmp_path / "r.sqlite")], tmp_path, "five")


def _end_to_end(kind_module: str, args: list[str], tmp_path: Path, dask_client) -> tuple[dict, list]:
    """Run `holdwise sweep ARGS --json` on the shared cluster; check the file's rows against the kind's solve of
    each item alone, in this process; returns the summary and the rows."""
    kind = importlib.import_module(f"holdwise.sweep.kinds.{kind_module}")
    path = tmp_path / "r.sqlite"
    address = dask_client.scheduler.address
    done = invoke(["sweep", *args, "--db", str(path), "--scheduler", address, "--json"])
    assert done.exit_code == 0, done.stderr
    summary = json.loads(done.stdout)
    definition = summary["definition"]
    assert summary["done_now"] == summary["total"] == kind.count(definition)
    names = [c.name for c in kind.COLUMNS]
    want = []
    for key, item in kind.items(definition):
        row = kind.solve(definition, [item])[0]
        want.append((key, *(int(row[n]) if isinstance(row[n], bool) else row[n] for n in names)))
    got = file_rows(path, f"rows_{kind.NAME.replace('-', '_')}")
    assert same_rows(got, want)
    assert integrity(path) == "ok"
    again = json.loads(invoke(["sweep", *args, "--db", str(path), "--json"]).stdout)
    assert (again["done_now"], again["already"], again["workers"]) == (0, summary["total"], None)
    human = invoke(["sweep", "show", "--db", str(path), "1", "--plot", str(tmp_path / "fig.png")])
    assert human.exit_code == 0, human.stderr
    assert all(len(line) <= 80 for line in human.stdout.splitlines())
    assert (tmp_path / "fig.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return summary, got


@needs_dice_poker
def test_dice_poker_end_to_end(tmp_path, dask_client):
    summary, _ = _end_to_end("dice_poker", ["dice-poker", "--grid", "five=5:7 four=3:4 full_house=2:3"],
                                tmp_path, dask_client)
    assert summary["total"] == 12


@pytest.mark.slow
@needs_video_poker
def test_video_poker_end_to_end(tmp_path, dask_client):
    summary, rows = _end_to_end("video_poker", ["video-poker", "--game", "jacks-or-better-9-6", "--vary",
                                                "full_house=8:9", "flush=6"], tmp_path, dask_client)
    assert summary["total"] == 2 and rows[0][0] != rows[1][0]


@needs_farkle
def test_farkle_loadouts_end_to_end(tmp_path, dask_client):
    summary, _ = _end_to_end("farkle_loadouts", ["farkle-loadouts", "--owned", "ordinary*6,lucky,odd"],
                                tmp_path, dask_client)
    assert summary["total"] == 4
    # without --vs the win columns are empty: the table leaves them out and says so
    human = invoke(["sweep", "show", "--db", str(tmp_path / "r.sqlite"), "1", "--columns", "key"]).stdout
    assert "empty in these rows" not in human  # --columns chooses: nothing is left out for being empty
    human = invoke(["sweep", "show", "--db", str(tmp_path / "r.sqlite"), "1"]).stdout
    assert "win_first" not in human.split("not shown")[0]
    assert "empty in these rows: win_average, win_first, win_second, note" in human


@needs_farkle
def test_farkle_opponent_and_target_are_the_sweeps_identity_and_show_ranks_by_the_average(tmp_path, dask_client):
    path = tmp_path / "r.sqlite"
    owned = "ordinary*6,lucky,weighted"  # 4 loadouts

    def run(*more: str) -> dict:
        done = invoke(["sweep", "farkle-loadouts", "--owned", owned, *more, "--db", str(path), "--scheduler",
                       dask_client.scheduler.address, "--json"])
        assert done.exit_code == 0, done.stderr
        return json.loads(done.stdout)

    first = run("--opponent-dice", "ordinary*6", "--target", "300")
    assert (first["sweep_id"], first["done_now"], first["definition"]["target"]) == (1, 4, 300)
    # another target, another opponent, none: other sweeps, none resumed from the first one's rows
    assert [(s["sweep_id"], s["done_now"]) for s in (run("--opponent-dice", "ordinary*6", "--target", "500"),
                                                     run("--vs", "ordinary*5,lucky", "--target", "300"),
                                                     run())] == [(2, 4), (3, 4), (4, 4)]
    again = run("--target", "300", "--opponent-dice", "ordinary*6")  # the same options in another order
    assert (again["sweep_id"], again["done_now"], again["already"]) == (1, 0, 4)
    rows = {n: sweep.show_rows(path, n).rows for n in (1, 2, 3, 4)}
    other = fk.parse_loadout("ordinary*6")
    best = {}
    for n, target in ((1, 300), (2, 500)):
        for row in rows[n]:
            match = fk.solve_match(fk.parse_loadout(row["key"]), other, target)
            best[n, row["key"]] = match.first_player_win + match.win_moving_second
            assert row["win_first"] == pytest.approx(match.first_player_win, abs=1e-12)
            assert row["win_average"] == pytest.approx((match.first_player_win + match.win_moving_second) / 2,
                                                       abs=1e-12)
    # ranked by the average win chance, best first; without an opponent by key
    assert [r["win_average"] for r in rows[1]] == sorted((r["win_average"] for r in rows[1]), reverse=True)
    assert rows[1][0]["key"] == max((k for n, k in best if n == 1), key=lambda k: best[1, k])
    assert rows[1][-1]["key"] == "ordinary*6" and rows[1][-1]["win_average"] == pytest.approx(0.5, abs=1e-12)
    assert [r["key"] for r in rows[4]] == sorted(r["key"] for r in rows[4])
    human = invoke(["sweep", "show", "--db", str(path), "1"]).stdout
    assert human.splitlines()[0] == "sweep 1 (farkle-loadouts): 4 of 4 rows"
    assert all(len(line) <= 80 for line in human.splitlines())


@needs_farkle
@pytest.mark.parametrize("more,message", [
    (["--opponent-dice", "ordinary*5,dragon"], "error: --opponent-dice: unknown die"),
    (["--opponent-dice", "ordinary*5"], "error: --opponent-dice needs 6 dice, got 5"),
    (["--opponent-dice", "ordinary*6", "--target", "1025"], "error: --target must be a positive multiple of 50, "
                                                           "got 1025"),
    (["--target", "1000"], "error: --target is the match's target: give it with --opponent-dice"),
    (["--opponent-dice", "ordinary*6", "--target", "20050"], "error: --target must be at most 20000"),
])
def test_farkle_bad_opponent_or_target_is_one_line_naming_the_flag(tmp_path, more, message):
    refused(["sweep", "farkle-loadouts", "--owned", "ordinary*6,lucky", *more, "--db", str(tmp_path / "r.sqlite")],
            tmp_path, message)


@needs_farkle
def test_farkle_matches_beyond_the_guard_are_refused_naming_the_largest_target(tmp_path):
    widest = farkle_loadouts._widest(farkle_loadouts.definition(dice="all-named")["pool"])
    largest = fk.largest_target(widest, fk.parse_loadout("ordinary*6"))
    # every pair of named loadouts is solved to 4,000 (the match guard); 20,000 is beyond it
    line = refused(["sweep", "farkle-loadouts", "--dice", "all-named", "--opponent-dice", "ordinary*6", "--target",
                    "20000", "--db", str(tmp_path / "r.sqlite")], tmp_path,
                   "error: --target 20,000: a match solve would take")
    assert f"the largest accepted target for these dice here is {largest:,} (a six of the most unlike dice: " in line


def _rows_now(path: Path, table: str) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.slow
@needs_dice_poker
def test_the_cli_killed_mid_sweep_resumes_to_an_uninterrupted_result(tmp_path, dask_client):
    grid = ["dice-poker", "--grid", "five=1:20 four=1:10 full_house=1:10"]  # 2,000 tables
    address = dask_client.scheduler.address
    path = tmp_path / "killed.sqlite"
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "holdwise", "sweep", *grid, "--db", str(path), "--scheduler",
                             address, "--chunk", "1"], env=env, cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 300
        while _rows_now(path, "rows_dice_poker") < 50:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the sweep did not start"
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert integrity(path) == "ok"
    part = len(file_rows(path, "rows_dice_poker"))
    assert 50 <= part < 2000
    resumed = json.loads(invoke(["sweep", *grid, "--db", str(path), "--scheduler", address, "--json"]).stdout)
    assert (resumed["already"], resumed["done_now"]) == (part, 2000 - part)
    whole = tmp_path / "whole.sqlite"
    assert invoke(["sweep", *grid, "--db", str(whole), "--scheduler", address]).exit_code == 0
    assert same_rows(file_rows(path, "rows_dice_poker"), file_rows(whole, "rows_dice_poker"))
    assert integrity(path) == "ok"


@needs_dice_poker
def test_dice_poker_only_keeps_the_deep_tables_and_says_so(tmp_path, dask_client):
    from holdwise.sweep.kinds import dice_poker as kind

    grid = "five=5:40:5 four=3:20 full_house=2:8 straight=1:6"
    path = tmp_path / "only.sqlite"
    address = dask_client.scheduler.address
    done = invoke(["sweep", "dice-poker", "--grid", grid, "--only-deep", "--only-return", "2.5:3.5", "--db",
                   str(path), "--scheduler", address])
    assert done.exit_code == 0, done.stderr
    definition = kind.definition(grid=grid, only_deep=True, only_return="2.5:3.5")
    total = kind.count(definition)
    want = kind.solve_range(definition, 0, total)
    assert 0 < len(want) < total
    assert f"items: {total:,} done now" in done.stdout
    assert f"rows kept: {len(want):,} (the items that meet" in done.stdout
    assert same_rows(file_rows(path, "rows_dice_poker"), want)
    listing = invoke(["sweep", "show", "--db", str(path)])
    assert f"{total:,}/{total:,}" in listing.stdout and f"{len(want):,} rows kept" in listing.stdout
    assert all(len(line) <= 80 for line in listing.stdout.splitlines())
    shown = invoke(["sweep", "show", "--db", str(path), "1", "--top", "3", "--sort", "return"])
    assert f"sweep 1 (dice-poker): {len(want):,} of {len(want):,} rows" in shown.stdout
    listed = json.loads(invoke(["sweep", "show", "--db", str(path), "--json"]).stdout)["sweeps"][0]
    assert (listed["done"], listed["rows"], listed["definition"]["only"]) == (
        total, len(want), {"return": ["2.5", "3.5"], "deep": True})
