"""The games' own words (a match log's line, an option, a coach's note, a hand's name) in the reader's language,
translated where they are shown: the games write English (their JSON is an API) and each English form here is
a pattern whose parts are translated in turn."""

from __future__ import annotations

import re
from functools import cache

from . import i18n, refusals
from .i18n import N_

__all__ = ["PHRASES", "pattern", "said", "say", "table"]

# Forms that only a part of a form takes: a whole text that splits at " to " or ", " is no range or list
PARTS: tuple[str, ...] = (
    N_("%(low)s to %(high)s"),
    N_("%(low)s-%(high)s"),
    N_("%(one)s and %(other)s"),
    N_("%(one)s or %(other)s"),
    N_("%(one)s, %(other)s"),
)

# The parts of poker dice's seats (only as parts): a place at the table, who rolls later, who holds the hand to beat
SEATS: tuple[str, ...] = (
    N_("second of three"),
    N_("second of four"),
    N_("third of four"),
    N_("second of five"),
    N_("third of five"),
    N_("fourth of five"),
    N_("second of six"),
    N_("third of six"),
    N_("fourth of six"),
    N_("fifth of six"),
    N_("last of three"),
    N_("last of four"),
    N_("last of five"),
    N_("last of six"),
    N_("player %(n)s still to roll"),
    N_("players %(low)s-%(high)s still to roll"),
    N_("both others hold"),
    N_("two others hold"),
    N_("three others hold"),
    N_("four others hold"),
    N_("five others hold"),
)
_ONLY_PARTS = frozenset(PARTS + SEATS)

# Each English form the games write, its parts named; a part is itself a phrase, a number or kept as it is
# (dice faces, the named dice). Longer and more specific forms first: the first form that matches is used.
PHRASES: tuple[str, ...] = (
    # Farkle: the match log (games/farkle/session.py)
    N_("game %(game)s: first to %(target)s points; you roll first (computer plays %(computer)s)"),
    N_("game %(game)s: first to %(target)s points; the computer rolls first (computer plays %(computer)s)"),
    N_("you roll %(n)s dice: %(faces)s"),
    N_("computer rolls %(n)s dice: %(faces)s"),
    N_("you bust: a Badge of Resurrection may throw the same dice again"),
    N_("computer busts: a Badge of Resurrection may throw the same dice again"),
    N_("you bust: %(lost)s lost; computer to roll"),
    N_("you bust; computer to roll"),
    N_("computer busts: %(lost)s lost; you to roll"),
    N_("computer busts; you to roll"),
    N_("you bust: a badge may still save the turn"),
    N_("computer busts: a badge may still save the turn"),
    N_("you spend the %(badge)s on %(before)s: %(faces)s"),
    N_("computer spends the %(badge)s on %(before)s: %(faces)s"),
    N_("you roll %(n)s dice and the extra die: %(faces)s"),
    N_("computer rolls %(n)s dice and the extra die: %(faces)s"),
    N_("you spend the Badge of Might"),
    N_("computer spends the Badge of Might"),
    N_("you spend the Badge of Resurrection"),
    N_("computer spends the Badge of Resurrection"),
    N_("you spend %(badges)s"),
    N_("computer spends %(badges)s"),
    N_("you let the turn go: %(lost)s lost"),
    N_("you let the turn go"),
    N_("computer lets the turn go: %(lost)s lost"),
    N_("computer lets the turn go"),
    N_("%(keeps)s, reaching %(score)s: you win (%(scores)s)"),
    N_("%(keeps)s, reaching %(score)s: computer wins (%(scores)s)"),
    N_("%(keeps)s and bank %(total)s (%(scores)s)"),
    N_("%(keeps)s and banks %(total)s (%(scores)s)"),
    N_("%(keeps)s, turn total %(total)s, hot dice, rolling on"),
    N_("%(keeps)s, turn total %(total)s, rolling on"),
    N_("you keep %(dice)s (%(score)s)"),
    N_("computer keeps %(dice)s (%(score)s)"),
    N_("you %(player)s, computer %(computer)s"),
    # Farkle: positions, options and the coach (hints.py, practice.py, badge_session.py, badge_coach.py)
    N_("roll %(roll)s at turn total %(total)s (%(scores)s)"),
    N_("bust at turn total %(total)s (%(scores)s)"),
    N_("keep %(dice)s, roll on"),
    N_("keep %(dice)s, bank with the Warlord's bonus"),
    N_("keep %(dice)s, bank"),
    N_("keep %(dice)s: the target is reached"),
    N_("%(dice)s (doubled)"),
    N_("%(dice)s (the last one the extra die)"),
    N_("keep %(dice)s, roll on with the extra die"),
    N_("roll with the extra die (Badge of Might)"),
    N_("throw at turn total %(total)s (%(scores)s)"),
    N_("throw %(n)s dice and the extra die"),
    N_("throw %(n)s dice, keep the badge"),
    N_("throw %(n)s dice"),
    N_("use the %(badge)s now: %(option)s (win chance %(with)s against %(without)s keeping it)"),
    N_("throw the same dice again (Badge of Resurrection)"),
    N_("let the turn go"),
    N_("next game"),
    N_("The coaching table and the race-aware coach agree."),
    N_("Win chances are not shown: the race-aware match is not solved for these dice and target."),
    N_("The coaching table says '%(points)s' (%(expected)s points expected); playing to win says '%(win)s' "
       "(%(chance)s to win, %(more)s percentage points more). Score %(own)s to %(opp)s, first to %(target)s: "
       "%(why)s"),
    N_("banking %(total)s puts you at %(after)s, %(left)s from the target and %(lead)s ahead; %(reason)s"),
    N_("banking %(total)s puts the computer at %(after)s, %(left)s from the target and %(lead)s ahead; "
       "%(reason)s"),
    N_("banking %(total)s puts you at %(after)s, %(left)s from the target; %(reason)s"),
    N_("banking %(total)s puts the computer at %(after)s, %(left)s from the target; %(reason)s"),
    N_("in the race sure points now are worth more than the extra points rolling on would add on average, which "
       "the coaching table counts even beyond the target."),
    N_("banking %(total)s would leave you at %(after)s with %(left)s still to go while the other side needs "
       "%(opp)s; too little to hold the race, so playing to win takes the risk of rolling on."),
    N_("banking %(total)s would leave the computer at %(after)s with %(left)s still to go while the other side "
       "needs %(opp)s; too little to hold the race, so playing to win takes the risk of rolling on."),
    N_("you need %(more)s more after this keep and the other side %(opp)s; the race values %(values)s"),
    N_("the computer needs %(more)s more after this keep and the other side %(opp)s; the race values %(values)s"),
    N_("more dice to roll (a better chance to go on) over the points of the larger keep."),
    N_("the points of the larger keep over more dice to roll."),
    N_("Warlord's Badge"),
    N_("Doppelganger's Badge"),
    N_("Badge of Resurrection"),
    N_("Badge of Fortune"),
    N_("Badge of Transmutation"),
    N_("Swap-Out Badge"),
    N_("Wedding Badge"),
    N_("Badge of Might"),
    N_("race-aware"),
    N_("coaching"),
    N_("roll"),
    N_("bank"),
    # Farkle: how the match is solved (analysis.py's MATCH_METHOD, in the match's closing line)
    N_("score pairs solved backward from the largest sum; each pair's fixed point by Newton steps on exact "
       "derivatives, kept inside a bracket (else plain iteration)"),
    # Farkle: the strategy report's findings and the figures they point to (games/farkle/report.py)
    N_("%(when)s, %(lead)s. Bank from, race-aware (coaching table), by dice left: %(parts)s; median over %(n)s "
       "score pair, 'never': roll on to the target."),
    N_("%(when)s, %(lead)s. Bank from, race-aware (coaching table), by dice left: %(parts)s; median over %(n)s "
       "score pairs, 'never': roll on to the target."),
    N_("When the opponent needs %(turn)s or less (one average turn) and you need more"),
    N_("When you need %(turn)s or less and the opponent needs more than %(twice)s"),
    N_("When the opponent needs %(low)s-%(high)s (one to two turns) and you need more than %(twice)s"),
    N_("While both need more than %(twice)s"),
    N_("At the start (0-0)"),
    N_("keep rolling to the target"),
    N_("bank later than the coaching table"),
    N_("bank earlier than the coaching table"),
    N_("bank about where the coaching table does (within 50 with most numbers of dice)"),
    N_("bank at other totals than the coaching table"),
    N_("never"),
    N_("Moving first from 0-0 wins %(first)s; at equal scores the player to move wins %(range)s; a lead of %(lead)s "
       "(at %(at)s to 0) makes you the favourite even with the opponent to move."),
    N_("Moving first from 0-0 wins %(first)s; at equal scores the player to move wins %(range)s."),
    N_("The plays differ in %(n)s of %(all)s reachable situations; %(share)s of the win chance the coaching table "
       "gives up lies where you need %(own)s and the opponent %(opp)s, mostly where race-aware play %(how)s and the "
       "coaching table %(other)s (%(k)s of %(d)s). The costliest: at %(a)s to %(b)s with %(total)s set aside and "
       "%(dice)s left, %(play)s; the coaching table's %(coach)s gives up %(cost)s points of win chance."),
    N_("rolls on"),
    N_("banks"),
    N_("roll on"),
    N_("1 die"),
    N_("%(n)s dice"),
    N_("heat maps: opponent's score %(score)s and up"),
    N_("heat maps: own score %(score)s and up"),
    N_("heat maps: opponent's score %(low)s-%(high)s"),
    N_("heat maps: both scores below %(score)s"),
    N_("heat maps: bottom-left corner"),
    N_("win chance by score pair"),
    N_("disagreements by region; largest disagreements"),
    # Yahtzee and Balut: the log, positions, options, the card (games/yahtzee/session.py, card.py, balut_card.py)
    N_("%(rules)s: five dice, three rolls a turn at most; keep any, re-roll the rest,"),
    N_("then write the dice in an open box. The game ends when every box is used."),
    N_("then write the dice in a category with an open box: 4 boxes each, 28 turns."),
    N_("Boxes: %(boxes)s"),
    N_("Categories: %(boxes)s"),
    N_("keep 5 5, roll, or a box (fh, 3k, sixes)"),
    N_("keep 5 5, roll, a category (fours, st, fh, c, b)"),
    N_("turn %(turn)s: rolled %(dice)s"),
    N_("turn %(turn)s: kept %(kept)s, rolled %(dice)s"),
    N_("turn %(turn)s: %(box)s = %(points)s (+%(bonus)s Yahtzee bonus)"),
    N_("game over: %(total)s points (%(note)s); decisions cost %(lost)s expected points"),
    N_("upper bonus %(bonus)s"),
    N_("%(points)s points when its scores add up to %(threshold)s or more"),
    N_("%(points)s points when all four of its boxes score"),
    N_("%(points)s points for each box that scores"),
    N_("Balut points %(points)s"),
    N_("  score %(total)s (upper %(upper)s/%(threshold)s); open: %(open)s"),
    N_("  total %(total)s; points so far %(points)s"),
    N_("turn %(turn)s: %(box)s = %(points)s"),
    N_("turn %(turn)s: %(dice)s, %(left)s"),
    N_("no rolls left"),
    N_("1 roll left"),
    N_("%(n)s rolls left"),
    N_("score %(box)s (%(points)s)"),
    N_("roll all"),
    N_("keep %(dice)s"),
    N_("none"),
    # dice poker at the table (games/dice_poker/session.py)
    N_("hand %(n)s (bet %(bet)s): rolled %(dice)s"),
    N_("stood on %(dice)s"),
    N_("kept %(kept)s, re-rolled 1 die: %(rolled)s -> %(hand)s"),
    N_("kept %(kept)s, re-rolled %(n)s dice: %(rolled)s -> %(hand)s"),
    N_("%(dice)s: %(hand)s pays %(payout)s x %(bet)s = %(paid)s; balance %(balance)s after 1 hand"),
    N_("%(dice)s: %(hand)s pays %(payout)s x %(bet)s = %(paid)s; balance %(balance)s after %(n)s hands"),
    N_("%(dice)s, 1 re-roll left"),
    N_("%(dice)s, %(n)s re-rolls left"),
    # the dice-poker duel (games/dice_duel/session.py, hints.py)
    N_("duel %(duel)s: you sit first; each antes %(ante)s"),
    N_("duel %(duel)s: the computer sits first; each antes %(ante)s"),
    N_("you roll %(mine)s; the computer rolls %(theirs)s"),
    N_("showdown: you %(mine)s, the computer %(theirs)s: you win"),
    N_("showdown: you %(mine)s, the computer %(theirs)s: the computer wins"),
    N_("showdown: you %(mine)s, the computer %(theirs)s: a tie splits the pot"),
    N_("a fold ends the duel"),
    N_("you win %(n)s; net over %(duels)s duel: %(net)s"),
    N_("you win %(n)s; net over %(duels)s duels: %(net)s"),
    N_("you lose %(n)s; net over %(duels)s duel: %(net)s"),
    N_("you lose %(n)s; net over %(duels)s duels: %(net)s"),
    N_("you get back your stake; net over %(duels)s duel: %(net)s"),
    N_("you get back your stake; net over %(duels)s duels: %(net)s"),
    N_("%(said)s: %(n)s each in the pot"),
    N_("you: %(keep)s, roll %(fresh)s: %(hand)s"),
    N_("the computer: %(keep)s, rolls %(fresh)s: %(hand)s"),
    N_("you: %(keep)s"),
    N_("the computer: %(keep)s"),
    N_("you bet"),
    N_("you check"),
    N_("you call"),
    N_("you raise"),
    N_("you fold"),
    N_("the computer bets"),
    N_("the computer checks"),
    N_("the computer calls"),
    N_("the computer raises"),
    N_("the computer folds"),
    N_("re-roll all"),
    N_("keep all"),
    # Liar's Dice (games/liars_dice/session.py)
    N_("round %(round)s: you roll %(dice)s; you bid first"),
    N_("round %(round)s: you roll %(dice)s; the computer bids first"),
    N_("you bid %(bid)s"),
    N_("the computer bids %(bid)s"),
    N_("you call %(bid)s a lie; the computer had %(dice)s: the bid stands, the computer wins"),
    N_("you call %(bid)s a lie; the computer had %(dice)s: the bid fails, you win"),
    N_("the computer calls %(bid)s a lie; the computer had %(dice)s: the bid stands, you win"),
    N_("the computer calls %(bid)s a lie; the computer had %(dice)s: the bid fails, the computer wins"),
    N_("liar"),
    # poker dice (games/poker_dice/session.py): a hand is its dice and its name, "6 6 6 2 2 (full house)"
    N_("-- game %(game)s: %(seats)s --"),
    N_("roll %(n)s: %(dice)s"),
    N_("dice to keep (6 6), Enter: stand, none: reroll"),
    N_("dice (1 3 or As Kh), Enter: stand, none: reroll"),
    N_("all"),
    N_("you roll %(hand)s"),
    N_("you keep %(kept)s, re-rolls %(n)s: %(rolled)s -> %(hand)s"),
    # a hand with its name and why ("A 10 10 10 10 (four of a kind) (no rolls left)"): else the first bracket
    # would be taken for the why
    N_("you stand on %(dice)s (%(hand)s) (%(why)s)"),
    N_("computer stands on %(dice)s (%(hand)s) (%(why)s)"),
    N_("computer %(n)s stands on %(dice)s (%(hand)s) (%(why)s)"),
    N_("you stand on %(hand)s (%(why)s)"),
    N_("you stand on %(hand)s"),
    N_("you win with %(hand)s"),
    N_("tie on %(hand)s: %(names)s replay (round %(round)s)"),
    N_("tie: replay between %(names)s (round %(round)s)"),  # the table page's line (web/poker_dice.py)
    N_("computer rolls %(hand)s"),
    N_("computer keeps %(kept)s, re-rolls %(n)s: %(rolled)s -> %(hand)s"),
    N_("computer stands on %(hand)s (%(why)s)"),
    N_("computer stands on %(hand)s"),
    N_("computer wins with %(hand)s"),
    N_("computer %(n)s rolls %(hand)s"),
    N_("computer %(n)s keeps %(kept)s, re-rolls %(m)s: %(rolled)s -> %(hand)s"),
    N_("computer %(n)s stands on %(hand)s (%(why)s)"),
    N_("computer %(n)s stands on %(hand)s"),
    N_("computer %(n)s wins with %(hand)s"),
    N_("computer %(n)s"),
    N_("computer"),
    N_("you"),
    N_("%(dice)s (bust)"),
    # poker dice: the seat a hint is for (games/poker_dice/strategy.py's situation), its place at the table a part
    # (SEATS: a form per wording, each language's cases and prepositions with it)
    N_("chance to win the duel moving first"),
    N_("chance to win moving first of three"),
    N_("chance to win moving first of four"),
    N_("chance to win moving first of five"),
    N_("chance to win moving first of six"),
    N_("chance to win as the second of two players (ties replayed)"),
    N_("chance to win as the %(place)s against a hand %(held)s (ties replayed)"),
    N_("chance to win as the %(place)s (ties replayed)"),
    N_("chance to win as the %(place)s (%(later)s)"),
    *SEATS,
    *refusals.FIRST,  # before the input errors below: their general forms would take these apart
    # input errors: the reason after the field's name (games/inputs.py and the games' parsers)
    N_("must be a whole number %(range)s, got %(got)s"),
    N_("must be a whole number, got %(got)s"),
    N_("at least %(n)s"),
    N_("at most %(n)s"),
    N_("must be faces 1 to %(sides)s, got %(got)s"),
    N_("must be true or false, got %(got)s"),
    N_("must be text, got %(got)s"),
    N_("must be one of %(choices)s, got %(got)s"),
    N_("must be first or second, got %(got)s"),
    N_("must be bet or reroll, got %(got)s"),
    N_("must be bids, got %(got)s"),
    N_("must be bids as count x face (1x2), got %(got)s"),
    N_("must be five cards as text, e.g. AS KS QS JS 9D, got %(got)s"),
    N_("unknown field %(name)s; known: %(names)s"),
    N_("is required: the five dice, e.g. 1 1 5 3 2"),
    N_("is required: the faces rolled, e.g. 1 1 5 2 3 4"),
    N_("is required: five cards in dealt order, e.g. AS KS QS JS 9D"),
    N_("is required"),
    N_("%(rules)s rolls %(n)s dice, got %(got)s"),
    N_("must be a positive multiple of %(unit)s, got %(got)s"),
    N_("must be at most %(n)s here, got %(got)s"),
    N_("must be a multiple of %(unit)s below the target %(target)s, got %(got)s"),
    N_("must be a multiple of %(unit)s from %(low)s to %(high)s, got %(got)s"),
    N_("needs %(n)s dice, got %(got)s"),
    N_("must be numbers 1-6, got %(got)s"),
    N_("unknown die %(name)s; known: %(names)s"),
    N_("a die shows 1 to 6 (or %(joker)s for a joker), got %(got)s"),
    *refusals.LATER,
    # video poker's hands (games/video_poker/paytables.py's labels)
    N_("royal flush"),
    N_("wild royal flush"),
    N_("straight flush"),
    N_("four aces with 2-4"),
    N_("four aces"),
    N_("four 2s-4s with A-4"),
    N_("four 2s-4s"),
    N_("four 5s-Ks"),
    N_("four deuces"),
    N_("jacks or better"),
    N_("kings or better"),
    N_("five aces"),
    N_("aces or better"),
    N_("draw five"),  # a hold of no card
    # what a hint ranks by (games/base.py's measures, "_" written as a space)
    N_("expected payout"),
    N_("expected return"),
    N_("expected points"),
    N_("expected score"),
    N_("win chance"),
    N_("expected bets"),
    # the hands of dice poker and poker dice (the Slovak article's names), Yahtzee's and Balut's boxes
    N_("five of a kind"),
    N_("four of a kind"),
    N_("full house"),
    N_("straight"),
    N_("three of a kind"),
    N_("two pairs"),
    N_("pair"),
    N_("nothing"),
    N_("flush"),
    N_("Ones"),
    N_("Twos"),
    N_("Threes"),
    N_("Fours"),
    N_("Fives"),
    N_("Sixes"),
    N_("3 of a kind"),
    N_("4 of a kind"),
    N_("Full house"),
    N_("Small straight"),
    N_("Large straight"),
    N_("Chance"),
    N_("One pair"),
    N_("Two pairs"),
    N_("Straight"),
    N_("House"),
    N_("Choice"),
    # the most general forms last: they only rewrite parts that other forms translate (a list is split first)
    *PARTS,
    N_("%(dice)s (%(hand)s)"),
    N_("%(hand)s: %(ranks)s"),
)

GENERAL = PHRASES[-2:]  # "%(dice)s (%(hand)s)", "%(hand)s: %(ranks)s"
_PART = re.compile(r"%\((\w+)\)s")
_NAMED = re.compile(r"([\w.\-]+) ((?:must|is|needs|takes) .+)", re.DOTALL)
_NUMBER = re.compile(r"[+-]?\d{1,3}(,\d{3})*(\.\d+)?%?|[+-]?\d+(\.\d+)?%?")


def pattern(form: str) -> re.Pattern[str]:
    """The regular expression of an English form: its words as they are, each %(part)s any text."""
    pieces, at = [], 0
    for m in _PART.finditer(form):
        pieces.append(re.escape(form[at:m.start()]) + f"(?P<{m.group(1)}>.+?)")
        at = m.end()
    return re.compile("".join(pieces) + re.escape(form[at:]), re.DOTALL)


@cache
def _compiled() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((form, pattern(form)) for form in PHRASES)


def say(text: str, lang: str | None = None) -> str:
    """`text` as the games write it, in `lang` (default: the current language); text no form matches stays."""
    lang = i18n.pick(lang or i18n.current.get())
    if lang == i18n.DEFAULT or not text:
        return text
    return _say(text, lang, 0)


def _say(text: str, lang: str, depth: int, whole: bool = True) -> str:
    said = _said(text, lang, depth, whole)
    return text if said is None else said


def _said(text: str, lang: str, depth: int, whole: bool) -> str | None:
    """`text` in `lang` when a form (or a number) says it, else None. A `whole` text (a sentence, not a form's
    part) is never read as a range or a list: "must be 1 to 10, got 0" is no range of "must be 1" to "10, got 0"."""
    if _NUMBER.fullmatch(text):
        numbers = i18n.numbers(lang)
        if text.endswith("%"):  # "16.7%": the share with as many decimals, written as the language writes it
            digits = len(text[:-1].partition(".")[2])
            return numbers.percent(float(text[:-1].replace(",", "")) / 100, digits)
        return numbers.text(text)
    if depth > 16:  # a form's part is a form in its turn (a list an item at a time), never this deep
        return None
    for form, regex in _compiled():
        if whole and form in _ONLY_PARTS:
            continue
        m = regex.fullmatch(text)
        if not m or ("n" in m.groupdict() and not _NUMBER.fullmatch(m.group("n"))):
            continue  # a part named n is a count: "own fewer kinds of dice" is no "%(n)s dice"
        # the most general forms ("x (hand)", "hand: ranks") only where their hand is one a form says: else any
        # sentence with a colon or a bracket would be taken apart and come out half translated
        if form in GENERAL and _said(m.group("hand"), lang, depth + 1, True) is None:
            continue
        parts = {name: _say(value, lang, depth + 1, False) for name, value in m.groupdict().items()}
        return i18n.gettext(form, lang) % parts
    named = _NAMED.fullmatch(text) if depth == 0 else None
    if named:  # an input error naming its input first ("HAND must be ..."): the name kept, the reason said
        reason = _said(named.group(2), lang, 1, True)
        return None if reason is None else f"{named.group(1)} {reason}"
    return None


@cache
def table(lang: str) -> tuple[tuple[str, str, bool], ...]:
    """(English form, its translation, whether only a part takes it) of every form, for the pages' scripts
    (empty in English)."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return ()
    return tuple((form, i18n.gettext(form, lang), form in _ONLY_PARTS) for form in PHRASES if form not in _REFUSED)


def said(texts: tuple[str, ...], lang: str) -> tuple[tuple[str, str, bool], ...]:
    """`table`'s rows for these texts alone, each said whole (a page that shows a few of the games' words, not
    every form: about 1 kB instead of 30)."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return ()
    return tuple((text, local, False) for text in texts if (local := say(text, lang)) != text)


# the refusals are said on the server (a page shows a 4xx detail as it comes): the pages' scripts need not them
_REFUSED = frozenset(refusals.FIRST + refusals.LATER)
