"""Video poker's hint as a request: `parse_hint` reads the fields once, `hint` answers as the old hint did.

The digests were taken from the old hint (`hint(hand, game, coins, exact=...)`, before the request) with its
renamed keys mapped: `paytable` -> `rules`, the pay class `two_pair` -> `two_pairs`.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from holdwise import InputError
from holdwise.games import video_poker as vp
from holdwise.games.checks import face_protocol_errors

OLD = [  # (hand, rules, coins, exact): sha256 of the old JSON, the best hold, its value, the 2nd hold, its loss
    (("AS KS QS JS 9D", "jacks-or-better-9-6", 5, False),
     "9f26c11d072be2e1e7fdc4d09b07971f9d09b4f7bd71931baa1fc0bda0ccad95", "As Ks Qs Js", 18.5531914893617,
     "Ks Qs Js", 17.833487511563366),
    (("AS KS QS JS 9D", "jacks-or-better-9-6", 5, True),
     "264836c8438ca8b40cc2ae01771570d766e3986b36d590e5b4d05453b8f98f9a", "As Ks Qs Js", "872/47", "Ks Qs Js",
     17.833487511563366),
    (("Jh Jd 4c 4s 9h", "jacks-or-better-8-5", 3, True),
     "02793c830f236f8d4cedaaf8da09a682221f045db3de59b3203fce386b626bc8", "Jh Jd 4c 4s", "118/47", "Jh Jd 4c 4s 9h",
     0.5106382978723404),
    (("2h 2d 7s 8s 9c", "deuces-wild-full-pay", 5, True),
     "cd052dad49ec5356471343a15e69d4ea98846a67f9cae3f2f4d74ddcc25046ff", "2h 2d 7s 8s", "156/47", "2h 2d",
     0.06339808818994758),
    (("Jk Kh Qh 3c 3d", "joker-poker-kings", 1, True),
     "d82b8c9546a5c850026938515bedd89d7082e09cfdb5420fe300594ee7226f66", "Jk 3c 3d", "185/47", "Jk Qh 3c 3d",
     0.8736702127659575),
    (("Ah Ad 3c 3s Ks", "double-double-bonus-9-6", 5, False),
     "2ac94c7cf61fceea6d01796cec6f66a7e9a1679065c8be3bdb2fdbf26b08553b", "Ah Ad", 1.9010792476102374,
     "Ah Ad 3c 3s", 0.2202281837804502),
]


@pytest.mark.parametrize("question, digest, best, value, second, loss", OLD)
def test_the_hint_equals_the_old_hint(question, digest, best, value, second, loss):
    hand, rules, coins, exact = question
    fields: dict[str, object] = {"hand": hand, "rules": rules, "coins": str(coins)}  # as the command line gives them
    if exact:
        fields["exact"] = True
    got = vp.hint(vp.parse_hint(fields)).to_json()
    assert hashlib.sha256(json.dumps(got, sort_keys=True).encode()).hexdigest() == digest
    top = got["options"][0]
    assert (top["option"], top.get("value_exact", top["value"])) == (best, value)
    assert (got["options"][1]["option"], got["options"][1]["loss"]) == (second, loss)
    # JSON values (the web's) ask the same question
    web = vp.parse_hint({"hand": hand.split(), "rules": rules, "coins": coins, "exact": exact})
    assert vp.hint(web).to_json() == got and web == vp.parse_hint(fields)


def test_the_request_reads_each_field_once_and_names_it():
    request = vp.parse_hint({"hand": "as ks qs js 9d"})
    assert request.to_json() == {"hand": ["As", "Ks", "Qs", "Js", "9d"], "rules": "jacks-or-better-9-6", "coins": 5,
                                 "exact": False}
    for fields, field in [({}, "hand"), ({"hand": "As Ks Qs Js"}, "hand"), ({"hand": "As Ks Qs Js 9d", "coins": 0},
                                                                             "coins"),
                          ({"hand": "As Ks Qs Js 9d", "coins": True}, "coins"),
                          ({"hand": "As Ks Qs Js 9d", "rules": "nope"}, "rules"),
                          ({"hand": "As Ks Qs Js 9d", "rules": 7}, "rules"),
                          ({"hand": "As Ks Qs Js 9d", "exact": "yes"}, "exact"),
                          ({"hand": "As Ks Qs Js 9d", "table": "!!"}, "table")]:
        with pytest.raises(InputError) as err:
            vp.parse_hint(fields)
        assert err.value.field == field, (fields, str(err.value))
    with pytest.raises(InputError, match="unknown field 'game'"):
        vp.parse_hint({"hand": "As Ks Qs Js 9d", "game": "jacks-or-better-9-6"})


def test_the_help_lists_the_shipped_games():
    from holdwise.games.video_poker.hints import SHIPPED

    assert list(SHIPPED) == list(vp.shipped_games())


def test_the_face_keeps_the_protocol():
    assert face_protocol_errors("video-poker", vp) == []
    assert [f.name for f in vp.HINT_FIELDS if f.cli_only] == ["paytable_file", "counts"]
