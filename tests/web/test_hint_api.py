"""The one question every game answers the same way: `POST /api/<game>/hint` with the face's fields gives
exactly the face's `hint(parse_hint(fields))` and exactly what `holdwise <game> hint ... --json` prints, for
every registered game (the toy Pig included, registered by this test alone); bad fields are a 422 naming the
field. The fields asked are each game's own examples (HINT_FIELDS)."""

from __future__ import annotations

import pytest

from holdwise import games
from holdwise.games.checks import hint_errors

from .replay import cli_json, ok

PIG = "pig"


def _cli_args(face, fields):
    """The same fields as the command line takes them: the argument's words, then --option value."""
    args = []
    for field in face.HINT_FIELDS:
        if field.name not in fields:
            continue
        value = fields[field.name]
        words = [str(v) for v in value] if isinstance(value, (list, tuple)) else str(value).split()
        if field.argument:
            args[:0] = words
        elif field.flag:
            args += [f"--{field.name.replace('_', '-')}"] if value else []
        else:
            args += [f"--{field.name.replace('_', '-')}", " ".join(words)]
    return args


@pytest.fixture(scope="module")
def every_game_client():
    from fastapi.testclient import TestClient

    from holdwise.web import create_app

    games.register(PIG, "tests.toy_games.pig")
    try:
        with TestClient(create_app(warm=False), raise_server_exceptions=False) as client:
            yield client
    finally:
        games.unregister(PIG)


def _examples(face):
    return {f.name: f.example for f in face.HINT_FIELDS if f.example is not None and not f.cli_only}


@pytest.mark.slow
@pytest.mark.parametrize("game", [*games.names(), PIG])
def test_every_game_answers_its_hint_alike_on_the_web_the_cli_and_the_face(every_game_client, game):
    face = games.get(game)
    fields = _examples(face)
    assert fields, f"{game}: HINT_FIELDS give no example"
    assert hint_errors(face, fields) == []
    expected = face.hint(face.parse_hint(fields)).to_json()
    assert ok(every_game_client.post(f"/api/{game}/hint", json=fields)) == expected
    assert cli_json(game, "hint", *_cli_args(face, fields)) == expected


@pytest.mark.parametrize("game", [*games.names(), PIG])
def test_unknown_and_bad_hint_fields_are_a_422_naming_them(every_game_client, game):
    face = games.get(game)
    r = every_game_client.post(f"/api/{game}/hint", json={"no_such_field": 1})
    assert r.status_code == 422 and "no_such_field" in r.text, r.text
    for field in face.HINT_FIELDS:
        if field.cli_only:
            r = every_game_client.post(f"/api/{game}/hint", json={field.name: "x"})
            assert r.status_code == 422 and field.name in r.text, r.text
    first = next(f for f in face.HINT_FIELDS if not f.flag and not f.cli_only)
    r = every_game_client.post(f"/api/{game}/hint", json={**_examples(face), first.name: "\u2603" * 3})
    assert r.status_code == 422 and r.json()["field"] == first.name, r.text
