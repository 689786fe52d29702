"""The tables every Farkle loadout shares: the shipped score table is the rules' (selection by selection,
against the scoring function), a missing or misshapen file is built instead, and the multiset shapes built in
NumPy are the plain enumeration's (itertools, row by row) in the same order."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from holdwise.games.farkle import roll_table
from holdwise.games.farkle.rules import score


def _selections():
    """Every selection of one to six dice over faces 1-6 and the joker, by plain enumeration."""
    return [c for c in product(range(7), repeat=7) if 1 <= sum(c) <= 6]


def test_the_shipped_score_table_is_the_rules():
    shipped = np.load(roll_table.SCORES_FILE, allow_pickle=False)
    assert shipped.dtype == np.int32 and shipped.shape == (2, 1715), "run tools/ship_farkle_scores.py"
    assert np.array_equal(shipped, roll_table.score_pairs()), "stale: run tools/ship_farkle_scores.py"
    table = roll_table.score_table()
    selections = _selections()
    assert len(selections) == 1715
    codes = [sum(c * 7**f for f, c in enumerate(sel)) for sel in selections]
    expected = [score(sel) // 50 if score(sel) > 0 else -1 for sel in selections]
    assert table[codes].tolist() == expected
    assert (table >= 0).sum() == sum(e >= 0 for e in expected) and max(expected) == 160  # six 1s: 8,000
    assert np.delete(table, codes).tolist() == [-1] * (7**7 - 1715)  # no code of seven dice or more scores


@pytest.mark.parametrize("content", [None, b"not a table", "wrong shape", "code out of range", "cut short"])
def test_a_missing_or_damaged_score_file_is_built_from_the_rules(tmp_path, monkeypatch, content):
    path = tmp_path / "score-table.npy"
    if content == "wrong shape":
        np.save(path, roll_table.score_pairs()[:, :100])
    elif content == "code out of range":
        pairs = roll_table.score_pairs()
        pairs[0, 3] = 7**7
        np.save(path, pairs)
    elif content == "cut short":
        path.write_bytes(open(roll_table.SCORES_FILE, "rb").read()[:-40])
    elif content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(roll_table, "SCORES_FILE", str(path))
    assert roll_table._shipped_pairs() is None
    built = roll_table.score_table.__wrapped__()
    assert np.array_equal(built, roll_table.score_table())


def _multisets(m, n):
    """Multisets of m dice over n faces as count rows, the first face's count from m down (as the rules'
    recursion lists them)."""
    if n == 1:
        return [(m,)]
    return [(c, *rest) for c in range(m, -1, -1) for rest in _multisets(m - c, n - 1)]


@pytest.mark.parametrize("n_live", range(1, 8))
def test_the_multiset_shapes_are_the_plain_enumeration(n_live):
    for count in range(1, 7):
        multisets, m_start, sub_start, subs = roll_table._type_shapes(n_live, count)
        rows, starts, sub_rows, sub_starts = [], [0], [], [0]
        for m in range(count + 1):
            for combo in _multisets(m, n_live):
                rows.append(combo)
                sub_rows.extend(product(*[range(c + 1) for c in combo]))
                sub_starts.append(len(sub_rows))
            starts.append(len(rows))
        assert multisets.tolist() == [list(r) for r in rows]
        assert m_start.tolist() == starts and sub_start.tolist() == sub_starts
        assert subs.tolist() == [list(r) for r in sub_rows]
        assert all(a.dtype == np.int64 for a in (multisets, m_start, sub_start, subs))
