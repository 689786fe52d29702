"""Toy games kept with the tests: each proves that a game needs only its folder and a registry entry."""
