"""Answers kept in memory: every cache bounded by bytes, all of them under the process's one budget; large
stored tables mapped from the disk rather than read into memory."""

import numpy as np

from holdwise import memory, storage


def test_every_cache_stays_under_one_budget_least_recently_used_first(monkeypatch):
    monkeypatch.setattr(memory, "_CACHES", [])
    monkeypatch.setattr(memory, "budget", lambda: 1000)
    a, b = memory.ByteCache(800, "a"), memory.ByteCache(800, "b")
    a.put("a1", "x", 150)
    b.put("b1", "x", 150)
    a.put("a2", "x", 150)
    b.put("b2", "x", 150)
    assert a.get("a1") == "x"  # a1 is now the most recently used of all
    a.put("a3", "x", 150)
    b.put("b3", "x", 150)  # 6 x 150 = 900: all kept
    assert memory.kept() == 900
    b.put("b4", "x", 150)  # 1050 > 1000: the least recently used anywhere goes: b1 (a1 was read since)
    assert "b1" not in b and "a1" in a and memory.kept() == 900
    a.put("a4", "x", 190)  # 1090: a2 goes (the next least recently used), then b2, in whichever cache they are
    assert "a2" not in a and "b2" in b and memory.kept() == 940
    b.put("b5", "x", 100)
    assert "b2" not in b and memory.kept() == 890
    a.put("big", "x", 201)  # over a quarter of its own cache's limit: not kept
    assert "big" not in a
    b.put("b6", "x", 150)
    b.put("b7", "x", 150)
    assert b.size <= 800 and a.size <= 800 and memory.kept() <= 1000


def test_a_stored_table_is_mapped_from_the_disk(tmp_path):
    path = tmp_path / "t.npz"
    big, small = np.random.default_rng(1).random((64, 64, 8)), np.arange(5)
    np.savez(path, big=big, small=small, key=np.array("k"))
    mapped = storage.map_npz(path)
    assert isinstance(mapped["big"], np.memmap) and np.array_equal(mapped["big"], big)
    assert not isinstance(mapped["small"], np.memmap) and list(mapped["small"]) == list(small)
    assert str(mapped["key"]) == "k"
    mapped["big"][0, 0, 0] = -1.0  # copy-on-write: the file keeps its values
    assert np.load(path)["big"][0, 0, 0] == big[0, 0, 0]
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    try:
        storage.map_npz(path)
    except (OSError, ValueError, Exception) as err:  # noqa: BLE001 - any refusal is right; a read is not
        assert type(err).__name__ in ("BadZipFile", "ValueError", "OSError", "EOFError")
    else:
        raise AssertionError("a file cut short was read")


def test_a_large_memo_keeps_a_value_up_to_half_the_budget_and_stays_under_it(monkeypatch):
    monkeypatch.setattr(memory, "_CACHES", [])
    monkeypatch.setattr(memory, "budget", lambda: 1000)
    calls = []

    def table(n: int) -> np.ndarray:
        calls.append(n)
        return np.zeros(n, dtype=np.uint8)

    large, small = memory.bounded_large(table), memory.bounded(table)
    assert large(400) is large(400) and calls == [400]  # 40% of the budget: kept
    assert small(400) is not small(400)  # a plain memo keeps at most a quarter
    calls.clear()
    large(600), large(600)  # 60%: over half, made again each time
    assert calls == [600, 600]
    large(450), large(450)  # a second large value: with the first, 850 bytes, under the budget
    assert memory.kept() == 850
    large(300)  # 1150 would pass it: the least recently used (the 400) goes
    assert memory.kept() == 750 and len(large.memo.items) == 2  # type: ignore[attr-defined]


def test_the_deal_table_is_kept_under_the_budget():
    from holdwise.games.video_poker.deal_table import deal_table

    assert isinstance(deal_table, memory._Bounded) and deal_table.memo.largest == memory.budget() // 2
