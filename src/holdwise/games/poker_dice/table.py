"""What the N-player solver asks of a set of dice: ranked hand classes and batches of one-player games.

A table knows its dice and how hands rank. Hands are grouped into classes numbered 0 (worst) to K - 1 (best);
two hands tie exactly when their classes are equal. The N-player solver (`rounds`) sees only this protocol:

- `n_classes`: K;
- `threshold_games(above, tie, rerolls, aux_above, aux_tie, aux_below)`: for every class b, the game against
  a best hand of class b: a final class c pays above[c] if c > b, tie[b] if c == b and 0 below; its optimal
  value before the first roll, and further payouts of the same shape followed along that optimal play;
- `single_game(pay_by_rolls, follow)`: one game whose pay may depend on the rolls used (the roll limit), its
  optimal value and further payouts followed along it.

Six-faced poker dice (`SixFaceTable`) are multisets of 252 hands, every hand its own class (`rules.hand_ranks`);
card dice (`card_table.CardTable`) are ordered rolls of distinguishable dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ...solver import Game, batch_optimal, expect, solve
from .rules import Variant

if TYPE_CHECKING:
    from .solver import Setup

__all__ = ["ROLLS", "SixFaceTable", "Table", "six_face_table"]

ROLLS = 3


class Table(Protocol):
    """The protocol of a set of dice as the N-player solver sees it (see the module docstring)."""

    @property
    def n_classes(self) -> int: ...

    def threshold_games(self, above: np.ndarray, tie: np.ndarray, rerolls: int, aux_above: np.ndarray,
                        aux_tie: np.ndarray, aux_below: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...

    def single_game(self, pay_by_rolls: np.ndarray,
                    follow: np.ndarray | None) -> tuple[float, np.ndarray]: ...


@dataclass(frozen=True, eq=False)
class SixFaceTable:
    """Five six-faced poker dice under a rule variant: class c is the hand of rank c (all ranks differ)."""

    variant: Variant

    @property
    def setup(self) -> Setup:  # imported late: solver imports this module
        from .solver import setup

        return setup(self.variant)

    @property
    def n_classes(self) -> int:
        return len(self.setup.ranks)

    @property
    def class_of_hand(self) -> np.ndarray:
        """The class of every hand in lattice order (its rank)."""
        return self.setup.ranks

    def hand_pays(self, pay: np.ndarray) -> np.ndarray:
        """A payout by class (..., K) as a payout by hand (..., hands)."""
        return np.asarray(pay, dtype=np.float64)[..., self.setup.ranks]

    def _threshold_pays(self, above: np.ndarray, tie: np.ndarray | float, below: float) -> np.ndarray:
        """hands x K: column b pays above[c] over b, tie at b, below under b (c = the hand's class)."""
        cls = self.setup.ranks
        k = self.n_classes
        over = cls[:, None] > np.arange(k)[None, :]
        same = cls[:, None] == np.arange(k)[None, :]
        tie_col = np.broadcast_to(np.asarray(tie, dtype=np.float64), (k,))
        return (np.where(over, np.asarray(above, dtype=np.float64)[cls][:, None], below)
                + np.where(same, tie_col[None, :] - below, 0.0))

    def threshold_games(self, above: np.ndarray, tie: np.ndarray, rerolls: int, aux_above: np.ndarray,
                        aux_tie: np.ndarray, aux_below: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """See the module docstring: the games of every class b at once (the batch kernel)."""
        dice = self.setup.dice
        lat, probs = dice.lattice, dice.face_probabilities()
        pay = self._threshold_pays(above, tie, 0.0)
        e1 = expect(lat, probs, pay)
        n_aux = len(aux_tie)
        if n_aux == 0:
            return np.asarray(batch_optimal(dice, e1, rerolls)), np.zeros((0, self.n_classes))
        aux = np.stack([expect(lat, probs, self._threshold_pays(aux_above[a], aux_tie[a], aux_below[a]))
                        for a in range(n_aux)])
        values, followed = batch_optimal(dice, e1, rerolls, aux)
        return np.asarray(values), np.asarray(followed)

    def single_game(self, pay_by_rolls: np.ndarray,
                    follow: np.ndarray | None) -> tuple[float, np.ndarray]:
        """See the module docstring: R = 1 (pay whatever the rolls used) or R = ROLLS (the roll limit)."""
        pays = self.hand_pays(pay_by_rolls)
        follow_pays = np.zeros((0, 1, 1)) if follow is None else self.hand_pays(follow)
        n_follow = 0 if follow is None else len(follow)
        if len(pays) == 1:
            result = solve(Game(self.setup.dice, pays[0], ROLLS - 1))
            followed = [float(result.final_distribution @ follow_pays[a, 0]) for a in range(n_follow)]
            return float(result.expected), np.array(followed)
        from .solver import first_player_with_limit, follow_keeps

        value, _, keeps = first_player_with_limit(self.setup, pays)
        followed = [follow_keeps(self.setup, keeps, follow_pays[a]) for a in range(n_follow)]
        return value, np.array(followed)


@lru_cache(maxsize=32)
def six_face_table(variant: Variant) -> SixFaceTable:
    """The table of a variant (one per variant: its arrays are cached with the variant's setup)."""
    return SixFaceTable(variant)
