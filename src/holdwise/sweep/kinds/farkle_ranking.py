"""Sweep kind `farkle-ranking`: every six-set of Farkle dice ranked exactly by expected points per turn, most
sets ruled out by a proven upper bound instead of a solve (the method and its proof: games/farkle/search_bounds.py).

A sweep of stages in one results table (`drive` runs them; a rerun resumes):
1. the threshold: the `first` sets strongest by kind strength solved exactly on the workers; the `top`-th
   best of them is the threshold;
2. every set judged on the workers (`search.judge`), by index ranges of the sets in their listing order (sets
   sharing their first dice side by side, so a worker's memo of sub-set bounds serves a whole range): a row
   per set, "pruned" with the proven bound below the threshold, or "solved" exactly when no bound could rule
   it out (the judge solves such a set at once: a candidate stage after the pass would solve the same sets,
   the threshold of the first sets being the final one on every domain measured, docs/sweep.md); within a
   range the threshold rises with the range's own exact values (true values: it stays a lower bound on the
   final one); the threshold sets' rows hold their exact values;
3. the ranking: the `top` best exact sets and the proof (every other set at most the `top`-th best exact
   value: solved, or a bound below a threshold no higher), kept as the sweep's summary, shown by `sweep show`.
"""

from __future__ import annotations

import contextlib
import heapq
import sqlite3
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from .. import db
from ..kind import Column
from . import farkle_loadouts

if TYPE_CHECKING:
    from distributed import Client

    from ..engine import Progress

__all__ = ["COLUMNS", "NAME", "count", "definition", "drive", "items", "plot", "rank", "ranked_sets",
           "solve", "solve_range", "stored_ranking"]

NAME = "farkle-ranking"
SIX = 6
DEFAULT_TOP = 20
FIRST_PER_TOP = 5  # the threshold from the 5 x top strongest sets: a higher threshold rules out more sets
COLUMNS = (
    Column("points", "REAL", "expected points per turn: exact when exact = 1, else a proven upper bound"),
    Column("exact", "INTEGER", "1: points solved exactly; 0: points an upper bound (search_bounds.py)"),
    Column("how", "TEXT", "threshold (solved first), pruned (a bound below the threshold), solved (no bound "
           "could rule it out)"),
    Column("dice", "TEXT", "the set, as farkle commands read it: 'ordinary*4, lucky, odd'"),
)


def definition(dice: str | None = None, owned: str | None = None, top: int | str = DEFAULT_TOP,
               first: int | str | None = None) -> dict:
    """The checked, canonical definition: the pool (as farkle-loadouts reads --dice / --owned), how many
    sets are ranked exactly (`top`) and how many strongest sets give the threshold (`first`)."""
    pool = farkle_loadouts.definition(dice=dice, owned=owned)["pool"]
    try:
        top = int(str(top).strip())
        first = FIRST_PER_TOP * top if first is None else int(str(first).strip())
    except ValueError:
        raise InputError(f"--top and --first are whole numbers, got {top!r} and {first!r}") from None
    if not 1 <= top <= 1000:
        raise InputError(f"--top must be 1 to 1000, got {top}")
    if not top <= first <= 10_000:
        raise InputError(f"--first must be --top ({top}) to 10,000, got {first}")
    return {"pool": pool, "top": top, "first": first}


def count(definition: dict) -> int:
    """How many sets (as farkle-loadouts counts them)."""
    return farkle_loadouts.count(definition)


def _counts(definition: dict) -> list[int]:
    return [int(most) for _, most in definition["pool"]]


def _text(definition: dict, key: tuple[int, ...]) -> str:
    """A set's text, as farkle-loadouts keys it: 'ordinary*4, lucky, odd'."""
    names = [name for name, _ in definition["pool"]]
    out = []
    for i in sorted(set(key)):
        n = key.count(i)
        out.append(names[i] if n == 1 else f"{names[i]}*{n}")
    return ", ".join(out)


def _sets_from(counts: list[int], start: int) -> Iterator[tuple[int, ...]]:
    """The sets of the listing order (search.inventory_sets': the first kind taken most first) from the
    start-th on, reached by counting (not by listing the sets before it)."""
    # ways[i][left]: the sets of `left` dice from the kinds i.. (each at most counts[j])
    n = len(counts)
    ways = [[0] * (SIX + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for i in range(n - 1, -1, -1):
        for left in range(SIX + 1):
            ways[i][left] = sum(ways[i + 1][left - k] for k in range(min(left, counts[i]) + 1))

    def walk(i: int, left: int, chosen: tuple[int, ...], skip: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield chosen
            return
        if i == n:
            return
        for k in range(min(left, counts[i]), -1, -1):
            sub = ways[i + 1][left - k]
            if skip >= sub:
                skip -= sub
                continue
            yield from walk(i + 1, left - k, chosen + (i,) * k, skip)
            skip = 0

    yield from walk(0, SIX, (), start)


def items(definition: dict) -> Iterator[tuple[str, dict]]:
    """(key, item) per set, in the listing order the index ranges count."""
    for key in _sets_from(_counts(definition), 0):
        text = _text(definition, key)
        yield text, {"dice": text}


_KINDS: dict[str, tuple[Any, ...]] = {}


def _kinds(definition: dict) -> tuple[Any, ...]:
    """The pool's dice (face.Die), one per kind, made once a process (the search's memos key on them)."""
    from ...games import farkle as face

    names = tuple(name for name, _ in definition["pool"])
    key = "\n".join(names)
    if key not in _KINDS:
        _KINDS.clear()
        _KINDS[key] = tuple(face.parse_dice(name)[0] for name in names)
    return _KINDS[key]


def solve_range(definition: dict, start: int, stop: int) -> list[tuple]:
    """The sets start..stop-1 judged (stage 2): a row per set, (key, points, exact, how, dice); the threshold
    sets (definition["exact"]) with their exact values, and the top-th best exact value known the threshold."""
    from ...games.farkle import judge

    kinds = _kinds(definition)
    top = int(definition["top"])
    known = dict(definition["exact"])
    best = heapq.nlargest(top, known.values())
    heapq.heapify(best)
    rows = []
    for _, key in zip(range(start, stop), _sets_from(_counts(definition), start)):
        text = _text(definition, key)
        if text in known:
            rows.append((text, float(known[text]), 1, "threshold", text))
            continue
        points, how = judge(kinds, key, best[0] if len(best) >= top else 0.0)
        exact = how == "exact"
        if exact and len(best) < top:
            heapq.heappush(best, points)
        elif exact and points > best[0]:
            heapq.heapreplace(best, points)
        rows.append((text, float(points), int(exact), "solved" if exact else "pruned", text))
    return rows


def solve(definition: dict, items: list[dict]) -> list[dict]:
    """Each set solved exactly (the engine's per-item path; the stages use `solve_range` and `_exact`)."""
    return [{"points": p, "exact": 1, "how": "solved", "dice": item["dice"]}
            for item, p in zip(items, _exact(definition, [item["dice"] for item in items]))]


def _exact(definition: dict, texts: list[str]) -> list[float]:
    """The sets (by their text) solved exactly, on a worker."""
    from ...games import farkle as face

    return [float(face.exact_points(tuple(face.parse_loadout(text)))) for text in texts]


def _strongest(definition: dict, first: int) -> list[str]:
    """The `first` sets strongest by kind strength (each kind's points beside five of the pool's first kind),
    in the order search_sets tries them (ties in listing order)."""
    from ...games.farkle import kind_strengths

    kinds = _kinds(definition)
    strength = kind_strengths(kinds, kinds[0])
    best = heapq.nlargest(first, _sets_from(_counts(definition), 0), key=lambda s: sum(strength[i] for i in s))
    return [_text(definition, key) for key in best]


def _solve_on(client: Client, definition: dict, texts: list[str]) -> list[float]:
    """Exact values of the sets, one task a set, on the cluster's workers (in order)."""
    futures = client.map(_exact, [definition] * len(texts), [[t] for t in texts], pure=False)
    return [values[0] for values in client.gather(futures)]


def drive(client: Client, conn: sqlite3.Connection, kind_name: str, definition: dict, sweep_id: int,
          chunk: int | None = None, on_progress: Callable[[Progress], None] | None = None) -> Progress:
    """Run (or resume) the stages (the module's docstring); the summary is written last."""
    from ..engine import Progress, run

    began, cpu = time.perf_counter(), time.process_time()
    total = count(definition)
    top = int(definition["top"])
    if db.read_summary(conn, sweep_id) is not None:
        done = db.count_done(conn, NAME, sweep_id)
        return Progress(done=done, total=total, done_now=0, seconds=0.0)
    # 1. the threshold (solved again on a resume: the same sets give the same values)
    strongest = _strongest(definition, int(definition["first"]))
    values = _solve_on(client, definition, strongest)
    theta = sorted(values, reverse=True)[:top][-1]
    threshold_seconds = time.perf_counter() - began
    # 2. every set judged against it, by index ranges
    staged = {**definition, "exact": [[t, v] for t, v in zip(strongest, values)]}
    state = run(client, conn, kind_name, staged, sweep_id, chunk, on_progress)
    # 3. the ranking and its proof
    summary = ranking_summary(conn, sweep_id, top)
    # this run's times (a resumed sweep's summary times its last run only)
    summary.update(seconds=round(time.perf_counter() - began, 1), seconds_threshold=round(threshold_seconds, 1),
                   client_cpu_seconds=round(time.process_time() - cpu, 1),
                   worker_seconds=round(state.worker_seconds, 1), threshold_first=theta,
                   first=int(definition["first"]))
    db.write_summary(conn, sweep_id, summary)
    state.done = db.count_done(conn, NAME, sweep_id)
    state.seconds = time.perf_counter() - began
    return state


def ranking_summary(conn: sqlite3.Connection, sweep_id: int, top: int) -> dict:
    """The ranking from the rows: the `top` best exact sets, the proven bound on every other set, counts."""
    table = db.rows_table(NAME)
    best = conn.execute(f"SELECT key, points FROM {table} WHERE sweep_id = ? AND exact = 1 ORDER BY points DESC, "
                        "key LIMIT ?", (sweep_id, top)).fetchall()
    keys = [k for k, _ in best]
    marks = ", ".join("?" * len(keys))
    other = conn.execute(f"SELECT max(points) FROM {table} WHERE sweep_id = ? AND key NOT IN ({marks})",
                         (sweep_id, *keys)).fetchone()[0]
    tally = dict(conn.execute(f"SELECT how, count(*) FROM {table} WHERE sweep_id = ? GROUP BY how", (sweep_id,)))
    sets = sum(tally.values())
    threshold = float(best[-1][1]) if best else 0.0
    return {
        "top": [[k, float(p)] for k, p in best], "threshold": threshold,
        "others_at_most": None if other is None else float(other), "sets": sets,
        "bounded": sets - tally.get("threshold", 0), "pruned": tally.get("pruned", 0),
        "solved_in_pass": tally.get("solved", 0),
        "exact_solves": tally.get("threshold", 0) + tally.get("solved", 0),
        "statement": (f"the best {len(best)} of {sets:,} sets exact; every other set at most "
                      f"{threshold:,.2f} points per turn (proven: solved, or a bound below it)"),
    }


def ranked_sets(db_path: str, definition: dict) -> dict | None:
    """A finished ranking's summary for a definition (`definition(...)`'s), or None when the file has none."""
    with contextlib.closing(db.open_read(db_path)) as conn:
        sweep_id = db.sweep_id_of(conn, NAME, definition)
        return None if sweep_id is None else db.read_summary(conn, sweep_id)


def stored_ranking(db_path: str, top: int) -> dict | None:
    """The stored ranking of the whole domain (every distinct named die, six each) with at least `top` sets
    exact, or None: no file, no such sweep, or not finished."""
    import os

    if not os.path.exists(db_path):
        return None
    found = None
    with contextlib.closing(db.open_read(db_path)) as conn:
        whole = farkle_loadouts.definition(dice="all-named")["pool"]
        for sweep in db.list_sweeps(conn):
            if sweep["kind"] != NAME or sweep["definition"].get("pool") != whole:
                continue
            summary = db.read_summary(conn, sweep["id"])
            if summary is not None and len(summary["top"]) >= top and (
                    found is None or len(summary["top"]) > len(found["top"])):
                found = summary
    return found


def rank(definition: dict) -> str | None:
    """`sweep show` lists the sets by points, largest first: the ranking's exact sets lead."""
    return "points"


def plot(rows: list[dict], definition: dict, path: str) -> None:
    """Not drawn: a ranking is a list (`sweep show`)."""
    raise InputError("a farkle-ranking sweep has no figure; see its rows with 'holdwise sweep show'")
