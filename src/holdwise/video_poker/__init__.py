"""Video poker: cards, the evaluator, pay tables, one hand's holds and a whole game's return."""
