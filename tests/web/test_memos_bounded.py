"""Issue 41's soak: a worker's RSS grew 22-28 MB every 10 minutes because each new Farkle loadout's plan (its roll
table, ~1.3 MB) stayed in a memo kept by count (512 plans) after the memory budget had let the table go. Every
memo of a table is now kept by bytes under the one budget: when the budget lets a table go, nothing else keeps
it."""

import gc
import random

from holdwise import games, memory
from holdwise.games.farkle.roll_table import RollTable, die_types
from holdwise.games.farkle.turn import TurnPlan, TurnSolution
from holdwise.web import farkle_turns

NAMED = ("ordinary", "lucky", "odd", "kings", "misfortune", "heavenly-kingdom", "weighted", "even", "devils-head",
         "mother-of-pearl", "tengri", "pie", "favourable", "shrinking", "monk")


def test_new_loadouts_keep_no_table_beyond_the_memory_budget(monkeypatch):
    face = games.get("farkle")
    monkeypatch.setattr(memory, "budget", lambda: 4 << 20)  # a few tables' worth
    rng = random.Random(41)
    asked = set()
    for _ in range(12):  # the turn page's check of new dice, as the soak asks it every round
        dice = face.parse_loadout(",".join(rng.choice(NAMED) for _ in range(6)), "dice")
        farkle_turns.within_reach(dice, "dice")
        asked.add(die_types(tuple(dice)))
        assert memory.kept() <= 4 << 20
    assert len(asked) >= 10

    def held() -> list:
        gc.collect()
        return [o for o in gc.get_objects() if isinstance(o, (RollTable, TurnPlan, TurnSolution))
                and (o if isinstance(o, RollTable) else o.table).types in asked]

    assert 0 < len({id(t.table if not isinstance(t, RollTable) else t) for t in held()}) <= 4
    memory.drop_all()  # the budget lets every table go: nothing else may keep one
    assert held() == []
