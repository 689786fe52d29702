/* The play session client every play page shares (templates/session.html): the sealed state travels with
   each request to /api/<game>/new, step, advice and computer; the page draws through its hooks.

   const game = holdwise.session({prefix: "pd", api: "/api/poker-dice", ...hooks});
   game.start(options), game.step(action), game.move(text), game.advice(), game.computer(); game.S holds the
   state. */
"use strict";

window.holdwise = (function () {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const fmt = (n) => Number(n).toLocaleString(HoldwiseDom.locale);
  const cap = (t) => t ? t[0].toUpperCase() + t.slice(1) : t;

  const el = window.HoldwiseDom.el;
  const {_} = window.HoldwiseDom;  // the page's language

  class ApiError extends Error {}

  // a network error, 502 or 503 is tried once more (static/retry.js, loaded on every page)
  async function fetchJson(path, body) {
    const init = body === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"},
                                             body: JSON.stringify(body)};
    const r = await window.fetchRetry(path, init);
    let data;
    try { data = await r.json(); } catch (e) { data = {detail: _("the server answered {status}", {status: r.status})}; }
    return [r, data];
  }

  /* A session on the page whose elements are named `<prefix>-<name>`. Hooks (all optional but render):
     render(): draw the state; wait(status): a 202 answer (a solve running), resolved once it is done;
     started(r): after /new, before the state is taken; accepted(r): after each answer is taken;
     note(lines, action): the log lines an answer added; showComputer(action): before the computer's action is
     taken; hint(): refresh the hint panel; over(): a game has ended; options(): the setup form's options;
     leave(): before the new-table button drops the session: true to go, false to stay, or a question to ask
     in the page first (a page asks when a game is on).
     ids renames the shared elements: hint (the hint panel), hintToggle, newTable. */
  function session(cfg) {
    const ids = {hint: "hint", hintToggle: "hint-toggle", newTable: "newtable", ...(cfg.ids || {})};
    const $ = (name) => document.getElementById(`${cfg.prefix}-${name}`);
    const params = new URLSearchParams(location.search);
    const DELAY = Math.max(0, Math.min(5000, Number(params.get("delay") ?? cfg.delay ?? 700) || 0));
    const SEED = params.get("seed");
    const hook = (name, ...args) => (cfg[name] ? cfg[name](...args) : undefined);

    // what the page knows: the sealed state, the legal actions, the view, and every action since the session began
    const S = {sealed: null, actions: [], view: null, played: [], options: null, seed: null, busy: false, pending: 0};
    const st = () => S.sealed.state;

    async function call(path, body) {
      for (;;) {
        const [r, data] = await fetchJson(path, body);
        if (r.status === 202 && cfg.wait) { await cfg.wait(data); continue; }
        if (!r.ok) throw new ApiError(data.detail || _("the server answered {status}", {status: r.status}));
        return data;
      }
    }

    // an error in the page's alert; a notice (a solve the player stopped) in a plain note beside it
    function fail(err) {
      let note = $("notice");
      if (!note) {
        note = el("p", {id: `${cfg.prefix}-notice`, class: "notice", role: "status"});
        $("error").after(note);
      }
      note.textContent = err && err.notice ? err.message : "";
      $("error").textContent = err && err.notice ? "" : err instanceof ApiError ? err.message :
        _("something went wrong: {why}", {why: err});
    }

    async function busy(work) {
      if (S.busy) return;
      S.busy = true;
      $("error").textContent = "";
      if ($("notice")) $("notice").textContent = "";
      if ($("leave")) $("leave").hidden = true;  // a move answers the question of leaving: stay
      cfg.render();
      try { await work(); } catch (err) { fail(err); } finally { S.busy = false; cfg.render(); drawUndo(); }
    }

    // pending counts moves still playing out (the computer's turn, the hint, the review): 0 = the page is settled
    async function settle(work) {
      S.pending += 1;
      try { await work(); } finally { S.pending -= 1; }
    }

    // a hint answers one position: once the game moves, its rows are dimmed and their buttons disabled until
    // the new position's hint is drawn (a fast player must not act on the previous roll's advice)
    function staleHint() {
      const panel = $(ids.hint);
      if (!panel) return;
      panel.classList.add("stale");
      panel.setAttribute("aria-busy", "true");
      panel.querySelectorAll("table button").forEach((b) => { b.disabled = true; });
    }

    async function hint() {
      const asked = S.sealed;
      await hook("hint");
      const panel = $(ids.hint);
      if (panel && S.sealed === asked) {  // drawn for the position in play (a hook drawing nothing leaves no rows)
        panel.classList.remove("stale");
        panel.setAttribute("aria-busy", "false");
      }
    }

    // take an answer: the log lines it added
    function accept(r) {
      staleHint();
      const before = S.sealed ? st().log.length : 0;
      S.sealed = r.state;
      S.actions = r.actions;
      S.view = r.view;
      hook("accepted", r);
      return st().log.slice(before);
    }

    async function start(options) {
      await busy(async () => {
        const body = {options};
        if (SEED !== null && /^\d{1,15}$/.test(SEED)) body.seed = Number(SEED);
        const r = await call(`${cfg.api}/new`, body);
        await hook("started", r);
        S.options = r.state.state.options;
        S.seed = r.state.state.seed;
        S.played = [];
        history.length = 0;
        S.sealed = null;
        hook("note", accept(r), null);
        $("setup").hidden = true;
        $("table").hidden = false;
        $("review").hidden = true;
        // the form is gone from above the table: a page scrolled down to Start now shows the table's top
        if ($("table").getBoundingClientRect().top < 0) $("table").scrollIntoView({block: "start"});
      });
      if (!S.busy && S.sealed) await afterMove();
    }

    /* Undo (a practice table, not a casino): before each decision of the player (a position with a choice),
       the page keeps what it had; Undo (or U) takes the last decision back, with the computer's moves after it,
       and shows the advice again. The state itself is the record: the review counts the decision finally made. */
    const history = [];
    function remember() {
      if (S.sealed && S.actions.length > 1 && st().to_move === "player") {
        history.push({r: {state: S.sealed, actions: S.actions, view: S.view}, played: S.played.length});
      }
    }

    async function undo() {
      if (S.busy || !history.length) return;
      const back = history.pop();
      S.played.length = back.played;
      accept(back.r);
      $("review").hidden = true;
      $("error").textContent = "";
      hook("undone");
      $("status").textContent = _("Your last decision is taken back: the same position, decide again.");
      cfg.render();
      drawUndo();
      if ($(ids.hintToggle) && $(ids.hintToggle).checked) await settle(() => hint());
    }

    function drawUndo() {
      const b = $("undo");
      if (b) b.disabled = S.busy || !history.length;
    }

    // play an action, or a move as typed (the server reads it): then the computer, the hint, the review
    async function advance(path, body) {
      await settle(async () => {
        let moved = false;
        const kept = history.length;
        if (body.action && body.action.type === "next") history.length = 0;  // a new game: nothing to take back
        else remember();
        await busy(async () => {
          const r = await call(`${cfg.api}/${path}`, {state: S.sealed, ...body});
          const action = r.action || body.action;
          S.played.push(action);
          hook("note", accept(r), action);
          moved = true;
        });
        if (!moved) history.length = Math.min(history.length, kept);  // refused: nothing was decided
        drawUndo();
        if (moved) await afterMove();
      });
    }

    const step = (action) => advance("step", {action});
    const move = (text) => advance("move", {text});

    const advice = () => call(`${cfg.api}/advice`, {state: S.sealed});

    // the computer's moves, one at a time, each shown before it is taken
    async function computer() {
      await busy(async () => {
        while (st().to_move === "computer" && st().phase !== "over") {
          await sleep(DELAY);
          const r = await call(`${cfg.api}/computer`, {state: S.sealed});
          await hook("showComputer", r.action);
          S.played.push(r.action);
          hook("note", accept(r), r.action);
          cfg.render();
        }
      });
    }

    async function afterMove() {
      if (S.sealed && st().to_move === "computer" && st().phase !== "over") await computer();
      if (S.sealed && $(ids.hintToggle) && $(ids.hintToggle).checked) await hint();
      if (S.sealed && st().phase === "over") await hook("over");
    }

    // the log, each line as `line(text)` draws it (a string or a node; by default the text as it is), a string in
    // the page's language (the game writes English)
    function drawLog(line = (l) => l) {
      const log = $("log");
      const lines = st().log;
      if (log.childElementCount === lines.length && log.dataset.last === (lines[lines.length - 1] || "")) return;
      const said = (shown) => (typeof shown === "string" ? window.HoldwiseDom.say(shown) : shown);
      log.replaceChildren(...lines.map((l) => el("li", {}, said(line(l)))));
      log.dataset.last = lines[lines.length - 1] || "";
      log.scrollTop = log.scrollHeight;
    }

    function showProgress(status, bar) {
      const done = status.done || 0, total = status.total || 0;
      const share = total ? Math.min(1, done / total) : 0;
      bar.querySelector("span").style.width = (100 * share).toFixed(1) + "%";
      bar.setAttribute("aria-valuenow", String(Math.round(100 * share)));
      return [done, total];
    }

    // a 202 (a solve running): the <prefix>-progress panel until it is done, polling <api>/prepare with the
    // solve's options; the bar follows its steps and, when it has estimate_seconds, the time since it began;
    // text(status, done, total) writes the line above the bar
    async function waitSolve(status, text, every = 300) {
      const box = $("progress"), bar = box.querySelector(".progress"), began = Date.now();
      box.hidden = false;
      try {
        for (;;) {
          if (status.status === "failed") throw new ApiError(status.error || _("the solve failed"));
          if (status.status === "done") return;
          const [done, total] = showProgress(status, bar);
          if (status.estimate_seconds) {  // between steps the bar follows the clock, never to the end
            const clock = (Date.now() - began) / 1000 / Math.max(1, status.estimate_seconds) * 0.9;
            const share = Math.min(0.97, Math.max(total ? done / total : 0, clock));
            bar.querySelector("span").style.width = (100 * share).toFixed(1) + "%";
            bar.setAttribute("aria-valuenow", String(Math.round(100 * share)));
          }
          $("progress-text").textContent = text(status, done, total);
          await sleep(every);
          const [, next] = await fetchJson(`${cfg.api}/prepare`, {options: status.options});
          if (next.status === undefined) throw new ApiError(next.detail || _("the solve could not start"));
          status = next;
        }
      } finally {
        box.hidden = true;
      }
    }

    // the shared controls: the setup form, next game, a new table, the hint toggle
    const form = $("form");
    if (form) form.addEventListener("submit", (ev) => { ev.preventDefault(); settle(() => start(cfg.options())); });
    $("next").addEventListener("click", () => { $("review").hidden = true; step({type: "next"}); });
    function leaveTable() {
      $("setup").hidden = false;
      $("table").hidden = true;
      $(ids.hint).hidden = true;
      $("review").hidden = true;
      S.sealed = null;
      $("log").replaceChildren();
      $("status").textContent = "";
    }

    // leave() may answer a question: it is asked in the page, under the button (a browser dialog would stop
    // the page and its tests), with the safe answer focused; Escape keeps playing
    function askLeave(question) {
      const button = $(ids.newTable);
      let box = $("leave");
      if (!box) {
        box = el("div", {id: `${cfg.prefix}-leave`, class: "leave-ask", role: "group",
                         "aria-labelledby": `${cfg.prefix}-leave-q`});
        box.append(el("p", {id: `${cfg.prefix}-leave-q`, role: "alert"}),
                   el("div", {class: "row"},
                      el("button", {type: "button", id: `${cfg.prefix}-leave-stay`, text: _("Keep playing")}),
                      el("button", {type: "button", id: `${cfg.prefix}-leave-go`, class: "secondary",
                                    text: _("{button}: leave this one", {button: button.textContent.trim()})})));
        (button.closest(".row") || button).after(box);
        const close = (go) => {
          box.hidden = true;
          if (go) leaveTable(); else button.focus();
        };
        $("leave-stay").addEventListener("click", () => close(false));
        $("leave-go").addEventListener("click", () => close(true));
        box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.stopPropagation(); close(false); } });
      }
      $("leave-q").textContent = question;
      box.hidden = false;
      $("leave-stay").focus();
    }

    $(ids.newTable).addEventListener("click", () => {
      if (S.busy) return;
      const answer = cfg.leave ? cfg.leave() : true;
      if (typeof answer === "string") askLeave(answer);
      else if (answer) leaveTable();
    });
    if ($(ids.hintToggle)) $(ids.hintToggle).addEventListener("change", () => settle(() => hint()));

    // the Undo button, beside the new-table button of every play page
    const undoButton = el("button", {type: "button", id: `${cfg.prefix}-undo`, class: "secondary",
                                     text: _("Undo"), title: _("Take back your last decision (U)")});
    undoButton.disabled = true;
    $(ids.newTable).before(undoButton);
    undoButton.addEventListener("click", () => undo());
    document.addEventListener("keydown", (ev) => {
      if ((ev.key !== "u" && ev.key !== "U") || ev.ctrlKey || ev.metaKey || ev.altKey || !S.sealed) return;
      if (ev.target.closest && ev.target.closest("input:not([type=checkbox]):not([type=radio]), select, textarea")) return;
      ev.preventDefault();
      undo();
    });

    return {S, st, $, DELAY, call, fail, busy, settle, accept, start, step, move, advice, computer, afterMove, drawLog,
            showProgress, waitSolve, undo, history};
  }

  return {sleep, fmt, cap, el, ApiError, fetchJson, session};
})();
