"""The English forms of refusals said in the reader's language through holdwise.phrases: the command line's
parser (click's usage errors), the games' rarer input errors, the resource guards' refusals and the web's own
(429, 404, 413, a sealed state's); each a pattern whose parts are said in turn, as the games' words are."""

from __future__ import annotations

from .i18n import N_

__all__ = ["FIRST", "LATER"]

# Forms tried before the common input errors of holdwise.phrases, whose more general forms ("must be a whole
# number %(range)s, got ...", "at most %(n)s", "unknown die ...") would read these wrongly
FIRST: tuple[str, ...] = (
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
)

# Forms tried after them: the most general last ("must be %(range)s, got %(got)s")
LATER: tuple[str, ...] = (
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
)
