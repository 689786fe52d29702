"""Faults: a worker killed mid-sweep (Dask reruns its chunks, every row once), and the client killed mid-sweep
(the rerun resumes and ends with the same file as an uninterrupted run); the file stays sound after each."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from holdwise import sweep

from . import fake_kind, fake_range_kind
from .conftest import file_rows, integrity

ROOT = Path(__file__).resolve().parents[2]


KINDS = pytest.mark.parametrize(("kind", "table"), [
    ("fake-squares", "rows_fake_squares"),  # items made by the client, sent to the workers
    ("fake-ranges", "rows_fake_ranges"),  # index ranges: the workers make the items, ranges recorded as done
])


def _expected(kind: str, **options) -> list[tuple]:
    module = fake_range_kind if kind == "fake-ranges" else fake_kind
    return module.expected(module.definition(**options))


@pytest.mark.slow
@KINDS
def test_a_worker_killed_mid_sweep_loses_and_duplicates_nothing(tmp_path, sweep_client, fake, kind, table):
    path = tmp_path / "r.sqlite"
    pids = sweep_client.run(os.getpid)  # worker address -> its process id
    killed = []

    def kill_one(state):
        if not killed and state.done >= 20:  # chunks are running on both workers now
            victim = min(pids.values())
            psutil.Process(victim).kill()
            killed.append(victim)

    summary = sweep.run_sweep(kind, {"n": 200, "sleep": 0.01}, path, client=sweep_client, chunk=4,
                              on_progress=kill_one)
    assert killed
    sweep_client.wait_for_workers(2, timeout=60)
    assert killed[0] not in sweep_client.run(os.getpid).values()  # its nanny started a new worker
    assert summary.done_now == 200
    assert file_rows(path, table) == _expected(kind, n=200, sleep=0.01)
    assert integrity(path) == "ok"


CLIENT = textwrap.dedent("""
    import sys
    from tests.sweep import fake_kind
    fake_kind.install()
    from distributed import Client, LocalCluster
    from holdwise import sweep

    if __name__ == "__main__":
        with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster, \\
                Client(cluster) as client:
            client.register_plugin(fake_kind.FakeKindPlugin())
            sweep.run_sweep(sys.argv[2], {"n": 300, "sleep": 0.02}, sys.argv[1], client=client, chunk=3)
""")


def _rows_now(path, table: str) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except sqlite3.Error:  # not created yet, or the table not yet there
        return 0


@pytest.mark.slow
@KINDS
def test_a_client_killed_mid_sweep_resumes_to_the_same_file(tmp_path, sweep_client, fake, kind, table):
    path = tmp_path / "r.sqlite"
    script = tmp_path / "client.py"
    script.write_text(CLIENT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, str(script), str(path), kind], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while _rows_now(path, table) < 30:  # some chunks are in, most are not
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the sweep did not start"
            time.sleep(0.05)
        workers = psutil.Process(proc.pid).children(recursive=True)
        proc.send_signal(signal.SIGKILL)  # the client: its scheduler and nannies die with it
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    # the worker processes notice their parent's death and exit; make sure none is left behind
    _, alive = psutil.wait_procs(workers, timeout=15)
    for p in alive:
        p.kill()
    assert integrity(path) == "ok"
    part = len(file_rows(path, table))
    assert 30 <= part < 300
    listed = sweep.list_sweeps(path).sweeps
    assert [(s.items, s.done, s.rows) for s in listed] == [(300, part, part)]

    again = sweep.run_sweep(kind, {"n": 300, "sleep": 0.02}, path, client=sweep_client, chunk=10)
    assert (again.already, again.done_now, again.created) == (part, 300 - part, False)
    assert file_rows(path, table) == _expected(kind, n=300, sleep=0.02)
    assert integrity(path) == "ok"
