"""The quick lane (issue 38): the commonest verbs read and printed without typer and rich. Its options are the
typer command's, and what it prints is what the whole command line prints, for the same arguments."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import TextIO

import pytest
from typer.testing import CliRunner

from holdwise.cli import app, quick
from holdwise.cli.plain import Table, take_language

runner = CliRunner()
UNLIKE = "ordinary,lucky,odd,kings,misfortune,devils-head"


def _command(group: str, name: str):  # noqa: ANN202 (a click command)
    from holdwise.cli._root import RootGroup

    root = RootGroup(name="holdwise")
    sub = root.get_command(None, group)
    return sub.get_command(None, name)


@pytest.mark.parametrize("verb", sorted(quick.VERBS), ids=" ".join)
def test_a_verbs_options_are_its_typer_commands(verb):
    params = {opt: p for p in _command(*verb).params for opt in p.opts}
    spec = quick.VERBS[verb]
    for name in spec.values:
        assert name in params and not params[name].is_flag and params[name].nargs == 1, name
    for name in spec.flags:
        assert name in params and params[name].is_flag and not params[name].secondary_opts, name
    # what the lane leaves to the whole command line is named by the command (help aside): no option is lost
    left = {o for o in params if o not in spec.values | spec.flags}
    assert left <= {"--plot"}, left


@pytest.mark.parametrize("args, read", [
    (["farkle", "turn"], {}),
    (["farkle", "turn", "--dice", "kings*6", "--json"], {"--dice": "kings*6", "--json": True}),
    (["farkle", "turn", "--dice=lucky*6", "--all"], {"--dice": "lucky*6", "--all": True}),
    (["farkle", "turn", "--dice", "--json"], {"--dice": "--json"}),  # a value is taken as given, as click does
])
def test_read_takes_the_options_it_knows(args, read):
    found = quick.read(args)
    assert found is not None and found[0] is quick.VERBS[("farkle", "turn")] and found[1] == read


@pytest.mark.parametrize("args", [
    ["farkle"], ["farkle", "hint"], ["dice-poker", "turn"], ["turn", "farkle"],
    ["farkle", "turn", "--help"], ["farkle", "turn", "-h"], ["farkle", "turn", "--plot", "x.png"],
    ["farkle", "turn", "--dice"], ["farkle", "turn", "--dice", "a", "--dice", "b"], ["farkle", "turn", "--all=1"],
    ["farkle", "turn", "extra"], ["farkle", "turn", "--json", "--json"], ["farkle", "turn", "--"],
    ["farkle", "turn", "--dic", "kings*6"],
], ids=" ".join)
def test_read_hands_over_anything_else(args):
    assert quick.read(args) is None


def test_run_hands_over_before_importing_when_the_verb_is_not_there():
    assert quick.run(["dice-poker", "--table", "B"]) is None
    assert quick.run([]) is None


@pytest.mark.parametrize("args", [
    ["farkle", "turn"],
    ["farkle", "turn", "--dice", "kings*6"],
    ["farkle", "turn", "--dice", UNLIKE],
    ["farkle", "turn", "--dice", UNLIKE, "--all"],
    ["farkle", "turn", "--dice", "lucky,ordinary*5", "--json"],
    ["--lang", "sk", "farkle", "turn", "--dice", "kings*6"],
    ["farkle", "turn", f"--dice={UNLIKE}", "--lang=cs"],
], ids=" ".join)
def test_the_lane_prints_what_the_whole_command_line_prints(args, capsys):
    assert quick.run(args) == 0
    fast = capsys.readouterr()
    rest, lang = take_language(args)
    whole = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert whole.exit_code == 0, whole.output
    assert fast.out == whole.stdout and fast.err == ""
    assert max(len(line) for line in fast.out.splitlines()) <= 80
    assert ("Farkle" in fast.out) is ("--json" not in args)


def test_bad_input_goes_to_the_whole_command_line_with_nothing_printed(capsys):
    assert quick.run(["farkle", "turn", "--dice", "kings*5"]) is None
    assert capsys.readouterr() == ("", "")


def _holdwise(*args: str) -> subprocess.CompletedProcess[str]:
    code = ("import atexit, sys\n"
            "atexit.register(lambda: sys.stderr.write('loaded: ' + ' '.join(sorted({m.split('.')[0] for m in "
            "sys.modules} & {'typer', 'rich', 'click'})) + '\\n'))\n"
            f"sys.argv = ['holdwise', *{list(args)!r}]\n"
            "from holdwise.cli import main\n"
            "main()\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "80"})


def test_a_process_running_the_lane_loads_neither_typer_nor_rich():
    done = _holdwise("farkle", "turn", "--dice", "kings*6")
    assert done.returncode == 0 and "points expected" in done.stdout
    assert done.stderr.splitlines()[-1] == "loaded: "
    # the same check sees them where the whole command line runs: the help, and an error it words
    helped = _holdwise("farkle", "turn", "--help")
    assert helped.returncode == 0 and "--dice" in helped.stdout
    assert "typer" in helped.stderr.splitlines()[-1]
    bad = _holdwise("farkle", "turn", "--dice", "kings*5")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines()[0] == "error: --dice needs 6 dice, got 5"


def test_a_table_narrows_its_wrapping_column_to_the_width():
    t = Table()
    t.add_column("n", justify="right", no_wrap=True)
    t.add_column("words")
    t.add_row(7, "alpha beta gamma delta")
    assert t.lines(80) == ["┏━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┓",
                           "┃ n ┃ words                  ┃",
                           "┡━━━╇━━━━━━━━━━━━━━━━━━━━━━━━┩",
                           "│ 7 │ alpha beta gamma delta │",
                           "└───┴────────────────────────┘"]
    narrow = t.lines(20)
    assert [len(line) for line in narrow] == [20] * len(narrow)
    assert narrow[3:6] == ["│ 7 │ alpha beta   │", "│   │ gamma delta  │", "└───┴──────────────┘"]
    # a column that may not wrap keeps its width even past the line's; a word too long for any width is cut
    t.add_row(123456789012345678901234, "x")
    assert len(t.lines(20)[0]) > 20
    cut = Table()
    cut.add_column("w")
    cut.add_row("abcdefghij")
    assert cut.lines(7)[3:5] == ["│ abc │", "│ def │"]


def test_bold_headings_only_when_asked():
    t = Table()
    t.add_column("head")
    t.add_row("cell")
    assert "\x1b[1mhead\x1b[0m" in t.lines(80, bold_head=True)[1]
    assert "\x1b" not in "".join(t.lines(80))
    with pytest.raises(ValueError, match="2 cells in a table of 1"):
        t.add_row("a", "b")


@pytest.mark.parametrize("given, threads", [(None, 1), ("2", 2)])
def test_the_command_line_starts_one_blas_thread_unless_told(given, threads):
    # OpenBLAS's threads, started for each core when NumPy loads, cost every command time and CPU (cli.main)
    code = ("import sys\n"
            "sys.argv = ['holdwise', 'farkle', 'turn', '--json']\n"
            "from holdwise.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "from threadpoolctl import threadpool_info\n"
            "print('threads', sorted({p['num_threads'] for p in threadpool_info() if p['user_api'] == 'blas'}))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == f"threads [{threads}]"


def test_run_reads_nothing_when_no_verb_of_the_lane_is_there(monkeypatch):
    from holdwise.cli import plain

    def never(args: list[str]) -> tuple[list[str], str]:
        raise AssertionError("the line was read")

    monkeypatch.setattr(plain, "take_language", never)  # not even the language is read: nothing is imported
    for args in (["dice-poker", "--table", "B"], ["farkle"], ["turn", "farkle"], []):
        assert quick.run(args) is None


def test_the_language_option_is_taken_wherever_it_stands(monkeypatch):
    monkeypatch.setenv("LC_ALL", "sk_SK.UTF-8")
    assert take_language(["farkle", "turn"]) == (["farkle", "turn"], "sk")  # the environment's, when not given
    assert take_language(["--lang", "cs", "farkle", "turn"]) == (["farkle", "turn"], "cs")
    assert take_language(["farkle", "--lang=en", "turn"]) == (["farkle", "turn"], "en")
    assert take_language(["--lang=cs=x"]) == ([], "en")
    assert take_language(["turn", "--lang=cs"]) == (["turn"], "cs")  # the whole text after the first `=`: no language
    assert take_language(["farkle", "turn", "--lang"]) == (["farkle", "turn"], "en")  # given empty: English
    # after `--` every argument is the command's, `--lang` too
    assert take_language(["farkle", "--", "--lang", "cs"]) == (["farkle", "--", "--lang", "cs"], "sk")


def test_json_is_printed_indented_by_two():
    import io

    from holdwise.cli.plain import emit_json

    out = io.StringIO()
    emit_json({"a": [1]}, out)
    assert out.getvalue() == '{\n  "a": [\n    1\n  ]\n}\n'


@contextlib.contextmanager
def _terminal(columns: int) -> Iterator[TextIO]:
    """A file on a pseudo-terminal `columns` wide (its other end held open meanwhile)."""
    import fcntl
    import struct
    import termios

    main_fd, side_fd = os.openpty()
    fcntl.ioctl(side_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        with os.fdopen(side_fd, "w") as side:
            yield side
    finally:
        os.close(main_fd)


def test_width_and_bold_follow_the_terminal(monkeypatch):
    import io

    from holdwise.cli.plain import WIDTH, bold, width

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert WIDTH == 80 and width(io.StringIO()) == 80 and not bold(io.StringIO())  # piped: 80 columns, plain
    with _terminal(100) as wide, _terminal(20) as narrow:
        assert width(wide) == 100 and width(narrow) == 40  # the terminal's width, at least 40
        assert bold(wide)
        monkeypatch.setenv("NO_COLOR", "1")
        assert not bold(wide)
    closed = io.StringIO()
    closed.close()
    assert width(closed) == 80 and not bold(closed)  # a stream that cannot say: piped


def test_text_wraps_between_words_and_keeps_hyphenated_words_whole():
    from holdwise.cli.plain import Column, wrap

    assert wrap("aaaa-bbbb cc\n\nd", 9) == ["aaaa-bbbb", "cc", "", "d"]
    assert wrap("aaaa-bbbb cc", 7) == ["aaaa-bb", "bb cc"]  # a word too long is cut, not broken at its hyphen
    assert wrap("", 9) == [""]
    assert Column("h").no_wrap is False and Column("h").justify == "left"


def test_narrowing_takes_the_widest_wrapping_column_first_down_to_its_longest_word():
    t = Table()
    t.add_column("abcdefghij klm")
    t.add_column("aa bb cc dd ee ff")
    assert t._widths(25) == [10, 8]  # 14 + 17 + 7 = 38 columns: 13 taken, the second column past the first's word
    blank = Table()
    blank.add_column("aa bb")
    blank.add_column("   ")  # a column with no word at all may narrow to 1
    assert blank._widths(7 + 3) == [2, 1]
    assert blank._widths(7 + 2) == [1, 1]  # then past the words, never below one column
    even = Table()
    even.add_column("a b c d e f g")
    even.add_column("a b c")
    assert even._widths(7 + 14) == [9, 5]  # the widest first
    hyphen = Table()
    hyphen.add_column("w")
    hyphen.add_row("aaaa-bbbb cc")
    assert hyphen.lines(13)[3:5] == ["│ aaaa-bbbb │", "│ cc        │"]
    assert hyphen.lines(11)[3:5] == ["│ aaaa-bb │", "│ bb cc   │"]  # a hyphen is not a place to break
    cut = Table()
    cut.add_column("abcdefghij")
    assert cut._widths(5) == [1]  # past every word: down to one column


def test_a_stream_without_box_characters_gets_ascii_tables_and_question_marks():
    import io

    from holdwise.cli.plain import boxes, write_lines

    t = Table()
    t.add_column("n", justify="right", no_wrap=True)
    t.add_column("words")
    t.add_row(7, "alpha")
    assert t.lines(80, ascii_only=True) == ["+-----------+",
                                           "| n | words |",
                                           "|---+-------|",
                                           "| 7 | alpha |",
                                           "+-----------+"]
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert boxes(io.TextIOWrapper(io.BytesIO(), encoding="utf-8")) and not boxes(ascii_out)
    write_lines(["Ťah ┃ 7", "ok"], ascii_out)
    ascii_out.flush()
    assert ascii_out.buffer.getvalue() == b"?ah ? 7\nok\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "sk"])
def test_both_lanes_print_to_an_ascii_terminal_alike(lang):
    # PYTHONIOENCODING=ascii: rich drew such tables in ASCII; a letter the stream lacks is a '?', not a traceback
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "80"}
    args = ["--lang", lang, "farkle", "turn", "--dice", UNLIKE]
    code = "import sys; sys.argv = ['holdwise', *sys.argv[1:]]; from holdwise.cli{} import main; main()"
    lane, whole = (subprocess.run([sys.executable, "-c", code.format(m), *args], capture_output=True, timeout=300,
                                  env=env) for m in ("", "._root"))
    assert lane.returncode == whole.returncode == 0, (lane.stderr, whole.stderr)
    assert lane.stdout == whole.stdout and lane.stdout.isascii()
    assert b"\n+------" in lane.stdout and b"\n|----" in lane.stdout and b"-+-" in lane.stdout
