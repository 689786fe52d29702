"""The games' own words (a match log's line, an option, a coach's note, a hand's name) in the reader's language,
translated where they are shown: the games write English (their JSON is an API) and each English form here is
a pattern whose parts are translated in turn."""

from __future__ import annotations

import re
from functools import cache

from . import i18n
from .i18n import N_

__all__ = ["PHRASES", "pattern", "say", "table"]

# Forms that only a part of a form takes: a whole text that splits at " to " or ", " is no range or list
PARTS: tuple[str, ...] = (
    N_("%(low)s to %(high)s"),
    N_("%(low)s-%(high)s"),
    N_("%(one)s and %(other)s"),
    N_("%(one)s or %(other)s"),
    N_("%(one)s, %(other)s"),
)

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
    N_("you stand on %(hand)s (%(why)s)"),
    N_("you stand on %(hand)s"),
    N_("you win with %(hand)s"),
    N_("tie on %(hand)s: %(names)s replay (round %(round)s)"),
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
    # input errors whose words a more general form below would take apart (a range, "at most")
    N_("must be a whole number %(range)s (after the first roll), got %(got)s"),
    N_("must be a whole number %(range)s (earlier players holding the hand to beat), got %(got)s"),
    N_("at most 120 dice in a list, got more"),
    N_("must be words of %(words)s, got %(got)s"),
    N_("must be two counts, the first bidder's first (1,2), got %(got)s"),
    N_("must be %(n)s dice, got %(got)s"),
    N_("must be first after %(what)s: that seat acts"),
    N_("must be whole numbers separated by commas, got %(got)s"),
    N_("must give each rolled die its own position 1..6 among your dice"),
    N_("unknown die %(name)s; known: %(names)s (or their names in the game, see 'holdwise farkle dice')"),
    N_("must be text or a list of faces, got %(got)s"),
    N_('must be six, royal, octahedral or {"name", "dice": five lists of faces}, got %(got)s'),
    N_("must be a name of 1 to 40 characters, got %(got)s"),
    N_("must be %(n)s dice (the player to bid after %(m)s bid(s)), got %(got)s"),
    N_("must be at most %(n)s characters, got %(got)s"),
    N_("must be text such as 'ones=3 fh=25', got %(got)s"),
    N_("the tables text is not valid TOML: %(why)s"),
    N_("the tables text has no [tables] section of name = [payouts] (at least one table)"),
    N_("a %(n)s-bit number"),
    N_("type one of %(words)s, not %(got)s"),
    N_("unknown option %(name)s; known: %(names)s"),
    N_("action %(action)s is not legal now (phase %(phase)s; legal types: %(types)s)"),
    N_("unknown table %(name)s; known: %(names)s"),
    N_("a payout table has %(n)s payouts (five of a kind, four of a kind, full house, straight, three of a "
       "kind, two pairs, pair), got %(got)s"),
    N_("type a bid (1x3) or liar, not %(got)s"),
    N_("has no lines"),
    N_("line %(n)s: %(reason)s"),
    N_("a chart line is at most %(n)s characters, got %(got)s"),
    N_("%(text)s is not printable text"),
    N_("unknown pattern %(name)s; did you mean %(other)s?"),
    N_("unknown pattern %(name)s"),
    N_("the dice are 5 faces 1 to 6, got %(got)s"),
    N_("cannot read %(text)s: type keep 5 5, roll all, score fh or a box's name"),
    N_("There was an error parsing the body"),
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
    # the command line's parser (click's usage errors) and the rarer input errors of the games
    N_("No such option: %(name)s (Possible options: %(names)s)"),
    N_("No such option: %(name)s"),
    N_("No such command %(name)s."),
    N_("Missing argument %(name)s."),
    N_("Missing option %(name)s."),
    N_("Invalid value for %(name)s: %(reason)s"),
    N_("%(value)s is not a valid %(kind)s."),
    N_("%(value)s is not in the range %(range)s."),
    N_("Option %(name)s requires an argument."),
    N_("Option %(name)s does not take a value."),
    N_("Got unexpected extra argument(s) (%(args)s)"),
    N_("the rule flags are for six-faced dice; card dice rank as card poker"),
    N_("must be %(one)s or %(other)s, got %(got)s"),
    N_("the betting ends with %(word)s: ask at the re-roll"),
    N_("are 0: there is no re-roll to ask about"),
    N_("%(bid)s does not raise %(other)s"),
    N_("a bid is %(dice)s dice of a face %(faces)s, got %(got)s"),
    N_("give %(n)s bids (dice x faces); at most %(most)s are solved here"),
    N_("a hand has %(n)s dice, got %(got)s"),
    N_("a hand has %(n)s cards, got %(got)s: %(hand)s"),
    N_("not a face: %(got)s (1-6, or A K Q J 10 9)"),
    N_("%(hand)s mixes digits 1-6 with poker faces A K Q J 10 9; use one or the other"),
    N_("give the hand to beat for a later position, and none for the first"),
    N_("the flush rule needs straights to count"),
    N_("a straight above the full house needs straights to count"),
    N_("no dice set %(name)s: name one of %(names)s or give a TOML file"),
    N_("a dice set is royal or octahedral or a TOML file, got %(got)s"),
    N_("die %(n)s has no face %(face)s (its faces: %(faces)s)"),
    N_("a roll has %(n)s faces (one per die), got %(got)s"),
    N_("not a card: %(got)s (a rank 2-10 J Q K A and a suit s h d c, or * for a star)"),
    N_("the hand to beat has %(n)s faces (one per die), got %(got)s"),
    N_("%(n)s players on %(dice)s would take about %(time)s and %(mib)s MiB to solve; the limit is "
       "%(limit)s; %(fit)s players fit"),
    N_("%(n)s players on %(dice)s would take about %(time)s and %(mib)s MiB to solve; the limit is %(limit)s"),
    N_("Royal poker dice (a layout of our own)"),
    N_("Octahedral poker dice (a layout of our own)"),
    N_("die %(n)s has %(m)s faces; at most %(most)s"),
    N_("die %(n)s has no faces"),
    N_("die %(n)s, face %(face)s: %(reason)s"),
    N_("a set has %(n)s dice, got %(got)s"),
    N_("a die shows 1 to 6, got %(got)s"),
    N_("%(box)s cannot hold %(points)s; it holds one of %(values)s"),
    N_("box %(box)s is written twice"),
    N_("unknown category %(name)s in %(rules)s; known: %(names)s"),
    N_("card entry %(entry)s is not box=points (e.g. fh=25)"),
    N_("a Yahtzee bonus needs 50 in the Yahtzee box"),
    N_("the Yahtzee bonus is 100 a Yahtzee: got %(got)s"),
    N_("%(rules)s has no Yahtzee bonus"),
    N_("the card is full: the game is over"),
    N_("unknown rules %(name)s; known: %(names)s"),
    N_("unknown game %(name)s; known: %(names)s"),
    N_("needs a .png or .svg file name, got %(got)s"),
    N_("face %(face)s is not a face of a %(n)s-sided die (1..%(m)s)"),
    N_("a hand is dice values 1..%(m)s (%(n)s of them), got %(got)s"),
    N_("no joker in a 52-card deck: %(card)s"),
    N_("unknown card %(card)s (rank 2-9, T or 10, J, Q, K, A; suit c d h s or ♣ ♦ ♥ ♠)"),
    N_("J is a joker face, and the %(name)s die (position %(n)s) has none"),
    N_("a roll has 1 to 6 dice, got %(got)s"),
    N_("the %(name)s die cannot show %(face)s"),
    N_("a custom die has six weights (faces 1-6); %(die)s has %(n)s"),
    N_("a custom die needs a face of positive weight: %(die)s"),
    N_("a custom die's weight in %(die)s must be a whole number 0 to 1,000,000, got %(got)s"),
    N_("a loadout needs 6 dice; %(n)s owned"),
    N_("an empty die name in the list"),
    N_("neither player's dice can ever score (every roll busts): the match never ends"),
    N_("neither side's dice can ever score (every roll busts): the game would never end"),
    N_("payout for %(hand)s is not a number 0 to 1e12: %(got)s"),
    N_("table %(name)s in %(file)s is not a list of payouts"),
    N_("table %(name)s in %(file)s: %(reason)s"),
    N_("tables file %(file)s is a directory, not a file"),
    N_("tables file %(file)s is not valid TOML: %(why)s"),
    N_("%(file)s is not valid TOML: %(why)s"),
    N_("tables file %(file)s has no [tables] section of name = [payouts] (at least one table)"),
    N_("tables file not found: %(file)s"),
    N_("the bet must be a number above 0, at most 1e12: %(reason)s"),
    N_("not a finite number: %(got)s (numbers are finite, at most 1e300 in size)"),
    N_("number out of range: %(got)s (numbers are finite, at most 1e300 in size)"),
    N_("the minimum gap above chance must be a finite number -1000 to 1000 (percentage points), got %(got)s"),
    N_("the minimum gap above the rule must be a finite number -1000 to 1000 (percentage points), got %(got)s"),
    N_("the repeat count in %(item)s must be a whole number 1 to 120, got %(got)s"),
    N_("these dice need never bust: every roll scores and some selection always leads back to dice that "
       "cannot bust, so a turn can roll forever and its value is unbounded"),
    N_("weights must be non-negative integers 0 to %(most)s, not all zero, got %(got)s"),
    N_("names at most 6 dice, got %(got)s"),
    N_("names %(n)s dice but the roll has %(m)s"),
    N_("%(turn)s plus the score %(score)s reaches the target %(target)s: the game is already won"),
    N_("gives %(n)s distinct choices of six dice; at most %(most)s are searched (about a minute): own fewer "
       "kinds of dice"),
    N_("%(dice)s dice with %(faces)s faces is too large to solve here: %(n)s multisets of 0..%(m)s dice (at "
       "most 5,500,000: 10 dice with 16 faces, 9 with 18, 8 with 20); use fewer dice or faces"),
    N_("exact arithmetic on %(dice)s dice with %(faces)s faces would take about %(time)s (%(links)s links; "
       "the limit is 3,000,000, about a minute); the largest accepted with %(r)s re-rolls: %(best)s dice "
       "with %(bf)s faces; use fewer dice or faces, or floats"),
    N_("exact arithmetic on %(dice)s dice with %(faces)s faces would take about %(time)s (%(links)s links; "
       "the limit is 3,000,000, about a minute); use fewer dice or faces, or floats"),
    N_("%(hands)s hands x %(tables)s tables x %(n)s strategies would take about %(time)s (limit about a "
       "minute); at most %(most)s hands with these tables, dice and re-rolls"),
    N_("%(hands)s hands x 1 table x %(n)s strategies would take about %(time)s (limit about a minute); at "
       "most %(most)s hands with these tables, dice and re-rolls"),
    # the Farkle guards' refusals and their parts
    N_("%(target)s: %(kind)s would take %(took)s on this machine (limit: about %(limit)s min, %(gib)s GiB); "
       "%(fits)s"),
    N_("%(target)s: the matches of %(n)s loadouts against the opponent would take %(took)s on this machine "
       "(limit: %(limit)s s); %(fits)s, or own fewer kinds of dice"),
    N_("%(target)s: %(kind)s would take %(took)s on two idle cores (limit: about %(limit)s min, %(gib)s "
       "GiB); %(fits)s"),
    N_("%(target)s: the matches of %(n)s loadouts against the opponent would take %(took)s on two idle "
       "cores (limit: %(limit)s s); %(fits)s, or own fewer kinds of dice"),
    N_("a match solve"),
    N_("%(n)s match solves"),
    N_("about %(t)s min and %(gib)s GiB"),
    N_("about %(t)s s and %(gib)s GiB"),
    N_("about %(t)s min"),
    N_("about %(t)s s"),
    N_("at least %(t)s min"),
    N_("at least %(t)s s"),
    N_("the largest accepted target for these dice here is at most %(target)s"),
    N_("the largest accepted target for these dice here is %(target)s"),
    N_("no target is accepted for these dice"),
    N_("the loadout %(dice)s almost never busts: its turn alone is a solve of %(steps)s steps (a search "
       "allows %(limit)s a choice); solve it with 'farkle turn' or leave such dice out"),
    N_("these dice (%(dice)s) almost never bust: banking is proven best only from a turn total of "
       "%(total)s, a solve of %(steps)s steps and %(gib)s GiB (limit %(limit)s steps, about a minute, and "
       "%(most)s GiB)"),
    # the web's own refusals (422, 429, 413, 404): the field's name or 'busy' kept first
    N_("busy: you have %(n)s solves waiting or running here, the most one visitor may have; wait for one to "
       "finish, or stop it, then ask again"),
    N_("busy: the server is already solving %(n)s questions for its visitors, the most it takes on at once; "
       "try again in a little while"),
    N_("busy: another large solve is running; try again in a moment"),
    N_("busy: another chart evaluation is running; try again in a moment"),
    N_("busy: this pay table is still waiting to be solved; try again in a moment"),
    N_("body: the request body is over the limit of %(n)s bytes"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    N_("not a position this game can reach (%(kind)s)"),
    N_("the %(what)s could not be computed for these inputs (%(kind)s)"),
    N_('expected {"state": {...}, "seal": "..."} as the server returned it'),
    N_("the state or its seal has the wrong type"),
    N_("the seal does not match: send the state back as the server returned it"),
    N_("a %(game)s state was sent to the %(other)s endpoint"),
    N_("give a table name or payouts, not both (payouts are named by 'name')"),
    N_("names a table given by payouts; a preset keeps its own name"),
    N_("one weight per face: %(sides)s weights for %(faces)s faces, got %(got)s"),
    N_("the weights must not all be zero"),
    N_("%(dice)s dice with %(sides)s faces is %(keeps)s multisets to solve, over the web lab's limit of "
       "%(most)s (about 2 s); with %(d)s dice at most %(largest)s faces here (the command line goes further)"),
    N_("exact arithmetic on %(dice)s dice with %(sides)s faces and %(r)s re-rolls is %(links)s links, over "
       "the web lab's limit of %(most)s (about 2 s); %(fits)s; use floats or the command line"),
    N_("with %(d)s dice and %(r)s re-rolls at most %(largest)s faces"),
    N_("not with %(d)s dice and %(r)s re-rolls"),
    N_("the match solve failed"),
    N_("the badge match solve failed"),
    N_("the loadout ranking failed"),
    N_("a count of one die is 0 to %(most)s, got %(got)s"),
    N_("at most %(most)s dice in all, got %(got)s"),
    N_("name the dice you own (at least six)"),
    N_("name the dice you own (Ordinary dice fill the rest of a set)"),
    N_("the loadout %(dice)s almost never busts: its turn is a solve of %(steps)s steps, beyond the web's "
       "%(limit)s (about 3 s); use 'holdwise farkle loadout' on the command line"),
    N_("the turns of %(n)s choices are %(steps)s steps, beyond the web's %(limit)s (about a minute): own "
       "fewer kinds of dice, or use 'holdwise farkle loadout' on the command line"),
    N_("these dice almost never bust: a turn solve of %(steps)s steps (%(mb)s MB) is beyond the web's limit "
       "of %(limit)s steps (about 3 s); use 'holdwise farkle turn' on the command line"),
    N_("must be %(range)s, got %(got)s"),
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
        if whole and form in PARTS:
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
    return tuple((form, i18n.gettext(form, lang), form in PARTS) for form in PHRASES)
