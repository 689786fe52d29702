"""Liar's Dice through the API at the sizes the compiled solve opened: one die each with six faces, ones wild
(12 bids, the most a play session or a hint takes), played through new/step/computer/advice beside the face."""

from __future__ import annotations

import pytest

from holdwise.games import liars_dice as face
from tests.web.replay import replay

SIX_WILD = {"dice": [1, 1], "faces": 6, "wild": True, "first": "player"}


@pytest.mark.slow  # the LP's solve of 4,096 histories (about 5 s of CPU) before the first move
def test_a_six_face_round_with_ones_wild_plays_through_the_api(client):
    """A round at six faces, ones wild: the API's states, actions and advice are the face's; the advice's mix
    adds up to 1 and its exploitability is below 1e-9 (the LP's, in floats)."""
    state = replay(client, "liars-dice", face, SIX_WILD, 5, lambda state, legal: legal[-1])
    assert state.over and state.tally["rounds"] == 1
    hint = face.hint(face.parse_hint({"hand": "3", "bids": "1x2", "faces": 6, "wild": True}))
    assert sum(o.extras["mix"] for o in hint.options) == pytest.approx(1)
    assert hint.position["exploitability"] < 1e-9


def test_more_than_twelve_bids_are_refused_by_the_api(client):
    r = client.post("/api/liars-dice/new", json={"options": {**SIX_WILD, "dice": [1, 2]}, "seed": 1})
    assert r.status_code == 422 and "at most 12 are solved here" in r.text
