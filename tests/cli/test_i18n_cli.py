"""The command line in Slovak and Czech (issue 44): --lang wherever it stands, else LC_ALL/LC_MESSAGES/LANG; the
help, one command per game and the errors in each language within 80 columns; the dice-poker depth report in the
article's Slovak terms with the English report's numbers written with commas."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from holdwise import i18n
from holdwise.cli import app, game_modules

runner = CliRunner()
LANGS = ("sk", "cs")
# one quick command per game (the work of each is small or shared with the other language's run)
COMMANDS = {
    "dice-poker": ["dice-poker", "--rules", "B"],
    "farkle": ["farkle", "turn"],
    "video-poker": ["video-poker", "games"],
    "poker-dice": ["poker-dice", "odds"],
    "dice-duel": ["dice-duel", "solve"],
    "liars-dice": ["liars-dice", "solve", "--faces", "2"],
    # one box left: the hint needs no table of the whole game
    "yahtzee": ["yahtzee", "hint", "--card", "ones=3,twos=6,threes=9,fours=12,fives=15,3k=20,4k=20,fh=25,ss=30,ls=40,"
                "y=50,c=20", "66666", "--rolls-left", "0"],
}


def run(*args: str, env: dict[str, str] | None = None):
    base = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    return runner.invoke(app, list(args), env={**base, **(env or {})})


def fits(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > 80]


def test_every_game_has_a_command_here():
    assert set(COMMANDS) == set(game_modules())


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_of_every_group_in_the_language_within_80_columns(lang):
    words = {"sk": ("Použitie:", "Voľby", "Ukáže túto správu a skončí."),
             "cs": ("Použití:", "Volby", "Ukáže tuto zprávu a skončí.")}[lang]
    for group in [None, *game_modules(), "sweep"]:
        result = run(*([group] if group else []), "--help", "--lang", lang)
        assert result.exit_code == 0, (group, result.output)
        assert all(word in result.output for word in words), (group, result.output[:400])
        assert fits(result.output) == [], group
    assert "Jazyk výstupu" in run("--lang", lang, "--help").output or lang == "cs"
    # the sweeps' own help too, each subcommand's within 80 columns
    assert {"sk": "Prehľady: každá tabuľka", "cs": "Přehledy: každá tabulka"}[lang] in run("sweep", "--help", "--lang", lang).output
    for sub in ("show", "dice-poker", "video-poker", "farkle-loadouts", "farkle-ranking"):
        result = run("sweep", sub, "--help", "--lang", lang)
        assert result.exit_code == 0 and fits(result.output) == [], (sub, result.output)
    # the generic hint's fields: their words, the default apart, and the help option of a subcommand
    hint = run("yahtzee", "hint", "--help", "--lang", lang).output
    assert {"sk": "ešte povolené prehodenia", "cs": "ještě povolená přehození"}[lang] in hint
    assert {"sk": "Predvolené: 2.", "cs": "Výchozí: 2."}[lang] in hint and words[2] in hint and fits(hint) == []
    show = run("sweep", "show", "--help", "--lang", lang).output
    assert {"sk": "Súbor výsledkov.", "cs": "Soubor výsledků."}[lang] in show and words[0] in show and "Usage:" not in show


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(COMMANDS))
def test_one_command_per_game_in_each_language_within_80_columns(game, lang):
    result = run(*COMMANDS[game], "--lang", lang)
    assert result.exit_code == 0, result.output
    assert fits(result.output) == []


NUMBER = re.compile(r"\d+(?:[.,\u00a0]\d+)*\s?%?")


def numbers(text: str, lang: str) -> list[str]:
    """The numbers of a report in the English way of writing them."""
    found = [n.strip() for n in NUMBER.findall(text)]
    if lang == "en":
        return [n.replace(" ", "").replace(",", "") for n in found]
    return [n.replace("\u00a0", "").replace(" ", "").replace(",", ".") for n in found]


def test_the_depth_report_in_slovak_has_the_articles_terms_and_the_same_numbers_with_commas():
    args = ["dice-poker", "--rules", "B", "--frequencies", "--diff"]
    english, slovak = run(*args).output, run(*args, "--lang", "sk").output
    for term in ("päťka", "štvorica", "full house", "postupka", "trojica", "dva páry", "pár", "optimum", "b. b.",
                 "náhodou", "pravidlo", "bez prehadzovania"):
        assert term in slovak, term
    assert "3,3295" in slovak and "96,8\u00a0%" in slovak and "4,21\u00a0%" in slovak and "7\u00a0776" in slovak
    assert "3.3295" not in slovak and "7,776" not in slovak
    assert numbers(slovak, "sk") == numbers(english, "en") and len(numbers(english, "en")) > 60
    assert fits(slovak) == []


@pytest.mark.parametrize(("lang", "words"), [
    ("sk", ("Prepadnutie:", "Horúce kocky:", "Žolík:", "Tri a viac rovnakých", "Pomenované kocky")),
    ("cs", ("Propadnutí:", "Horké kostky:", "Žolík:", "Tři a více stejných", "Pojmenované kostky")),
])
def test_the_farkle_rules_sheet_in_the_language_with_the_english_numbers(lang, words):
    """The rules sheet as printed (issue 44): its words translated, every figure the English sheet's, 80 columns."""
    english, local = run("farkle", "rules").output, run("farkle", "rules", "--lang", lang).output
    assert all(word in local for word in words), local[:600]
    assert "1\u00a0000" in local and "16,7" in local and "1,000" not in local
    # the same figures in the same order from the singles on (the rules' sentences may say a number in words; the
    # chances' unit moves to the title where the language spaces it)
    def figures(text: str, lang: str) -> list[str]:
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if i and not line.startswith(("- ", "  ")))
        return [n.rstrip("%") for n in numbers("\n".join(lines[start:]), lang)]

    assert figures(local, lang) == figures(english, "en") and len(figures(english, "en")) > 300
    assert fits(local) == []


@pytest.mark.parametrize(("env", "word"), [
    ({"LANG": "sk_SK.UTF-8"}, "tabuľka"), ({"LANG": "sk_SK.UTF-8", "LC_MESSAGES": "cs_CZ.UTF-8"}, "tabulka"),
    ({"LANG": "cs_CZ.UTF-8", "LC_ALL": "C.UTF-8"}, "table"), ({"LANG": "de_DE.UTF-8"}, "table"),
])
def test_the_language_from_the_environment(env, word):
    result = run("dice-poker", "--rules", "I", env=env)
    assert result.exit_code == 0 and re.search(rf"^{word}\b", result.output, re.M), result.output


def test_lang_anywhere_beats_the_environment_and_an_unknown_one_is_english():
    assert "tabulka" in run("--lang=cs", "dice-poker", "--rules", "I", env={"LANG": "sk_SK.UTF-8"}).output
    result = run("dice-poker", "--lang", "xx", "--rules", "I", env={"LANG": "sk_SK.UTF-8"})
    assert result.exit_code == 0 and "optimum" in result.output and "tabuľka" not in result.output
    assert i18n.current.get() == "en"  # the run's language ended with the run


@pytest.mark.parametrize(("lang", "line"), [
    ("sk", "chyba: --tie musí byť 'higher' alebo 'lower', zadané 'x'"),
    ("cs", "chyba: --tie musí být 'higher' nebo 'lower', zadáno 'x'"),
    ("en", "error: --tie must be 'higher' or 'lower', got 'x'"),
])
def test_errors_in_the_language_one_line_exit_2(lang, line):
    result = run("dice-poker", "--tie", "x", "--lang", lang)
    assert result.exit_code == 2 and result.output.strip() == line


@pytest.mark.parametrize("lang", LANGS)
def test_a_dice_poker_game_in_the_language_within_80_columns(lang):
    result = runner.invoke(app, ["dice-poker", "play", "--seed", "4294967295", "--lang", lang], input="all\nq\n")
    assert result.exit_code == 0, result.output
    assert fits(result.output) == []
    pays = {"sk": "päťka 10, štvorica 6, full 4, postupka 3, trojica 2, 2 páry 1, pár 0,5",
            "cs": "pětice 10, čtveřice 6, full 4, postupka 3, trojice 2, 2 páry 1, pár 0,5"}[lang]
    assert pays in result.output


def test_the_yahtzee_hint_table_in_slovak_with_commas():
    """The same ranking as in English, the heads in Slovak and the decimals with a comma."""
    sk = run("yahtzee", "hint", "1 1 5 3 2", "--lang", "sk").output
    en = run("yahtzee", "hint", "1 1 5 3 2", "--lang", "en").output
    assert "očakávané konečné body" in sk and "zostávajúce hody: 2" in sk and fits(sk) == []
    assert "249.9381" in en and "249,9381" in sk and "249.9381" not in sk


def test_the_poker_dice_odds_in_czech_with_the_same_numbers():
    cs = run("poker-dice", "odds", "--lang", "cs").output
    en = run("poker-dice", "odds", "--lang", "en").output
    assert "7\u00a0776 hodů" in cs and "0,0772\u00a0%" in cs and fits(cs) == []
    assert "7,776 rolls" in en and "0.0772%" in en


def test_the_liars_dice_hint_in_czech():
    cs = run("liars-dice", "hint", "1", "--faces", "2", "--lang", "cs").output
    assert "vaše kostky 1; sázky: (zatím žádné)" in cs and "hodnota" in cs and "0,333" in cs and fits(cs) == []
    assert "0.333" in run("liars-dice", "hint", "1", "--faces", "2", "--lang", "en").output


def test_the_dice_duel_hint_in_slovak():
    args = ("dice-duel", "hint", "6 6 2 3 1", "--opponent-dice", "5,5,4,4,1", "--seat", "first", "--stage", "bet")
    sk = run(*args, "--lang", "sk").output
    assert "vy (prvé miesto) 1 2 3 6 6 proti 1 4 4 5 5: stávky po hode" in sk and "-0,294925" in sk and fits(sk) == []
    assert "-0.294925" in run(*args, "--lang", "en").output


# a game at the terminal: its rules, its log, the hint and the review (h shows the hint; then one move, then q)
PLAYS = {
    "yahtzee": (["yahtzee", "play", "--seed", "3"], "h\nkeep 2 2 2\nroll\nq\n"),
    "dice-poker": (["dice-poker", "play", "--seed", "4"], "h\n6 6\nall\nq\n"),
    "poker-dice": (["poker-dice", "play", "--seed", "3"], "h\nall\nq\n"),
    "dice-duel": (["dice-duel", "play", "--seed", "3"], "h\nb\n\nq\n"),
    "liars-dice": (["liars-dice", "play", "--seed", "3", "--faces", "2"], "h\n1x2\nliar\nq\n"),
}
# English words of the games' own lines (a log line or an option left untranslated would show them)
GAME_WORDS = re.compile(r"\b(you|roll|rolls|rolled|keep|kept|turn|computer|bid|bids|stands|wins|win|best first|"
                        r"review|loss|tally|duel \d+:|round \d+:)\b")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(PLAYS))
def test_a_game_at_the_terminal_in_the_language_within_80_columns(game, lang):
    args, typed = PLAYS[game]
    result = runner.invoke(app, [*args, "--lang", lang], input=typed)
    assert result.exit_code == 0, result.output
    assert fits(result.output) == []
    # the words typed at the prompts stay English (keep 5 5, all, none, liar, c/b/r/f) and are shown as keys
    shown = re.sub(r"\b(keep 5 5|keep 6 6 2|liar|roll|all|none|Enter|check|bet|call|raise|fold|h|q)\b", "", result.output)
    assert GAME_WORDS.findall(shown.split("\n", 3)[-1]) == []
    english = runner.invoke(app, [*args, "--lang", "en"], input=typed).output
    assert GAME_WORDS.search(english)  # the check can see English


@pytest.mark.parametrize(("lang", "line"), [
    ("sk", "chyba: --seed musí byť celé číslo 0 až 9\u00a0223\u00a0372\u00a0036\u00a0854\u00a0775\u00a0807, zadané -1"),
    ("cs", "chyba: HAND musí být hodnoty 1 až 3, zadáno '9'"),
    ("en", "error: HAND must be faces 1 to 3, got '9'"),
])
def test_a_games_own_input_error_in_the_language_one_line_exit_2(lang, line):
    """The game's reason after the flag or argument, in the language; the name as the command line says it."""
    args = ["farkle", "play", "--seed", "-1"] if lang == "sk" else ["liars-dice", "hint", "9"]
    result = run(*args, "--lang", lang)
    assert result.exit_code == 2 and result.output.strip() == line


@pytest.mark.parametrize(("lang", "words"), [
    ("sk", ("Trénerská tabuľka Farkle", "body ťahu, celý rozsah", "1\u00a0200", "hádzať ďalej")),
    ("cs", ("Trenérská tabulka Farkle", "body tahu, celý rozsah", "1\u00a0200", "házet dál")),
    ("en", ("Farkle coaching table", "turn total, whole range", "1,200", "roll on")),
])
def test_a_plot_in_the_language_with_its_number_signs(tmp_path, lang, words):
    """The SVG's texts (matplotlib writes each as a comment beside its path): title, axes, legend, tick labels."""
    path = tmp_path / "coaching.svg"
    result = run("farkle", "turn", "--plot", str(path), "--lang", lang)
    assert result.exit_code == 0, result.output
    texts = set(re.findall(r"<!-- (.*?) -->", path.read_text()))
    assert all(any(w in t for t in texts) for w in words), sorted(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_farkle_reports_findings_in_the_language(lang):
    """The findings are the report's English sentences (its JSON's), printed in the language with its numbers."""
    result = run("farkle", "report", "--target", "1000", "--lang", lang)
    assert result.exit_code == 0, result.output
    findings = result.output[result.output.index({"sk": "Zistenia:", "cs": "Zjištění:"}[lang]):]
    assert re.findall(r"\b(never|bank|banks|roll|rolls|when|while|the|heat maps|opponent)\b", findings, re.I) == []
    assert re.search(r"\d,\d \u00a0?%|\d,\d\u00a0%", findings) and fits(result.output) == []


@pytest.mark.parametrize(("lang", "words"), [
    ("sk", ("návratnosť 0,99543904 (99,5439\u00a0%) pri", "kráľovská postupka", "dolníky a vyššie")),
    ("cs", ("návratnost 0,99543904 (99,5439\u00a0%) při", "královská postupka", "kluci a výš")),
])
def test_video_pokers_return_table_and_strategy_report_in_the_language(lang, words):
    """The English report's digits with the language's signs, its hand names, and the chart report within 80."""
    result = run("video-poker", "return", "--lang", lang)
    assert result.exit_code == 0 and all(w in result.output for w in words) and fits(result.output) == []
    assert "0.99543904 (99.5439%) with" in run("video-poker", "return", "--lang", "en").output
    report = run("video-poker", "strategy", "--lang", lang)
    assert report.exit_code == 0 and fits(report.output) == []
    assert {"sk": "najlepšia základná stratégia", "cs": "nejlepší základní strategie"}[lang] in report.output


def _every_command():
    """(path, click command) of every command and group of the command line, subcommands loaded."""
    import typer.main

    def walk(command, path):
        yield path, command
        if hasattr(command, "list_commands"):  # a group (typer may vendor click: no isinstance)
            ctx = command.context_class(command)
            for name in command.list_commands(ctx):
                yield from walk(command.get_command(ctx, name), [*path, name])

    return list(walk(typer.main.get_command(app), ["holdwise"]))


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_text_of_every_command_is_in_the_language(lang):
    # every command's help, its one-line summary in its group's list and every option's and argument's help:
    # none left in English (a help made of pieces, a generic hint's, a command registered apart included)
    from holdwise.cli._common import translate_help

    english = []
    try:
        i18n.set_language(lang)
        for path, command in _every_command():
            translate_help(command)
            for item in (command, *command.params):
                for attr in ("help", "short_help"):
                    source = item.__dict__.get(f"_english_{attr}")
                    if attr == "short_help" and item is command and not source:
                        source = command.__dict__.get("_english_help")  # the summary made from the help
                    shown = getattr(item, attr, None)
                    flat = " ".join(str(shown).split())
                    if source and shown and re.search("[a-z]", source) and flat in " ".join(source.split()):
                        english.append((" ".join(path), getattr(item, "name", ""), attr, source[:60]))
    finally:
        i18n.set_language("en")
    assert english == []


def test_a_group_lists_each_command_in_one_wrapped_paragraph():
    # typer keeps a docstring's line breaks in a group's list of commands: they fell mid-line there
    # ("...over both scores," then "the disagreements..." on a line of its own); the summary is one paragraph
    # the table wraps to its width
    listed = run("farkle", "--help").output
    assert "over both scores, the disagreements" in listed and fits(listed) == []
    assert "the disagreements and their cost" in run("farkle", "report", "--help").output  # its own help: as before


@pytest.mark.parametrize("lang", LANGS)
def test_hints_say_the_plays_and_the_seat_in_the_language(lang):
    # Yahtzee's plays said as the games write them (a box by the key one types, as docs/reference/glossary.md
    # says; "score sixes" and "keep 5" were shown in English), poker dice's seat ("chance to win the duel moving
    # first" was)
    card = "ones=3 twos=6 fh=25 ss=30 y=50 chance=22"
    boxes = run("yahtzee", "hint", "6 6 6 2 2", "--rolls-left", "0", "--card", card, "--lang", lang).output
    assert {"sk": "zapísať sixes (18)", "cs": "zapsat sixes (18)"}[lang] in boxes and "score" not in boxes
    keeps = run("yahtzee", "hint", "1 1 5 3 2", "--rolls-left", "2", "--lang", lang).output
    assert {"sk": "nechať 5", "cs": "nechat 5"}[lang] in keeps and "keep" not in keeps
    seat = run("poker-dice", "hint", "1 1 3 4 6", "--rolls-left", "2", "--lang", lang).output
    assert {"sk": "šanca na výhru v duele, keď hádžete prvý",
            "cs": "šance na výhru v duelu, když házíte první"}[lang] in seat and "chance" not in seat
    assert "score sixes (18)" in run("yahtzee", "hint", "6 6 6 2 2", "--rolls-left", "0", "--card", card).output
