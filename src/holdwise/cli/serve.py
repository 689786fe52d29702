"""`holdwise serve`: the web lab on uvicorn (the app is loaded by name, so workers start their own)."""

from __future__ import annotations

import socket

import typer

from ._common import fail

__all__ = ["serve"]

APP = "holdwise.web.app:create_app"
MAX_WORKERS = 32


def serve(host: str, port: int, workers: int, warm: bool, paytable_file: str | None = None,
          tables_file: str | None = None, limits: dict[str, str | None] | None = None) -> None:
    """Check the options, then run the web lab until Ctrl-C."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    from ..errors import InputError
    from ..games import dice_poker, video_poker

    # the files are read here first, so a bad one stops the start with its message; workers read them again
    for option, path, load, env in (("--paytable-file", paytable_file, video_poker.load_games,
                                     "HOLDWISE_VIDEO_POKER_PAYTABLES"),
                                    ("--tables-file", tables_file, dice_poker.load_tables,
                                     "HOLDWISE_DICE_POKER_TABLES")):
        if path is None:
            continue
        try:
            load(path)
        except InputError as err:
            fail(f"{option}: {err}")
        os.environ[env] = str(Path(path).resolve())
    from ..settings import SETTINGS, check_settings

    for env, option, *_ in SETTINGS:  # an option wins over its variable; the workers read the variables
        value = (limits or {}).get(option)
        if value is not None:
            os.environ[env] = value
    try:
        check_settings()
    except InputError as err:
        fail(str(err))
    if not 1 <= port <= 65535:
        fail(f"--port must be 1 to 65535, got {port}")
    if not 1 <= workers <= MAX_WORKERS:
        fail(f"--workers must be 1 to {MAX_WORKERS}, got {workers}")
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror or err}")
    import uvicorn

    if not warm:
        os.environ["HOLDWISE_NO_WARM"] = "1"  # read by create_app in every worker
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"holdwise lab on http://{shown}:{port}/  (API docs: /docs; Ctrl-C stops)")
    # the workers' shared ledger of heavy solves (holdwise.web.work): this server's own, gone when it stops
    # glibc's malloc keeps an arena per thread (up to 8 per core) whose freed memory a process seldom gives
    # back: a worker's request threads then hold hundreds of MB they no longer use. Two arenas suffice here.
    os.environ.setdefault("MALLOC_ARENA_MAX", "2")
    run_dir = tempfile.mkdtemp(prefix="holdwise-run-")
    os.environ["HOLDWISE_RUN_DIR"] = run_dir
    try:
        uvicorn.run(APP, factory=True, host=host, port=port, workers=workers, log_level="warning")
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
