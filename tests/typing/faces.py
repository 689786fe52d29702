"""The type gate's proof that every built-in face is a `GameFace`: mypy reads this file (CI runs it).

A face whose `__all__` is computed, or whose `parse_hint`/`hint`/session verbs differ from the protocol, makes
this assignment fail to type-check.
"""

from __future__ import annotations

from typing import Any

from holdwise.games import dice_duel, dice_poker, farkle, liars_dice, poker_dice, video_poker, yahtzee
from holdwise.games.base import GameFace

faces: list[GameFace[Any]] = [dice_duel, dice_poker, farkle, liars_dice, poker_dice, video_poker, yahtzee]
