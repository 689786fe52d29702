"""The Farkle inventory search's API (`POST /api/farkle/search`, `/plan`, `/cancel`): every six-set the dice you
own allow, ranked exactly, as a background job with progress, the best sets so far and a graceful stop."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import Field, Strict

from ..errors import InputError
from ..games import farkle as face
from .common import Body, FieldError, examples, jobs, json_bytes, user_field
from .schemas import Search, SearchPlan, answers
from .farkle import TAG, Dice, DiceList, Target

__all__ = ["WEB_MAX_SECONDS", "SearchBody", "router"]

router = APIRouter()

# a search is one job on one core, and jobs run one at a time: beyond this estimate (20,000 specials one each
# is about 4 minutes) the page sends the player to `holdwise farkle search`, which uses every core
WEB_MAX_SECONDS = 15 * 60
RESULTS_ENV = "HOLDWISE_RESULTS_FILE"  # a results file: its finished farkle-ranking answers the whole domain
STOP_WAIT_S = 20.0  # a stop is answered once the search ends its chunk (a solve chunk is seconds)

Count = Annotated[int, Strict()]  # 0 to 120, checked by parse_inventory (naming the die)
Owned = Annotated[str | DiceList | Annotated[dict[Annotated[str, Field(max_length=200)], Count], Field(max_length=60)],
                  Field(description="the dice you own: names as `dice` reads them ('lucky*2,odd'), a list of names, "
                                    "or counts per die ({\"lucky\": 2, \"odd\": 1}); Ordinary dice fill every set")]


class SearchBody(Body):
    """The arguments of `holdwise farkle search`: the dice you own, how many sets to list, the points still
    needed (rank by a turn played to them), and against an opponent's dice the leaders' match to `target`."""

    model_config = examples({"owned": {"lucky": 1, "odd": 1, "kings": 2}, "top": 5},
                            {"owned": "lucky,odd,kings*2,weighted", "top": 3, "opponent_dice": "ordinary*6",
                             "target": 1000, "race_top": 2})
    owned: Owned
    top: Annotated[int, Strict(), Field(ge=1, le=100, description="how many sets to list")] = 10
    need: Annotated[int | None, Strict(), Field(ge=50, le=20000, description="rank by a turn played to these "
                                                "points still needed: the expected min(banked, need)")] = None
    opponent_dice: Dice = None
    target: Target = 4000
    race_top: Annotated[int, Strict(), Field(ge=0, le=10, description="how many leaders get the race-aware "
                                             "match against opponent_dice")] = 3


def _request(body: SearchBody) -> Any:  # noqa: ANN401
    """The search the body asks for (422 naming the field for bad input)."""
    if isinstance(body.owned, str) and not body.owned.strip() or not body.owned:
        raise FieldError("owned", "name the dice you own (Ordinary dice fill the rest of a set)")
    with user_field("owned"):
        try:
            return face.parse_inventory(body.owned, top=body.top, need=body.need, opponent_dice=body.opponent_dice,
                                        target=body.target, race_top=body.race_top)
        except InputError as err:
            if err.field in ("need", "opponent_dice", "target", "race_top", "top"):
                raise FieldError(err.field, err.reason) from None
            raise


def _stored(request: Any) -> dict | None:  # noqa: ANN401
    """The answer read from the server's results file ($HOLDWISE_RESULTS_FILE) when the request is the whole
    domain (six of every distinct named die) and the file holds its finished ranking; else None."""
    import os

    path = os.environ.get(RESULTS_ENV, "")
    if not path or not face.is_whole_domain(request):
        return None
    from .. import sweep

    try:
        stored = sweep.stored_farkle_ranking(path, request.top)
    except InputError:  # not a results file: the server searches as if it had none
        return None
    if stored is None:
        return None
    best = [(face.parse_loadout(text), points) for text, points in stored["top"]]
    return face.stored_search(request, best, stored["threshold"], stored["exact_solves"],
                              stored["seconds"]).to_json()


def _plan(request: Any) -> dict:  # noqa: ANN401
    """What a search will be before it starts: how many sets, about how long here (one core), its limit."""
    if _stored(request) is not None:  # read from the results file, at once
        return {"sets": request.sets, "estimate_seconds": 0.0, "max_seconds": WEB_MAX_SECONDS,
                "within_limit": True, "left_out": list(request.left_out), "stored": True}
    seconds = face.estimate_seconds(request, workers=1)
    return {"sets": request.sets, "estimate_seconds": round(seconds, 1), "max_seconds": WEB_MAX_SECONDS,
            "within_limit": seconds <= WEB_MAX_SECONDS, "left_out": list(request.left_out), "stored": False}


def _key(request: Any) -> str:  # noqa: ANN401
    """One job per search: bodies that read as the same inventory and options share it."""
    text = json.dumps([[k.name for k in request.kinds], list(request.counts),
                       [[d.name for d in m] for m in request.members], request.top, request.need,
                       None if request.opponent_dice is None else [d.name for d in request.opponent_dice],
                       request.target, request.race_top])
    return "farkle-search-" + hashlib.sha256(text.encode()).hexdigest()[:20]


_BEST: dict[str, list] = {}  # the best rows so far of each running search, by job key (on_best writes them)


def _status(job: Any, plan: dict, detail: str) -> JSONResponse:  # noqa: ANN401
    """202: the job's status, the plan and the best sets so far (exact each, not yet proven the best)."""
    out = {**job.to_json(), **plan, "best_so_far": _BEST.get(job.key, []), "detail": detail}
    if out["status"] == "queued":
        out["phase"] = "waiting for another search"
    elif out["total"]:
        out["phase"] = f"set {out['done']:,} of {out['total']:,}"
    else:
        out["phase"] = "ranking the dice"
    return JSONResponse(status_code=202, content=json.loads(json_bytes(out)))


def _finished(job: Any, request: Any) -> Any:  # noqa: ANN401
    """The answer of an ended job: its result (a stopped search's too; one stopped while it waited for its turn
    found nothing), or 422 with the failure."""
    _BEST.pop(job.key, None)  # the result has the rows now
    if job.state in ("done", "stopped") and job.result is not None:
        return job.result
    if job.state == "cancelled":
        return face.unsearched(request).to_json()
    raise FieldError("owned", job.error or "the search failed")


@router.post("/api/farkle/search/plan", tags=TAG, **answers(SearchPlan, "POST /api/farkle/search/plan"))
def search_plan(body: SearchBody) -> dict:
    """How many six-sets the inventory allows and about how long the search takes here (`estimate_seconds`,
    on one core; `within_limit` false beyond `max_seconds`: use `holdwise farkle search`), without starting."""
    return _plan(_request(body))


@router.post("/api/farkle/search", tags=TAG, **answers(Search, "POST /api/farkle/search", {
    202: {"description": "the search is queued or running: its status, progress and the best sets so far"},
    422: {"description": "bad input, or a search beyond the web's time limit"}}))
def search(body: SearchBody) -> Any:  # noqa: ANN401
    """Every set of six the dice you own allow, ranked exactly (`holdwise farkle search --json`), as a
    background job: 202 with `sets`, `estimate_seconds`, `status`, `done`/`total`, `seconds_left` and the
    best sets so far under `best_so_far` until it is done; ask again with the same body. A stopped search
    (`/api/farkle/search/cancel`) answers its best found so far with `complete` false."""
    request = _request(body)
    stored = _stored(request)
    if stored is not None:  # the whole domain, ranked by a sweep: read, not searched
        return stored
    plan = _plan(request)
    if not plan["within_limit"]:
        raise FieldError("owned", f"{request.sets:,} sets are about {plan['estimate_seconds'] / 60:,.0f} min "
                                  f"here, beyond the web's {WEB_MAX_SECONDS // 60} min: own fewer kinds of dice, "
                                  "or use 'holdwise farkle search' on the command line")
    key = _key(request)
    job = jobs.get(key)
    if job is not None and job.state == "failed":
        jobs.submit(key, _work(request, key), stoppable=True)  # told once, tried again when asked again
        raise FieldError("owned", job.error or "the search failed")
    job = jobs.submit(key, _work(request, key), stoppable=True)
    if job.state in ("done", "stopped"):
        return _finished(job, request)
    return _status(job, plan, "searching every set of six (ask again with the same body; "
                              "POST /api/farkle/search/cancel stops it with the best so far)")


def _work(request: Any, key: str) -> Callable[..., dict]:  # noqa: ANN401
    def work(progress: Callable[[int, int], None], stop: Callable[[], bool]) -> dict:
        def on_best(rows: tuple) -> None:
            _BEST[key] = [row.to_json() for row in rows]

        _BEST.pop(key, None)
        # one process: a web server's threads must not fork (the CLI's search runs two processes)
        return face.search_inventory(request, workers=1, progress=progress, stop=stop, on_best=on_best).to_json()
    return work


@router.post("/api/farkle/search/cancel", tags=TAG, **answers(Search, "POST /api/farkle/search/cancel", {
    202: {"description": "the search is stopping: its status and the best sets so far"},
    404: {"description": "no search of this body is queued, running or done here"}}))
def search_cancel(body: SearchBody) -> Any:  # noqa: ANN401
    """Stop the search of this body at its next chunk: the answer is its result, the best sets found so far
    with `complete` false (or the finished ranking, when it had ended); 202 while it is still ending."""
    import time

    request = _request(body)
    key = _key(request)
    job = jobs.cancel(key) or jobs.get(key)
    if job is None:
        return JSONResponse(status_code=404, content={"detail": "no search of these dice is running: start it with "
                                                                "POST /api/farkle/search"})
    deadline = time.monotonic() + STOP_WAIT_S
    while job.state in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.05)
    if job.state in ("queued", "running"):
        return _status(job, _plan(request), "stopping at the end of its chunk: ask again")
    return _finished(job, request)
