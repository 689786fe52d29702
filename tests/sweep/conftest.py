"""The sweep tests' cluster: one local Dask cluster of two worker processes for the whole folder (a start costs
seconds), with the fake kind installed here and on every worker."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import subprocess

import pytest

from . import fake_kind


@pytest.fixture(scope="session")
def fake():
    """The fake kind, known to `get_kind` in this process."""
    fake_kind.install()
    return fake_kind


@pytest.fixture(scope="session")
def dask_client(fake):
    """A client of a local cluster: 2 worker processes, 1 thread each, loopback, no dashboard."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
        client.register_plugin(fake_kind.FakeKindPlugin())
        yield client


@pytest.fixture
def sweep_client(dask_client):
    """The shared client, with both workers up (a test may have killed one: its nanny restarts it)."""
    dask_client.wait_for_workers(2, timeout=60)
    return dask_client


def file_rows(path, table: str = "rows_fake_squares") -> list[tuple]:
    """Every row of a results file's table, key order, without the sweep id."""
    with sqlite3.connect(path) as conn:
        return [row[1:] for row in conn.execute(f"SELECT * FROM {table} ORDER BY sweep_id, key")]


def integrity(path) -> str:
    """SQLite's own check of the file: "ok" when sound."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


@contextlib.contextmanager
def read_only(path):
    """Make a file or folder read-only for this process: chmod, or for root (who writes past modes) the
    immutable flag; undone at the end."""
    if os.geteuid() != 0:
        mode = os.stat(path).st_mode
        os.chmod(path, 0o555 if os.path.isdir(path) else 0o444)
        try:
            yield
        finally:
            os.chmod(path, mode)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], capture_output=True,
                                                          check=False).returncode:
        pytest.skip("root, and no immutable flag here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
