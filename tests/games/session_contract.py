"""The play-session contract every game's face must keep: the shipped checks (`holdwise.games.checks`)."""

from holdwise.games.checks import play_random_game, round_trip

__all__ = ["play_random_game", "round_trip"]
