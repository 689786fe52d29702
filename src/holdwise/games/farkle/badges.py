"""The badges of Kingdom Come: Deliverance II's dice table as rules data: effect, tier, uses, amount.

Sources and the defaults chosen where they disagree or stay vague: docs/reference/badges.md. A badge is
typed as `<effect>-<tier>` ("fortune-tin", "warlord-gold"); the Badges of Advantage have no tier
("advantage-cut"). Only the badges whose effect the match solver models (`MODELLED`) can be brought to a
match; the rest are listed with the reason they are not modelled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...errors import InputError

__all__ = [
    "ADVANTAGE_FACES", "ADVANTAGE_POINTS", "AFTER_THROW", "BADGES", "EMPEROR_FACES", "EMPEROR_POINTS",
    "FORTUNE_DICE", "HEADSTART_POINTS", "MIGHT_DIE", "MODELLED", "NOT_MODELLED", "REROLLS", "SPENT_IN_TURN", "SWAP_OUT_DICE",
    "TIERS", "TRANSMUTATION_FACE", "WARLORD_PERCENT", "WEDDING_DICE", "Badge", "Loadout", "badge_by_slug",
    "loadout", "parse_badges",
]

TIERS = ("tin", "silver", "gold")
# amounts the sources leave vague: rule options with these defaults (docs/reference/badges.md says why)
HEADSTART_POINTS = {"tin": 100, "silver": 200, "gold": 300}
WARLORD_PERCENT = {"tin": 25, "silver": 50, "gold": 100}
# the Badges of Advantage: the faces of each extra combination, and what it scores by default (no source read
# gives the points: a stated guess, each above what its dice score without the badge; a rule option, `amount`)
ADVANTAGE_FACES = {"advantage-cut": (3, 5), "advantage-gallows": (4, 5, 6), "advantage-eye": (1, 3, 5)}
ADVANTAGE_POINTS = {"advantage-cut": 100, "advantage-gallows": 200, "advantage-eye": 300}
# spent after a throw, on its faces (`badge_faces`): Fortune re-rolls up to this many dice, Transmutation turns a
# die into this face (sources A, B, C agree)
FORTUNE_DICE = {"tin": 1, "silver": 2, "gold": 3}
TRANSMUTATION_FACE = {"tin": 3, "silver": 5, "gold": 1}
# Swap-Out re-rolls up to this many dice showing one face (silver: any one die; gold: two like dice, A and B);
# Wedding re-rolls up to three dice (B): Fortune gold's move
SWAP_OUT_DICE = {"silver": 1, "gold": 2}
WEDDING_DICE = 3
# the Emperor's Badge: three 1s score this instead of the table's 1,000 (B: "triple"); a rule option, `amount`
EMPEROR_FACES = (1, 1, 1)
EMPEROR_POINTS = 3000
AFTER_THROW = ("fortune", "transmutation", "swap-out", "wedding")
# the after-throw badges that re-roll chosen dice (the rest turn a die into a face)
REROLLS = ("fortune", "swap-out", "wedding")
# effects spent during a turn, whose unspent uses are part of the match state (in this order)
SPENT_IN_TURN = ("warlord", "doppelganger", "resurrection")
# the Badge of Might's extra die: an ordinary die (no source names another), thrown once with the dice left and
# not kept for the next throws (docs/reference/badges.md); its uses are the 5th entry of a layer's
MIGHT_DIE = "ordinary"
MODELLED = ("headstart", "defence", "advantage", "emperor", *SPENT_IN_TURN, *AFTER_THROW, "might")


@dataclass(frozen=True)
class Badge:
    """One badge: its effect, tier ('' for the Badges of Advantage), uses per game (0: always on) and amount
    (points for a headstart, an Advantage's combination or the Emperor's three 1s, percent for a Warlord's bonus,
    dice re-rolled for Fortune, Swap-Out and Wedding, the face for Transmutation, else 0)."""

    slug: str
    title: str
    effect: str
    tier: str
    uses: int = 0
    amount: int = 0
    text: str = ""

    @property
    def modelled(self) -> bool:
        """Does the match solver model this badge's effect?"""
        return self.effect in MODELLED


def _tiered(effect: str, name: str, uses: tuple[int, int, int], text: str,
            amounts: dict[str, int] | None = None) -> list[Badge]:
    return [Badge(f"{effect}-{tier}", name.format(tier=tier.title()), effect, tier, n,
                  (amounts or {}).get(tier, 0), text) for tier, n in zip(TIERS, uses)]


_ALL = [
    *_tiered("headstart", "{tier} Badge of Headstart", (0, 0, 0), "points at the start of the game",
             HEADSTART_POINTS),
    *_tiered("defence", "{tier} Badge of Defence", (0, 0, 0), "cancels the opponent's badges of its tier"),
    *_tiered("warlord", "{tier} Warlord's Badge", (1, 1, 1), "more points for the turn it is spent on",
             WARLORD_PERCENT),
    *_tiered("doppelganger", "{tier} Doppelganger's Badge", (1, 2, 3), "doubles the points of the last throw"),
    *_tiered("resurrection", "{tier} Badge of Resurrection", (1, 2, 3), "throw again after a bust"),
    *_tiered("fortune", "{tier} Badge of Fortune", (1, 1, 1), "re-roll one, two or three dice", FORTUNE_DICE),
    *_tiered("might", "{tier} Badge of Might", (1, 2, 3), "an extra die for a throw"),
    *_tiered("transmutation", "{tier} Badge of Transmutation", (1, 1, 1), "turn a die into a 3, a 5 or a 1",
             TRANSMUTATION_FACE),
    Badge("swap-out-silver", "Silver Swap-Out Badge", "swap-out", "silver", 1, SWAP_OUT_DICE["silver"],
          "re-roll a die"),
    Badge("swap-out-gold", "Gold Swap-Out Badge", "swap-out", "gold", 1, SWAP_OUT_DICE["gold"],
          "re-roll two like dice"),
    Badge("wedding-gold", "Gold Wedding Badge", "wedding", "gold", 1, WEDDING_DICE, "re-roll up to three dice"),
    Badge("emperor-gold", "Gold Emperor's Badge", "emperor", "gold", 0, EMPEROR_POINTS, "three 1s pay triple"),
    Badge("advantage-cut", "Carpenter's Badge of Advantage", "advantage", "", 0, ADVANTAGE_POINTS["advantage-cut"],
          "3 + 5 scores as the Cut"),
    Badge("advantage-gallows", "Executioner's Badge of Advantage", "advantage", "", 0,
          ADVANTAGE_POINTS["advantage-gallows"], "4 + 5 + 6 scores as the Gallows"),
    Badge("advantage-eye", "Priest's Badge of Advantage", "advantage", "", 0, ADVANTAGE_POINTS["advantage-eye"],
          "1 + 3 + 5 scores as the Eye"),
]
BADGES: dict[str, Badge] = {b.slug: b for b in _ALL}

# why the rest are not modelled (docs/reference/badges.md): every badge listed is modelled now
NOT_MODELLED: dict[str, str] = {}


def _key(text: str) -> str:
    """A badge's name as looked up: lower case words without "badge", "of" or "'s", the tier last."""
    words = [w for w in re.split(r"[^a-z]+", text.lower().replace("'s", "").replace("\u2019s", ""))
             if w and w not in ("badge", "of")]
    if words and words[0] in TIERS:  # "gold-warlord" and "warlord-gold" alike
        words = words[1:] + words[:1]
    return "-".join(words)


_BY_TITLE: dict[str, Badge] = {_key(b.title): b for b in _ALL}


def badge_by_slug(text: str, uses: int | None = None, amount: int | None = None) -> Badge:
    """A badge by its slug ("fortune-tin", "Warlord gold"), optionally with other uses or another amount."""
    badge = BADGES.get(_key(text)) or _BY_TITLE.get(_key(text))
    if badge is None:
        raise InputError(f"unknown badge {text!r}; known: {', '.join(BADGES)}")
    if uses is not None:
        badge = replace(badge, uses=uses)
    if amount is not None:
        badge = replace(badge, amount=amount)
    return badge


def parse_badges(text: str | None) -> tuple[Badge, ...]:
    """Badges typed as a comma-separated list ("fortune-tin,might-silver"); a badge not modelled, or a pair
    the solver does not build, is refused, saying why."""
    if not text:
        return ()
    badges = tuple(badge_by_slug(part) for part in text.split(",") if part.strip())
    for b in badges:
        if not b.modelled:
            raise InputError(f"the {b.title} is not modelled: {NOT_MODELLED[b.effect]}")
    effects = [b.slug if b.effect == "advantage" else b.effect for b in badges]
    if len(set(effects)) != len(effects):
        raise InputError("bring at most one badge of each kind")
    loadout(badges)  # the pairs not built (a Might with a Doppelganger, ...) refused as they are typed
    return badges


@dataclass(frozen=True)
class Loadout:
    """What one player's badges do in a match, after the opponent's Defence: the start score (units of 50),
    the uses of each effect spent during a turn (SPENT_IN_TURN order), the Warlord's percent and the extra
    combinations that score (a Badge of Advantage's: (faces, points))."""

    start: int = 0
    uses: tuple[int, int, int] = (0, 0, 0)
    warlord_percent: int = 0
    combos: tuple[tuple[tuple[int, ...], int], ...] = ()
    after: tuple[str, int, int] = ("", 0, 0)  # a badge spent after a throw: (effect, amount, uses)
    might: int = 0  # the Badge of Might's uses: an extra die for a throw

    @property
    def any(self) -> bool:
        """Does this loadout change anything?"""
        return self.start > 0 or any(self.uses) or bool(self.combos) or self.after[2] > 0 or self.might > 0


def loadout(mine: tuple[Badge, ...], theirs: tuple[Badge, ...] = ()) -> Loadout:
    """One player's effective loadout: its badges less those the opponent's Defence cancels (same tier)."""
    cancelled = {b.tier for b in theirs if b.effect == "defence"}
    start, uses, percent = 0, [0, 0, 0], 0
    combos: list[tuple[tuple[int, ...], int]] = []
    after = ("", 0, 0)
    might = 0
    for b in mine:
        if b.tier in cancelled or not b.modelled:
            continue
        if b.effect == "headstart":
            if b.amount % 50 or b.amount < 0:
                raise InputError(f"a headstart is a multiple of 50 points, got {b.amount}")
            start += b.amount // 50
        elif b.effect in ("advantage", "emperor"):
            if b.amount % 50 or b.amount < 0:
                raise InputError(f"a combination scores a multiple of 50 points, got {b.amount}")
            if b.amount > 0:  # a combination worth nothing is no combination
                combos.append((EMPEROR_FACES if b.effect == "emperor" else ADVANTAGE_FACES[b.slug], b.amount))
        elif b.effect in AFTER_THROW:
            if after[2] > 0 and b.uses > 0:
                raise InputError("bring at most one badge spent after a throw (Fortune, Transmutation, Swap-Out, "
                                 "Wedding): two are not built")
            if b.effect in REROLLS and not 0 <= b.amount <= 6 or b.effect == "transmutation" and not (
                    1 <= b.amount <= 6):
                raise InputError(f"the {b.title} needs a number of dice (0-6) or a face (1-6), got {b.amount}")
            if b.uses > 0 and (b.effect == "transmutation" or b.amount > 0):  # re-rolling no die does nothing
                after = (b.effect, b.amount, b.uses)
        elif b.effect == "might":
            might += max(0, b.uses)
        elif b.effect in SPENT_IN_TURN:
            uses[SPENT_IN_TURN.index(b.effect)] += max(0, b.uses)
            if b.effect == "warlord":
                percent = b.amount
    if after[2] > 0 and (uses[1] or uses[2]):
        raise InputError("a badge spent after a throw (Fortune, Transmutation, Swap-Out, Wedding) with a "
                         "Doppelganger or a Resurrection is not built")
    if might > 0 and (uses[1] or uses[2] or after[2] > 0):
        raise InputError("the Badge of Might with a Doppelganger, a Resurrection or a badge spent after a throw "
                         "(Fortune, Transmutation, Swap-Out, Wedding) is not built")
    return Loadout(start, (uses[0], uses[1], uses[2]), percent, tuple(sorted(combos)), after, might)
