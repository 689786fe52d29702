/* The video-poker machine: plays through /api/video-poker (stateless: the sealed state travels), the hint,
   and the trainer (each draw's loss comes scored in the state; the chart line from /api/video-poker/chart-hold).
   The trainer's chart is shown beside the machine: a derived chart of the player's choice (/trainer-chart), or
   the chart saved on the strategy page once /chart-check reads it (a chart it refuses is named and not used). */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const C = window.VPCards;
  const {_, ngettext, pgettext} = window.HoldwiseDom;
  const config = JSON.parse($("vp-config").textContent);
  const GAMES = Object.fromEntries(config.games.map((g) => [g.id, g]));
  const params = new URLSearchParams(location.search);
  const SEED = params.get("seed");
  const HINT_ROWS = 10, POLL_MS = 2000, CHART_POLL_MS = 700, LOG_LINES = 200;

  // what the page knows: the sealed state, the legal actions, every action since the session began, the trainer
  const S = {sealed: null, actions: [], undo: [], game: null, returns: null, played: [], seed: null, options: null, bet: 5,
             held: new Set(), hint: null, hintAll: false, busy: false, log: [], lastLog: [],
             trainer: {hands: 0, mistakes: [], cost: 0, coins: 0, par: 0}, polling: false,
             // the trainer's chart: choice ("short", "10", ..., "basic" or "mine"), its lines and what names it
             chart: {seq: 0, key: null, choice: null, lines: [], mine: null, data: null, loading: null}};
  window.holdwiseVP = S; // read by the browser tests (replay of the played actions)

  const st = () => S.sealed.state;
  const credits = (v) => Number(v).toLocaleString(HoldwiseDom.locale, {maximumFractionDigits: 2});
  const f4 = (v) => HoldwiseDom.fixed(v, 4);  // in the page's language
  const pct = (v, d = 2) => HoldwiseDom.percent(v, d);
  const el = window.VPCards.el;
  // the answers write a ten card as T (Th) and the ace of stars as A*, the cards show 10 and a star: the page
  // writes 10h and A★ (a chart keeps its own pattern words, "JT suited", as the strategy page reads them)
  const written = window.VPCards.written;
  const START_MAX = 1000000000;

  async function post(path, body) {
    withTable(body);
    return api(path, {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  }

  /* A pay-table editor's table travels with every request that names its game (the server keeps nothing). */
  function withTable(body) {
    const code = (id) => (GAMES[id] && GAMES[id].table) || null;
    if (body && code(body.game)) body.table = code(body.game);
    if (body && body.options && code(body.options.rules)) body.options.table = code(body.options.rules);
  }

  async function api(path, options) {
    const r = await window.fetchRetry(path, options);
    let data = null;
    try { data = await r.json(); } catch (e) { data = {detail: _("the server answered {status}", {status: r.status})}; }
    if (!r.ok) throw new Error((data && data.detail) || _("the server answered {status}", {status: r.status}));
    return {status: r.status, data};
  }

  async function busy(work) {
    if (S.busy) return;
    S.busy = true;
    setButtons();
    try {
      await work();
      $("vp-error").textContent = "";
    } catch (err) {
      $("vp-error").textContent = err.message;
    } finally {
      S.busy = false;
      setButtons();
    }
  }

  /* ---- the session ---- */
  function setupGames() {
    const sel = $("vp-game");
    for (const g of config.games) sel.append(el("option", {value: g.id, text: g.name}));
    const wanted = params.get("game");
    sel.value = wanted && GAMES[wanted] ? wanted : config.default;
  }

  // the starting credits as typed: a whole number 1 to 1,000,000,000, else said beside the field (and focused)
  function startCredits() {
    const input = $("vp-credits-start"), text = input.value.trim();
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    const ok = n >= 1 && n <= START_MAX;
    const why = n === 0 ? _("start with at least 1 credit")
      : (text ? _("start with a whole number of credits from 1 to {most}, not \"{text}\"", {most: credits(1e9), text: text.slice(0, 20)})
        : _("start with a whole number of credits from 1 to {most}", {most: credits(1e9)}));
    $("vp-credits-error").textContent = ok ? "" : _("Credits: {why}.", {why});
    if (ok) input.removeAttribute("aria-invalid"); else { input.setAttribute("aria-invalid", "true"); input.focus(); }
    return ok ? n : null;
  }

  // a trainer record per game: changing the game keeps each game's hands and mistakes apart (and back again)
  const records = {};
  const freshRecord = () => ({hands: 0, mistakes: [], cost: 0, coins: 0, par: 0});

  // how: "new" (the New session button: this game's record starts over too), "game" (another game: its own
  // record), "credits" (the credits again, same game and record)
  async function newSession(how = "new") {
    const start = startCredits();
    if (start === null) {
      if (how === "game" && S.game) $("vp-game").value = S.game.id;  // the game in play stays chosen
      return;
    }
    await busy(async () => {
      const options = {rules: $("vp-game").value, credits: start, bet: S.bet};
      const body = {options};
      if (SEED !== null && /^\d{1,18}$/.test(SEED)) body.seed = Number(SEED);
      const r = (await post("/api/video-poker/new", body)).data;
      const from = S.game;
      S.game = r.view.game;
      S.returns = r.view.returns;
      S.played = [];
      S.undo = [];
      S.log = [];
      S.lastLog = [];
      if (how === "new") records[S.game.id] = freshRecord();
      S.trainer = records[S.game.id] || (records[S.game.id] = freshRecord());
      accept(r);
      S.seed = st().seed;
      S.options = st().options;
      $("vp-mistakes").tBodies[0].replaceChildren(...S.trainer.mistakes.map((m) => m.row).reverse());
      const verdict = $("vp-verdict");
      setVerdict("", "");
      if (how === "game" && from && from.id !== S.game.id) {
        verdict.textContent = ngettext("Now {game}: the trainer counts each game apart; {from}'s {n} hand is kept for when you come back.",
          "Now {game}: the trainer counts each game apart; {from}'s {n} hands are kept for when you come back.",
          records[from.id].hands, {game: S.game.name, from: from.name});
      } else if (how === "credits") {
        verdict.textContent = _("Credits back to {credits}; the trainer's record goes on.", {credits: credits(start)});
      } else {
        verdict.textContent = _("Every hold you make is compared with the best.");
      }
      $("vp-chart-line").textContent = "";
      renderPaytable();
      renderTrainer();
    });
    loadChart();
  }

  function accept(r) {
    S.sealed = r.state;
    S.actions = r.actions;
    S.hint = null;
    $("vp-hint-box").hidden = true;
    const s = st();
    if (s.phase === "hold") S.held = new Set();
    appendLog(s.log);
    render();
  }

  async function step(action) {
    const r = (await post("/api/video-poker/step", {state: S.sealed, action})).data;
    S.played.push(action);
    accept(r);
  }

  // the bet a deal takes: the one chosen, or all the credits when they are fewer
  function dealBet() {
    const bets = S.actions.filter((a) => a.type === "deal").map((a) => a.bet);
    if (!bets.length) return S.bet;
    return bets.includes(S.bet) ? S.bet : Math.max(...bets);
  }
  const shownBet = () => (st().phase === "bet" ? dealBet() : st().data.bet);

  async function primary() {
    if (!S.sealed || S.busy) return;
    await busy(async () => {
      const s = st();
      if (s.phase === "over") await step({type: "next"});
      if (st().phase === "bet") {
        S.undo = [];  // a new hand: the last one's hold is played out
        await step({type: "deal", bet: dealBet()});
        if (S.trainerOn) askChart();
        return;
      }
      if (st().phase === "hold") {
        const hold = Array.from(S.held).sort((a, b) => a - b);
        const back = {sealed: S.sealed, actions: S.actions, held: new Set(S.held), played: S.played.length,
                      log: $("vp-log").children.length, lastLog: S.lastLog, trainer: T.snapshot()};
        await step({type: "draw", hold});
        S.undo = [back];
        if (S.trainerOn) judge(hold);
      }
    });
  }

  /* ---- drawing ---- */
  // Undo (a practice machine): the hand back as dealt, the cards held as they were, the trainer's record without
  // the hold taken back; Deal again plays it out
  async function undo() {
    if (S.busy || !S.undo || !S.undo.length) return;
    const back = S.undo.pop();
    S.sealed = back.sealed;
    S.actions = back.actions;
    S.held = back.held;
    S.played.length = back.played;
    S.hint = null;
    $("vp-hint-box").hidden = true;
    const ol = $("vp-log");
    while (ol.children.length > back.log) ol.lastChild.remove();
    S.lastLog = back.lastLog;
    T.restore(back.trainer);
    render();
    $("vp-status").textContent = _("Hand {n}: your hold is taken back; hold again, then draw (Enter).", {n: st().tally.hands + 1});
  }

  function setButtons() {
    const s = S.sealed && st();
    const phase = s ? s.phase : "";
    $("vp-undo").disabled = S.busy || !(S.undo && S.undo.length);
    $("vp-deal").disabled = S.busy || !s;
    $("vp-deal").textContent = phase === "hold" ? _("Draw") : _("Deal");
    $("vp-hint").disabled = S.busy || phase !== "hold";
    const most = phase === "bet" ? Math.max(...S.actions.filter((a) => a.type === "deal").map((a) => a.bet)) : 5;
    document.querySelectorAll(".vp-bet").forEach((b) => {
      b.disabled = S.busy || phase === "hold" || Number(b.dataset.bet) > most;  // no bet above the credits
      b.setAttribute("aria-pressed", String(Number(b.dataset.bet) === (s ? shownBet() : S.bet)));
    });
  }

  function render() {
    const s = st();
    const d = s.data;
    $("vp-credits").textContent = credits(s.tally.credits);
    $("vp-bet").textContent = String(shownBet());
    $("vp-won").textContent = s.phase === "over" ? credits(d.won) : "0";
    const box = $("vp-cards");
    // the card that has the focus keeps it when the cards are drawn again (a hold, a release, a hint)
    const focused = document.activeElement && box.contains(document.activeElement) ?
      document.activeElement.dataset.pos : null;
    box.replaceChildren();
    const cards = d.hand && d.hand.length ? d.hand : null;
    const held = s.phase === "over" ? new Set(d.hold) : S.held;
    const best = S.hint ? new Set(S.hint.options[0].positions) : new Set();
    for (let i = 0; i < 5; i++) {
      const pos = i + 1;
      const card = cards ? cards[i] : null;
      const b = el("button", {type: "button", class: "vp-card", "data-pos": String(pos)});
      b.append(el("span", {class: "vp-held", text: held.has(pos) ? _("HELD") : ""}));
      b.append(C.svg(card, !card));
      b.append(el("span", {class: "vp-tag", text: best.has(pos) ? _("best") : ""}));
      if (card) b.dataset.card = card;
      b.setAttribute("aria-label", card ? _("card {pos}: {card}", {pos, card: C.label(card)}) : _("card {pos}: face down", {pos}));
      if (s.phase === "hold") {
        b.setAttribute("aria-pressed", String(held.has(pos)));
        b.addEventListener("click", () => toggle(pos));
      } else {
        b.setAttribute("aria-disabled", "true");
        b.tabIndex = -1;
      }
      if (held.has(pos)) b.classList.add("held");
      if (best.has(pos)) b.classList.add("vp-best");
      box.append(b);
    }
    const again = focused && box.querySelector(`.vp-card[data-pos="${focused}"]`);
    if (again && again.tabIndex >= 0) again.focus({preventScroll: true});
    else if (focused) $("vp-deal").focus({preventScroll: true});  // drawn: Enter deals the next hand
    let status;
    const short = s.phase === "bet" && dealBet() < S.bet;
    if (short) {
      status = ngettext("You have {n} credit: bet {bet} and deal (Enter), or start again with {start} credits.",
                        "You have {n} credits: bet {bet} and deal (Enter), or start again with {start} credits.",
                        Number(s.tally.credits), {n: credits(s.tally.credits), bet: dealBet(), start: credits(s.options.credits)});
    } else if (s.phase === "bet") status = _("Bet {bet} and deal (Enter).", {bet: dealBet()});
    else if (s.phase === "hold") status = _("Hand {n}: hold the cards you keep, then draw (Enter).", {n: s.tally.hands + 1});
    else status = d.won ? _("{hand}: won {credits} credits.", {hand: label(d.result), credits: credits(d.won)})
      : _("{hand}: no win.", {hand: label(d.result)});
    $("vp-status").textContent = status;
    $("vp-status").className = "vp-status" + (s.phase === "over" && d.won ? " good" : "");
    $("vp-refill").hidden = !short;
    $("vp-refill").textContent = _("Start again with {credits} credits", {credits: credits(s.options.credits)});
    highlightPaytable();
    setButtons();
  }

  function toggle(pos) {
    if (!S.sealed || st().phase !== "hold" || S.busy) return;
    if (S.held.has(pos)) S.held.delete(pos); else S.held.add(pos);
    render();  // a focused card keeps the focus
  }

  const label = (kind) => HoldwiseDom.say((S.game && S.game.labels[kind]) || kind.replace(/_/g, " "));

  function renderPaytable() {
    const body = $("vp-paytable").tBodies[0];
    body.replaceChildren();
    for (const hand of Object.keys(S.game.pays)) {
      const tr = el("tr", {"data-hand": hand}, el("td", {text: label(hand)}));
      for (let n = 1; n <= 5; n++) {
        const per = n === 5 ? S.game.pays[hand] : S.game.pays_below_5_coins[hand];
        tr.append(el("td", {"data-coins": String(n), text: credits(per * n)}));
      }
      body.append(tr);
    }
    highlightPaytable();
  }

  function highlightPaytable() {
    if (!S.game || !S.sealed) return;
    const s = st();
    const bet = shownBet();
    document.querySelectorAll("#vp-paytable [data-coins]").forEach((c) => {
      c.classList.toggle("vp-col-bet", Number(c.dataset.coins) === bet);
    });
    const win = s.phase === "over" && s.data.won ? s.data.result : null;
    document.querySelectorAll("#vp-paytable tbody tr").forEach((tr) => {
      tr.classList.toggle("vp-win", tr.dataset.hand === win);
    });
  }

  function appendLog(lines) {
    const prev = S.lastLog;
    const fresh = prev.length <= lines.length && prev.every((l, i) => l === lines[i]) ? lines.slice(prev.length) : lines;
    S.lastLog = lines.slice();
    const ol = $("vp-log");
    for (const line of fresh) ol.append(el("li", {text: written(line)}));
    while (ol.children.length > LOG_LINES) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }

  /* ---- the hint ---- */
  async function showHint() {
    if (!S.sealed || st().phase !== "hold") return;
    await busy(async () => {
      S.hint = (await post("/api/video-poker/advice", {state: S.sealed})).data;
      S.hintAll = false;
      renderHint();
      render();
    });
  }

  function renderHint() {
    const bet = st().data.bet;
    const body = $("vp-hint-table").tBodies[0];
    body.replaceChildren();
    const rows = S.hintAll ? S.hint.options : S.hint.options.slice(0, HINT_ROWS);
    rows.forEach((o, i) => {
      const use = el("button", {type: "button", class: "secondary vp-use", text: pgettext("button", "hold")});
      use.addEventListener("click", () => { S.held = new Set(o.positions); render(); });
      const tr = el("tr", {class: i === 0 ? "best" : "", "data-positions": o.positions.join(" ")},
                    el("td", {text: written(o.option)}), el("td", {text: f4(o.value)}), el("td", {text: f4(o.loss)}),
                    el("td", {text: f4(o.loss * bet)}), el("td", {}, use));
      body.append(tr);
    });
    $("vp-hint-all").hidden = S.hintAll || S.hint.options.length <= HINT_ROWS;
    $("vp-hint-box").hidden = false;
  }

  // the trainer and its chart (static/video_poker_trainer.js)
  const T = window.VPTrainer({S, st, post, api, config, params, GAMES, POLL_MS, CHART_POLL_MS});
  const {judge, askChart, setVerdict, renderTrainer, loadChart, showChart, chartCoins} = T;

  /* ---- wiring ---- */
  setupGames();
  $("vp-game").addEventListener("change", () => newSession("game"));
  $("vp-new").addEventListener("click", () => newSession("new"));
  $("vp-refill").addEventListener("click", () => newSession("credits"));
  $("vp-credits-start").addEventListener("input", () => {
    if ($("vp-credits-start").getAttribute("aria-invalid")) startCredits();
  });
  $("vp-deal").addEventListener("click", primary);
  $("vp-hint").addEventListener("click", showHint);
  $("vp-undo").addEventListener("click", undo);
  $("vp-hint-all").addEventListener("click", () => { S.hintAll = true; renderHint(); });
  document.querySelectorAll(".vp-bet").forEach((b) => b.addEventListener("click", () => {
    const before = chartCoins(S.bet);
    S.bet = Number(b.dataset.bet);
    if (S.sealed) render();
    renderTrainer();
    if (chartCoins(S.bet) !== before) loadChart();  // 1-4 coins and 5 coins play charts of their own
  }));
  $("vp-trainer").addEventListener("change", () => {
    S.trainerOn = $("vp-trainer").checked;
    $("vp-trainer-box").hidden = $("vp-judged").hidden = !S.trainerOn;
    showChart();
    renderTrainer();
  });
  $("vp-chart-choice").addEventListener("change", () => {
    const choice = $("vp-chart-choice").value;
    try { localStorage.setItem(config.choice_key, choice); } catch (e) { /* kept for this page only */ }
    S.chart.choice = choice;
    loadChart(choice);
  });
  S.trainerOn = $("vp-trainer").checked;
  $("vp-trainer-box").hidden = $("vp-judged").hidden = !S.trainerOn;
  showChart();
  document.addEventListener("keydown", (ev) => {
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (/^[1-5]$/.test(ev.key)) {
      ev.preventDefault();
      toggle(Number(ev.key));
    } else if (ev.key === "Enter" && ((tag !== "BUTTON" && tag !== "A") || ev.target.classList.contains("vp-card"))) {
      // Enter draws even on a focused card (Space holds it): the card keeps the focus after a hold
      ev.preventDefault();
      primary();
    } else if (ev.key === "h" || ev.key === "H") {
      showHint();
    } else if (ev.key === "u" || ev.key === "U") {
      undo();
    }
  });
  newSession("new");
})();
