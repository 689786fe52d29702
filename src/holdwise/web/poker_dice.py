"""Poker dice at the table: you against the computer (2 or 3 players, every variant), and the odds page."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router", "warm"]

router = APIRouter()


def warm() -> None:
    """Nothing yet."""
