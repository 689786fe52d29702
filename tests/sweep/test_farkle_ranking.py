"""The farkle-ranking sweep against brute force (every set solved exactly, sorted) and against the search in one
process (`search_sets`): the same best sets, values and threshold; every bound at least its set's exact value;
a rerun finds it finished; `holdwise farkle search` answers the whole domain from a finished ranking."""

from __future__ import annotations

import contextlib
import json
import sqlite3

import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.games import farkle as fk
from holdwise.games.farkle.search import exact_points, inventory_sets, search_sets
from holdwise.sweep import db, run_sweep
from holdwise.sweep.kinds import farkle_ranking

POOL = "ordinary*2,weighted*2,lucky*2,odd*2,pie*2,kings*2"
TOP = 5


@pytest.fixture(scope="module")
def brute() -> dict[str, float]:
    """Every set of the pool solved exactly, by its text."""
    d = farkle_ranking.definition(owned=POOL, top=TOP)
    return {text: exact_points(fk.parse_loadout(text)) for text, _ in farkle_ranking.items(d)}


def best_of(values: dict[str, float], n: int) -> list[tuple[str, float]]:
    return sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def test_sets_from_an_index_continue_the_listing():
    counts = [3, 1, 6, 2, 0, 4]
    listed = inventory_sets(counts)
    for start in (0, 1, 7, len(listed) // 2, len(listed) - 1, len(listed)):
        assert list(farkle_ranking._sets_from(counts, start)) == listed[start:]


@pytest.mark.slow  # a sweep on a local cluster against the brute force, 9 s
def test_the_ranking_sweep_equals_brute_force(sweep_client, tmp_path, brute):
    path = tmp_path / "ranking.sqlite"
    summary = run_sweep("farkle-ranking", {"owned": POOL, "top": TOP}, path, client=sweep_client)
    assert summary.total == len(brute) == 141  # six kinds, at most two of each
    with contextlib.closing(db.open_read(path)) as conn:
        found = db.read_summary(conn, summary.sweep_id)
        rows = conn.execute("SELECT key, points, exact, how FROM rows_farkle_ranking WHERE sweep_id = ?",
                            (summary.sweep_id,)).fetchall()
    best = best_of(brute, TOP)
    assert [k for k, _ in found["top"]] == [k for k, _ in best]
    assert [p for _, p in found["top"]] == pytest.approx([p for _, p in best], rel=1e-12)
    assert found["threshold"] == pytest.approx(best[-1][1], rel=1e-12)
    assert found["sets"] == len(rows) == len(brute)
    others = max(v for k, v in brute.items() if k not in dict(best))
    assert others - 1e-9 <= found["others_at_most"] <= found["threshold"]
    # every row: an exact value equals the brute force's, a bound is at least it
    for key, points, exact, how in rows:
        if exact:
            assert how in ("threshold", "solved")
            assert points == pytest.approx(brute[key], rel=1e-12)
        else:
            assert how == "pruned"
            assert brute[key] - 1e-9 <= points < found["threshold"], key
    assert found["pruned"] > len(brute) // 2  # the bound did the work
    assert found["exact_solves"] == sum(1 for r in rows if r[2])
    shown = CliRunner().invoke(app, ["sweep", "show", "--db", str(path), str(summary.sweep_id), "--top", "3"])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.index(best[0][0]) < shown.stdout.index(best[1][0]) < shown.stdout.index(best[2][0])
    assert f"every other set at most {found['threshold']:,.2f}" in " ".join(shown.stdout.split())
    again = run_sweep("farkle-ranking", {"owned": POOL, "top": TOP}, path, client=sweep_client)
    assert (again.sweep_id, again.done_now) == (summary.sweep_id, 0)
    with contextlib.closing(db.open_read(path)) as conn:
        assert db.read_summary(conn, summary.sweep_id) == found


def test_the_search_in_one_process_agrees(brute):
    d = farkle_ranking.definition(owned=POOL, top=TOP)
    kinds = farkle_ranking._kinds(d)
    outcome = search_sets(kinds, [2] * len(kinds), TOP, kinds[0], workers=1)
    best = best_of(brute, TOP)
    assert [farkle_ranking._text(d, v.kinds) for v in outcome.best] == [k for k, _ in best]
    assert [v.points for v in outcome.best] == pytest.approx([p for _, p in best], rel=1e-12)
    assert outcome.threshold == pytest.approx(best[-1][1], rel=1e-12)


def whole_domain_file(path, top: list[list]) -> None:
    """A results file holding a finished whole-domain ranking (its summary as the sweep writes it)."""
    d = farkle_ranking.definition(dice="all-named", top=len(top))
    with contextlib.closing(db.open_write(path)) as conn:
        sweep_id, _ = db.start_sweep(conn, farkle_ranking.NAME, farkle_ranking.COLUMNS, d,
                                     farkle_ranking.count(d), "test")
        db.write_summary(conn, sweep_id, {"top": top, "threshold": top[-1][1], "exact_solves": 123,
                                          "seconds": 4567.0, "sets": farkle_ranking.count(d)})


def test_farkle_search_reads_a_finished_whole_domain_ranking(tmp_path):
    path = tmp_path / "results.sqlite"
    top = [["weighted*6", 17880.7], ["weighted*5, favourable", 14581.8], ["weighted*5, painted", 12790.9]]
    whole = "all-named"
    request = fk.parse_inventory(whole, top=3)
    assert fk.is_whole_domain(request) and request.sets == 2_324_784
    assert not fk.is_whole_domain(fk.parse_inventory(whole, top=3, need=1000))
    assert farkle_ranking.stored_ranking(str(path), 3) is None  # no file: the search runs
    whole_domain_file(path, top)
    assert farkle_ranking.stored_ranking(str(path), 4) is None  # fewer sets than asked for
    out = CliRunner().invoke(app, ["farkle", "search", "--owned", whole, "--top", "3", "--db", str(path),
                                   "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert [row["expected_points"] for row in result["loadouts"]] == [17880.7, 14581.8, 12790.9]
    assert result["loadouts"][1]["dice"] == ["weighted"] * 5 + ["favourable"]
    assert (result["threshold"], result["sets"], result["solved"], result["complete"]) == (12790.9, 2_324_784,
                                                                                          123, True)


def test_the_summary_table_is_absent_until_a_sweep_finishes(tmp_path):
    path = tmp_path / "r.sqlite"
    with contextlib.closing(db.open_write(path)) as conn:
        assert db.read_summary(conn, 1) is None
    assert sqlite3.connect(path).execute("SELECT count(*) FROM sweeps").fetchone()[0] == 0


def test_a_ranking_stopped_mid_pass_resumes_to_the_same_answer(sweep_client, tmp_path, brute):
    path = tmp_path / "stopped.sqlite"

    def stop_after_a_chunk(state) -> None:
        if state.done_now:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep("farkle-ranking", {"owned": POOL, "top": TOP}, path, client=sweep_client, chunk=20,
                  on_progress=stop_after_a_chunk)
    with contextlib.closing(db.open_read(path)) as conn:
        assert db.read_summary(conn, 1) is None  # not finished: no ranking to read
        done = db.count_done(conn, farkle_ranking.NAME, 1)
    assert 0 < done < len(brute)
    resumed = run_sweep("farkle-ranking", {"owned": POOL, "top": TOP}, path, client=sweep_client)
    assert resumed.already == done and resumed.done_now == len(brute) - done
    with contextlib.closing(db.open_read(path)) as conn:
        found = db.read_summary(conn, resumed.sweep_id)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    best = best_of(brute, TOP)
    assert [k for k, _ in found["top"]] == [k for k, _ in best]
    assert found["threshold"] == pytest.approx(best[-1][1], rel=1e-12) and found["sets"] == len(brute)
