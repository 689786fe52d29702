"""The inventory search: its bounds never fall below a set's true value (so a set they rule out is out), the
turn played to the points still needed against the brute-force oracle, and the ranking against every set
solved exactly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games.farkle import parse_inventory, search_inventory
from holdwise.games.farkle import search_kernels
from holdwise.games.farkle.roll_table import N_FACES, score_table
from holdwise.games.farkle.rules import NAMED_DICE, Die, score
from holdwise.games.farkle.search import (
    MID_BASE, BoundMemo, bound_points, capped_points, count_sets, exact_points, inventory_sets, mid_bound,
    search_sets, tight_bound,
)
from holdwise.games.farkle.search_bounds import keep_lists, keep_lists_numpy
from tests.oracles.farkle_bruteforce import turn_value_to

NAMES = sorted(NAMED_DICE)


def _random_sets(seed: int, n: int) -> list[tuple[Die, ...]]:
    rng = random.Random(seed)
    return [tuple(NAMED_DICE[rng.choice(NAMES)] for _ in range(6)) for _ in range(n)]


@pytest.mark.parametrize("dice", _random_sets(11, 6) + [(NAMED_DICE["devils-head"],) * 2 + (NAMED_DICE["lucky"],) * 4],
                         ids=lambda d: ",".join(x.name for x in d))
def test_the_bounds_hold_at_and_just_below_the_true_value(dice):
    # f(theta) >= P whenever theta >= P; and at theta just below P the bound must not fall below theta
    # (it would "prove" P < theta): the soundness the search rests on
    p = exact_points(dice)
    for bound in (bound_points, tight_bound, _mid):
        assert bound(dice, p) >= p - 1e-9
        assert bound(dice, 0.995 * p) >= 0.995 * p
    # and they are tight enough to rule out what is well below the threshold, each tighter than the last
    assert bound_points(dice, 1.2 * p) < 1.2 * p
    assert tight_bound(dice, 1.02 * p) < 1.02 * p
    assert _mid(dice, 1.1 * p) < 1.1 * p
    assert tight_bound(dice, 1.1 * p) <= _mid(dice, 1.1 * p) <= bound_points(dice, 1.1 * p)


def _mid(dice: tuple[Die, ...], theta: float) -> float:
    """mid_bound of one set, its shared rows built for it alone, its bust chance from a shared-rows pass."""
    probe = BoundMemo(dice, theta)
    probe.bound(tuple(range(6)), theta)
    return mid_bound(dice, tuple(range(6)), theta, BoundMemo(dice, theta, 0, MID_BASE), probe.full_bust())


@pytest.mark.parametrize("need", [300, 1000, 2000])
def test_capped_bounds_hold(need):
    for dice in _random_sets(5, 3):
        p = capped_points(dice, need)
        assert bound_points(dice, p, need) >= p - 1e-9
        assert bound_points(dice, 0.995 * p, need) >= 0.995 * p


@pytest.mark.slow  # the oracle's plain recursion: about 15 s
@pytest.mark.parametrize(("dice", "need"), [
    (("devils-head", "weighted", "lucky", "ordinary", "ordinary", "ordinary"), 100),
])
def test_a_turn_played_to_the_points_needed_equals_brute_force(dice, need):
    six = tuple(NAMED_DICE[n] for n in dice)
    oracle = turn_value_to([list(d.weights) for d in six], need, [set(d.joker_faces) for d in six])
    assert capped_points(six, need) == pytest.approx(oracle, rel=1e-12)


def test_capped_points_of_ordinary_dice_to_300_by_hand():
    # tests/oracles' turn_value_to gave this figure (2.5 minutes of plain recursion: too slow to run each time)
    assert capped_points((NAMED_DICE["ordinary"],) * 6, 300) == pytest.approx(262.29907787458677, rel=1e-12)


KINDS = tuple(NAMED_DICE[n] for n in ("ordinary", "lucky", "odd", "weighted", "heavenly-kingdom", "ci"))
COUNTS = (6, 1, 1, 1, 1, 2)


@pytest.fixture(scope="module")
def every_set():
    sets = inventory_sets(COUNTS)
    return {s: exact_points(tuple(KINDS[i] for i in s)) for s in sets}


def test_the_sets_of_an_inventory():
    sets = inventory_sets(COUNTS)
    assert len(sets) == count_sets(COUNTS) == 48
    assert len(set(sets)) == len(sets)
    assert all(len(s) == 6 and all(s.count(k) <= COUNTS[k] for k in s) for s in sets)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_ranking_equals_every_set_solved(every_set, workers):
    ranked = sorted(every_set.items(), key=lambda kv: -kv[1])
    out = search_sets(KINDS, COUNTS, 5, KINDS[0], workers=workers, chunk=8)
    assert out.complete and out.total == out.examined == 48
    assert [v.kinds for v in out.best] == [k for k, _ in ranked[:5]]
    assert [v.points for v in out.best] == pytest.approx([v for _, v in ranked[:5]], rel=1e-12)
    assert out.threshold == pytest.approx(ranked[4][1], rel=1e-12)
    assert out.solved < 48  # most were ruled out by a bound, not solved


def test_the_ranking_to_the_points_needed():
    need = 1000
    everything = {s: capped_points(tuple(KINDS[i] for i in s), need) for s in inventory_sets(COUNTS)}
    ranked = sorted(everything.items(), key=lambda kv: -kv[1])
    out = search_sets(KINDS, COUNTS, 3, KINDS[0], workers=1, cap=need)
    assert [v.kinds for v in out.best] == [k for k, _ in ranked[:3]]
    assert [v.points for v in out.best] == pytest.approx([v for _, v in ranked[:3]], rel=1e-12)


def test_a_stopped_search_says_so():
    asked = {"n": 0}

    def stop():
        asked["n"] += 1
        return asked["n"] > 2

    out = search_sets(KINDS, COUNTS, 3, KINDS[0], workers=1, chunk=4, stop=stop)
    assert not out.complete
    assert 0 < out.examined < out.total


def test_an_inventory_is_read_with_reskins_merged_and_ordinary_filling():
    request = parse_inventory("lucky,ci,lu,custom:1,0,0,0,1,0")
    names = [k.name for k in request.kinds]
    assert names[0] == "ordinary" and "lucky" in names
    ci = names.index("ci")
    assert request.counts[ci] == 2 and [d.name for d in request.members[ci]] == ["ci", "lu"]
    assert request.left_out == ("custom:1,0,0,0,1,0",) or len(request.left_out) == 1  # scores on every face
    result = search_inventory(parse_inventory("ci,lu,weighted", top=2), workers=1)
    assert result.complete and result.sets == count_sets([6, 2, 1])
    shown = {d for row in result.loadouts for d in row.dice}
    assert "lu" in shown or "ci" in shown


@pytest.mark.parametrize(("owned", "field"), [("", "owned"), ("nosuchdie", None)])
def test_bad_inventories_are_refused(owned, field):
    with pytest.raises(InputError) as err:
        parse_inventory(owned)
    if field:
        assert err.value.field == field


def test_top_is_checked():
    with pytest.raises(InputError):
        parse_inventory("lucky", top=0)


@pytest.mark.parametrize(("side_by_side", "apart"), [
    ("odd odd odd pie pie lucky", "odd pie odd lucky odd pie"),
    ("weighted weighted weighted lucky lucky lucky", "weighted lucky weighted lucky weighted lucky"),
    ("ordinary ordinary kings kings devils-head devils-head", "ordinary kings devils-head ordinary kings devils-head"),
])
def test_alike_dice_rolled_once_per_arrangement_give_the_bound_of_every_roll(side_by_side, apart):
    # the kernel merges the rolls of alike dice side by side (sorted faces, weighted by the arrangements);
    # the same dice with no two alike side by side (here, and in many of their sub-sets) go roll by roll
    merged_dice = tuple(NAMED_DICE[n] for n in side_by_side.split())
    plain_dice = tuple(NAMED_DICE[n] for n in apart.split())
    assert sorted(d.name for d in merged_dice) == sorted(d.name for d in plain_dice)
    assert all(a != b for a, b in zip(plain_dice, plain_dice[1:]))
    for theta in (1500.0, 4000.0, 20000.0):
        merged, plain = bound_points(merged_dice, theta), bound_points(plain_dice, theta)
        assert merged == pytest.approx(plain, rel=1e-12)
        assert merged >= min(theta, exact_points(merged_dice)) - 1e-9


@pytest.mark.parametrize("others", [1, 2])
def test_a_familys_bounds_hold_for_each_member_and_equal_the_set_alone(others):
    rng = random.Random(5 + others)
    kinds = tuple(NAMED_DICE[n] for n in NAMES)
    for _ in range(3):
        shared = tuple(sorted(rng.randrange(len(kinds)) for _ in range(6 - others)))
        members = list({tuple(rng.randrange(len(kinds)) for _ in range(others)) for _ in range(4)})
        sets = {m: tuple(sorted(shared + m)) for m in members}
        points = {m: exact_points(tuple(kinds[i] for i in s)) for m, s in sets.items()}
        theta = 1.05 * max(points.values())
        memo = BoundMemo(kinds, theta)
        together = memo.family_bounds(shared, members, theta)
        for m, s in sets.items():
            alone = memo.bound(s, theta, own_bust=False)
            assert together[m] >= alone - 1e-9 and together[m] >= points[m]
            # one member: the pass face by face is the set's own pass
            assert memo.family_bounds(shared, [m], theta)[m] == pytest.approx(alone, rel=1e-12)


def test_a_workers_threshold_only_rises_and_the_largest_is_read(monkeypatch):
    # each worker's slot holds an n-th best of true values (sound); a lower one written later must not lower it
    from holdwise.games.farkle import search

    slots = [0.0, 0.0, 0.0]
    monkeypatch.setattr(search, "_SHARED", [slots, None])
    monkeypatch.setattr(search, "_SLOT", [2])
    search._publish(900.0)
    search._publish(850.0)
    assert slots == [0.0, 0.0, 900.0]
    slots[0] = 950.0  # the parent's, from the chunks come back
    assert search._shared_theta() == 950.0
    monkeypatch.setattr(search, "_SLOT", [0])  # the parent publishes nothing through this path
    search._publish(990.0)
    assert slots == [950.0, 0.0, 900.0]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_keep_kernel_lists_what_numpy_does(k):
    # the kernel (compiled, or its source under HOLDWISE_PURE=1) against the NumPy lists, written from an offset
    scores = score_table()
    n_vec = N_FACES**k
    counts = np.zeros(n_vec, dtype=np.int64)
    masks = np.zeros(5 + n_vec * ((1 << k) - 1), dtype=np.int32)
    units = np.zeros_like(masks)
    at = search_kernels.keep_pass(k, scores, counts, masks, units, 5)
    want_counts, want_masks, want_units = keep_lists_numpy(k, scores)
    assert at - 5 == len(want_masks) == counts.sum() > 0
    assert np.array_equal(counts, want_counts)
    assert np.array_equal(masks[5:at], want_masks) and np.array_equal(units[5:at], want_units)


def test_the_keep_lists_are_the_legal_keeps_by_the_rules():
    keep_start, keep_mask, keep_units, vec_base = keep_lists()
    assert keep_start[0] == 0 and len(keep_start) == vec_base[-1] + 1 == sum(N_FACES**k for k in range(1, 7)) + 1
    rng = random.Random(5)
    for _ in range(300):
        k = rng.randint(1, 6)
        faces = [rng.randrange(N_FACES) for _ in range(k)]
        index = sum(f * N_FACES**i for i, f in enumerate(faces))
        want = []
        for m in range(1, 1 << k):
            kept = [0] * N_FACES
            for i in range(k):
                if m >> i & 1:
                    kept[faces[i]] += 1
            s = score(tuple(kept))
            if s > 0:
                want.append((m, s // 50))
        lo, hi = keep_start[vec_base[k] + index], keep_start[vec_base[k] + index + 1]
        assert list(zip(keep_mask[lo:hi].tolist(), keep_units[lo:hi].tolist())) == want


def test_the_keep_lists_built_compiled_equal_numpys():
    # what a search reads (the compiled kernel where built) against the NumPy lists, every k
    keep_start, keep_mask, keep_units, _ = keep_lists()
    scores = score_table()
    parts = [keep_lists_numpy(k, scores) for k in range(1, 7)]
    assert np.array_equal(keep_start, np.concatenate([[0], np.cumsum(np.concatenate([p[0] for p in parts]))]))
    assert np.array_equal(keep_mask, np.concatenate([p[1] for p in parts]))
    assert np.array_equal(keep_units, np.concatenate([p[2] for p in parts]))


def test_rows_read_from_another_memos_shared_rows_are_the_rows_it_evaluates():
    # a search's workers share the threshold rows (SharedRows): a memo that reads rows another wrote bounds every
    # set exactly as a memo that evaluates its own, and the store holds every sub-set the counts allow
    import itertools
    import multiprocessing as mp

    from holdwise.games.farkle.search import shared_rows
    from holdwise.games.farkle.search_bounds import _WIDTH

    counts = (3, 2, 1, 1)
    kinds = tuple(NAMED_DICE[n] for n in ("ordinary", "weighted", "devils-head", "aranka"))
    rows = shared_rows(counts, mp.get_context("fork"))
    assert rows is not None and rows.theta == 0.0
    every = {key for k in range(1, 6) for key in itertools.combinations_with_replacement(range(4), k)
             if all(key.count(i) <= c for i, c in enumerate(counts))}
    assert set(rows.slots) == every
    assert shared_rows((6,) * 33, mp.get_context("fork")) is None  # the whole domain: too many
    theta = 1.05 * exact_points(tuple(kinds[i] for i in (0, 0, 1, 1, 2, 3)))
    rows.set_theta(theta)
    rows.set_theta(2 * theta)  # set once
    assert rows.theta == theta
    first, second = BoundMemo(kinds, theta, shared=rows), BoundMemo(kinds, theta, shared=rows)
    with pytest.raises(ValueError):
        BoundMemo(kinds, 1.01 * theta, shared=rows)  # rows of another hypothesis would be read as these
    alone = BoundMemo(kinds, theta)
    sets = inventory_sets(counts)
    for key in sets[::2]:
        first.bound(key, theta)
    written = int(rows.ready.sum())
    assert 0 < written < len(rows.slots)
    for key in sets:
        assert second.bound(key, theta) == alone.bound(key, theta)
    assert int(rows.ready.sum()) > written  # the second wrote what the first had not
    w = _WIDTH
    for key in rows.slots:  # and each row read is the row evaluated: its excess and its bust chance
        a, b = alone.row(key), second.row(key)
        assert np.array_equal(alone._excess[a * w:(a + 1) * w], second._excess[b * w:(b + 1) * w])
        assert alone._bust[a] == second._bust[b]
