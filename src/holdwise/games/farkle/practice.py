"""What a practice table (the web page) needs beyond the play session: both measures side by side, the
review of a game's decisions, and the race-aware match a session plays.

- `coach(state)`: for the roll in front of the player, every legal selection (rolling on and banking) with
  its expected points of the turn (the coaching table, banking only when banking reaches the target, as
  the session's coaching measure) and its chance to win the match (race-aware), best first, and a line
  saying when the two disagree and why (the scores and the target).
- `review(start, played)`: replays a game from a state through `step` and scores every keep of the player
  in both measures: its cost in win chance and in expected points against the best option of each, and its
  cost in the measure the coach ranks by (`best`, `loss`).
- `session_loadouts(options)`: the race-aware match a session needs (the player's dice as player 1, the
  computer's as player 2); `stored.match_ready` / `match_solving` say whether this process holds it in memory
  and how far a solve of it running in any process is (a web server answers at once or starts a job).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ..base import Decision, Result, State, to_jsonable
from .hints import GAME, CoachValuer, RaceValuer, Selection, Valuer, option_text, rank_options, selections_of
from .parsing import face_text, parse_dice
from .rules import Die
from .badge_session import EXTRA, badges_ready, in_play, spend_options, with_extra
from .session import selections_in, step
from .stored import cached_match, cached_turn

__all__ = [
    "CoachRow", "Coaching", "Review", "ReviewRow", "coach", "legal_keeps", "review", "session_loadouts",
]


def session_loadouts(options: Mapping[str, Any]) -> tuple[tuple[Die, ...], tuple[Die, ...], int]:
    """(player's dice, computer's dice, target) of a session's options: the race-aware match it plays."""
    return (parse_dice(list(options["dice"])), parse_dice(list(options["computer_dice"])),
            int(options["target"]))


def legal_keeps(state: State) -> list[dict[str, object]]:
    """The legal keeps of the roll in front of the side to move, one per distinct choice (faces kept and kinds
    of dice left): `keep` (faces as shown), `keep_text` (as said: with unlike dice each die that is no ordinary
    die named), `dice_kept` (positions), `dice_kept_names`, `score`, `turn_total`, `dice_left`,
    `hot_dice` and `then` (["roll", "bank"], or ["bank"] when banking reaches the target). No values: what a
    page lists as buttons without giving the answer away."""
    if state.phase != "select":
        return []
    mine, _ = _side(state)
    dice, other, target = session_loadouts(state.options)
    dice = dice if mine == "player" else other
    own, total0 = int(state.data["scores"][mine]), int(state.data["turn_total"])
    out = []
    for sel in _sels(dice, state, True):
        total = total0 + sel.score
        out.append({"keep": list(sel.keep), "keep_text": " ".join(sel.keep_text), "dice_kept": list(sel.dice_kept),
                    "dice_kept_names": list(sel.names), "score": sel.score, "turn_total": total,
                    "dice_left": len(sel.dice_left), "hot_dice": sel.hot_dice,
                    "then": ["bank"] if own + total >= target else ["roll", "bank"]})
    return out


@dataclass(frozen=True)
class CoachRow(Result):
    """One option of a roll in both measures: expected points of the turn and the chance to win (None when
    the race-aware measure is not asked for), each with its loss against that measure's best."""

    option: str
    keep: tuple[str, ...]
    keep_text: str
    dice_kept: tuple[int, ...]
    dice_kept_names: tuple[str, ...]
    score: int
    turn_total: int
    dice_left: int
    hot_dice: bool
    then: str
    expected_points: float
    points_loss: float
    win_chance: float | None
    win_loss: float | None
    action: Mapping[str, object]


@dataclass(frozen=True)
class Coaching(Result):
    """The coach for one roll: every option best first (by win chance when race-aware, else by points), the
    best of each measure, whether they agree, and a line saying why when they do not. The best options are
    named by text and by action (which dice, then what): with unlike dice only the action tells one die's
    keep from another's for sure."""

    game: str
    roll: tuple[str, ...]
    positions: tuple[int, ...]
    turn_total: int
    score: int
    opponent: int
    target: int
    race_aware: bool
    best_points: str
    best_win: str | None
    best_points_action: Mapping[str, object] | None
    best_win_action: Mapping[str, object] | None
    agree: bool
    note: str
    options: tuple[CoachRow, ...]


def _side(state: State) -> tuple[str, str]:
    side = state.to_move
    return side, ("computer" if side == "player" else "player")


def _valuers(state: State, race: bool) -> tuple[tuple[Die, ...], CoachValuer, RaceValuer | None]:
    """The coaching-table and race-aware valuers of the side to move (race None unless asked)."""
    mine, theirs = _side(state)
    dice, other, target = session_loadouts(state.options)
    if mine == "computer":
        dice, other = other, dice
    own, opp = state.data["scores"][mine], state.data["scores"][theirs]
    points = CoachValuer(cached_turn(dice), own, target)
    win: RaceValuer | None = None
    # with badges in play the plain match's win chances are not the game's: the session's advice gives them
    if race and not (state.options.get("badges") or state.options.get("computer_badges")):
        player_dice, computer_dice, _ = session_loadouts(state.options)
        match = cached_match(player_dice, computer_dice, target, store=True)
        win = RaceValuer(match, 0 if mine == "player" else 1, own, opp)
    return dice, points, win


def _roll_text(dice: Sequence[Die], state: State) -> tuple[str, ...]:
    shown = with_extra(tuple(dice))  # a Badge of Might's extra die at position 7
    return tuple(face_text(shown[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"]))


def _sels(dice: Sequence[Die], state: State, distinct: bool) -> list[Selection]:
    """The selections of the roll in front of the side to move (with a Badge of Might's extra die, the
    session's: at most six of the seven dice, the extra die leaving)."""
    if EXTRA in state.data["left"]:
        return selections_in(state, distinct)
    return selections_of(dice, state.data["roll"], state.data["left"], distinct=distinct)


def coach(state: State, race: bool = True) -> Coaching:
    """Every option of the roll in front of the side to move, in both measures, best first.

    race=False leaves the win chances out (None): the race-aware match is not solved, or beyond the guard.
    With badges in play the win chances are the badge match's, each keep spending no badge (the badge coach
    says when spending one is better), once that match is in memory here.
    """
    if state.phase != "select":
        raise InputError("the coach needs a roll in front of the player: roll first")
    dice, points, win = _valuers(state, race)
    sels = _sels(dice, state, True)
    said = {s.dice_kept: s for s in sels}
    total0 = int(state.data["turn_total"])
    by_points = rank_options(sels, total0, points, with_actions=True)
    # an option is its dice and what then: never its text, which two keeps of like dice may share
    win_of: dict[tuple[tuple[int, ...], str], tuple[float, float]] | None = None
    if win is not None:
        win_of = {(tuple(o.extras["dice_kept"]), o.extras["then"]): (o.value, o.loss)
                  for o in rank_options(sels, total0, win, with_actions=True)}
    elif race and in_play(state.options):
        win_of = _badge_wins(state)
    rows = []
    for o in by_points:
        w = None if win_of is None else win_of.get((tuple(o.extras["dice_kept"]), o.extras["then"]))
        e = o.extras
        sel = said[tuple(e["dice_kept"])]
        rows.append(CoachRow(o.option, tuple(e["keep"]), " ".join(sel.keep_text), tuple(e["dice_kept"]),
                             tuple(e["dice_kept_names"]), e["score"], e["turn_total"],
                             e["dice_left"], e["hot_dice"], e["then"], o.value, o.loss,
                             None if w is None else w[0], None if w is None else w[1], to_jsonable(o.action)))
    if win_of is not None:  # best first by the chance to win; equal chances by points
        rows.sort(key=lambda r: (-(r.win_chance or 0.0), -r.expected_points))
    mine, theirs = _side(state)
    own, opp = state.data["scores"][mine], state.data["scores"][theirs]
    target = int(state.options["target"])
    best_points = min(rows, key=lambda r: (r.points_loss, -(r.win_chance or 0.0))) if rows else None
    best_win = rows[0] if rows and win_of is not None else None
    agree = True
    note = ""
    if best_points is not None and best_win is not None:
        agree = (best_points.win_loss or 0.0) <= 1e-12 or best_win.points_loss <= 1e-9
        note = ("The coaching table and the race-aware coach agree." if agree else
                _why(best_points, best_win, own, opp, target, "you" if mine == "player" else "the computer"))
    elif best_points is not None:
        note = "Win chances are not shown: the race-aware match is not solved for these dice and target."
    return Coaching(GAME, _roll_text(dice, state), tuple(state.data["left"]), total0, own, opp, target,
                    win_of is not None, best_points.option if best_points else "",
                    best_win.option if best_win else None, best_points.action if best_points else None,
                    best_win.action if best_win else None, agree, note, tuple(rows))


def _badge_wins(state: State) -> dict[tuple[tuple[int, ...], str], tuple[float, float]] | None:
    """With badges in play, each keep's chance to win spending no badge and its loss against the best such
    keep, from the badge match the session plays (a badge spent is the badge coach's line); None while that
    match is not solved (never solved here: a request must not wait for it)."""
    if not badges_ready(state.options):
        return None
    # the session's keeps in win chance (its selections: its badges' scoring and extra die), not its whole
    # advice, which also prices every move of a badge spent after the throw
    keeps = {(tuple(o.action["dice"]), str(o.action["then"])): o.value
             for o in spend_options(state, selections_in(state, True)) if not o.action.get("badges")}
    best = max(keeps.values(), default=0.0)
    return {key: (value, best - value) for key, value in keeps.items()}


def _why(points: CoachRow, win: CoachRow, own: int, opp: int, target: int, who: str) -> str:
    """Why playing to win differs from maximizing the turn's points, in terms of the scores and target."""
    head = (f"The coaching table says '{points.option}' ({points.expected_points:,.0f} points expected); playing "
            f"to win says '{win.option}' ({100 * (win.win_chance or 0.0):.1f}% to win, {100 * (points.win_loss or 0.0):.1f} "
            f"percentage points more). ")
    need, opp_need = target - own, target - opp
    facts = f"Score {own:,} to {opp:,}, first to {target:,}: "
    if win.then == "bank" and points.then == "roll":
        after = own + win.turn_total
        lead = after - opp
        why = (f"banking {win.turn_total:,} puts {who} at {after:,}, {target - after:,} from the target"
               + (f" and {lead:,} ahead" if lead > 0 else "")
               + "; in the race sure points now are worth more than the extra points rolling on would add on "
                 "average, which the coaching table counts even beyond the target.")
    elif win.then == "roll" and points.then == "bank":
        after = own + points.turn_total
        why = (f"banking {points.turn_total:,} would leave {who} at {after:,} with {target - after:,} still to go "
               f"while the other side needs {opp_need:,}; too little to hold the race, so playing to win takes "
               "the risk of rolling on.")
    else:
        more = win.dice_left > points.dice_left
        why = (f"{who} need{'s' if who != 'you' else ''} {need - win.turn_total:,} more after this keep and the other "
               f"side {opp_need:,}; the race values "
               + ("more dice to roll (a better chance to go on) over the points of the larger keep."
                  if more else "the points of the larger keep over more dice to roll."))
    return head + facts + why


@dataclass(frozen=True)
class ReviewRow(Result):
    """One keep of the player: the position, the choice, and the best option and the cost in each measure
    (win chance: None when the race-aware measure is not asked for); `best` and `loss` are those of the measure
    the coach ranks by (win chance when race-aware, else points): following the coach's best costs 0."""

    game: int
    position: str
    chosen: str
    best_points: str
    points_loss: float
    best_win: str | None
    win_loss: float | None
    best: str
    loss: float


@dataclass(frozen=True)
class Review(Result):
    """The player's keeps of a replayed stretch of play, each costed in both measures, with the totals; the
    session's own measure is `measure`, and `scores` are those the replay ends on."""

    game: str
    measure: str
    race_aware: bool
    decisions: tuple[ReviewRow, ...]
    points_lost: float
    win_chance_lost: float | None
    scores: Mapping[str, int]
    steps: int


def _chosen(state: State, dice: Sequence[Die], valuer: Valuer, action: Mapping[str, Any]) -> tuple[str, float]:
    """The chosen keep as text and its value under `valuer` (as the session scores a decision)."""
    sels = {tuple(s.dice_kept): s for s in _sels(dice, state, False)}
    sel = sels[tuple(action["dice"])]
    total = int(state.data["turn_total"]) + sel.score
    if action["then"] == "roll" and not valuer.reaches(total):
        return option_text(sel.keep_text, "roll"), valuer.roll(total, sel.state)
    return option_text(sel.keep_text, "bank"), valuer.bank(total)


def _review_row(state: State, action: Mapping[str, Any], race: bool) -> ReviewRow:
    dice, points, win = _valuers(state, race)
    sels = _sels(dice, state, True)
    total0 = int(state.data["turn_total"])
    best_p = rank_options(sels, total0, points)[0]
    chosen, value = _chosen(state, dice, points, action)
    p_loss = max(0.0, best_p.value - value)
    best_w: str | None = None
    w_loss: float | None = None
    best, loss = best_p.option, p_loss
    if win is not None:
        top = rank_options(sels, total0, win)[0]
        best_w, w_loss = top.option, max(0.0, top.value - _chosen(state, dice, win, action)[1])
        best, loss = best_w, w_loss
    scores = state.data["scores"]
    position = (f"roll {' '.join(_roll_text(dice, state))} at turn total {total0:,} "
                f"(you {scores['player']:,}, computer {scores['computer']:,})")
    return ReviewRow(int(state.data["game"]), position, chosen, best_p.option, p_loss, best_w, w_loss, best, loss)


def _badge_row(state: State, decision: Decision) -> ReviewRow:
    """A choice of the player at a table with badges, as the session priced it (win chance, the badges and
    the Advantages' scoring counted); there is no expected-points measure of a badge: points_loss 0, and
    best_points the coach's best."""
    return ReviewRow(int(state.data["game"]), decision.position, decision.chosen, decision.best, 0.0, decision.best,
                     decision.loss, decision.best, decision.loss)


def review(start: State, played: Sequence[Mapping[str, Any]], race: bool = True, end: State | None = None) -> Review:
    """Replay `played` (actions of both sides) from `start` through `step`, costing each keep of the player in
    expected points and (race=True) in win chance; with `end`, the replay must arrive at that state."""
    if start.game != GAME:
        raise InputError(f"a {start.game} state is not a Farkle state")
    state, rows = start, []
    for i, action in enumerate(played):
        if not isinstance(action, Mapping):
            raise InputError(f"action {i + 1} is not an object")
        is_keep = state.phase == "select" and state.to_move == "player" and action.get("type") == "keep"
        # with badges every choice of the player (a keep, a badge spent on a throw, a bust's answer) is priced
        # as the session recorded it, in win chance from the badge match
        mine = "badges" in start.options and state.to_move == "player" and state.phase in ("select", "bust")
        try:
            nxt = step(state, action)
        except InputError as err:
            raise InputError(f"action {i + 1} of the replay: {err}") from None
        if mine:
            rows.append(_badge_row(state, nxt.decisions[-1]))
        elif is_keep:
            rows.append(_review_row(state, action, race))
        state = nxt
    if end is not None and state.to_json() != end.to_json():
        raise InputError(f"the {len(played)} actions played from the start do not arrive at the state sent")
    win_lost = sum(r.win_loss or 0.0 for r in rows) if race else None
    return Review(GAME, "win_chance" if start.options["computer"] == "race-aware" else "expected_points", race,
                  tuple(rows), sum(r.points_loss for r in rows), win_lost, dict(state.data["scores"]), len(played))
