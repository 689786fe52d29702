"""Shared by every game's commands: errors, JSON, the console, progress, number formats, figure output."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional

import typer
from typer.core import TyperGroup

from .. import i18n
from ..errors import InputError
from ..i18n import N_
from ..i18n import gettext as _
from .plain import WIDTH, emit_json, take_language

__all__ = [
    "ALL_OPTION", "JSON_OPTION", "LANG_OPTION", "SEED_OPTION", "USAGE_ERRORS", "WIDTH", "Group", "rolls_left_option", "InputError", "UserError", "console", "emit_json", "fail", "fmt", "join_hand", "take_language", "translate_help",
    "dynamic_help", "flag_of", "new_app", "parse_ints", "pct", "progress", "said", "save_figure", "time_words",
    "working",
]

UserError = InputError

# The options every command spells alike (click's shared option objects): one declaration, one help text.
JSON_OPTION = typer.Option(False, "--json", help="Print the answer as JSON (keys: docs/reference/json.md).")
ALL_OPTION = typer.Option(False, "--all", help="Show every row, not only the first ones.")
SEED_OPTION = typer.Option(None, "--seed", help="Seed the dice or cards (0 or more); default: a fresh one.")


def _choose_language(value: Optional[str]) -> None:
    if value is not None:
        i18n.set_language(value)


# the language of the help, tables and errors: en, sk or cs (anything else: English); it may stand anywhere on
# the line (the root takes it before parsing, so the help and the parser's errors are in it too); without it
# LC_ALL, LC_MESSAGES or LANG decide
LANG_OPTION = typer.Option(None, "--lang", help="Language of the output: en, sk (slovensky) or cs (česky); "
                           "default: from LC_ALL, LC_MESSAGES or LANG.", is_eager=True, expose_value=False,
                           callback=_choose_language)


def translate_help(command: Any) -> None:  # noqa: ANN401 (a click command)
    """Put a command's help, its parameters' and its subcommands' in the current language (in place; the
    English is kept beside, so the same command can be put in another language later)."""
    for item in (command, *getattr(command, "params", ())):
        for attr in ("help", "short_help"):
            english = item.__dict__.setdefault(f"_english_{attr}", getattr(item, attr, None))
            if english:
                setattr(item, attr, _help_text(english))
    if not command.__dict__["_english_short_help"] and command.help:
        # a group's list of commands shows each one's first paragraph, and typer keeps its line breaks there
        # (they fall mid-line in the 80-column table): the paragraph as one line, which the table wraps itself
        command.short_help = _summary(command.help)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


def _summary(help_text: str) -> str:
    """A help's first paragraph (up to its first blank line) as one line."""
    import inspect

    return " ".join(inspect.cleandoc(help_text).split("\n\n")[0].split())


# a help made at run time from a template (a generic hint's, a list of games): its English -> its words in the
# current language, made when the help is printed
_DYNAMIC_HELP: dict[str, Callable[[], str]] = {}


def dynamic_help(english: str, translated: Callable[[], str]) -> str:
    """Register how a help made at run time is put in the current language (`translated()`, called when the help
    is printed, from the template's message); returns the English, the help to give typer."""
    _DYNAMIC_HELP[english] = translated
    return english


def _help_text(english: str) -> str:
    """A help text in the current language. Besides a message of its own: a help made at run time
    (`dynamic_help`); a generic hint's field help, which ends with its default (cli/_hint.py), translated as the
    field's words and the default apart; and a help made of pieces (`"Your dice. " + DICE_HELP`), translated a
    sentence at a time. Where a part has no translation, the whole help stays in English (never half in one
    language)."""
    if english in _DYNAMIC_HELP:
        return _DYNAMIC_HELP[english]()
    found = _(english)
    if found != english:
        return found
    import re

    parts = re.fullmatch(r"(.+) Default: (.+)\.", english, re.S)
    if parts and _(parts[1]) != parts[1]:
        return _("%(help)s Default: %(default)s.") % {"help": _(parts[1]), "default": parts[2]}
    for end in (m.end() for m in re.finditer(r"\. ", english)):  # the first sentences, then the rest
        head, tail = english[:end].rstrip(), english[end:]
        if _(head) != head:
            rest = _help_text(tail)
            if rest != tail:
                return f"{_(head)} {rest}"
    return english


# the help of the options that click and typer add themselves, marked here for the catalogues (translate_help
# translates every option's help by its English)
_THEIR_OPTIONS = (N_("Show this message and exit."), N_("Install completion for the current shell."),
                  N_("Show completion for the current shell, to copy it or customize the installation."))


def _help_headings() -> None:
    """typer's own words in its help (module constants: set again for every help printed, English included)."""
    from typer import rich_utils

    for name, text in (("ARGUMENTS_PANEL_TITLE", N_("Arguments")), ("OPTIONS_PANEL_TITLE", N_("Options")),
                       ("COMMANDS_PANEL_TITLE", N_("Commands")), ("DEFAULT_STRING", N_("[default: {}]")),
                       ("REQUIRED_LONG_STRING", N_("[required]"))):
        setattr(rich_utils, name, _(text))


def _with_headings(format_help: Callable[..., None]) -> Callable[..., None]:
    """A command's help printer that sets typer's headings first: typer's help module loads rich's Markdown
    and Pygments (about 60 ms of a new process), so only a help printed loads it, not every command run."""
    def headed(ctx: Any, formatter: Any) -> None:  # noqa: ANN401 (click's context and formatter)
        _help_headings()
        format_help(ctx, formatter)
    return headed


def _translated_usage(usage: Callable[[Any], str]) -> Callable[[Any], str]:
    """A command's usage line with its "Usage:" in the current language."""
    def get_usage(ctx: Any) -> str:  # noqa: ANN401 (a click context)
        text = usage(ctx)
        return _("Usage:") + text[len("Usage:"):] if text.startswith("Usage:") else text
    return get_usage


def _translated_help_option(made: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A command's --help option with its words in the current language."""
    def get_help_option(ctx: Any) -> Any:  # noqa: ANN401 (click's context and option)
        option = made(ctx)
        if option is not None and option.help:
            option.help = _(option.help)
        return option
    return get_help_option


def rolls_left_option(default: int, help: str = "Rolls still allowed in this turn.") -> typer.models.OptionInfo:
    """The option of the rolls (or re-rolls) still allowed, `--rolls-left`/`-r`, with its own default."""
    return typer.Option(default, "--rolls-left", "-r", help=help)


def _usage_errors() -> tuple[type[Exception], ...]:
    """The usage-error class of the click that typer runs on: vendored in newer typer (then a plain click,
    if installed, is never what raises: not importing it saves a fresh process about 10 ms), plain before."""
    try:
        from typer._click.exceptions import UsageError as vendored

        return (vendored,)
    except ImportError:
        from click.exceptions import UsageError as plain

        return (plain,)


USAGE_ERRORS = _usage_errors()


def _usage_line(err: Exception) -> str:
    """A usage error as one line, with where to look for help."""
    from ..phrases import say  # click's own words (its forms are in holdwise.phrases) in the reader's language

    message = say(" ".join(getattr(err, "format_message", err.__str__)().split())) or _("a command is needed")
    ctx = getattr(err, "ctx", None)
    if ctx is None:
        return _("error: %(message)s") % {"message": message}
    return _("error: %(message)s (see '%(command)s --help')") % {"message": message, "command": ctx.command_path}


class Group(TyperGroup):
    """A command group that turns bad input anywhere below it into one line on stderr and exit code 2.

    Bad input is `InputError` from the games, and the parser's own usage errors (an unknown or missing
    option, a value of the wrong type), which click would print as a usage block.
    """

    # commands built only when asked for (name -> maker): the generic `hint` needs the game's face, which
    # `holdwise --help` should not import
    lazy_commands: dict[str, Callable[[], Any]] = {}

    def list_commands(self, ctx) -> list[str]:
        names = super().list_commands(ctx)
        return [*names, *(n for n in self.lazy_commands if n not in names)]

    def get_command(self, ctx, name: str):
        command = super().get_command(ctx, name)
        if command is None and name in self.lazy_commands:
            command = self.lazy_commands[name]()
            self.add_command(command, name)
        if command is not None and not isinstance(command, TyperGroup):
            # a subcommand prints its own help (`holdwise sweep show --help`): its words, typer's headings and
            # the usage line in the current language, as a group's are
            translate_help(command)
            if "get_usage" not in command.__dict__:
                command.get_usage = _translated_usage(command.get_usage)  # type: ignore[assignment]
                command.get_help_option = _translated_help_option(command.get_help_option)  # type: ignore[assignment]
                command.format_help = _with_headings(command.format_help)  # type: ignore[method-assign]
        return command

    def format_help(self, ctx, formatter) -> None:
        translate_help(self)
        _help_headings()
        super().format_help(ctx, formatter)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None and option.help:
            option.help = _(option.help)
        return option

    def get_usage(self, ctx) -> str:
        usage = super().get_usage(ctx)
        return _("Usage:") + usage[len("Usage:"):] if usage.startswith("Usage:") else usage

    def make_context(self, *args, **kwargs):
        try:
            return super().make_context(*args, **kwargs)
        except USAGE_ERRORS as err:
            typer.echo(_usage_line(err), err=True)
            raise typer.Exit(2) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as err:
            name = ctx.invoked_subcommand
            command = self.get_command(ctx, name) if name else None
            typer.echo(_("error: %(message)s") % {"message": said(err, command, f"{ctx.info_name} {name}")}, err=True)
            raise typer.Exit(2) from None
        except USAGE_ERRORS as err:
            typer.echo(_usage_line(err), err=True)
            raise typer.Exit(2) from None


# A field whose command line name is neither `--<field with dashes>` nor a parameter of that name, per command
# ("group command"): the one place the games' words meet the flags.
FLAGS: dict[str, dict[str, str]] = {}


def flag_of(field: str, command=None, key: str = "") -> str:  # noqa: ANN001 (a click command)
    """How the command line names a game's input `field`: its option (`--score`) or argument (`ROLL...`);
    `key` ("farkle hint") looks up FLAGS first."""
    dashed = "--" + field.replace("_", "-")
    if field in FLAGS.get(key, {}):
        return FLAGS[key][field]
    params = getattr(command, "params", ())
    for param in params:
        if dashed in getattr(param, "opts", ()):
            return dashed
    for param in params:
        if param.name == field:
            opts = [o for o in param.opts if o.startswith("--")]
            return max(opts, key=len) if param.param_type_name == "option" and opts else field.upper()
    return dashed


def said(err: InputError, command=None, key: str = "") -> str:  # noqa: ANN001 (a click command)
    """An input error as the command line says it: a game's field word becomes the flag that gave it."""
    from ..phrases import say  # the reason in the reader's language (the games write English)

    if err.field is None:
        return say(str(err))
    return f"{flag_of(err.field, command, key)}{err.sep}{say(err.reason)}"


def new_app(help: str, **kwargs) -> typer.Typer:
    """A typer app with the house's settings: errors as one line, help on no arguments, no pretty tracebacks."""
    kwargs.setdefault("no_args_is_help", True)
    return typer.Typer(help=help, cls=Group, pretty_exceptions_enable=False,
                       context_settings={"help_option_names": ["-h", "--help"]}, **kwargs)


def fail(message: str) -> None:
    """Report bad input as one line and exit with code 2 (its words through holdwise.phrases: most are written
    in English where they are found, as the games' errors are)."""
    from ..phrases import say

    typer.echo(_("error: %(message)s") % {"message": say(message)}, err=True)
    raise typer.Exit(2)


def console(stderr: bool = False):
    """A rich console: the terminal's width, or 80 columns when the output is piped."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # no emoji codes: holdwise writes none, and looking for them loads rich's emoji table (10 ms a process)
    if stream.isatty():
        return Console(stderr=stderr, emoji=False)
    return Console(stderr=stderr, width=WIDTH, emoji=False)


_console = console


def _is_large(dice: int, sides: int) -> bool:
    """Dice games whose solve takes seconds: worth a spinner."""
    from math import comb

    return 1 <= dice <= 10 and 2 <= sides <= 20 and comb(dice + sides, dice) > 200_000


def working(message: str, large: bool = True):
    """A spinner on the terminal's stderr while a long solve runs; nothing when piped or not large."""
    if not large or not sys.stderr.isatty():
        return contextlib.nullcontext()
    return console(stderr=True).status(message)


_working = working


@contextlib.contextmanager
def progress(label: str, enabled: bool = True,
             share: Callable[[int, int], float] | None = None) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr: yields `update(done, total)`; a no-op when stderr is not a terminal.

    The bar shows counts ("loadout 12/210") so long work says how far it is, and the time left at the pace so
    far: elapsed * (1 - s) / s with s = share(done, total) the share of the work done (default done / total;
    a match solve's pairs are not equal work, `work_fraction` weighs them). A new total (a second solve)
    starts the clock again.
    """
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[left]}"), console=console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None, left="")
        clock: dict[str, Any] = {"start": time.monotonic(), "total": None}

        def update(done: int, total: int) -> None:
            now = time.monotonic()
            if total != clock["total"] or done == 0:
                clock.update(start=now, total=total)
            part = (share(done, total) if share is not None else done / total) if total else 0.0
            left = ""
            if 0.02 <= part < 1.0:
                left = f"about {time_words((now - clock['start']) * (1 - part) / part)} left"
            bar.update(task, completed=done, total=total, left=left)

        yield update


def time_words(seconds: float) -> str:
    """A duration as a person says it: "40 s", "3 min", "1 h 20 min"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 90 else f"{minutes // 60} h {minutes % 60} min"


def fmt(value, digits: int = 4) -> str:
    """A number with fixed decimals in the current language ("0.9954"; "0,9954"), "-" for none."""
    return i18n.numbers().decimal(value, digits)


def pct(value, digits: int = 1) -> str:
    """A chance 0-1 as a percentage in the current language ("99.5%"; "99,5 %"), "-" for none."""
    return i18n.numbers().percent(value, digits)


_fmt, _pct = fmt, pct


def parse_ints(text: Optional[str], what: str) -> Optional[list[int]]:
    """Whole numbers separated by commas (or spaces); None for no text."""
    if text is None:
        return None
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        fail(f"{what} must be whole numbers separated by commas, got {text!r}")
        raise  # fail() exits: this line is never reached


_parse_ints = parse_ints


def join_hand(parts: Sequence[str] | None) -> str:
    """A hand given as one quoted string or as separate arguments, with spaces or commas: one string."""
    return " ".join(str(p) for p in (parts or ())).replace(",", " ").strip()


def save_figure(fig: Any, path: str) -> None:  # noqa: ANN401 (a matplotlib figure, imported lazily)
    """Write a figure to PNG or SVG (by the file name); one clear line and exit 2 when it cannot be written."""
    import matplotlib.pyplot as plt

    if i18n.current.get() != i18n.DEFAULT:
        _local_ticks(fig)
    try:
        fig.savefig(path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")
    finally:
        plt.close(fig)


def _local_ticks(fig: Any) -> None:  # noqa: ANN401 (a matplotlib figure, imported lazily)
    """Every axis' tick labels (colour bars' too) with the language's decimal and thousands signs."""
    from matplotlib.ticker import Formatter

    text = i18n.numbers().text

    class Local(Formatter):
        """The axis' own formatter, its numbers in the language's signs ("0.5" -> "0,5", "1,500" -> "1 500")."""

        def __init__(self, inner: Any) -> None:  # noqa: ANN401
            self.inner = inner

        def __call__(self, x: float, pos: int | None = None) -> str:
            return text(self.inner(x, pos))

        def set_locs(self, locs: Any) -> None:  # noqa: ANN401
            self.inner.set_locs(locs)

        def get_offset(self) -> str:
            return text(self.inner.get_offset())

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            inner = axis.get_major_formatter()
            if not isinstance(inner, Local):
                axis.set_major_formatter(Local(inner))
                inner.set_axis(axis)  # the inner formatter keeps reading its axis' view


def check_plot_path(path: Optional[str]) -> None:
    """A plot file must end in .png or .svg."""
    if path is not None and not path.lower().endswith((".png", ".svg")):
        fail(f"--plot needs a .png or .svg file name, got {path!r}")


__all__.append("check_plot_path")
