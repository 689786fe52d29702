/* The video-poker machine: plays through /api/video-poker (stateless: the sealed state travels), the hint,
   and the trainer (each draw's loss comes scored in the state; the chart line from /api/video-poker/chart-hold). */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const C = window.VPCards;
  const config = JSON.parse($("vp-config").textContent);
  const GAMES = Object.fromEntries(config.games.map((g) => [g.id, g]));
  const params = new URLSearchParams(location.search);
  const SEED = params.get("seed");
  const HINT_ROWS = 10, POLL_MS = 2000, LOG_LINES = 200;

  // what the page knows: the sealed state, the legal actions, every action since the session began, the trainer
  const S = {sealed: null, actions: [], game: null, returns: null, played: [], seed: null, options: null, bet: 5,
             held: new Set(), hint: null, hintAll: false, busy: false, log: [], lastLog: [],
             trainer: {hands: 0, mistakes: [], cost: 0, coins: 0, par: 0}, polling: false};
  window.holdwiseVP = S; // read by the browser tests (replay of the played actions)

  const st = () => S.sealed.state;
  const credits = (v) => Number(v).toLocaleString("en-US", {maximumFractionDigits: 2});
  const f4 = (v) => Number(v).toFixed(4);
  const pct = (v, d = 2) => (100 * v).toFixed(d) + "%";
  const el = window.VPCards.el;

  async function post(path, body) {
    const r = await fetch(path, {method: "POST", headers: {"content-type": "application/json"},
                                 body: JSON.stringify(body)});
    let data = null;
    try { data = await r.json(); } catch (e) { data = {detail: `the server answered ${r.status}`}; }
    if (!r.ok) throw new Error((data && data.detail) || `the server answered ${r.status}`);
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

  async function newSession() {
    await busy(async () => {
      const start = Number($("vp-credits-start").value);
      const options = {paytable: $("vp-game").value,
                       credits: Number.isInteger(start) && start >= 1 ? start : $("vp-credits-start").value,
                       bet: S.bet};
      const body = {options};
      if (SEED !== null && /^\d{1,18}$/.test(SEED)) body.seed = Number(SEED);
      const r = (await post("/api/video-poker/new", body)).data;
      S.game = r.game;
      S.returns = r.returns;
      S.played = [];
      S.log = [];
      S.lastLog = [];
      S.trainer = {hands: 0, mistakes: [], cost: 0, coins: 0, par: 0};
      accept(r);
      S.seed = st().seed;
      S.options = st().options;
      $("vp-mistakes").tBodies[0].replaceChildren();
      $("vp-verdict").textContent = "Every hold you make is compared with the best.";
      $("vp-chart-line").textContent = "";
      renderPaytable();
      renderTrainer();
    });
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

  function dealBet() {
    const bets = S.actions.filter((a) => a.type === "deal").map((a) => a.bet);
    return bets.includes(S.bet) ? S.bet : Math.max(...bets);
  }

  async function primary() {
    if (!S.sealed || S.busy) return;
    await busy(async () => {
      const s = st();
      if (s.phase === "over") await step({type: "next"});
      if (st().phase === "bet") {
        await step({type: "deal", bet: dealBet()});
        return;
      }
      if (st().phase === "hold") {
        await step({type: "draw", hold: Array.from(S.held).sort((a, b) => a - b)});
        if (S.trainerOn) judge();
      }
    });
  }

  /* ---- drawing ---- */
  function setButtons() {
    const s = S.sealed && st();
    const phase = s ? s.phase : "";
    $("vp-deal").disabled = S.busy || !s;
    $("vp-deal").textContent = phase === "hold" ? "Draw" : "Deal";
    $("vp-hint").disabled = S.busy || phase !== "hold";
    document.querySelectorAll(".vp-bet").forEach((b) => {
      b.disabled = S.busy || phase === "hold";
      b.setAttribute("aria-pressed", String(Number(b.dataset.bet) === S.bet));
    });
  }

  function render() {
    const s = st();
    const d = s.data;
    $("vp-credits").textContent = credits(s.tally.credits);
    $("vp-bet").textContent = String(s.phase === "bet" ? S.bet : d.bet);
    $("vp-won").textContent = s.phase === "over" ? credits(d.won) : "0";
    const box = $("vp-cards");
    box.replaceChildren();
    const cards = d.hand && d.hand.length ? d.hand : null;
    const held = s.phase === "over" ? new Set(d.hold) : S.held;
    const best = S.hint ? new Set(S.hint.options[0].positions) : new Set();
    for (let i = 0; i < 5; i++) {
      const pos = i + 1;
      const card = cards ? cards[i] : null;
      const b = el("button", {type: "button", class: "vp-card", "data-pos": String(pos)});
      b.append(el("span", {class: "vp-held", text: held.has(pos) ? "HELD" : ""}));
      b.append(C.svg(card, !card));
      b.append(el("span", {class: "vp-tag", text: best.has(pos) ? "best" : ""}));
      if (card) b.dataset.card = card;
      b.setAttribute("aria-label", card ? `card ${pos}: ${C.label(card)}` : `card ${pos}: face down`);
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
    let status;
    if (s.phase === "bet") status = `Bet ${S.bet} and deal (Enter).`;
    else if (s.phase === "hold") status = `Hand ${s.tally.hands + 1}: hold the cards you keep, then draw (Enter).`;
    else status = d.won ? `${label(d.result)}: won ${credits(d.won)} credits.` : `${label(d.result)}: no win.`;
    $("vp-status").textContent = status;
    $("vp-status").className = "vp-status" + (s.phase === "over" && d.won ? " good" : "");
    highlightPaytable();
    setButtons();
  }

  function toggle(pos) {
    if (!S.sealed || st().phase !== "hold" || S.busy) return;
    if (S.held.has(pos)) S.held.delete(pos); else S.held.add(pos);
    render();
    const card = document.querySelector(`.vp-card[data-pos="${pos}"]`);
    if (card && document.activeElement && document.activeElement.classList.contains("vp-card")) card.focus();
  }

  const label = (kind) => (S.game && S.game.labels[kind]) || kind.replace(/_/g, " ");

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
    const bet = s.phase === "bet" ? S.bet : s.data.bet;
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
    for (const line of fresh) ol.append(el("li", {text: line}));
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
      const use = el("button", {type: "button", class: "secondary vp-use", text: "hold"});
      use.addEventListener("click", () => { S.held = new Set(o.positions); render(); });
      const tr = el("tr", {class: i === 0 ? "best" : "", "data-positions": o.positions.join(" ")},
                    el("td", {text: o.option}), el("td", {text: f4(o.value)}), el("td", {text: f4(o.loss)}),
                    el("td", {text: f4(o.loss * bet)}), el("td", {}, use));
      body.append(tr);
    });
    $("vp-hint-all").hidden = S.hintAll || S.hint.options.length <= HINT_ROWS;
    $("vp-hint-box").hidden = false;
  }

  /* ---- the trainer ---- */
  const returnAt = (bet) => (S.returns ? (bet === 5 ? S.returns["5"] : S.returns["1-4"]) : 0);

  function judge() {
    const s = st();
    const decision = s.decisions[s.decisions.length - 1];
    const bet = s.data.bet;
    const t = S.trainer;
    t.hands += 1;
    t.coins += bet;
    t.par += bet * returnAt(bet);
    t.cost += decision.loss;
    const verdict = $("vp-verdict");
    if (decision.loss > 1e-12) {
      const m = {n: s.tally.hands, dealt: s.data.dealt.join(" "), chosen: decision.chosen, best: decision.best,
                 loss: decision.loss, bet, game: S.game.id, row: null, text: "chart line: …"};
      t.mistakes.push(m);
      verdict.textContent = `Mistake: you held ${decision.chosen}; the best hold was ${decision.best} ` +
                            `(cost ${f4(decision.loss)} credits).`;
      verdict.className = "vp-verdict bad";
      addMistakeRow(m);
      chartLine(m);
    } else {
      verdict.textContent = `Right: ${decision.chosen} was the best hold.`;
      verdict.className = "vp-verdict good";
      $("vp-chart-line").textContent = "";
    }
    renderTrainer();
  }

  function renderTrainer() {
    const t = S.trainer;
    $("vp-t-hands").textContent = String(t.hands);
    $("vp-t-mistakes").textContent = String(t.mistakes.length);
    $("vp-t-rate").textContent = t.hands ? pct(t.mistakes.length / t.hands, 1) : "–";
    $("vp-t-cost").textContent = t.hands ? f4(t.cost / t.hands) : "–";
    const ret = t.coins ? t.par / t.coins : returnAt(S.bet);
    $("vp-t-return").textContent = S.returns ? pct(ret, 4) : "–";
    $("vp-t-playing").textContent = t.coins ? pct((t.par - t.cost) / t.coins, 4) : "–";
    $("vp-mistakes-none").hidden = t.mistakes.length > 0;
    $("vp-mistakes").hidden = t.mistakes.length === 0;
  }

  function addMistakeRow(m) {
    m.row = el("tr", {}, el("td", {text: String(m.n)}),
                el("td", {class: "vp-txt", "data-label": "dealt", text: m.dealt}),
                el("td", {class: "vp-txt", "data-label": "you held", text: m.chosen}),
                el("td", {class: "vp-txt", "data-label": "best", text: m.best}),
                el("td", {"data-label": "cost", text: f4(m.loss)}),
                el("td", {class: "vp-line vp-txt", "data-label": "chart", text: "…"}));
    $("vp-mistakes").tBodies[0].prepend(m.row);
  }

  function savedChart(game) {
    try { return localStorage.getItem(config.chart_key + game); } catch (e) { return null; }
  }

  function lineText(m, r) {
    const cost = `cost ${f4(m.loss)} credits`;
    if (r.line === null) return `No line of the chart fits this hand, so it says draw five; you held ${m.chosen} (${cost}).`;
    const says = `Line ${r.line} of the chart, '${r.line_text}', says hold ${r.hold_text}`;
    if (r.hold_text === m.chosen) return `${says}, as you did; the best hold is ${m.best} (${cost}): the chart is off here.`;
    return `${says}; you held ${m.chosen} (${cost}).`;
  }

  async function chartLine(m) {
    const chart = savedChart(m.game);
    const body = {hand: m.dealt, game: m.game, coins: m.bet};
    if (chart && chart.trim()) body.chart = chart;
    $("vp-chart-source").textContent = chart && chart.trim() ? "Chart: yours, saved on the strategy page."
                                                              : "Chart: the game's derived basic strategy.";
    try {
      const r = await post("/api/video-poker/chart-hold", body);
      if (r.status === 202) {
        const job = r.data.job || {};
        const done = job.total ? ` (${Math.floor((100 * job.done) / job.total)}%)` : "";
        m.text = `chart line: computing the game's chart …${done}`;
        m.pending = true;
        schedulePoll();
      } else {
        m.pending = false;
        m.chart = r.data;
        m.text = lineText(m, r.data);
      }
    } catch (err) {
      m.pending = false;
      m.text = `chart line: ${err.message}`;
    }
    m.row.querySelector(".vp-line").textContent = m.text.replace(/ \(cost [^)]*\)/, "");
    const last = S.trainer.mistakes[S.trainer.mistakes.length - 1];
    if (last === m) $("vp-chart-line").textContent = m.text;
  }

  function schedulePoll() {
    if (S.polling) return;
    S.polling = true;
    setTimeout(async () => {
      S.polling = false;
      for (const m of S.trainer.mistakes.filter((x) => x.pending)) await chartLine(m);
    }, POLL_MS);
  }

  /* ---- wiring ---- */
  setupGames();
  $("vp-game").addEventListener("change", newSession);
  $("vp-new").addEventListener("click", newSession);
  $("vp-deal").addEventListener("click", primary);
  $("vp-hint").addEventListener("click", showHint);
  $("vp-hint-all").addEventListener("click", () => { S.hintAll = true; renderHint(); });
  document.querySelectorAll(".vp-bet").forEach((b) => b.addEventListener("click", () => {
    S.bet = Number(b.dataset.bet);
    if (S.sealed) render();
    renderTrainer();
  }));
  $("vp-trainer").addEventListener("change", () => {
    S.trainerOn = $("vp-trainer").checked;
    $("vp-trainer-box").hidden = !S.trainerOn;
    renderTrainer();
  });
  S.trainerOn = $("vp-trainer").checked;
  $("vp-trainer-box").hidden = !S.trainerOn;
  document.addEventListener("keydown", (ev) => {
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (/^[1-5]$/.test(ev.key)) {
      ev.preventDefault();
      toggle(Number(ev.key));
    } else if (ev.key === "Enter" && tag !== "BUTTON" && tag !== "A") {
      ev.preventDefault();
      primary();
    } else if (ev.key === "h" || ev.key === "H") {
      showHint();
    }
  });
  newSession();
})();
