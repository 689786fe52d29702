/* The video-poker trainer (static/video_poker.js loads it first): each costly hold judged a mistake or a chart
   deviation (the chart's own hold where the chart is off) from /api/video-poker/chart-hold, asked at the deal; the
   record of hands, both rates and the costly holds; the chart the trainee learns, shown beside the machine. */
window.VPTrainer = function (ctx) {
  "use strict";
  const {S, st, post, api, config, params, GAMES, POLL_MS, CHART_POLL_MS} = ctx;
  const $ = (id) => document.getElementById(id);
  const el = window.VPCards.el;
  const written = window.VPCards.written;
  const {_, ngettext} = window.HoldwiseDom;
  const f4 = (v) => HoldwiseDom.fixed(v, 4);  // in the page's language
  const pct = (v, d = 2) => HoldwiseDom.percent(v, d);
  /* ---- the trainer ---- */
  const returnAt = (bet) => (S.returns ? (bet === 5 ? S.returns["5"] : S.returns["1-4"]) : 0);

  // the chart's hold on the dealt hand is asked at the deal, so the verdict follows the draw at once
  function chartBody(hand, bet, choice, chartText) {
    const body = {hand, game: S.game.id, coins: bet};
    if (chartText !== null) body.chart = chartText; else body.choice = choice || config.default_choice;
    return body;
  }

  function askChart() {
    const s = st(), c = S.chart;
    S.ask = null;
    if (c.choice === null) return;  // the saved chart is still being read: the verdict asks after the draw
    const chartText = c.choice === "mine" && c.mine ? c.mine.text : null;
    const hand = s.data.hand.join(" ");
    S.ask = {key: `${hand}|${chartKey(c.choice, s.data.bet)}|${chartText}`,
             answer: post("/api/video-poker/chart-hold", chartBody(hand, s.data.bet, c.choice, chartText))
               .then((r) => ({r}), (err) => ({err}))};
  }

  // a costly hold is a mistake, or a chart deviation when it is the chart's own hold (the chart is off there)
  function judge(hold) {
    const s = st();
    const decision = s.decisions[s.decisions.length - 1];
    const bet = s.data.bet;
    const t = S.trainer;
    t.hands += 1;
    t.coins += bet;
    t.par += bet * returnAt(bet);
    t.cost += decision.loss;
    // the previous hand's chart line goes at once: a new verdict never shows beside an old line
    $("vp-chart-line").textContent = "";
    cite(null);
    if (decision.loss > 1e-12) {
      const c = S.chart;
      const m = {n: s.tally.hands, dealt: s.data.dealt.join(" "), chosen: decision.chosen, best: decision.best,
                 hold, loss: decision.loss, bet, game: S.game.id, row: null, text: _("chart line: …"), cell: null,
                 choice: c.choice, kind: "pending", hands: t.hands,
                 chartText: c.choice === "mine" && c.mine ? c.mine.text : null, chartKey: chartKey(c.choice, bet)};
      t.mistakes.push(m);
      setVerdict("pending", _("You held {chosen}; the best hold was {best} (cost {cost} credits). Reading the chart…",
                                {chosen: written(decision.chosen), best: written(decision.best), cost: f4(decision.loss)}));
      addMistakeRow(m);
      chartLine(m);
    } else {
      setVerdict("right", _("Right: {chosen} was the best hold.", {chosen: written(decision.chosen)}));
    }
    renderTrainer();
  }

  function setVerdict(kind, words) {
    const verdict = $("vp-verdict");
    verdict.textContent = words;
    verdict.dataset.kind = kind;
    verdict.className = "vp-verdict" + ({right: " good", mistake: " bad", deviation: " off"}[kind] || "");
  }

  function verdictOf(m) {
    const words = {chosen: written(m.chosen), best: written(m.best), cost: f4(m.loss)};
    if (m.kind === "deviation") {
      return _("Chart deviation: you held {chosen}, as the chart says; the best hold was {best} (cost {cost} credits).", words);
    }
    return _("Mistake: you held {chosen}; the best hold was {best} (cost {cost} credits).", words) +
      (m.kind === "unsure" ? " " + _("The chart is being derived: if its line plays your hold too, this is counted as a chart deviation instead.") : "");
  }

  function renderTrainer() {
    const t = S.trainer;
    $("vp-t-hands").textContent = String(t.hands);
    // a hold whose chart line is not known yet (the chart being derived) counts as a mistake until it is
    const errors = t.mistakes.filter((m) => m.kind !== "deviation").length;
    const deviations = t.mistakes.length - errors;
    $("vp-t-mistakes").textContent = String(errors);
    $("vp-t-rate").textContent = t.hands ? pct(errors / t.hands, 1) : "–";
    $("vp-t-deviations").textContent = String(deviations);
    $("vp-t-dev-rate").textContent = t.hands ? pct(deviations / t.hands, 1) : "–";
    $("vp-t-cost").textContent = t.hands ? f4(t.cost / t.hands) : "–";
    const ret = t.coins ? t.par / t.coins : returnAt(S.bet);
    $("vp-t-return").textContent = S.returns ? pct(ret, 4) : "–";
    $("vp-t-playing").textContent = t.coins ? pct((t.par - t.cost) / t.coins, 4) : "–";
    $("vp-mistakes-none").hidden = t.mistakes.length > 0;
    $("vp-mistakes").hidden = t.mistakes.length === 0;
  }

  function addMistakeRow(m) {
    m.row = el("tr", {}, el("td", {text: String(m.n)}),
                el("td", {class: "vp-kind vp-txt", "data-label": _("kind"), text: "…"}),
                el("td", {class: "vp-txt", "data-label": _("dealt"), text: written(m.dealt)}),
                el("td", {class: "vp-txt", "data-label": _("you held"), text: written(m.chosen)}),
                el("td", {class: "vp-txt", "data-label": _("best"), text: written(m.best)}),
                el("td", {"data-label": _("cost"), text: f4(m.loss)}),
                el("td", {class: "vp-line vp-txt", "data-label": _("chart"), text: "…"}));
    $("vp-mistakes").tBodies[0].prepend(m.row);
  }

  function savedChart(game) {
    try { return localStorage.getItem(config.chart_key + game); } catch (e) { return null; }
  }

  // the chart's word on the hand; with its cost for the verdict, without it for the table's cell
  function lineText(m, r, withCost = true) {
    const cost = withCost ? " " + _("(cost {cost} credits)", {cost: f4(m.loss)}) : "", chosen = written(m.chosen);
    if (r.line === null) {
      return _("No line of the chart fits this hand, so it says draw five; you held {chosen}{cost}.", {chosen, cost});
    }
    const play = r.hold_text === "draw five" ? _("draw five") : _("hold {cards}", {cards: written(r.hold_text)});
    const words = {line: r.line, text: r.line_text, play, chosen, cost, best: written(m.best)};
    if (r.hold_text === m.chosen) {
      return _("Line {line} of the chart, '{text}', says {play}, as you did; the best hold is {best}{cost}: the chart is off here.", words);
    }
    return _("Line {line} of the chart, '{text}', says {play}; you held {chosen}{cost}.", words);
  }

  async function chartLine(m) {
    if (m.choice === null) {  // a mistake made before the chart was chosen (the saved one is being read)
      await S.chart.loading;
      const c = S.chart;
      m.choice = c.choice || config.default_choice;
      m.chartText = m.choice === "mine" && c.mine ? c.mine.text : null;
      m.chartKey = chartKey(m.choice, m.bet);
    }
    const key = `${m.dealt}|${m.chartKey}|${m.chartText}`;
    const asked = S.ask && S.ask.key === key && !m.pending ? await S.ask.answer : null;
    try {
      if (asked && asked.err) throw asked.err;
      const r = asked ? asked.r : await post("/api/video-poker/chart-hold",
                                             chartBody(m.dealt, m.bet, m.choice, m.chartText));
      if (r.status === 202) {
        const job = r.data.job || {};
        const done = job.total ? ` (${HoldwiseDom.percent(Math.floor((100 * job.done) / job.total) / 100, 0)})` : "";
        m.text = _("chart line: computing the game's chart …{done}", {done});
        m.cell = null;
        m.pending = true;
        m.kind = "unsure";
        schedulePoll();
      } else {
        m.pending = false;
        m.chart = r.data;
        m.text = lineText(m, r.data);
        m.cell = lineText(m, r.data, false);
        const same = (r.data.hold || []).join(" ") === m.hold.join(" ") || r.data.hold_text === m.chosen;
        m.kind = same ? "deviation" : "mistake";
      }
    } catch (err) {
      m.pending = false;
      m.kind = "mistake";
      m.text = _("The chart's line could not be found: {why}", {why: err.message});
      m.cell = null;
    }
    m.row.querySelector(".vp-kind").textContent = {deviation: _("chart deviation"), mistake: _("mistake"), unsure: _("mistake?")}[m.kind] || "…";
    m.row.classList.toggle("vp-deviation", m.kind === "deviation");
    const cell = m.row.querySelector(".vp-line");
    cell.textContent = m.cell || m.text;
    if (m.chart) {
      cell.dataset.line = m.chart.line === null ? "" : String(m.chart.line);
      cell.dataset.lineText = m.chart.line_text || "";
    }
    const last = S.trainer.mistakes[S.trainer.mistakes.length - 1];
    if (last === m && S.trainer.hands === m.hands) {  // the verdict and its line change together
      if (m.kind !== "pending") setVerdict(m.kind === "unsure" ? "mistake" : m.kind, verdictOf(m));
      $("vp-chart-line").textContent = m.text;
      if (m.chart && m.chartKey === S.chart.key) cite(m.chart.line);
    }
    renderTrainer();
  }

  /* ---- the trainer's chart ---- */
  const chartCoins = (bet) => (bet === 5 ? 5 : 4);  // 1-4 coins pay alike per coin: one chart at 4
  const chartKey = (choice, bet) => `${S.game ? S.game.id : ""}|${chartCoins(bet)}|${choice}`;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  function keptChoice() {
    try { return localStorage.getItem(config.choice_key); } catch (e) { return null; }
  }

  function choices(mine) {
    const sel = $("vp-chart-choice");
    const old = sel.value;
    sel.replaceChildren(...Object.entries(config.choices).map(([k, text]) =>
      el("option", {value: k, text: k === "short" ? _("{chart} (default)", {chart: text}) : text})));
    if (mine) sel.append(el("option", {value: "mine", text: ngettext("yours ({n} line)", "yours ({n} lines)", mine.lines.length)}));
    if (old && Array.from(sel.options).some((o) => o.value === old)) sel.value = old;
  }

  // the choice: the one in use, else the page's ?chart=, else the one kept in this browser, else a saved chart,
  // else the default
  function pickChoice(mine) {
    const ok = (c) => c && (c === "mine" ? !!mine : Object.hasOwn(config.choices, c));
    for (const c of [S.chart.choice, params.get("chart"), keptChoice()]) if (ok(c)) return c;
    return mine ? "mine" : config.default_choice;
  }

  function loadChart(choice) {
    if (!S.game) return null;
    S.chart.loading = readChart(choice);
    return S.chart.loading;
  }

  async function readChart(choice) {
    const seq = ++S.chart.seq;
    const game = S.game.id, coins = chartCoins(S.bet);
    const box = $("vp-chart-box");
    box.setAttribute("aria-busy", "true");
    $("vp-chart-error").textContent = "";
    // a chart saved on the strategy page is read before it is used; one the game does not read is named, not used
    const saved = savedChart(game);
    let mine = null;
    if (saved && saved.trim()) {
      try {
        mine = {text: saved, lines: (await post("/api/video-poker/chart-check", {game, chart: saved})).data.lines};
      } catch (err) {
        if (seq !== S.chart.seq) return;
        $("vp-chart-error").textContent = _("Your chart saved on the strategy page is not used: {why}",
          {why: err.message.replace(/^chart: /, "chart ")});
      }
    }
    if (seq !== S.chart.seq) return;
    choices(mine);
    S.chart.mine = mine;
    choice = choice || pickChoice(mine);
    $("vp-chart-choice").value = choice;
    S.chart.choice = choice;
    S.chart.key = chartKey(choice, S.bet);
    let lines, note;
    if (choice === "mine") {
      lines = mine.lines;
      note = ngettext("Your chart, saved on the strategy page: {n} line.", "Your chart, saved on the strategy page: {n} lines.", lines.length);
      S.chart.data = null;
    } else {
      let url = `/api/video-poker/trainer-chart?game=${encodeURIComponent(game)}&coins=${coins}&choice=${choice}`;
      if (GAMES[game] && GAMES[game].table) url += `&table=${encodeURIComponent(GAMES[game].table)}`;
      for (;;) {
        let r;
        try {
          r = await api(url);
        } catch (err) {
          if (seq !== S.chart.seq) return;
          $("vp-chart-error").textContent = err.message;
          return;
        }
        if (seq !== S.chart.seq) return;
        if (r.status === 200) { S.chart.data = r.data; break; }
        const job = r.data.job || {};
        $("vp-chart-note").textContent = job.total
          ? _("Deriving the game's charts (about half a minute, once): step {step} of {all}…", {step: Math.min(job.done + 1, job.total), all: job.total})
          : _("Deriving the game's charts (about half a minute, once)…");
        await sleep(CHART_POLL_MS);
      }
      const d = S.chart.data;
      lines = d.lines.map((ln) => ({number: ln.number, text: ln.text}));
      const what = `${d.note[0].toUpperCase()}${d.note.slice(1)}`;
      note = choice === "basic" ? _("{chart} (returns {ret}).", {chart: what, ret: pct(d.return_value, 3)})
        : _("{chart} (returns {ret}; the basic strategy has {lines} lines).", {chart: what, ret: pct(d.return_value, 3), lines: d.basic_lines});
    }
    $("vp-chart-count").textContent = ngettext("({n} line)", "({n} lines)", lines.length);
    $("vp-chart-note").textContent = note;
    $("vp-chart-list").replaceChildren(...lines.map((ln) => el("li", {"data-line": String(ln.number)},
      el("span", {class: "vp-n", text: `${ln.number}.`}), el("span", {class: "vp-t", text: ln.text}))));
    box.dataset.choice = choice;
    box.dataset.game = game;
    box.dataset.coins = String(coins);
    box.setAttribute("aria-busy", "false");
    const name = choice === "mine" ? _("yours, saved on the strategy page") : config.choices[choice];
    $("vp-chart-source").textContent = /lines$/.test(name) ? _("Chart: {chart}.", {chart: name})
      : ngettext("Chart: {chart}, {n} line.", "Chart: {chart}, {n} lines.", lines.length, {chart: name});
  }

  // mark the line a mistake cites, and bring it into view within the list (the page itself does not move)
  function cite(line) {
    const list = $("vp-chart-list");
    let hit = null;
    for (const li of list.children) {
      const on = line !== null && li.dataset.line === String(line);
      li.classList.toggle("vp-cited", on);
      if (on) hit = li;
    }
    if (hit && list.scrollHeight > list.clientHeight) {
      list.scrollTop = Math.max(0, hit.offsetTop - list.clientHeight / 3);
    }
  }

  function showChart() {
    $("vp-chart-box").hidden = !S.trainerOn;
    $("vp-layout").classList.toggle("with-chart", !!S.trainerOn);
  }

  function schedulePoll() {
    if (S.polling) return;
    S.polling = true;
    setTimeout(async () => {
      S.polling = false;
      for (const m of S.trainer.mistakes.filter((x) => x.pending)) await chartLine(m);
    }, POLL_MS);
  }

  // the record before a hold, and back to it when the hold is taken back (its mistake row goes too)
  function snapshot() {
    const t = S.trainer;
    return {record: t, hands: t.hands, cost: t.cost, coins: t.coins, par: t.par, costly: t.mistakes.length};
  }

  function restore(snap) {
    const t = snap.record;
    if (t !== S.trainer) return;  // another game's record since: nothing of it to take back
    for (const m of t.mistakes.splice(snap.costly)) if (m.row) m.row.remove();
    Object.assign(t, {hands: snap.hands, cost: snap.cost, coins: snap.coins, par: snap.par});
    $("vp-chart-line").textContent = "";
    cite(null);
    setVerdict("", t.hands ? _("Your last hold is taken back: the trainer's record is as it was before it.") : "");
    renderTrainer();
  }

  return {judge, askChart, setVerdict, renderTrainer, loadChart, showChart, chartCoins, snapshot, restore};
};
