/* Video poker's fairness page (every game's exact return, polled while the background job computes it) and
   strategy page (the derived chart, its cost curve as an inline SVG plot, a pasted chart evaluated exactly, and
   the chart the trainer uses, kept in localStorage under holdwise.vp.chart.<game id> once the server reads it:
   a chart with a line the game does not read is refused with that line named, and the trainer keeps its chart). */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const CHART_KEY = "holdwise.vp.chart.";
  const CHOICE_KEY = "holdwise.vp.trainer-choice";  // the trainer's chart choice: "mine" plays the saved chart
  const POLL_MS = 700;

  const pct = (v, d = 4) => (v === null || v === undefined ? "–" : HoldwiseDom.percent(v, d));  // page's language
  // a cost in percent: four decimals, more below 0.01% so that two digits show (derived charts lose ~0.00002%)
  const costPct = (v) => {
    if (v === null || v === undefined) return "–";
    const x = 100 * v;
    return x === 0 ? HoldwiseDom.percent(0, 0) : HoldwiseDom.percent(v, Math.min(12, Math.max(4, 1 - Math.floor(Math.log10(Math.abs(x))))));
  };
  const fixed = (v, d) => (v === null || v === undefined ? "–" : HoldwiseDom.fixed(v, d));
  const whole = (n) => Number(n).toLocaleString(HoldwiseDom.locale);
  const handLabel = (h) => HoldwiseDom.say(h.replace(/_/g, " "));
  const payText = (exact) => (exact && exact.endsWith("/1") ? exact.slice(0, -2) : exact);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  const el = window.HoldwiseDom.el;
  const {_, ngettext} = window.HoldwiseDom;
  function svg(tag, attrs = {}, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // an answer as JSON; a refusal becomes an Error with the server's one line (and the field it names)
  async function api(path, options = {}) {
    const r = await window.fetchRetry(path, options);
    let data = null;
    try { data = await r.json(); } catch (e) { data = {detail: _("the server answered {status}", {status: r.status})}; }
    if (!r.ok && r.status !== 202) {
      const err = new Error((data && data.detail) || _("the server answered {status}", {status: r.status}));
      err.field = data && data.field;
      err.status = r.status;
      throw err;
    }
    return {status: r.status, data};
  }

  function progress(done, total, text) {
    const bar = $("vr-progress");
    $("vr-status-text").textContent = text;
    const share = total ? Math.max(0.04, Math.min(1, done / total)) : 0.04;
    bar.firstElementChild.style.width = (100 * share).toFixed(1) + "%";
    bar.hidden = false;
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", String(total || 1));
    bar.setAttribute("aria-valuenow", String(done));
  }
  function finished(text) {
    $("vr-status-text").textContent = text;
    $("vr-progress").hidden = true;
  }

  // ---- the fairness page ------------------------------------------------------------------------------------

  function returnCell(td, data) {
    td.replaceChildren();
    if (!data) { td.append(el("span", {class: "vr-pending", text: _("computing…")})); return; }
    td.append(el("span", {class: "vr-pct", text: pct(data.return)}),
              el("span", {class: "vr-exact", text: data.return_exact}));
    td.dataset.exact = data.return_exact;
  }

  function returnTable(data, caption) {
    const body = el("tbody");
    for (const row of data.table) {
      body.append(el("tr", {}, el("td", {text: handLabel(row.hand)}), el("td", {text: payText(row.pay_exact)}),
        el("td", {text: whole(row.outcomes)}), el("td", {text: fixed(row.chance, 10)}),
        el("td", {text: fixed(row.contribution, 10)})));
    }
    body.append(el("tr", {class: "vr-total"}, el("td", {text: _("total")}), el("td"),
      el("td", {text: whole(data.outcomes)}), el("td", {text: fixed(1, 10)}),
      el("td", {text: fixed(data.return, 10)})));
    const head = el("thead", {}, el("tr", {}, ...[_("final hand"), _("pays"), _("combinations"), _("probability"),
      _("contribution")].map((t) => el("th", {scope: "col", text: t}))));
    const table = el("table", {class: "num vr-return-table", "data-coins": String(data.coins)},
      el("caption", {text: caption}), head, body);
    return el("div", {class: "table-wrap"}, table);
  }

  function renderFairness(r) {
    for (const g of r.games) {
      const row = document.querySelector(`#vr-fair-table tr[data-game="${CSS.escape(g.id)}"]`);
      if (!row) continue;
      returnCell(row.querySelector(".vr-r5"), g.coins_5);
      returnCell(row.querySelector(".vr-r14"), g.coins_1_4);
      row.querySelector(".vr-sd").textContent = g.coins_5 ? fixed(g.coins_5.standard_deviation, 2) : "…";
      row.querySelector(".vr-hit").textContent = g.coins_5 ? pct(g.coins_5.hit_chance, 2) : "…";
      row.dataset.ready = g.coins_5 && g.coins_1_4 ? "true" : "false";
      const details = document.querySelector(`#vr-tables details[data-game="${CSS.escape(g.id)}"]`);
      if (details && g.coins_5 && g.coins_1_4 && details.dataset.ready !== "true") {
        const box = details.querySelector(".vr-details-body");
        box.replaceChildren(
          el("p", {class: "vr-sums", text: _("Return {five} at 5 coins, {less} at 1–4 coins; standard deviation {sd} a coin, a hand pays {hit} of the time (5 coins).",
            {five: pct(g.coins_5.return), less: pct(g.coins_1_4.return), sd: fixed(g.coins_5.standard_deviation, 3), hit: pct(g.coins_5.hit_chance, 2)})}),
          returnTable(g.coins_5, _("5 coins")), returnTable(g.coins_1_4, _("1–4 coins (pays per coin at 4 coins)")));
        details.dataset.ready = "true";
      }
    }
  }

  async function fairness() {
    $("vr-exact").addEventListener("change", (e) => {
      $("vr-fairness").classList.toggle("vr-show-exact", e.target.checked);
    });
    const table = $("vr-fair-table");
    // a game's name leads to its return table: open it there
    table.addEventListener("click", (e) => {
      const link = e.target.closest("a[href^='#vr-table-']");
      if (link) document.getElementById(link.getAttribute("href").slice(1)).open = true;
    });
    for (;;) {
      try {
        const {data} = await api("/api/video-poker/fairness");
        renderFairness(data);
        $("vr-error").textContent = data.status === "failed" ? _("The computation failed: {why}", {why: data.error}) : "";
        if (data.status === "done") {
          finished(_("Every game's return, computed exactly ({n} figures).", {n: data.total}));
          table.setAttribute("aria-busy", "false");
          document.body.dataset.fairness = "done";  // the browser tests wait on this
          return;
        }
        progress(data.done, data.total, _("Computing the returns: {done} of {all} figures done…", {done: data.done, all: data.total}));
        await sleep(data.status === "failed" ? 3000 : POLL_MS);
      } catch (err) {
        $("vr-error").textContent = err.message;
        await sleep(3000);
      }
    }
  }

  // ---- the strategy page ------------------------------------------------------------------------------------

  const S = {game: null, coins: null, seq: 0, shortSeq: 0, derived: null, mine: null};
  window.holdwiseVpStrategy = S;  // read by the browser tests

  function gameName(id) {
    const opt = Array.from($("vr-game").options).find((o) => o.value === id);
    return opt ? opt.textContent : id;
  }

  function linesTable(tbody, lines) {
    tbody.replaceChildren();
    for (const ln of lines) {
      const range = ln.value_min === null ? "–" : ln.value_min === ln.value_max ? fixed(ln.value_min, 4)
        : `${fixed(ln.value_min, 4)}–${fixed(ln.value_max, 4)}`;
      tbody.append(el("tr", {class: ln.cost > 0 ? "vr-costly" : ""}, el("td", {text: String(ln.number)}),
        el("td", {class: "vr-text", text: ln.text}), el("td", {text: pct(ln.chance, 3)}),
        el("td", {text: range}), el("td", {text: pct(ln.mistakes, 3)}), el("td", {text: costPct(ln.cost)})));
    }
  }

  function mistakes(list, errors) {
    list.replaceChildren();
    if (!errors.length) { list.append(el("li", {text: _("None: this chart plays the best hold on every deal.")})); return; }
    for (const e of errors) {
      list.append(el("li", {},
        el("div", {}, el("strong", {text: _("hold {cards}", {cards: e.best_pattern})}), _(", not "), el("span", {text: e.chart_pattern})),
        el("div", {class: "muted num", text: _("{share} of deals · costs {cost} of the bet", {share: pct(e.chance, 3), cost: costPct(e.cost)})}),
        el("div", {class: "vr-example"}, _("e.g. "), el("span", {class: "vr-hand", text: e.example}),
          _(": hold {best}, not {chart} (loses {loss} a coin)", {best: e.example_best_hold, chart: e.example_chart_hold, loss: fixed(e.example_loss, 4)}))));
    }
  }

  function everyText(r) {
    return r.hands_per_bet_lost === null ? _("none lost") : _("a bet lost every {n} hands", {n: whole(Math.round(r.hands_per_bet_lost))});
  }

  function curvePlot(points, optimal) {
    const box = $("vr-curve");
    box.replaceChildren();
    if (!points.length) return;
    // as wide as the box (at most 640): on a phone the labels keep a readable size
    const W = Math.round(Math.max(340, Math.min(640, box.clientWidth || 640))), H = W < 500 ? 260 : 300;
    const L = 84, R = 12, T = 30, B = 44;  // room for the cost ticks (−0.00001%) and the optimum's label
    // the cost below optimal play on a log scale, from 0.00001% to 5% of the bet: the long charts differ by
    // hundredths of a percent, which a linear return axis drew as one flat line at the top (review 2, defect 25);
    // costlier charts sit on the floor, marked, and a chart as good as optimal play on the top line
    const FLOOR = 0.05, TOP = 1e-7;
    const lg = (c) => Math.log10(Math.min(FLOOR, Math.max(TOP, c)));
    const x = (n) => L + (W - L - R) * (n - 1) / 39;
    const y = (c) => T + (H - T - B) * (lg(c) - lg(TOP)) / (lg(FLOOR) - lg(TOP));
    const plot = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "vr-svg", "aria-hidden": "true"});
    plot.append(svg("rect", {x: L, y: T, width: W - L - R, height: H - T - B, fill: "#fff", stroke: "#d8dce4"}));
    for (const c of [1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.05]) {
      plot.append(svg("line", {x1: L, x2: W - R, y1: y(c), y2: y(c), stroke: "#eceef2"}));
      plot.append(svg("text", {x: L - 6, y: y(c) + 4, "text-anchor": "end", class: "vr-tick"},
        `−${+(100 * c).toPrecision(1)}%`));
    }
    for (const n of W < 500 ? [1, 10, 20, 30, 40] : [1, 5, 10, 15, 20, 25, 30, 35, 40]) {
      plot.append(svg("text", {x: x(n), y: H - B + 16, "text-anchor": "middle", class: "vr-tick"}, String(n)));
    }
    plot.append(svg("text", {x: L + (W - L - R) / 2, y: H - 8, "text-anchor": "middle", class: "vr-axis"},
      W < 500 ? _("lines · cost, log scale") : _("lines in the chart · cost below optimal play (log scale)")));
    plot.append(svg("line", {x1: L, x2: W - R, y1: T, y2: T, class: "vr-optimal"}));
    plot.append(svg("text", {x: W - R, y: T - 8, "text-anchor": "end", class: "vr-optimal-label"},
      _("optimal play {ret}", {ret: pct(optimal, 3)})));
    plot.append(svg("polyline", {points: points.map((p) => `${x(p.lines)},${y(p.cost)}`).join(" "),
      class: "vr-line"}));
    for (const p of points) {
      const below = p.cost > FLOOR;
      const dot = svg("circle", {cx: x(p.lines), cy: y(p.cost), r: 3.5, class: below ? "vr-dot vr-below" : "vr-dot"});
      dot.append(svg("title", {}, _("{lines} lines: {ret} (cost {cost})", {lines: p.lines, ret: pct(p.return, 3), cost: costPct(p.cost)})));
      plot.append(dot);
    }
    box.append(plot);
    const tbody = $("vr-curve-table").tBodies[0];
    tbody.replaceChildren(...points.map((p) => el("tr", {}, el("td", {text: String(p.lines)}),
      el("td", {text: pct(p.return, 4)}), el("td", {text: costPct(p.cost)}),
      el("td", {text: p.hands_per_bet_lost === null ? "–" : _("{n} hands", {n: whole(Math.round(p.hands_per_bet_lost))})}))));
  }

  function renderDerived(r) {
    S.derived = r;
    $("vr-derived-name").textContent = `${r.name}, ${r.coins === 5 ? _("5 coins") : _("1–4 coins")}`;
    $("vr-d-return").textContent = pct(r.return);
    $("vr-d-return-exact").textContent = r.return_exact;
    $("vr-d-optimal").textContent = pct(r.optimal_return);
    $("vr-d-optimal-exact").textContent = r.optimal_return_exact;
    $("vr-d-cost").textContent = costPct(r.cost);
    $("vr-d-cost-every").textContent = everyText(r);
    $("vr-d-lines").textContent = String(r.lines.length);
    $("vr-d-unmatched").textContent = _("{share} of deals: draw five", {share: pct(r.draw_five_chance, 2)});
    linesTable($("vr-d-table").tBodies[0], r.lines);
    curvePlot(r.curve || [], r.optimal_return);
    mistakes($("vr-notes"), r.notes || []);
    $("vr-derived").setAttribute("aria-busy", "false");
    $("vr-derived").dataset.game = r.rules;
    $("vr-derived").dataset.coins = String(r.coins);
    $("vr-use-derived").disabled = $("vr-edit-derived").disabled = false;
  }

  function clearDerived() {
    S.derived = null;
    $("vr-derived").setAttribute("aria-busy", "true");
    delete $("vr-derived").dataset.game;
    $("vr-use-derived").disabled = $("vr-edit-derived").disabled = true;
    for (const id of ["vr-d-return", "vr-d-optimal", "vr-d-cost", "vr-d-lines"]) $(id).textContent = "…";
    for (const id of ["vr-d-return-exact", "vr-d-optimal-exact", "vr-d-cost-every", "vr-d-unmatched",
                      "vr-derived-name"]) $(id).textContent = "";
    $("vr-d-table").tBodies[0].replaceChildren(el("tr", {}, el("td", {colspan: "6", class: "vr-pending",
      text: _("computing…")})));
    $("vr-curve").replaceChildren(el("p", {class: "vr-pending", text: _("computing…")}));
    $("vr-curve-table").tBodies[0].replaceChildren();
    $("vr-notes").replaceChildren(el("li", {class: "vr-pending", text: _("computing…")}));
  }

  // the charts players learn, first on the page: [trainer-chart choice, title]
  const SHORT_CHOICES = [["10", _("10 lines")], ["15", _("15 lines")], ["20", _("20 lines")],
                         ["short", _("within {share} of optimal play", {share: HoldwiseDom.percent(0.0001, 2)})]];

  function shortCard(choice, title, r) {
    const n = r.lines.length;
    const head = choice === "short" ? _("{n} lines: {title}", {n, title}) : (String(n) === choice ? title : _("{title} ({n} found)", {n, title}));
    const lost = r.cost > 0 ? _("a bet lost every {n} hands", {n: whole(Math.round(1 / r.cost))}) : _("none lost");
    return [el("h3", {text: head}),
      el("p", {class: "vr-short-figures"}, el("strong", {class: "num", text: pct(r.return_value)}),
        el("span", {class: "muted", text: " " + _("{lost} (exact {exact})", {lost, exact: r.return_exact})})),
      el("ol", {class: "vr-short-lines"}, ...r.lines.map((ln) => el("li", {text: ln.text})))];
  }

  async function loadShortCharts() {
    const mine = ++S.shortSeq;
    const game = S.game, coins = S.coins;
    const cards = SHORT_CHOICES.map(([choice, title]) => el("article", {class: "vr-short", "data-choice": choice},
      el("h3", {text: title}), el("p", {class: "vr-pending", text: _("computing…")})));
    $("vr-short-grid").replaceChildren(...cards);
    for (const [k, [choice, title]] of SHORT_CHOICES.entries()) {
      const url = `/api/video-poker/trainer-chart?game=${encodeURIComponent(game)}&coins=${coins}&choice=${choice}`;
      for (;;) {
        let answer;
        try {
          answer = await api(url);
        } catch (err) {
          if (mine !== S.shortSeq) return;
          cards[k].replaceChildren(el("h3", {text: title}), el("p", {class: "error", text: err.message}));
          break;
        }
        if (mine !== S.shortSeq) return;
        if (answer.status === 200) {
          cards[k].replaceChildren(...shortCard(choice, title, answer.data));
          break;
        }
        await sleep(POLL_MS);
      }
    }
  }

  async function loadStrategy() {
    const mine = ++S.seq;
    const game = S.game, coins = S.coins;
    clearDerived();
    $("vr-error").textContent = "";
    progress(0, 5, _("Loading the chart of {game}…", {game: gameName(game)}));
    const url = `/api/video-poker/strategy?game=${encodeURIComponent(game)}&coins=${coins}`;
    for (;;) {
      let answer;
      try {
        answer = await api(url);
      } catch (err) {
        if (mine !== S.seq) return;
        $("vr-error").textContent = err.message;
        if (err.status === 422) { finished(_("No chart.")); return; }
        await sleep(3000);
        continue;
      }
      if (mine !== S.seq) return;
      if (answer.status === 200) {
        renderDerived(answer.data);
        finished(_("{name}: basic strategy of {n} lines (computed once, kept on disk).", {name: answer.data.name, n: answer.data.lines.length}));
        return;
      }
      const d = answer.data;
      const stage = d.status === "queued" ? _("waiting for another computation to finish…") : _("stage {n} of {all}…", {n: d.done + 1, all: d.total || 5});
      progress(d.done, d.total, _("Computing the chart of {game} (about half a minute, once): {stage}", {game: gameName(game), stage}));
      await sleep(POLL_MS);
    }
  }

  function savedNote() {
    const text = localStorage.getItem(CHART_KEY + S.game);
    const lines = text ? text.split("\n").filter((l) => l.trim() && !l.trim().startsWith("#")).length : 0;
    $("vr-saved").textContent = text
      ? ngettext("The trainer has a chart saved for {game} in this browser ({n} line).",
                 "The trainer has a chart saved for {game} in this browser ({n} lines).", lines, {game: gameName(S.game)})
      : _("No chart saved for {game} in this browser.", {game: gameName(S.game)});
    $("vr-forget").disabled = !text;
    $("vr-mine").dataset.saved = text ? "true" : "false";
  }

  function save(text) {
    try {
      localStorage.setItem(CHART_KEY + S.game, text);
      localStorage.setItem(CHOICE_KEY, "mine");
    } catch (err) {
      $("vr-chart-error").textContent = _("This browser does not keep the chart (storage is off or full).");
    }
    savedNote();
  }

  // a chart is read by the server before the trainer keeps it: a line the game does not read is named, and the
  // chart kept before stays
  async function useInTrainer(text, fromBox) {
    const game = S.game;
    $("vr-chart-error").textContent = "";
    if (fromBox) $("vr-chart").removeAttribute("aria-invalid");
    try {
      await api("/api/video-poker/chart-check", {method: "POST", headers: {"content-type": "application/json"},
        body: JSON.stringify({game, chart: text})});
    } catch (err) {
      const why = err.message.replace(/^chart: /, "chart ");
      $("vr-chart-error").textContent = localStorage.getItem(CHART_KEY + game)
        ? _("Not used in the trainer (it keeps the chart it had): {why}", {why})
        : _("Not used in the trainer (it keeps its own charts): {why}", {why});
      if (fromBox && err.field === "chart") $("vr-chart").setAttribute("aria-invalid", "true");
      return;
    }
    if (game === S.game) save(text);
  }

  async function evaluate() {
    const text = $("vr-chart").value;
    const button = $("vr-evaluate");
    const box = $("vr-mine-result");
    button.disabled = true;
    $("vr-chart").removeAttribute("aria-invalid");
    $("vr-chart-error").textContent = "";
    box.classList.add("stale");
    button.textContent = _("Evaluating…");
    try {
      const {data} = await api("/api/video-poker/strategy/evaluate", {method: "POST",
        headers: {"content-type": "application/json"}, body: JSON.stringify({game: S.game, coins: Number(S.coins), chart: text})});
      S.mine = data;
      $("vr-m-return").textContent = pct(data.return);
      $("vr-m-return-exact").textContent = data.return_exact;
      $("vr-m-optimal").textContent = pct(data.optimal_return);
      $("vr-m-cost").textContent = costPct(data.cost);
      $("vr-m-cost-every").textContent = everyText(data);
      $("vr-m-unmatched").textContent = pct(data.draw_five_chance, 2);
      linesTable($("vr-m-table").tBodies[0], data.lines);
      mistakes($("vr-m-errors"), data.errors);
      box.hidden = false;
      box.dataset.game = data.rules;
      box.classList.remove("stale");
    } catch (err) {
      $("vr-chart-error").textContent = err.message;
      $("vr-chart").setAttribute("aria-invalid", "true");
    } finally {
      button.disabled = false;
      button.textContent = _("Evaluate");
    }
  }

  function strategyPage() {
    const root = $("vr-strategy");
    S.game = $("vr-game").value || root.dataset.game;
    S.coins = $("vr-coins").value || root.dataset.coins;
    const saved = localStorage.getItem(CHART_KEY + S.game);
    if (saved) $("vr-chart").value = saved;
    function changed() {
      S.game = $("vr-game").value;
      S.coins = $("vr-coins").value;
      history.replaceState(null, "", `?game=${encodeURIComponent(S.game)}&coins=${S.coins}`);
      const kept = localStorage.getItem(CHART_KEY + S.game);
      if (kept) $("vr-chart").value = kept;
      $("vr-mine-result").hidden = true;
      $("vr-chart-error").textContent = "";
      savedNote();
      loadShortCharts();
      loadStrategy();
    }
    $("vr-game").addEventListener("change", changed);
    $("vr-coins").addEventListener("change", changed);
    $("vr-evaluate").addEventListener("click", evaluate);
    $("vr-chart").addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); evaluate(); }
    });
    $("vr-use-derived").addEventListener("click", () => { if (S.derived) useInTrainer(S.derived.chart_text, false); });
    $("vr-edit-derived").addEventListener("click", () => {
      if (!S.derived) return;
      $("vr-chart").value = S.derived.chart_text;
      $("vr-chart").focus();
    });
    $("vr-use-mine").addEventListener("click", () => {
      if ($("vr-chart").value.trim()) useInTrainer($("vr-chart").value, true);
    });
    $("vr-forget").addEventListener("click", () => { localStorage.removeItem(CHART_KEY + S.game); savedNote(); });
    savedNote();
    loadShortCharts();
    loadStrategy();
  }

  const root = document.querySelector(".vr[data-page]");
  if (root && root.dataset.page === "fairness") fairness();
  if (root && root.dataset.page === "strategy") strategyPage();
})();
