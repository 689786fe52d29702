"""Plain terminal output without typer or rich: boxed tables, wrapped lines, JSON, the language option."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

from .. import i18n

__all__ = ["WIDTH", "Column", "Table", "boxes", "bold", "emit_json", "take_language", "width", "wrap", "write_lines"]

WIDTH = 80  # human output fits an 80-column terminal; a wider terminal gets its own width


def width(stream: TextIO | None = None) -> int:
    """The columns to fill: the terminal's (at least 40), or WIDTH when the output is piped."""
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            return max(40, os.get_terminal_size(stream.fileno()).columns)
    except (AttributeError, OSError, ValueError):  # a stream with no terminal behind it
        pass
    return WIDTH


def bold(stream: TextIO | None = None) -> bool:
    """Whether headings are printed bold: on a terminal, unless NO_COLOR is set (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    try:
        return stream.isatty() and not os.environ.get("NO_COLOR")
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


_BOX_CHARACTERS = "┏━┳┓┃┡╇┩│└─┴┘"


def _encoding(stream: TextIO) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def boxes(stream: TextIO | None = None) -> bool:
    """Whether the stream's encoding has the box-drawing characters (else tables are drawn in ASCII)."""
    stream = sys.stdout if stream is None else stream
    try:
        _BOX_CHARACTERS.encode(_encoding(stream))
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def write_lines(lines: list[str], stream: TextIO | None = None) -> None:
    """Write lines, a character the stream's encoding lacks written as '?' (an ASCII terminal still reads the
    rest) rather than failing."""
    stream = sys.stdout if stream is None else stream
    text = "".join(f"{line}\n" for line in lines)
    encoding = _encoding(stream)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = text.encode(encoding, "replace").decode(encoding)
    except LookupError:
        pass
    stream.write(text)


def wrap(text: str, columns: int) -> list[str]:
    """A text as lines of at most `columns`, broken between words (each of its own lines apart)."""
    lines: list[str] = []
    for line in text.splitlines() or [""]:
        lines += textwrap.wrap(line, columns, break_on_hyphens=False) or [""]
    return lines


# plain classes, not dataclasses: making a dataclass costs about half a millisecond of a new process
class Column:
    """A table column: its header, how its cells stand ("left" or "right"), whether they may break onto more
    lines."""

    __slots__ = ("header", "justify", "no_wrap")

    def __init__(self, header: str, justify: str = "left", no_wrap: bool = False) -> None:
        self.header, self.justify, self.no_wrap = header, justify, no_wrap


class Table:
    """A table drawn in box characters (a heavy head over light rows), narrowed to the width by wrapping the
    columns that may wrap: the look of the tables the rest of the command line prints, without loading rich."""

    def __init__(self) -> None:
        self.columns: list[Column] = []
        self.rows: list[list[str]] = []

    def add_column(self, header: str, justify: str = "left", no_wrap: bool = False) -> None:
        """Add a column."""
        self.columns.append(Column(header, justify, no_wrap))

    def add_row(self, *cells: object) -> None:
        """Add a row, one cell a column (anything, shown as its str)."""
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(self.columns)} columns")
        self.rows.append([str(c) for c in cells])

    def _widths(self, columns: int) -> list[int]:
        """Each column's inner width: its widest cell, the wrapping columns narrowed (widest first, down to
        their longest word, then further) until the table fits `columns`."""
        cells = [(c.header, *(r[i] for r in self.rows)) for i, c in enumerate(self.columns)]
        widths = [max(len(line) for cell in col for line in cell.splitlines() or [""]) for col in cells]
        words = [max((len(w) for cell in col for w in cell.split()), default=1) for col in cells]
        excess = sum(widths) + 3 * len(self.columns) + 1 - columns  # a bar and a space either side of a cell
        wrapping = [i for i, c in enumerate(self.columns) if not c.no_wrap]
        for floors in (words, [1] * len(widths)):
            while excess > 0:
                room = [i for i in wrapping if widths[i] > floors[i]]
                if not room:
                    break
                widths[max(room, key=lambda i: widths[i])] -= 1
                excess -= 1
        return widths

    def lines(self, columns: int = WIDTH, bold_head: bool = False, ascii_only: bool = False) -> list[str]:
        """The table as lines of at most `columns` where its unbreakable columns allow (in `+`, `-` and `|`
        with ascii_only, as rich draws a table for a stream that has no box characters)."""
        widths = self._widths(columns)

        def block(cells: Sequence[str], bar: str, bold: bool) -> list[str]:
            wrapped = [wrap(text, w) for text, w in zip(cells, widths)]
            out = []
            for k in range(max(len(w) for w in wrapped)):
                parts = []
                for col, w, cell in zip(self.columns, widths, wrapped):
                    text = cell[k] if k < len(cell) else ""
                    text = text.rjust(w) if col.justify == "right" else text.ljust(w)
                    parts.append(f"\x1b[1m{text}\x1b[0m" if bold and text.strip() else text)
                out.append(bar + bar.join(f" {p} " for p in parts) + bar)
            return out

        def rule(left: str, fill: str, cross: str, right: str) -> str:
            return left + cross.join(fill * (w + 2) for w in widths) + right

        if ascii_only:
            top, head, under, bar, bottom = (rule("+", "-", "-", "+"), "|", rule("|", "-", "+", "|"), "|",
                                              rule("+", "-", "-", "+"))
        else:
            top, head, under, bar, bottom = (rule("┏", "━", "┳", "┓"), "┃", rule("┡", "━", "╇", "┩"), "│",
                                              rule("└", "─", "┴", "┘"))
        out = [top, *block([c.header for c in self.columns], head, bold_head), under]
        for row in self.rows:
            out += block(row, bar, False)
        out.append(bottom)
        return out


def emit_json(data: object, stream: TextIO | None = None) -> None:
    """Print a result (anything with to_json(), or plain data) as JSON; never prints NaN or Infinity."""
    from ..games.base import to_jsonable

    (sys.stdout if stream is None else stream).write(json.dumps(to_jsonable(data), indent=2, allow_nan=False) + "\n")


def take_language(args: list[str]) -> tuple[list[str], str]:
    """The arguments without `--lang X` (or `--lang=X`, wherever it stands), and the language it names, else
    the environment's (English when neither names one of holdwise's)."""
    rest: list[str] = []
    chosen: str | None = None
    it = iter(args)
    for arg in it:
        if arg == "--":
            rest += [arg, *it]
            break
        if arg == "--lang":
            chosen = next(it, None) or ""
        elif arg.startswith("--lang="):
            chosen = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return rest, i18n.pick(chosen if chosen is not None else i18n.from_environment())
