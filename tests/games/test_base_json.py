"""to_jsonable: plain JSON types from results, the fast path for plain types and the general path alike."""

from __future__ import annotations

import json
import math
from collections import namedtuple
from fractions import Fraction

import numpy as np

from holdwise.games.base import Option, to_jsonable


def test_plain_values_pass_through_and_non_finite_floats_become_none():
    assert to_jsonable("As Ks") == "As Ks"
    assert to_jsonable(7) == 7 and type(to_jsonable(7)) is int
    assert to_jsonable(None) is None
    assert to_jsonable(0.25) == 0.25
    assert to_jsonable(math.inf) is None and to_jsonable(-math.inf) is None and to_jsonable(math.nan) is None


def test_bools_stay_bools_and_numpy_scalars_become_python_numbers():
    assert to_jsonable(True) is True and to_jsonable(np.bool_(False)) is False
    assert type(to_jsonable(np.int64(3))) is int and to_jsonable(np.int64(3)) == 3
    assert to_jsonable(np.float64(math.nan)) is None and to_jsonable(np.float32(0.5)) == 0.5


def test_containers_are_converted_deeply_with_string_keys():
    Pair = namedtuple("Pair", "a b")
    value = {1: (Fraction(1, 3), [np.int64(2), math.nan]), "k": Pair(True, {2: np.arange(2)})}
    out = to_jsonable(value)
    assert out == {"1": ["1/3", [2, None]], "k": [True, {"2": [0, 1]}]}
    json.dumps(out, allow_nan=False)  # strict JSON


def test_results_use_their_own_to_json():
    option = Option(option="As Ks", value=1.5, loss=0.0, action={"type": "draw", "hold": (1, 2)})
    assert to_jsonable([option]) == [{"option": "As Ks", "value": 1.5, "loss": 0.0,
                                      "action": {"type": "draw", "hold": [1, 2]}}]
