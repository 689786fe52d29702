"""Video poker's fairness and strategy pages: every game's exact return at 5 coins and at 1-4 coins, each
game's derived chart and cost curve, and a pasted chart evaluated over every deal."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router", "warm"]

router = APIRouter()


def warm() -> None:
    """Nothing yet."""
