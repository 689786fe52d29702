"""The catalogues (issue 44): every message of the code in them, each complete in Slovak and Czech (no untranslated
or fuzzy entry, three plural forms), placeholders alike in every language; the language chosen from a request or
the environment; numbers written as each language writes them."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from holdwise import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("sk", "cs")


@cache
def code_messages() -> frozenset[tuple[str | None, str]]:
    """(context, id) of every message the code marks, found as `pybabel extract -F babel.cfg` finds them."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    def under_src(path) -> bool:  # the walk skips the build's, the tests' and the docs' folders (quicker)
        parts = Path(path).resolve().relative_to(ROOT).parts
        return not parts or (parts[0] == "src" and not any(p.startswith((".", "_")) for p in parts))

    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS,
                                                      directory_filter=under_src):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return frozenset(found)


@cache
def catalogue(lang: str):
    from babel.messages.pofile import read_po

    with (ROOT / "src" / "holdwise" / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_the_mapping_finds_the_messages_of_every_surface():
    """The extraction itself can fail: messages of the templates, the scripts' catalogue, the CLI's help."""
    ids = {m for _, m in code_messages()}
    assert {"Skip to the page", "Deal a new game", "five of a kind", "must be at most %(limit)s", "Number of dice: 1 to 10.",
            "Language of the output: en, sk (slovensky) or cs (česky); default: from LC_ALL, LC_MESSAGES or LANG.",
            "pp"} <= ids
    assert len(ids) > 150


# a script's message as written: _("..."), ngettext("...", "..."), pgettext("context", "...")
_SCRIPT_CALL = re.compile(r"""(?<![\w.])(_|ngettext|pgettext)\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
                          r"""(?:\s*,\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))?""")


def test_every_message_a_script_writes_is_extracted():
    # Babel's JavaScript extractor skips a call inside another's arguments or a template literal's ${...}: eight
    # of the scripts' messages were never in the catalogues, and the pages wrote them in English
    import ast

    missed = []
    for script in sorted((ROOT / "src" / "holdwise" / "web" / "static").glob("*.js")):
        for m in _SCRIPT_CALL.finditer(script.read_text()):
            first = ast.literal_eval(m.group(2))
            if m.group(1) == "pgettext":
                if m.group(3) is None:
                    continue
                key = (first, ast.literal_eval(m.group(3)))
            else:
                key = (None, first)
            if key not in code_messages():
                missed.append((script.name, key))
    assert missed == []


@pytest.mark.parametrize("lang", LOCALES)
def test_every_message_of_the_code_is_in_the_catalogue_and_nothing_else(lang):
    """`pybabel update` has run: the catalogue holds the code's messages, no more and no fewer."""
    cat = catalogue(lang)
    held = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in cat if m.id}
    assert sorted(code_messages() - held, key=str) == [], "run pybabel extract and update (docs/reference/glossary.md)"
    assert sorted(held - code_messages(), key=str) == [], "entries no code uses: run pybabel update"


@pytest.mark.parametrize("lang", LOCALES)
def test_the_catalogue_is_complete_with_three_plural_forms(lang):
    cat = catalogue(lang)
    assert cat.num_plurals == 3
    assert cat.plural_expr.replace(" ", "") == "(n==1?0:n>=2&&n<=4?1:2)"
    untranslated = [m.id for m in cat if m.id and (not m.string if not isinstance(m.id, tuple)
                                                  else len(m.string) != 3 or not all(m.string))]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    assert not cat.obsolete


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]|\{\w*\}")


@pytest.mark.parametrize("lang", LOCALES)
def test_placeholders_match_in_every_language(lang):
    """A translation names the same %(name)s, %s and {name} as the English (each plural form as the plural)."""
    wrong = []
    for m in catalogue(lang):
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            want = sorted(PLACEHOLDER.findall(m.id[1]))
            wrong += [(m.id[0], form) for form in m.string if sorted(PLACEHOLDER.findall(form)) != want]
        elif sorted(PLACEHOLDER.findall(m.string)) != sorted(PLACEHOLDER.findall(m.id)):
            wrong.append((m.id, m.string))
    assert wrong == []
    assert PLACEHOLDER.findall("a %(n)d and %(share)s {x}") == ["n", "share", ""]  # the check can see them


@pytest.mark.parametrize(("lang", "one", "few", "many"), [("sk", "ruka", "ruky", "rúk"), ("cs", "ruka", "ruce", "rukou")])
def test_plural_forms_follow_the_language(lang, one, few, many):
    forms = [i18n.ngettext("%(n)d hand, %(share)s of first rolls", "%(n)d hands, %(share)s of first rolls", n, lang)
             for n in (1, 3, 5)]
    assert [f.split(",")[0] for f in forms] == [f"%(n)d {one}", f"%(n)d {few}", f"%(n)d {many}"]


def test_numbers_as_each_language_writes_them():
    en, sk, cs = (i18n.numbers(lang) for lang in ("en", "sk", "cs"))
    assert (en.percent(0.99544, 2), en.whole(7776), en.decimal(3.32952), en.points(3.2)) == (
        "99.54%", "7,776", "3.3295", "3.2\u00a0pp")
    assert (sk.percent(0.99544, 2), sk.whole(7776), sk.decimal(3.32952), sk.points(3.2)) == (
        "99,54\u00a0%", "7\u00a0776", "3,3295", "3,2\u00a0b. b.")
    assert (cs.percent(0.5, 0), cs.whole(1234567), cs.general(2.5), cs.points(20.3)) == (
        "50\u00a0%", "1\u00a0234\u00a0567", "2,5", "20,3\u00a0p. b.")
    assert sk.decimal(None) == "-" and sk.percent(None) == "-"
    # Python rounds, in every language alike (2.675 is a little under: 2.67 in English, so 2,67 in Slovak)
    assert en.decimal(2.675, 2) == "2.67" and sk.decimal(2.675, 2) == "2,67"


def test_english_signs_are_babels():
    # English numbers are written without loading Babel: its signs must be Babel's en_US ones
    assert i18n.ENGLISH_SIGNS == i18n.locale_signs("en") == (".", ",", "%")
    assert i18n.locale_signs("sk") == (",", "\u00a0", "\u00a0%")


@pytest.mark.parametrize(("header", "lang"), [
    ("sk-SK,sk;q=0.9,en;q=0.8", "sk"), ("de-DE,cs;q=0.7,sk;q=0.8", "sk"), ("en-GB,cs;q=0.9", "en"),
    ("de, fr;q=0.5", None), ("", None), ("cs;q=0, sk;q=0.1", "sk"), ("x;q=abc, cs", "cs"),
])
def test_accept_language(header, lang):
    assert i18n.from_accept_language(header) == lang


def test_the_environment_in_gettext_order_and_unknown_languages_fall_back_to_english():
    assert i18n.from_environment({"LANG": "sk_SK.UTF-8"}) == "sk"
    assert i18n.from_environment({"LANG": "sk_SK.UTF-8", "LC_MESSAGES": "cs_CZ.UTF-8"}) == "cs"
    assert i18n.from_environment({"LANG": "cs_CZ", "LC_ALL": "C.UTF-8"}) is None  # LC_ALL decides: C, English
    assert i18n.from_environment({}) is None
    assert i18n.pick("de", None, "cs-CZ") == "cs" and i18n.pick("xx", "") == "en"
    assert i18n.gettext("Menu", "de") == "Menu"


def test_a_catalogue_without_its_mo_is_read_from_the_po(tmp_path, monkeypatch):
    """An editable install has no .mo (none is committed; the wheel's build compiles them): the .po is read."""
    folder = tmp_path / "sk" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = ROOT / "src" / "holdwise" / "locale" / "sk" / "LC_MESSAGES" / "messages.po"
    (folder / "messages.po").write_bytes(po.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert not (folder / "messages.mo").exists()
        assert i18n.translations("sk").gettext("five of a kind") == "päťka"
        assert i18n.translations("sk").ngettext("... %(n)d more keep (--all shows it)",
                                                "... %(n)d more keeps (--all shows them)", 5).startswith("... ešte")
    finally:
        i18n.translations.cache_clear()
    assert not list((ROOT / "src" / "holdwise" / "locale").rglob("*.mo"))  # no compiled catalogue in the tree


def test_the_scripts_catalogue_holds_only_the_scripts_messages():
    data = i18n.catalogue("sk")
    assert data["lang"] == "sk" and "n >= 2" in data["plural"]
    assert "Skip to the page" not in data["messages"]  # a template's: the server renders it
    assert data["messages"]["Draw"] == "Ťahať"  # the video-poker machine's button
    # a message with a context is keyed as gettext keys it, apart from the same words without one
    assert data["messages"]["button\x04hold"] == "podržať" and data["messages"]["hold"] == "podržanie"
    assert i18n.catalogue("cs")["messages"]["You have {n} credit: bet {bet} and deal (Enter), or start again "
                                            "with {start} credits."][2].startswith("Máte {n} kreditů")
    assert i18n.catalogue("en")["messages"] == {}


def test_the_command_line_extractor_reads_constants_sums_and_commands():
    # a help is a literal, a module constant (one made of others, or with .replace), or pieces added together,
    # each its own message; a command's docstring, decorated or registered apart (its parameters are options)
    import io

    from holdwise.i18n import extract_cli

    source = b'''
A = "Alpha help."
B = A.replace("Alpha", "Beta")
C = UNKNOWN.replace("x", "y")
D = "One. " + A
E = "One. " + UNKNOWN
typer.Option(None, help="Lead. " + A)
typer.Option(None, help=B)
typer.Option(None, help=C)
typer.Option(None, help=D)
typer.Option(None, help=E)
HintField("name", "Field help.")
HintField("name")

def registered(x: str = typer.Option(None)):
    """A command registered apart."""

def shared(x: bool = JSON_OPTION):
    """A command with a shared option."""

def helper(x: int = 3, y: dict = dict()):
    """Not a command."""

@app.command("go")
def go():
    """A decorated command."""
'''
    found = sorted(message for _, _, message, _ in extract_cli(io.BytesIO(source), [], [], {}))
    assert found == sorted(["Lead.", "Alpha help.", "Beta help.", "One. Alpha help.", "Field help.",
                            "A command registered apart.", "A command with a shared option.", "A decorated command."])


def test_the_number_writers_defaults_and_the_languages_fallbacks():
    numbers = i18n.numbers("sk")
    assert numbers.decimal(1234.5) == "1234,5000" and numbers.decimal(1234.5, 1, group=True) == "1\u00a0234,5"
    assert numbers.signed(1.25) == "+1,25" and numbers.percent(0.995) == "99,5\u00a0%"
    # q=0 refuses a language; a q without a number counts as 0; the first of equal weights wins
    assert i18n.from_accept_language("sk;q=0, cs;q=0.5") == "cs"
    assert i18n.from_accept_language("sk;q=1, cs;q=0.9") == "sk"
    assert i18n.from_accept_language("sk;q=x") is None and i18n.from_accept_language("sk;q=0") is None
    # English and unknown languages: the messages as they are; the current language when none is named
    assert i18n.gettext("Rules", "en") == "Rules" and i18n.gettext("Rules", "xx") == "Rules"
    assert i18n.pgettext("dice kind", "Poker dice", "sk") == "Pokrové kocky"
    token = i18n.current.set("cs")
    try:
        assert i18n.pgettext("dice kind", "Poker dice") == "Pokerové kostky"
    finally:
        i18n.current.reset(token)
    assert i18n.catalogue("en")["plural"] == "n != 1"


def test_a_built_mo_is_read_unless_its_po_is_newer(tmp_path, monkeypatch):
    # the wheel's .mo is read; an edited .po (newer) wins over a stale .mo, and a lone .mo is read
    import os

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    folder = tmp_path / "sk" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po, mo = folder / "messages.po", folder / "messages.mo"
    po.write_bytes((ROOT / "src" / "holdwise" / "locale" / "sk" / "LC_MESSAGES" / "messages.po").read_bytes())
    built = Catalog(locale="sk")
    built.add("five of a kind", "from the mo")
    with mo.open("wb") as f:
        write_mo(f, built)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)

    def said() -> str:
        i18n.translations.cache_clear()
        return i18n.translations("sk").gettext("five of a kind")

    try:
        os.utime(po, (1_000_000, 1_000_000))
        os.utime(mo, (2_000_000, 2_000_000))
        assert said() == "from the mo"
        os.utime(mo, (1_000_000, 1_000_000))  # the same second: the built one
        assert said() == "from the mo"
        os.utime(po, (3_000_000, 3_000_000))
        assert said() == "päťka"
        po.unlink()
        assert said() == "from the mo"
    finally:
        i18n.translations.cache_clear()
