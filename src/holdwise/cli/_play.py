"""The terminal game loop shared by every `holdwise <game> play`: it runs a game's play session.

The loop knows no game: it prints the session's log, lets the computer move, asks the player for a
move (parsed by the game's `parse_action`), and answers `h` (hint), `?` (help) and `q` (quit). After
each game it shows the result and the tally and offers another; at the end it lists the player's
decisions that lost value and what they cost.

A game without a command module of its own still plays (`holdwise play <game>`): `default_game` shows its
position as the state's data, readably, and the legal actions.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

from .. import i18n
from ..errors import InputError
from ..i18n import gettext as _
from ..phrases import say
from ._common import WIDTH

if TYPE_CHECKING:  # the protocol's module imports numpy: the loop stays light until a game runs
    from ..games.base import GameFace

__all__ = ["TerminalGame", "action_text", "default_game", "parse_options", "readable", "review_lines", "run"]

LOSS_SHOWN = 1e-9  # decisions that cost less than this count as best play (float round-off)


@dataclass(frozen=True)
class TerminalGame:
    """What the loop needs from one game: its face, three lines of rules, the keys, how to show a position."""

    face: GameFace[Any]
    rules: tuple[str, ...]
    keys: str
    render: Callable  # (state) -> list of lines describing the position before the player's move
    prompt: Callable  # (state) -> the prompt text
    summary: Callable  # (state) -> lines: the result of the finished game and the tally
    option_text: Callable | None = None  # (Option) -> one line of the hint; default: option, value, loss


def _read(prompt: str) -> str | None:
    """A line typed at the prompt; None at the end of input or on Ctrl-C (the prompt's line is ended)."""
    try:
        return input(f"{prompt} ").strip()
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def _hint_lines(game: TerminalGame, state, top: int = 5) -> list[str]:
    hint = game.face.advice(state)
    num, loss = i18n.numbers(), _("loss")
    lines = ["  " + _("best first (%(measure)s):") % {"measure": say(hint.measure.replace("_", " "))}]
    for opt in hint.options[:top]:
        if game.option_text is not None:
            lines.append("  " + game.option_text(opt))
        else:
            lines.append(f"  {say(opt.option):<28} {num.decimal(opt.value, 4):>12}   {loss} "
                         f"{num.decimal(opt.loss, 4)}")
    if len(hint.options) > top:
        lines.append("  " + _("... %(n)s more") % {"n": len(hint.options) - top})
    return lines


def _keys(game: TerminalGame) -> list[str]:
    """The keys' line, wrapped within the 80 columns (the languages' words are longer)."""
    return textwrap.wrap(_("keys: %(keys)s; h hint, ? help, q quit") % {"keys": game.keys}, width=WIDTH,
                         subsequent_indent="  ")


def run(game: TerminalGame, state, read: Callable[[str], str | None] = _read,
        echo: Callable[[str], None] = typer.echo) -> object:
    """Play in the terminal from `state` until the player quits; returns the last state."""
    for line in game.rules:
        echo(line)
    for line in _keys(game):
        echo(line)
    seen: tuple = ()
    while True:
        # a session starts a new log with each game: print from where the log no longer matches what was seen
        shown = len(seen) if tuple(state.log[:len(seen)]) == seen else 0
        for line in state.log[shown:]:
            # a long line (a card-dice keep names many faces) wraps within the 80 columns, indented
            for part in textwrap.wrap(say(line), width=WIDTH, subsequent_indent="    ") or [""]:
                echo(part)
        seen = tuple(state.log)
        if state.over:
            for line in game.summary(state):
                echo(line)
            answer = read(_("another game? [y/N]"))
            if answer is None or answer.lower() not in ("y", "yes"):
                break
            try:
                state = game.face.step(state, {"type": "next"})
            except InputError as err:  # the session refuses another game (a limit is reached): the review
                echo(f"  {err}")
                break
            continue
        if state.to_move == "computer":
            state = game.face.step(state, game.face.computer_action(state))
            continue
        for line in game.render(state):
            echo(line)
        text = read(game.prompt(state))
        if text is None or text.lower() in ("q", "quit"):
            break
        if text.lower() in ("h", "hint"):
            for line in _hint_lines(game, state):
                echo(line)
            continue
        if text == "?" or text.lower() == "help":
            for line in game.rules:
                echo(line)
            for line in _keys(game):
                echo(line)
            continue
        try:
            state = game.face.step(state, game.face.parse_action(state, text))
        except InputError as err:
            echo(f"  {err}")
    for line in review_lines(state.decisions):
        echo(line)
    return state


def review_lines(decisions: Sequence) -> list[str]:
    """The decisions that lost value, with their cost, and the total."""
    costly = [d for d in decisions if d.loss > LOSS_SHOWN]
    if not decisions:
        return []
    num = i18n.numbers()
    if not costly:
        return [i18n.ngettext("review: all %(n)s of your decisions were best play.",
                              "review: all %(n)s of your decisions were best play.", len(decisions))
                % {"n": len(decisions)}]
    lines = [i18n.ngettext("review: %(lost)s of your %(n)s decisions lost value:",
                           "review: %(lost)s of your %(n)s decisions lost value:", len(decisions))
             % {"lost": len(costly), "n": len(decisions)}]
    for d in costly:
        text = (_("%(position)s: you chose %(chosen)s, best was %(best)s (cost %(cost)s %(measure)s)")
                % {"position": say(d.position), "chosen": say(d.chosen), "best": say(d.best),
                   "cost": num.text(f"{d.loss:.4g}"), "measure": say(d.measure.replace("_", " "))})
        lines += textwrap.wrap(text, width=WIDTH, initial_indent="  ", subsequent_indent="    ")
    by_measure: dict[str, float] = {}
    for d in costly:
        by_measure[d.measure] = by_measure.get(d.measure, 0.0) + d.loss
    lines.append("  " + _("total cost:") + " " + ", ".join(f"{num.text(f'{v:.4g}')} {say(k.replace('_', ' '))}"
                                                           for k, v in by_measure.items()))
    return lines


def readable(value: object) -> str:
    """A JSON value as a player reads it: lists as words, objects as "key value" pairs, no quotes or braces."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {readable(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return " ".join(readable(v) for v in value) or "none"
    if value is None or value == "":
        return "-"
    return str(value)


def action_text(action: Mapping) -> str:
    """An action as one short phrase: its type, then its other fields ("keep keep=1,5")."""
    rest = [f"{k}={','.join(map(str, v)) if isinstance(v, (list, tuple)) else v}"
            for k, v in action.items() if k != "type"]
    return " ".join([str(action.get("type", "?")), *rest])


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, width=WIDTH, initial_indent="  ", subsequent_indent="    ") or [""]


def default_game(name: str, face: GameFace[Any]) -> TerminalGame:
    """The terminal view of a game that has no command module: the first paragraph of its face's docstring
    as the rules, its state's data and legal actions before each move, the tally after each game."""
    doc = (face.__doc__ or "").strip().split("\n\n")[0]
    rules = tuple(textwrap.wrap(f"{name}: {' '.join(doc.split())}" if doc else name, width=WIDTH))

    def render(state) -> list[str]:
        lines = [line for key, value in state.data.items() for line in _wrapped(f"{key}: {readable(value)}")]
        legal = face.actions(state)
        return lines + _wrapped("moves: " + "; ".join(action_text(a) for a in legal))

    def summary(state) -> list[str]:
        return _wrapped(f"tally: {readable(state.tally)}")

    return TerminalGame(face=face, rules=rules, keys="a move as the game reads it (the moves are listed)",
                        render=render, prompt=lambda state: "move?", summary=summary)


def parse_options(pairs: Sequence[str], flag: str = "--option") -> dict:
    """Session options from KEY=VALUE words; VALUE is read as JSON when it is JSON (15, true, [1, 2]), else text."""
    options: dict = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise InputError(f"{flag} is KEY=VALUE, got {pair!r:.40}")
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        options[key.strip()] = value
    return options
