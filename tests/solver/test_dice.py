import math
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from holdwise.solver import Dice, KeepLattice, counts_to_faces, faces_to_counts, keep_count, multiset_count


@pytest.mark.parametrize("count,sides", [(1, 2), (3, 4), (5, 6), (10, 6), (4, 20)])
def test_lattice_sizes_and_links(count, sides):
    lat = KeepLattice(count, sides)
    assert lat.n_keeps == keep_count(count, sides) == math.comb(count + sides, count)
    assert lat.n_hands == multiset_count(count, sides)
    assert np.all(np.diff(lat.size) >= 0)
    assert np.all(lat.counts.sum(axis=1) == lat.size)
    eye = np.eye(sides, dtype=np.int64)
    small = lat.size < count
    for f in range(sides):
        kids = lat.child[small, f]
        assert np.array_equal(lat.counts[kids], lat.counts[small] + eye[f])
        has = lat.counts[:, f] > 0
        assert np.array_equal(lat.counts[lat.parent[has, f]], lat.counts[has] - eye[f])
        assert np.all(lat.parent[~has, f] == -1)
    assert np.all(lat.child[~small] == -1)
    assert np.array_equal(lat.index_of(lat.counts), np.arange(lat.n_keeps))
    # within a size, a later keep holds more of the highest face, then of the next (the tie order)
    for size in range(count + 1):
        block = lat.counts[lat.size_block(size)][:, ::-1].tolist()
        assert block == sorted(block)


def test_too_large_lattice_is_refused_in_one_line():
    with pytest.raises(ValueError, match="10 dice with 20 faces is too large to solve here: 30,045,015"):
        KeepLattice(10, 20)


def test_outcome_counts_big_weights_use_exact_integers():
    dice = Dice(10, 3, (1000, 1, 7))
    ways = dice.outcome_counts(10)
    assert sum(ways) == 1008**10
    assert ways[0] == 1000**10  # every die on face 1 comes first in the lattice
    assert ways[-1] == 7**10  # every die on face 3 comes last
    assert all(isinstance(w, int) for w in ways)


@pytest.mark.slow
def test_largest_allowed_lattice_links_spot_check():
    lat = KeepLattice(8, 20)
    assert lat.n_keeps == math.comb(28, 8) and lat.n_hands == math.comb(27, 8)
    rng = np.random.default_rng(0)
    picks = rng.integers(0, lat.start[8], 2000)
    eye = np.eye(20, dtype=np.int64)
    for f in range(20):
        assert np.array_equal(lat.counts[lat.child[picks, f]].astype(int), lat.counts[picks].astype(int) + eye[f])
    assert np.array_equal(lat.index_of(lat.counts[picks]), picks)


@pytest.mark.parametrize("weights", [None, (1, 2, 3), (0, 1, 5)])
@pytest.mark.parametrize("count", [1, 2, 4])
def test_roll_distribution_matches_ordered_count(count, weights):
    dice = Dice(count, 3, weights)
    w = dice.weights
    tally = Counter()
    for roll in product(range(3), repeat=count):
        tally[tuple(sorted(roll))] += math.prod(w[v] for v in roll)
    lat = dice.lattice
    exact = dice.roll_distribution(exact=True)
    floats = dice.first_roll()
    for i, row in enumerate(lat.counts[lat.hands]):
        key = tuple(f for f, c in enumerate(row) for _ in range(c))
        assert exact[i] == Fraction(tally[key], sum(w) ** count)
        assert floats[i] == pytest.approx(float(exact[i]), abs=1e-15)
    assert sum(exact) == 1


def test_five_dice_first_roll_has_252_hands_and_sums_to_one():
    dice = Dice(5, 6)
    assert dice.lattice.n_hands == 252
    assert sum(dice.outcome_counts(5)) == 7776
    for rolled in range(6):
        assert sum(dice.roll_distribution(rolled, exact=True)) == 1
        assert dice.roll_distribution(rolled).sum() == pytest.approx(1, abs=1e-14)


def test_faces_and_counts_round_trip():
    assert counts_to_faces([2, 0, 1]) == (1, 1, 3)
    assert list(faces_to_counts([3, 1, 1], 3)) == [2, 0, 1]
    with pytest.raises(ValueError, match="not a face"):
        faces_to_counts([7], 6)
    with pytest.raises(ValueError, match="not a face"):
        faces_to_counts([0], 6)


@pytest.mark.parametrize("kwargs,message", [
    ({"count": 0}, "dice must be"), ({"count": 11}, "dice must be"), ({"sides": 1}, "faces must be"),
    ({"sides": 21}, "faces must be"), ({"weights": (1, 2)}, "weights given"), ({"weights": (1, -1, 1, 1, 1, 1)}, "non-negative"),
    ({"weights": (0,) * 6}, "not all zero"), ({"weights": (1.5, 1, 1, 1, 1, 1)}, "integers"),
])
def test_dice_validation(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Dice(**kwargs)
