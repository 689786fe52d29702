"""A stored table mapped from its file is not charged to the process once it is checked (issue 41: a worker
reached 1 GB RSS in the flood, the race-aware matches it had solved, read back mapped and checked page by page,
each whole in its RSS). Accounting, from the kernel's own figures (/proc/self/smaps), not timing."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from holdwise import storage

pytestmark = pytest.mark.skipif(not Path("/proc/self/smaps").exists() or sys.platform != "linux",
                                reason="the resident pages of one file are read from Linux's /proc/self/smaps")
MB = 1 << 20


def resident(path: Path) -> int:
    """Bytes of `path`'s pages resident in this process (the Rss of its mappings)."""
    total, inside, name = 0, False, str(path)
    for line in Path("/proc/self/smaps").read_text().splitlines():
        first = line.split(maxsplit=1)[0] if line.strip() else ""
        if "-" in first and not first.endswith(":"):  # a mapping's header: range, perms, offset, dev, inode, path
            inside = line.rstrip().endswith(name)
        elif inside and first == "Rss:":
            total += int(line.split()[1]) * 1024
    return total


def test_a_checked_map_leaves_the_process_and_still_reads_the_same(tmp_path):
    path = tmp_path / "table.npz"
    values = np.arange(2 * MB, dtype=np.float64)  # 16 MB
    assert storage.save_arrays(path, "k", {"values": values})
    mapped = storage.map_npz(path)
    assert getattr(mapped["values"], "filename", None)  # mapped, not read: else the test shows nothing
    total = float(mapped["values"].sum())  # a check that reads every page
    assert resident(path) >= 12 * MB  # the read brought the file into this process
    assert storage.release_pages(mapped) >= 16 * MB
    assert resident(path) <= MB
    assert float(mapped["values"].sum()) == total == float(values.sum())  # read again from the file


def test_a_solved_match_read_back_mapped_holds_few_of_its_pages(tmp_path, monkeypatch):
    from holdwise.games import farkle as face
    from holdwise.games.farkle import store as disk
    from holdwise.games.farkle.match import TOLERANCE

    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    dice = tuple(face.parse_loadout("ordinary*5,lucky"))
    other = tuple(face.parse_loadout("ordinary*6"))
    target = 1550  # no other test's: solved here, written, then read back mapped and checked
    solution = face.cached_match(dice, other, target, store=True)
    path = disk.paths(disk.key_text(dice, other, target, False, False, TOLERANCE))["data"]
    assert path.stat().st_size >= 4 * MB
    assert getattr(solution.w_first, "filename", None)  # the large arrays are the file's map
    assert resident(path) <= path.stat().st_size // 8
    assert 0.0 <= float(solution.w_first.max()) <= 1.0  # and it still answers
