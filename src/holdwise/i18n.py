"""Languages: which one a reader asked for, the gettext catalogues (read from the .po files when no .mo was
built), and numbers written as each language writes them (Babel)."""

from __future__ import annotations

import gettext as _gettext
import io
import os
from collections.abc import Mapping
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "DEFAULT", "DOMAIN", "ENGLISH_SIGNS", "LANGUAGES", "LOCALE_DIR", "N_", "Numbers", "catalogue", "current", "from_accept_language",
    "from_environment", "gettext", "language", "locale_signs", "ngettext", "numbers", "pgettext", "pick", "set_language", "translations",
]

LANGUAGES = ("en", "sk", "cs")  # English is the source language: its catalogue is the messages themselves
DEFAULT = "en"
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# the language of what runs now: the command line sets it once; the web reads its own from each request
current: ContextVar[str] = ContextVar("holdwise_language", default=DEFAULT)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """Mark `message` for the catalogues without translating it here (it is translated where it is shown)."""
    return message


def language(tag: str | None) -> str | None:
    """The supported language a tag names ("sk", "cs-CZ", "sk_SK.UTF-8"), or None."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def pick(*candidates: str | None) -> str:
    """The first candidate naming a supported language; English when none does (never an error)."""
    for tag in candidates:
        found = language(tag)
        if found:
            return found
    return DEFAULT


def from_accept_language(header: str | None) -> str | None:
    """The supported language a browser's Accept-Language prefers most (q weights honoured), or None."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        found = language(tag)
        if found and q > 0:
            ranked.append((-q, i, found))
    return min(ranked)[2] if ranked else None


def from_environment(env: Mapping[str, str] | None = None) -> str | None:
    """The language of the usual variables, gettext's order: LC_ALL, then LC_MESSAGES, then LANG."""
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # the first one set decides, even when it names a language holdwise does not have
            return language(value)
    return None


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of `lang`: the built .mo, or the .po compiled in memory (an editable install has no
    .mo); English and unknown languages get the messages as they are."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    if not po.exists():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        cat = read_po(f, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, cat)  # fuzzy entries are left out, as msgfmt leaves them
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def set_language(lang: str | None) -> str:
    """Make `lang` (a tag, or None: English) the language of what runs in this context; returns the one set."""
    chosen = pick(lang)
    current.set(chosen)
    return chosen


def gettext(message: str, lang: str | None = None) -> str:
    """`message` in `lang` (default: the current language)."""
    return translations(lang or current.get()).gettext(message)


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """`message` in `lang` where the same English words need other words by `context` (a table's header)."""
    return translations(lang or current.get()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of `singular`/`plural` for `n` in `lang` (Slovak and Czech have three)."""
    return translations(lang or current.get()).ngettext(singular, plural, n)


@cache
def catalogue(lang: str, suffix: str = ".js") -> dict[str, object]:
    """The messages of the files ending in `suffix` (the pages' scripts) in `lang`, as JSON for a browser:
    {"plural": the C expression of the plural form, "messages": {id: text or [forms]}}."""
    out: dict[str, object] = {}
    plural = "n != 1"
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang != DEFAULT and po.exists():
        from babel.messages.pofile import read_po

        with po.open("rb") as f:
            cat = read_po(f, locale=lang)
        plural = cat.plural_expr
        for message in cat:
            if not message.id or message.fuzzy or not any(path.endswith(suffix) for path, _ in message.locations):
                continue
            # a message with a context is keyed as gettext keys it: the context, EOT, the message
            key = f"{message.context}\x04" if message.context else ""
            if isinstance(message.id, (tuple, list)):
                out[key + str(message.id[0])] = [str(form) for form in message.string or ()]
            elif message.string:
                out[key + str(message.id)] = message.string
    return {"lang": lang, "plural": plural, "messages": out}


ENGLISH_SIGNS = (".", ",", "%")  # the decimal sign, the thousands sign, the percent sign after a number
_POINTS = N_("pp")  # percentage points: "b. b." in Slovak (the article's), "p. b." in Czech


def locale_signs(lang: str) -> tuple[str, str, str]:
    """(decimal sign, thousands sign, what follows a percentage) of a language, from Babel's locale data."""
    from babel import Locale

    locale = Locale.parse({"en": "en_US", "sk": "sk_SK", "cs": "cs_CZ"}.get(lang, "en_US"))
    symbols = locale.number_symbols
    symbols = symbols.get("latn", symbols)  # Babel 2.14 keys the symbols by numbering system
    pattern = locale.percent_formats[None].pattern  # "#,##0%" or "#,##0 %"
    return (symbols.get("decimal", "."), symbols.get("group", ","),
            pattern[pattern.rindex("0") + 1:].replace("\u00a4", "") or "%")


class Numbers:
    """Numbers as a language writes them: "0,9954", "99,54 %", "7 776", "3,2 b. b." in Slovak.

    Python rounds (so every language prints the same digits as the English output); Babel's locale data says
    the decimal sign, the thousands sign and how a percentage is written."""

    def __init__(self, lang: str):
        self.lang = lang
        # English's signs are known (a test compares them with Babel's): a command printing English then loads no
        # Babel, about 15 ms of a new process
        self._decimal, self._group, self._percent = ENGLISH_SIGNS if lang == DEFAULT else locale_signs(lang)

    def _local(self, text: str) -> str:
        return text.translate({ord("."): self._decimal, ord(","): self._group})

    def text(self, number: str) -> str:
        """A number written the English way ("0.5", "1,200") in this language's signs ("0,5", "1 200")."""
        return self._local(number)

    def decimal(self, value: float | None, digits: int = 4, group: bool = False) -> str:
        """A number with `digits` decimals ("-" for none); `group`: with the thousands sign."""
        if value is None:
            return "-"
        return self._local(f"{float(value):{',' if group else ''}.{digits}f}")

    def general(self, value: float) -> str:
        """A number in its shortest form, as Python's "g" writes it ("25", "2.5"; "2,5")."""
        return self._local(f"{float(value):g}")

    def signed(self, value: float, digits: int = 2) -> str:
        """A number with its sign always written ("+1.25", "-0.30"; "+1,25")."""
        return self._local(f"{float(value):+.{digits}f}")

    def whole(self, value: int) -> str:
        """A whole number with the language's thousands sign ("7,776"; "7 776")."""
        return self._local(f"{int(value):,}")

    def percent(self, share: float | None, digits: int = 1) -> str:
        """A share 0-1 as a percentage ("99.5%"; "99,5 %"), "-" for none."""
        if share is None:
            return "-"
        return self._local(f"{100 * float(share):.{digits}f}") + self._percent

    def points(self, value: float | None, digits: int = 1) -> str:
        """Percentage points with their unit ("3.2 pp"; "3,2 b. b." in Slovak, "3,2 p. b." in Czech)."""
        if value is None:
            return "-"
        return f"{self.decimal(value, digits)}\u00a0{gettext(_POINTS, self.lang)}"


@cache
def _numbers(lang: str) -> Numbers:
    return Numbers(lang)


def numbers(lang: str | None = None) -> Numbers:
    """The number formats of `lang` (default: the current language)."""
    return _numbers(pick(lang or current.get()))


def extract_cli(fileobj, keywords, comment_tags, options):  # noqa: ANN001, ANN201 (Babel's extractor protocol)
    """Babel's extractor for the command line's modules: their marked messages, and the help a person reads
    (typer's `help=` strings, `new_app`'s help, the docstrings of commands and callbacks), which stay plain
    strings in the code: the command line translates them when it prints its help.

    A help may be a module constant (`help=DICE_HELP`), a constant with `.replace(...)`, or pieces added together
    (`"Your dice. " + DICE_HELP`): a constant is read whole, pieces each on their own (the command line
    translates such a help a sentence at a time). A command is a function decorated as one, or a function
    whose parameters are typer options (registered elsewhere: `app.command("search")(farkle_search)`)."""
    import ast

    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    tree = ast.parse(source)
    constants = dict[str, str]()
    for node in tree.body:  # the module's text constants, in order (one may use an earlier one)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _text(node.value, constants)
            if value is not None:
                constants[node.targets[0].id] = value
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            texts = [k.value for k in node.keywords if k.arg == "help"]
            if name == "new_app" and node.args:
                texts.append(node.args[0])
            if name == "HintField" and len(node.args) > 1:  # a generic hint's field: its help is the second
                texts.append(node.args[1])
            for text in texts:
                for value in _pieces(text, constants):
                    yield text.lineno, "", value, ["help"]
        elif isinstance(node, ast.FunctionDef) and (any(
                getattr(getattr(d, "func", d), "attr", "") in ("command", "callback") for d in node.decorator_list)
                or node in tree.body and _takes_options(node)):
            doc = ast.get_docstring(node)
            if doc:
                yield node.lineno, "", doc, ["help"]


def _text(node: object, constants: dict[str, str]) -> str | None:
    """The text an expression makes from literals and the module's text constants (added together, or with
    `.replace` of literals), or None."""
    import ast

    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left, constants), _text(node.right, constants)
        return None if left is None or right is None else left + right
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace"
            and len(node.args) == 2 and not node.keywords):
        base, old, new = (_text(a, constants) for a in (node.func.value, *node.args))
        return None if base is None or old is None or new is None else base.replace(old, new)
    return _constant(node)


def _pieces(node: object, constants: dict[str, str]) -> list[str]:
    """The messages of a help expression: a text made whole, or each piece of a sum (stripped)."""
    import ast

    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [*_pieces(node.left, constants), *_pieces(node.right, constants)]
    value = _text(node, constants)
    return [value.strip()] if value and value.strip() else []


def _takes_options(node: object) -> bool:
    """Is this function a command: a parameter's default is a typer option or argument (`typer.Option(...)`, or a
    shared one, `JSON_OPTION`)?"""
    import ast

    defaults = [*node.args.defaults, *node.args.kw_defaults]  # type: ignore[attr-defined]
    return any((isinstance(d, ast.Call) and getattr(d.func, "attr", getattr(d.func, "id", "")) in ("Option", "Argument"))
               or (isinstance(d, ast.Name) and d.id.endswith("_OPTION")) for d in defaults if d is not None)


def _constant(node: object) -> str | None:
    """A string literal's value (implicit concatenation included), or None."""
    import ast

    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
