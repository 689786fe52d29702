import os
import random
import tempfile
from fractions import Fraction

import pytest

# Tests never read or write the user's cache: solves kept on disk go to a fresh folder per run.
os.environ["HOLDWISE_CACHE_DIR"] = tempfile.mkdtemp(prefix="holdwise-test-cache-")


def multiset_payout(seed: int, exact: bool = False, low: int = 0, high: int = 20):
    """A payout that depends on the multiset only, not symmetric in the faces: random per multiset."""
    rng = random.Random(seed)
    cache = {}

    def payout(roll):
        key = tuple(sorted(roll))
        if key not in cache:
            cache[key] = Fraction(rng.randint(low, high), rng.randint(1, 4))
        return cache[key] if exact else float(cache[key])

    return payout


@pytest.fixture
def payout_factory():
    return multiset_payout
