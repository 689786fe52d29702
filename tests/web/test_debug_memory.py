"""The benchmarks' memory view (web/debug_memory.py): absent unless $HOLDWISE_DEBUG_MEMORY is set when the app
is made; its byte totals are the memory budget's own."""

from fastapi.testclient import TestClient

from holdwise import memory
from holdwise.web.app import create_app


def test_the_view_exists_only_when_asked_for_and_counts_what_the_budget_counts(monkeypatch):
    monkeypatch.delenv("HOLDWISE_DEBUG_MEMORY", raising=False)
    assert TestClient(create_app(warm=False)).get("/api/debug/memory").status_code == 404
    monkeypatch.setenv("HOLDWISE_DEBUG_MEMORY", "1")
    client = TestClient(create_app(warm=False))
    assert client.post("/api/farkle/turn", json={"dice": "ordinary*6"}).status_code == 200
    view = client.get("/api/debug/memory").json()
    assert view["kept"] == memory.kept() == sum(memory.kept_by_name().values()) > 0
    assert view["caches"] == {k: v for k, v in memory.kept_by_name().items() if v}
    assert view["rss_mb"] > 0 and view["budget"] == memory.budget()


def test_the_memos_are_every_module_s_lru_caches_only():
    """With every holdwise module loaded (the suite's process): objects that answer any attribute, such as
    Cython's shadow module, are not taken for memos; a memo by bytes is counted with the caches, not here."""
    import importlib
    import pkgutil

    import holdwise
    from holdwise.web import debug_memory

    for found in pkgutil.walk_packages(holdwise.__path__, "holdwise."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
    memos = debug_memory._memos()
    assert "solver.cy.cython" not in memos
    assert "games.farkle.hints._selections_of" in memos and "games.farkle.turn._solve_turn" not in memos
