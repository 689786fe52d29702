"""`holdwise <game> hint`, the same for every registered game: built from the face's `HINT_FIELDS`.

A field that is an `argument` is taken as words (the hand, the roll), every other field as its option
(`--rolls-left`, with the aliases the game keeps). The command reads the fields into the face's request
(`parse_hint`), asks `hint(request)` with a progress bar on a terminal, and prints the answer: `--json` prints
the Hint's JSON as the web API returns it; otherwise the game's CLI module's `render_hint(hint, request,
show_all)` prints it, or, for a game without one, a plain ranked table.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Optional

import typer

from ..i18n import N_
from ..i18n import gettext as _
from ._common import ALL_OPTION, JSON_OPTION, console, dynamic_help, emit_json, new_app, progress

if TYPE_CHECKING:
    from ..games.base import Hint, HintField
    from ..games.registry import GameInfo

__all__ = ["GENERIC_ROWS", "game_group", "hint_command", "render_plain"]

GENERIC_ROWS = 10  # rows of the plain table without --all


def _parameter(field: HintField) -> inspect.Parameter:
    """The command's parameter of one field, with typer's Argument or Option as its default."""
    if field.argument:
        info: Any = typer.Argument(... if field.required else None, help=field.help,
                                   show_default=False)
        return inspect.Parameter(field.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=info,
                                 annotation=Optional[list[str]])
    names = ("--" + field.name.replace("_", "-"), *field.aliases)
    # an empty default ("no words said yet") is the field left out: nothing to show
    help_text = field.help if field.default in (None, "") else f"{field.help} Default: {field.default}."
    if field.flag:
        info = typer.Option(False, *names, help=help_text, show_default=False)
        return inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=bool)
    info = typer.Option(... if field.required else None, *names, help=help_text, show_default=False,
                        metavar="TEXT")
    return inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=Optional[str])


def _given(values: Mapping[str, object], fields: tuple[HintField, ...], before: object) -> dict[str, object]:
    """The fields the user gave (options left out are not in it): words joined, flags only when set; options
    of the game given on its group before the command (`ctx.obj`) fill in what the command did not get."""
    out: dict[str, object] = {}
    for field in fields:
        value = values.get(field.name)
        if field.argument and value is not None:
            value = " ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else value
        if value is None or value is False or value == "":
            continue
        out[field.name] = value
    if isinstance(before, Mapping):
        names = {f.name for f in fields}
        out.update({k: v for k, v in before.items() if k in names and k not in out and v is not None})
    return out


def render_plain(hint: Hint, request: object, show_all: bool) -> None:
    """A hint as a plain table: rank, option, value and loss (a game without a renderer of its own)."""
    from rich import box
    from rich.table import Table

    position = ", ".join(f"{k} {v}" for k, v in hint.position.items() if not isinstance(v, (dict, list)))
    table = Table(box=box.SIMPLE_HEAD)
    for name in ("rank", "option", "value", "loss"):
        table.add_column(name, justify="left" if name == "option" else "right")
    shown = hint.options if show_all else hint.options[:GENERIC_ROWS]
    for rank, option in enumerate(shown, 1):
        table.add_row(str(rank), option.option, f"{option.value:.6f}", f"{option.loss:.6f}")
    out = console()
    out.print(f"{hint.game}: {position}; by {hint.measure.replace('_', ' ')}", highlight=False)
    out.print(table)
    if len(shown) < len(hint.options):
        out.print(f"... {len(hint.options) - len(shown)} more: --all shows every option")


def _renderer(info: GameInfo) -> Callable[[Hint, object, bool], None]:
    if info.cli is not None:
        module = importlib.import_module(f"{__package__}.{info.cli}")
        found = getattr(module, "render_hint", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return render_plain


def _hint_function(info: GameInfo) -> tuple[Callable[..., None], str]:
    """The hint command's function (its signature built from the face's fields) and its help."""
    from .. import games

    face = games.get(info.id)
    fields = tuple(face.HINT_FIELDS)
    example = " ".join(
        (str(f.example) if f.argument else f"--{f.name.replace('_', '-')} {f.example}")
        for f in fields if f.example is not None and not f.flag)

    def hint(ctx: typer.Context, as_json: bool = JSON_OPTION, show_all: bool = ALL_OPTION, **values: Any) -> None:
        request = face.parse_hint(_given(values, fields, ctx.obj))
        with progress("solving", enabled=True) as update:
            answer = face.hint(request, progress=update)
        if as_json:
            emit_json(answer)
        else:
            _renderer(info)(answer, request, show_all)

    own = [_parameter(f) for f in fields]
    shared = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=bool)
              for name, default in (("as_json", JSON_OPTION), ("show_all", ALL_OPTION))]
    ctx_param = inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)
    hint.__signature__ = inspect.Signature([ctx_param, *own, *shared])  # type: ignore[attr-defined]
    command = f"holdwise {info.id} hint {example}".rstrip()
    doc = dynamic_help(
        (_HINT_DOC % {"game": info.title.lower()}) + "\n\n" + _EXAMPLE % {"example": command},
        lambda: _(_HINT_DOC) % {"game": _(info.title)} + "\n\n" + _(_EXAMPLE) % {"example": command})
    return hint, doc


_HINT_DOC = N_("Every option of a %(game)s position, ranked best first, with what each gives up.")
_EXAMPLE = N_("Example: %(example)s")


def hint_command(info: GameInfo) -> Any:  # a click command (typer's click is vendored or not, by version)
    """`hint` for the game `info` names, as a click command to add to the game's group."""
    function, doc = _hint_function(info)
    app = typer.Typer(add_completion=False)
    app.command("hint", help=doc)(function)
    return typer.main.get_command(app)


def game_group(info: GameInfo) -> typer.Typer:
    """The command group of a game without a command module of its own (a plug-in): its hint."""
    app = new_app(f"{info.title}: the hint of a position; play it with 'holdwise play {info.id}'.")

    @app.callback()
    def _group() -> None:
        """A group even with one command (typer would make a lone command the group itself)."""

    function, doc = _hint_function(info)
    app.command("hint", help=doc)(function)
    return app
