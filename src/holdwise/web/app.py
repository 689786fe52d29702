"""The web app: pages, the JSON API, static files, error handling, and the solves warmed at start-up."""

from __future__ import annotations

import functools
import importlib
import os
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import __version__, games, i18n
from ..i18n import N_
from ..games.registry import Page
from . import api_schema, hint, session
from ..settings import check_settings
from .common import HERE, ClientMark, json_bytes, page, request_language
from .schemas import Health, answers
from .work import ledger
from .errors import BodyLimit, install

__all__ = ["DOCS_POLICY", "MORE_GAMES", "REDOC", "SCHEMA", "SWAGGER_UI", "create_app", "generic_games", "labs", "nav_groups",
           "own_pages"]

# the API docs' scripts and styles, served from the package (static/vendor/VENDORED.md says where from)
SWAGGER_UI = "/static/vendor/swagger-ui-dist-5.35.0"
REDOC = "/static/vendor/redoc-2.5.4"
SCHEMA = "/openapi.json"  # the OpenAPI schema; ?lang=sk or cs: its words in that language (web/api_schema.py)
# the docs pages may load from this server only (a guard: the vendored scripts ask no other host); no inline
# script (static/api_docs.js starts Swagger UI); inline styles, which both viewers write
DOCS_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
               "script-src 'self'; worker-src 'self' blob:; font-src 'self' data:")


def own_pages() -> dict[str, tuple[Page, ...]]:
    """The registered games with pages of their own (from the registry), each with its pages."""
    return {info.id: info.pages for info in games.infos() if info.pages}


def labs(lang: str = i18n.DEFAULT) -> tuple[tuple[str, str, str], ...]:
    """Every page of the lab, (path, title, blurb), in the registry's order; a game without pages of its own
    gets the generic play page `/play/<game>` (its title and blurb in `lang`; the others' are translated where
    they are shown)."""
    out: list[tuple[str, str, str]] = []
    for info in games.infos():
        out += [(p.path, p.title, p.blurb) for p in info.pages] or [_generic_lab(info.id, lang)]
    return tuple(out)


MORE_GAMES = N_("More games")  # the menu group of the games without pages of their own


def nav_groups() -> tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...]:
    """The menu: (group name, ((path, short name, title), ...)) per game, in the registry's order; the games
    without pages of their own share one group."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for info in games.infos():
        if info.pages:
            groups.setdefault(info.title, []).extend((p.path, p.label, p.title) for p in info.pages)
        else:
            href, title, _ = _generic_lab(info.id)
            groups.setdefault(MORE_GAMES, []).append((href, info.title, title))
    return tuple((name, tuple(items)) for name, items in groups.items())


def generic_games() -> list[str]:
    """The registered games without a page of their own: they get the generic play page `/play/<game>`."""
    return [info.id for info in games.infos() if not info.pages]


PLAY_TITLE = N_("%(game)s: play")
PLAY_BLURB = N_("%(game)s: play it with the hint; the legal moves as buttons, or typed.")


def _generic_lab(name: str, lang: str = i18n.DEFAULT) -> tuple[str, str, str]:
    face = games.get(name)
    summary = ((face.__doc__ or "").strip().splitlines() or [""])[0].split(":")[0].strip().rstrip(".")
    title = i18n.gettext(games.info(name).title, lang)
    if lang != i18n.DEFAULT:  # the face's docstring is English: the game's title stands for it
        summary = title
    return (f"/play/{name}", i18n.gettext(PLAY_TITLE, lang) % {"game": title},
            i18n.gettext(PLAY_BLURB, lang) % {"game": summary or title})


def _play_title(name: str, lang: str) -> str:
    return _generic_lab(name, lang)[1]


def create_app(warm: bool | None = None) -> FastAPI:
    """The holdwise web app. `warm`: solve the default Farkle match in the background at start-up
    (default: on unless $HOLDWISE_NO_WARM is set)."""
    if warm is None:
        warm = not os.environ.get("HOLDWISE_NO_WARM")
    check_settings()  # `holdwise serve` checked them before starting; a bad value stops here too

    generic = generic_games()
    pages = labs()
    modules = [importlib.import_module(f"{__package__}.{name}") for info in games.infos() for name in info.web]

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if warm:
            for module in modules:
                if hasattr(module, "warm"):
                    module.warm()
            for name in generic:
                session.warm(name, games.get(name))
        yield

    # the schema is served below, in the reader's language (FastAPI's own route would serve English only)
    app = FastAPI(title="holdwise", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None,
                  description="Exact best play and true return of keep-and-re-roll games. Every answer is the "
                              "CLI's --json, same keys; play endpoints take and return a sealed game state.")
    app.state.nav = nav_groups()  # every page's menu (templates/base.html)
    install(app)
    app.add_middleware(BodyLimit)
    app.add_middleware(ClientMark)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        lang = request_language(request)
        return page(request, "index.html", labs=pages if lang == i18n.DEFAULT else labs(lang), title="holdwise lab")

    @app.get(SCHEMA, include_in_schema=False)
    def openapi(request: Request) -> Response:
        """The OpenAPI schema, its words in the reader's language (?lang=, the cookie, Accept-Language)."""
        lang = request_language(request)
        if lang not in schemas:
            schemas[lang] = json_bytes(api_schema.translated(app.openapi(), lang))
        return Response(schemas[lang], media_type="application/json",
                        headers={"content-language": lang, "vary": "accept-language, cookie"})

    schemas: dict[str, bytes] = {}  # the schema of each language, made once

    def api_docs(request: Request, viewer: str, assets: str, title: str) -> HTMLResponse:
        # the site's layout around the viewer (templates/api_docs.html), so its menu leads back to every page;
        # the viewer reads the schema in the page's language
        spec = f"{SCHEMA}?lang={request_language(request)}"
        html = page(request, "api_docs.html", viewer=viewer, assets=assets, spec=spec, title=title)
        html.headers["content-security-policy"] = DOCS_POLICY
        return html

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        return api_docs(request, "swagger", SWAGGER_UI, N_("holdwise API: try it"))

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        return api_docs(request, "redoc", REDOC, N_("holdwise API: reference"))

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg", status_code=308)

    @app.get("/api/health", tags=["server"], **answers(Health, "GET /api/health"))
    def health() -> dict:
        """The server's version, its process id (which worker answered), that it answers, and its heavy solves
        running and waiting in line (all its workers')."""
        return {"status": "ok", "version": __version__, "pid": os.getpid(), "solves": ledger.counts()}

    for module in modules:
        app.include_router(module.router)
    from . import debug_memory

    if debug_memory.enabled():  # benchmarks only ($HOLDWISE_DEBUG_MEMORY): a worker's memory, never in production
        app.include_router(debug_memory.router)
    for info in games.infos():
        own = [importlib.import_module(f"{__package__}.{name}") for name in info.web]
        pending = next((m.hint_pending for m in own if hasattr(m, "hint_pending")), None)
        app.include_router(hint.hint_routes(info.id, games.get(info.id), pending))
    for name in generic:
        face = games.get(name)
        # the examples in /docs: a first move of a dice game (Yahtzee's "roll all"), or the face's own typed move
        app.include_router(session.session_routes(
            name, face, step_example={"state": {"state": {}, "seal": ""},
                                      "action": getattr(face, "ACTION_EXAMPLE", {"type": "keep", "keep": []})},
            move_example=getattr(face, "MOVE_EXAMPLE", "roll")))
        app.include_router(session.play_routes(name, functools.partial(_play_title, name)))
    return app
