"""Depth report, simulation and strategy comparison on top of the solvers."""
