"""The web in Slovak and Czech (issue 44): the language from ?lang=, the menu's cookie or Accept-Language, English
for anything else without an error; 422 details in the reader's language with the field's name kept; the JSON API
English."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient


@pytest.fixture
def fresh(app):
    """A client of its own: the language cookie it keeps must not reach the other tests' shared client."""
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="(\w+)">', html)
    assert found, html[:200]
    return found.group(1)


def test_query_then_cookie_then_accept_language_then_english(fresh):
    r = fresh.get("/?lang=sk")
    assert r.status_code == 200 and lang_of(r.text) == "sk" and r.cookies.get("lang") == "sk"
    assert "Preskočiť na stránku" in r.text and "Ponuka" in r.text and "Kockový poker: laboratórium hĺbky" in r.text
    # the cookie keeps it, over the browser's own languages
    r = fresh.get("/dice-poker", headers={"accept-language": "cs"})
    assert lang_of(r.text) == "sk" and "<title>Kockový poker: laboratórium hĺbky</title>" in r.text
    fresh.cookies.clear()
    r = fresh.get("/dice-poker", headers={"accept-language": "de-DE,cs;q=0.8,en;q=0.5"})
    assert lang_of(r.text) == "cs" and "Nabídka" in r.text and "lang" not in r.cookies
    r = fresh.get("/", headers={"accept-language": "de-DE"})
    assert r.status_code == 200 and lang_of(r.text) == "en" and "Skip to the page" in r.text


@pytest.mark.parametrize("value", ["de", "xx-YY", "", "<script>", "sk;q=1"])
def test_an_unknown_language_is_english_without_an_error(fresh, value):
    r = fresh.get("/farkle/report", params={"lang": value})
    assert r.status_code == 200 and lang_of(r.text) == "en" and "lang" not in r.cookies


def test_the_menu_switches_language_on_every_page_with_a_control_per_language(fresh, app):
    for path in ["/", "/farkle", "/video-poker/fairness", "/docs"]:
        html = fresh.get(path, params={"lang": "cs"}).text
        form = re.search(r'<form class="menu-langs" method="get" action="([^"]*)"(.*?)</form>', html, re.S)
        assert form and form.group(1) == path
        assert re.findall(r'name="lang" value="(\w+)"', form.group(2)) == ["en", "sk", "cs"]
        assert re.findall(r'value="(\w+)" lang="\w+" title="[^"]+"\s+aria-pressed="true"', form.group(2)) == ["cs"]


def test_the_farkle_page_kept_once_per_language(fresh):
    """The practice table's page is rendered once and kept: once per language, not the first reader's for all."""
    sk = fresh.get("/farkle?lang=sk").text
    cs = fresh.get("/farkle?lang=cs").text
    en = fresh.get("/farkle?lang=en").text
    assert (lang_of(sk), lang_of(cs), lang_of(en)) == ("sk", "cs", "en")
    assert "<title>Kocky z Kingdom Come: cvičný stôl</title>" in sk and "Kostky z Kingdom Come" in cs


def test_the_pages_scripts_get_their_catalogue(fresh):
    html = fresh.get("/dice-poker?lang=sk").text
    block = re.search(r'<script type="application/json" id="hw-i18n">(.*?)</script>', html, re.S)
    assert block
    data = json.loads(block.group(1))
    assert data["lang"] == "sk" and "n >= 2" in data["plural"] and isinstance(data["messages"], dict)
    html = fresh.get("/dice-poker?lang=en").text
    assert json.loads(re.search(r'id="hw-i18n">(.*?)</script>', html, re.S).group(1))["messages"] == {}


@pytest.mark.parametrize(("lang", "detail"), [
    ("sk", "dice: musí byť najviac 10"), ("cs", "dice: musí být nejvýš 10"), ("en", "dice: must be at most 10"),
    ("de", "dice: must be at most 10"),
])
def test_422_in_the_readers_language_naming_the_field(fresh, lang, detail):
    r = fresh.post("/api/dice-poker/report", json={"dice": 11}, headers={"accept-language": lang})
    assert r.status_code == 422 and r.json() == {"detail": detail, "field": "dice"}


def test_422_words_with_numbers_and_list_items_in_slovak(fresh):
    fresh.cookies.set("lang", "sk")
    r = fresh.post("/api/dice-poker/report", json={"weights": [1, 1, 1, 1, 1, "x"]})
    assert r.status_code == 422 and r.json()["detail"] == "weights, položka 6: musí byť celé číslo"
    r = fresh.post("/api/dice-poker/report", content=b"{", headers={"content-type": "application/json"})
    assert r.json() == {"detail": "body: nie je platný JSON", "field": "body"}
    r = fresh.post("/api/dice-poker/report", json={"nope": 1})
    assert r.json() == {"detail": "nope: neznáme pole", "field": "nope"}


def test_the_json_api_stays_english(fresh):
    """Keys and values are an API: the same answer in every language."""
    english = fresh.post("/api/dice-poker/report", json={"rules": "B"}, headers={"accept-language": "en"})
    slovak = fresh.post("/api/dice-poker/report", json={"rules": "B"}, headers={"accept-language": "sk"})
    assert english.status_code == 200 and english.content == slovak.content


@pytest.mark.parametrize("lang", ["sk", "cs"])
def test_every_page_renders_in_the_language(fresh, lang):
    """Every page of the menu, the home page and the API docs: 200, in the language, the menu's words too (a
    template whose translation breaks it would answer 500)."""
    from holdwise.web.app import nav_groups

    paths = ["/", *(href for _, items in nav_groups() for href, _, _ in items), "/docs", "/redoc"]
    word = {"sk": "Preskočiť na stránku", "cs": "Přeskočit na stránku"}[lang]
    for path in paths:
        r = fresh.get(path, params={"lang": lang})
        assert r.status_code == 200 and lang_of(r.text) == lang and word in r.text, path


@pytest.mark.parametrize(("lang", "words"), [("sk", ["Odznaky (schopnosti raz za hru", "Ďalšie hry"]),
                                             ("cs", ["Odznaky (schopnosti jednou za hru", "Další hry"])])
def test_the_farkle_badge_panel_and_the_menus_more_games_in_the_language(fresh, lang, words):
    # the badge panel is a macro imported by the page: with its context, or it would speak English
    html = fresh.get(f"/farkle?lang={lang}").text
    assert all(w in html for w in words), [w for w in words if w not in html]
    assert "Badges (once-per-game powers" not in html


@pytest.mark.parametrize(("lang", "detail"), [
    ("sk", "turn_total: musí byť násobok 50 od 0 do 1\u00a0000\u00a0000\u00a0000, zadané -5"),
    ("cs", "turn_total: musí být násobek 50 od 0 do 1\u00a0000\u00a0000\u00a0000, zadáno -5"),
    ("en", "turn_total: must be a multiple of 50 from 0 to 1,000,000,000, got -5"),
])
def test_a_games_own_input_error_in_the_readers_language_naming_the_field(fresh, lang, detail):
    """The reason after the field's name is the game's (English) sentence, said in the request's language."""
    r = fresh.post("/api/farkle/hint", json={"roll": "1 2 3", "turn_total": -5}, headers={"accept-language": lang})
    assert r.status_code == 422 and r.json() == {"detail": detail, "field": "turn_total"}


def test_the_pages_that_show_a_games_words_get_their_forms(fresh):
    """The forms of holdwise.phrases go to the pages whose scripts say a game's own words, in the page's language."""
    def forms(path):
        html = fresh.get(path).text
        return json.loads(re.search(r'id="hw-i18n">(.*?)</script>', html, re.S).group(1))["phrases"]

    farkle = {english: local for english, local, _ in forms("/farkle?lang=cs")}
    assert farkle["keep %(dice)s, roll on"] == "odložit %(dice)s, házet dál"
    assert forms("/farkle?lang=en") == []
    # the video-poker pages: only its hands' names and "draw five", each said whole (1 kB, not every form)
    hands = {english: local for english, local, part in forms("/video-poker?lang=cs")}
    assert hands["four of a kind"] == "čtveřice" and hands["four 5s ks"] == hands["four 5s-Ks"] == "čtyři 5-K"
    assert hands["draw five"] == "táhnout pět" and len(hands) < 30 and not any("%(" in e for e in hands)


@pytest.mark.parametrize(("method", "path", "body", "sk"), [
    ("get", "/api/nope", None, "Nenájdené"),
    ("get", "/api/poker-dice/odds?rules=nope", None, "rules: musí byť jedno z: 'six', 'royal', 'octahedral'"),
    ("post", "/api/video-poker/editor/return", {"table": None}, "table: musí byť objekt"),
    ("post", "/api/yahtzee/move", {"state": {"state": {}, "seal": ""}, "text": "x"},
     "state: pečať nesedí: pošlite stav späť tak, ako ho server vrátil"),
    ("post", "/api/farkle/loadouts", {"owned": "ordinary*5"}, "owned: výber potrebuje 6 kociek; vlastníte 5"),
])
def test_the_rarer_refusals_in_slovak(fresh, method, path, body, sk):
    """pydantic's types and choices, Starlette's 404, a sealed state's and the loadout chooser's own refusals."""
    r = getattr(fresh, method)(path, **({"json": body} if body is not None else {}), headers={"accept-language": "sk"})
    assert 400 <= r.status_code < 500 and r.json()["detail"] == sk, r.json()
    english = getattr(fresh, method)(path, **({"json": body} if body is not None else {})).json()["detail"]
    assert english != sk  # English as before
    assert ": " not in sk or english.partition(": ")[0] == sk.partition(": ")[0]  # the field's name kept


def test_a_template_sentence_with_a_percent_sign_is_said(fresh):
    # a {% trans %} block reaches gettext with its % written %%, the catalogue holds it with %: the three such
    # sentences of the video-poker pages were English on the Slovak and Czech pages
    from pathlib import Path

    templates = Path(__file__).resolve().parents[2] / "src" / "holdwise" / "web" / "templates"
    blocks = [b for f in sorted(templates.glob("*.html"))
              for b in re.findall(r"\{% trans[^%]*%\}(.*?)\{% endtrans %\}", f.read_text(), re.S) if "%" in b]
    assert len(blocks) == 3
    editor = fresh.get("/video-poker/editor?lang=sk").text
    assert "Najkratšia stratégia do 0,01 % od optimálnej hry" in editor and "The shortest chart" not in editor
    strategy = fresh.get("/video-poker/strategy?lang=cs").text
    assert "within 0.01%" not in strategy and "A chart is a list of holds" not in strategy
    english = fresh.get("/video-poker/editor?lang=en").text
    assert "The shortest chart within 0.01% of optimal play" in english  # one % sign, as written


def test_the_fairness_page_says_the_coins_note(fresh):
    # the API's note on 1-4 coins (English, a JSON value) was English on the Slovak page
    lead = fresh.get("/video-poker/fairness?lang=sk").text
    assert "1 až 4 mince vyplácajú na mincu rovnako" in lead and "coins pay alike" not in lead
    assert "1 to 4 coins pay alike per coin" in fresh.get("/video-poker/fairness?lang=en").text


def test_the_play_page_names_its_game(fresh):
    # the generic play page named the game by its id in its lead ("Hrajte dice-duel s presnou radou")
    page = fresh.get("/play/dice-duel?lang=sk").text
    assert "Hrajte Súboj v kockovom pokri s presnou radou" in page and 'data-game="dice-duel"' in page
    assert "Play Dice-poker duel with the exact hint" in fresh.get("/play/dice-duel?lang=en").text


def test_the_yahtzee_table_offers_its_rule_sets_in_the_page_language(fresh):
    page = fresh.get("/yahtzee?lang=cs").text
    assert "Balut (sedm kategorií, v každé čtyři políčka; Milholtův bodový systém)" in page
    assert "Milholt's points system" in fresh.get("/yahtzee?lang=en").text
