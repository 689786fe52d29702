"""The hint answers from its checked request, remembered by the table's name only for a built-in table: a table
of payouts named like a built-in one is its own, and every answer equals `ranked_options`' (the session's path,
which checks its inputs again and keeps its own memo)."""

from __future__ import annotations

from holdwise.games.dice_poker import hint, parse_hint
from holdwise.games.dice_poker.analysis import ranked_options
from holdwise.games.dice_poker.rules import BUILTIN_TABLES


def _options(fields: dict) -> list:
    return [o.to_json() for o in hint(parse_hint(fields)).options]


def test_a_table_named_like_a_built_in_one_is_its_own():
    hand = {"hand": "1 1 3 6 6", "rolls_left": 2}
    custom = {**hand, "payouts": "1,2,3,4,5,6,7", "name": "B"}
    for _ in range(2):  # the second round answers from the memo
        built_in, own = _options({**hand, "rules": "B"}), _options(custom)
        assert built_in != own
        assert built_in == [o.to_json() for o in ranked_options((1, 1, 3, 6, 6), 2, BUILTIN_TABLES["B"])]
        assert own == [o.to_json() for o in ranked_options((1, 1, 3, 6, 6), 2, "1,2,3,4,5,6,7")]


def test_answers_equal_ranked_options():
    for fields, args, kw in (
        ({"hand": "2 3 4 5 5", "rolls_left": 1, "rules": "i"}, ((2, 3, 4, 5, 5), 1, BUILTIN_TABLES["I"]), {}),
        ({"hand": "6 6 1 2 3", "rolls_left": 2, "weights": "1,1,1,1,1,3"}, ((1, 2, 3, 6, 6), 2, BUILTIN_TABLES["B"]),
         {"weights": (1, 1, 1, 1, 1, 3)}),
        ({"hand": "1 2 8 8", "rolls_left": 1, "dice": 4, "sides": 8}, ((1, 2, 8, 8), 1, BUILTIN_TABLES["B"]),
         {"dice": 4, "sides": 8}),
        ({"hand": "5 5 5 2 1", "rolls_left": 1, "exact": True}, ((1, 2, 5, 5, 5), 1, BUILTIN_TABLES["B"]),
         {"exact": True}),
    ):
        options = hint(parse_hint(fields)).options
        assert options == ranked_options(*args, **kw)
        assert [o.to_json() for o in options] == [o.to_json() for o in ranked_options(*args, **kw)]
    exact = hint(parse_hint({"hand": "5 5 5 2 1", "rolls_left": 1, "exact": True})).options
    assert exact[0].loss_exact == "0/1" and all(o.value_exact and "/" in o.value_exact for o in exact)
