"""A first video-poker strategy derivation (the strategy page's, the trainer's) stays within the memory a
heavy solve may use beside a worker's full budget (holdwise.memory.SOLVE_BYTES), and leaves the budget held."""

import numpy as np
import pytest

from holdwise import memory
from holdwise.games import video_poker as face

pytestmark = pytest.mark.slow  # a whole first derivation, traced: 1-3 minutes (10 on a loaded 2-core machine)


def test_a_first_derivation_stays_within_a_solves_allowance_beside_a_full_budget(monkeypatch, tmp_path):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))  # nothing derived on disk: the whole derivation runs
    monkeypatch.setattr(memory, "_BUDGET", [32 << 20])
    filler = memory.ByteCache(32 << 20, "test-filler")
    for i in range(16):  # the budget full of kept answers, as a busy worker's
        filler.put(i, np.ones(1 << 17), 2 << 20)
    assert memory.kept() >= 30 << 20
    # a table of one's own (no shipped report, no other test's derivation in memory): 9/6 Jacks, flush at 7
    fields = face.table_to_json(face.get_game("jacks-or-better-9-6"))
    fields["id"], fields["name"] = "memory-test-jacks", "Jacks or Better 9/7 (memory test)"
    fields["pays"] = [{**p, "pay": "7"} if p["hand"] == "flush" else p for p in fields["pays"]]
    table = face.table_from_fields(fields)
    try:
        report, used = memory.peak(lambda: face.stored_strategy(table, 5))
    finally:
        filler.clear()
    # the derivation's figures are the game's: its basic strategy returns at most optimal play's exact return
    best = face.game_return(table, 5).return_value
    assert abs(report["optimal_return"] - best) < 1e-12 and report["return"] <= best + 1e-12
    assert report["chart_text"].count("\n") >= 20
    assert used <= memory.SOLVE_BYTES, f"{used / 2**20:.0f} MB at the derivation's peak"
    assert memory.kept() <= memory.budget()
