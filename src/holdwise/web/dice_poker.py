"""Routes of the dice poker pages and API (placeholder until written)."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router", "warm"]

router = APIRouter()


def warm() -> None:
    """Start the solves this page needs at start-up, in the background."""
