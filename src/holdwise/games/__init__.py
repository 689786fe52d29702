"""Game rules and data only; the solvers live elsewhere."""
