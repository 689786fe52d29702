"""The engine on Dask: a sweep on a local cluster of two workers, or on a cluster started with `dask scheduler`
and `dask worker`, writes exactly the rows that solving the items one by one in-process gives."""

from __future__ import annotations

import itertools
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from holdwise import InputError, sweep
from holdwise.sweep import engine

from . import fake_kind, fake_range_kind
from .conftest import file_rows, integrity

ROOT = Path(__file__).resolve().parents[2]


class _Stop(Exception):
    """Raised from a sweep's progress callback: the run stops as an interrupted one would."""


def _stop_at(kind: str, options: dict, path: Path, client, chunk: int, done: int) -> None:
    """Run a sweep in chunks of `chunk` items and stop it once the file holds at least `done` items."""

    def stop(state):
        if state.done >= done:
            raise _Stop

    with pytest.raises(_Stop):
        sweep.run_sweep(kind, options, path, client=client, chunk=chunk, on_progress=stop)


def test_a_sweep_equals_the_items_solved_one_by_one(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    seen = []
    summary = sweep.run_sweep(fake.NAME, {"n": 500}, path, client=sweep_client, on_progress=lambda s: seen.append(
        (s.done, s.done_now, s.total)))
    definition = fake.definition(n=500)
    assert file_rows(path) == fake.expected(definition)  # every row, each once
    assert (summary.total, summary.done_now, summary.already, summary.created) == (500, 500, 0, True)
    assert summary.workers == 2 and summary.sweep_id == 1
    # progress: counts only grow, and end at every item
    assert seen[0] == (0, 0, 500)  # once at the start, then as chunks come in
    assert seen[-1] == (500, 500, 500) and all(a[0] < b[0] for a, b in itertools.pairwise(seen))
    assert len(seen) > 2  # fed as chunks finish, not once at the end
    assert integrity(path) == "ok"


def test_fixed_chunks_give_the_same_rows(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    seen = []
    sweep.run_sweep(fake.NAME, {"n": 60, "offset": 1000}, path, client=sweep_client, chunk=7,
                    on_progress=lambda s: seen.append(s.done_now))
    assert file_rows(path) == fake.expected(fake.definition(n=60, offset=1000))
    assert seen[0] == 0
    steps = sorted(b - a for a, b in itertools.pairwise(seen))
    assert steps == [4, *[7] * 8]  # 8 chunks of 7 and one of 4, each written as it came


def test_a_rerun_resumes_and_a_finished_sweep_starts_no_cluster(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    _stop_at(fake.NAME, {"n": 40}, path, sweep_client, chunk=1, done=3)
    part = len(file_rows(path))
    assert 3 <= part < 40
    again = sweep.run_sweep(fake.NAME, {"n": 40}, path, client=sweep_client, chunk=5)
    assert (again.sweep_id, again.already, again.done_now, again.created) == (1, part, 40 - part, False)
    assert file_rows(path) == fake.expected(fake.definition(n=40))
    # done already: answered from the file, no cluster started (no client given, and workers=None says so)
    done = sweep.run_sweep(fake.NAME, {"n": 40}, path, workers=1)
    assert (done.already, done.done_now, done.workers) == (40, 0, None)
    # another definition is another sweep in the same file
    other = sweep.run_sweep(fake.NAME, {"n": 3}, path, client=sweep_client)
    assert other.sweep_id == 2 and [s.done for s in sweep.list_sweeps(path).sweeps] == [40, 3]
    assert integrity(path) == "ok"


def test_a_failing_solve_stops_the_sweep_and_keeps_the_rows_written(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    with pytest.raises(sweep.SweepFailed, match="ZeroDivisionError: the fake kind cannot solve 12") as err:
        sweep.run_sweep(fake.NAME, {"n": 30, "fail": 12}, path, client=sweep_client, chunk=2)
    assert "\n" not in str(err.value)
    rows = file_rows(path)
    assert "x0000012" not in {r[0] for r in rows}
    expected = {r[0]: r for r in fake.expected(fake.definition(n=30))}
    assert all(expected[r[0]] == r for r in rows)
    assert integrity(path) == "ok"


def test_bad_options_are_refused_before_anything_is_written(tmp_path, fake):
    path = tmp_path / "r.sqlite"
    for kwargs, message in [
        ({"options": {"n": -1}}, "n must be"),
        ({"options": {"n": 0}}, "no items"),
        ({"options": {"n": 3}, "workers": 0}, "--workers must be 1 to"),
        ({"options": {"n": 3}, "chunk": 0}, "--chunk must be 1 to"),
        ({"options": {"n": 3}, "scheduler": "localhost:8786"}, "--scheduler must be tcp://HOST:PORT"),
        ({"options": {"n": 3}, "scheduler": "tcp://127.0.0.1:8786", "workers": 2}, "with --scheduler"),
    ]:
        with pytest.raises(InputError, match=message):
            sweep.run_sweep(fake.NAME, db_path=path, **kwargs)
    with pytest.raises(InputError, match="unknown sweep"):
        sweep.run_sweep("chess", {}, path)
    assert list(tmp_path.iterdir()) == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_one_line_and_writes_nothing(tmp_path, fake, monkeypatch):
    monkeypatch.setattr(engine, "CONNECT_TIMEOUT_S", 1)
    with pytest.raises(InputError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:") as err:
        sweep.run_sweep(fake.NAME, {"n": 3}, tmp_path / "r.sqlite", scheduler=f"tcp://127.0.0.1:{_free_port()}")
    assert "\n" not in str(err.value)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def outside_cluster(fake):
    """`dask scheduler` and two `dask worker` processes on loopback, no dashboard: the scheduler's address."""
    from distributed import Client

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    dask = [str(Path(sys.executable).with_name("dask"))]
    procs = [subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                              "--dashboard-address", "127.0.0.1:0"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen([*dask, "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                                           "--nworkers", "1", "--no-dashboard"],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with Client(address, timeout=30, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)
            client.register_plugin(fake_kind.FakeKindPlugin())
        yield address
    finally:
        try:  # the scheduler stops its workers and itself
            with Client(address, timeout=5, set_as_default=False) as client:
                client.shutdown()
        except Exception as err:  # the processes are stopped below anyway
            print(f"shutdown through the scheduler failed: {err}")
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.mark.slow
def test_a_sweep_on_a_cluster_started_with_dask_scheduler_and_dask_worker(tmp_path, outside_cluster, fake,
                                                                          monkeypatch):
    path = tmp_path / "r.sqlite"
    summary = sweep.run_sweep(fake.NAME, {"n": 200}, path, scheduler=outside_cluster)
    assert (summary.done_now, summary.workers, summary.scheduler) == (200, 2, outside_cluster)
    assert file_rows(path) == fake.expected(fake.definition(n=200))
    # DASK_SCHEDULER_ADDRESS names the cluster when --scheduler does not
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", outside_cluster)
    other = sweep.run_sweep(fake.NAME, {"n": 20, "offset": 5}, path)
    assert (other.sweep_id, other.done_now, other.scheduler) == (2, 20, outside_cluster)
    assert file_rows(path)[200:] == fake.expected(fake.definition(n=20, offset=5))
    assert integrity(path) == "ok"


# the range path: a kind whose workers make their own items from index ranges (`solve_range`)

RANGES = "rows_fake_ranges"


def _ranges(path) -> list[tuple[int, int]]:
    with sqlite3.connect(path) as conn:
        return [tuple(r) for r in conn.execute("SELECT start, stop FROM done_ranges ORDER BY start")]


@pytest.mark.parametrize("only_odd", [False, True])
def test_a_ranged_sweep_equals_the_items_solved_one_by_one(tmp_path, sweep_client, fake, only_odd):
    path = tmp_path / "r.sqlite"
    seen = []
    summary = sweep.run_sweep("fake-ranges", {"n": 500, "only_odd": only_odd}, path, client=sweep_client,
                              on_progress=lambda s: seen.append(s.done))
    definition = fake_range_kind.definition(n=500, only_odd=only_odd)
    assert file_rows(path, RANGES) == fake_range_kind.expected(definition)
    assert (summary.total, summary.done_now, summary.rows) == (500, 500, 250 if only_odd else 500)
    assert seen[0] == 0 and seen[-1] == 500 and all(a < b for a, b in itertools.pairwise(seen))
    ranges = _ranges(path)  # the done ranges tile 0..500 exactly
    assert ranges[0][0] == 0 and ranges[-1][1] == 500
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges)) and len(ranges) > 2
    listed = sweep.list_sweeps(path).sweeps
    assert [(s.items, s.done, s.rows) for s in listed] == [(500, 500, summary.rows)]
    assert integrity(path) == "ok"


def test_a_ranged_sweep_in_fixed_chunks_and_resumed(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    options = {"n": 100, "only_odd": True}
    _stop_at("fake-ranges", options, path, sweep_client, chunk=7, done=21)
    ranges = _ranges(path)
    done = sum(b - a for a, b in ranges)
    assert 21 <= done < 100 and all((b - a) == 7 for a, b in ranges)
    rows = file_rows(path, RANGES)  # exactly the odd numbers of the done ranges, nothing of a chunk in flight
    assert sorted(r[1] for r in rows) == [x for a, b in ranges for x in range(a, b) if x % 2]
    again = sweep.run_sweep("fake-ranges", options, path, client=sweep_client, chunk=10)
    assert (again.already, again.done_now, again.rows, again.created) == (done, 100 - done, 50, False)
    assert file_rows(path, RANGES) == fake_range_kind.expected(fake_range_kind.definition(**options))
    assert engine.gaps(_ranges(path), 100) == []
    done_again = sweep.run_sweep("fake-ranges", options, path, workers=1)
    assert (done_again.already, done_again.done_now, done_again.rows, done_again.workers) == (100, 0, 50, None)


def test_rows_written_without_ranges_resume_by_keys(tmp_path, sweep_client, fake):
    """A sweep begun by a holdwise that wrote no ranges (rows only) goes on by keys, not by ranges."""
    path = tmp_path / "r.sqlite"
    _stop_at("fake-ranges", {"n": 40}, path, sweep_client, chunk=5, done=10)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM done_ranges")
    part = len(file_rows(path, RANGES))
    again = sweep.run_sweep("fake-ranges", {"n": 40}, path, client=sweep_client, chunk=5)
    assert (again.already, again.done_now) == (part, 40 - part)
    assert file_rows(path, RANGES) == fake_range_kind.expected(fake_range_kind.definition(n=40))
    assert _ranges(path) == []  # resumed by keys: no ranges written


def test_a_failing_ranged_chunk_keeps_the_chunks_written(tmp_path, sweep_client, fake):
    path = tmp_path / "r.sqlite"
    with pytest.raises(sweep.SweepFailed, match="a chunk of 2 items failed: ZeroDivisionError"):
        sweep.run_sweep("fake-ranges", {"n": 30, "fail": 12}, path, client=sweep_client, chunk=2)
    ranges = _ranges(path)
    assert (12, 14) not in ranges
    assert sorted(r[1] for r in file_rows(path, RANGES)) == [x for a, b in ranges for x in range(a, b)]


@pytest.mark.parametrize(("done", "total", "left"), [
    ([], 5, [(0, 5)]), ([(0, 5)], 5, []), ([(1, 2), (3, 5)], 6, [(0, 1), (2, 3), (5, 6)]),
    ([(0, 2), (2, 4)], 4, []),
])
def test_gaps_are_what_the_done_ranges_leave_out(done, total, left):
    assert engine.gaps(done, total) == left
