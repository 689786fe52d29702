// The Farkle strategy report page: asks GET /api/farkle/report and draws its tables and heat maps.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  const NEVER = [213, 94, 0]; // Okabe-Ito vermilion, apart from the viridis range
  const {_, ngettext} = window.HoldwiseDom;  // the page's language (its JSON catalogue)
  const fmt = (v) => (v === null ? _("never") : v.toLocaleString(HoldwiseDom.locale));
  const PP = _("pp");  // percentage points, as the language abbreviates them
  // the plays the report names (roll, bank), in the page's language; anything else as it comes
  const play = (p) => ({roll: _("roll"), bank: _("bank")}[p] || p);
  const pct = (v, d) => HoldwiseDom.percent(v, d === undefined ? 1 : d);  // in the page's language

  function ramp(x) {
    const t = Math.min(1, Math.max(0, x)) * (VIRIDIS.length - 1);
    const i = Math.min(VIRIDIS.length - 2, Math.floor(t));
    const f = t - i;
    return VIRIDIS[i].map((c, k) => Math.round(c + f * (VIRIDIS[i + 1][k] - c)));
  }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => e.setAttribute(k, v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function table(node, head, rows) {
    node.replaceChildren();
    const tr = el("tr");
    head.forEach((h) => tr.appendChild(el("th", { scope: "col" }, h)));
    node.appendChild(el("thead")).appendChild(tr);
    const body = node.appendChild(el("tbody"));
    rows.forEach((r) => {
      const row = body.appendChild(el("tr"));
      r.forEach((c) => row.appendChild(el("td", {}, c)));
    });
  }

  // one grid[a][b] as a canvas of g x g pixels, own score a upward; colour(v) gives [r, g, b]
  function canvas(grid, colour, label) {
    const g = grid.length;
    const c = el("canvas", { width: g, height: g, role: "img", "aria-label": label });
    const ctx = c.getContext("2d");
    const img = ctx.createImageData(g, g);
    for (let a = 0; a < g; a++) {
      for (let b = 0; b < g; b++) {
        const [r, gr, bl] = colour(grid[a][b]);
        const i = 4 * ((g - 1 - a) * g + b);
        img.data[i] = r; img.data[i + 1] = gr; img.data[i + 2] = bl; img.data[i + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    return c;
  }

  function axes(r) {
    const d = el("div", { class: "fr-axes" });
    d.appendChild(el("span", {}, "0"));
    d.appendChild(el("span", {}, _("opponent") + " → " + r.scores[r.scores.length - 1].toLocaleString(HoldwiseDom.locale)));
    return d;
  }

  // dice names with runs of one name folded: "Weighted die, Ordinary die*5"
  function short(names) {
    const out = [];
    names.forEach((n) => {
      if (out.length && out[out.length - 1][0] === n) out[out.length - 1][1] += 1;
      else out.push([n, 1]);
    });
    return out.map(([n, k]) => (k === 1 ? n : `${n}*${k}`)).join(", ");
  }

  function draw(r) {
    // the report's JSON gives the dice by their names in the game beside their ids
    $("fr-head").textContent = _("{dice} against {opponent}, to {target}: {points} points a turn; moving first wins {share}.",
      {dice: short(r.dice_names || r.dice), opponent: short(r.opponent_dice_names || r.opponent_dice),
       target: r.target.toLocaleString(HoldwiseDom.locale), points: HoldwiseDom.fixed(r.expected_points, 1),
       share: pct(r.first_player_win_chance, 2)});
    const list = $("fr-findings");
    list.replaceChildren();
    r.findings.forEach((f) => {
      const li = list.appendChild(el("li", {}, HoldwiseDom.say(f.text) + " "));
      li.appendChild(el("span", { class: "fr-fig" }, "[" + _("figure:") + " " + HoldwiseDom.say(f.figure) + "]"));
    });
    const maps = $("fr-maps");
    maps.replaceChildren();
    const rows = [];
    r.dice_left.forEach((k, i) => {
      const grid = r.race_threshold[i];
      const values = grid.flat().filter((v) => v !== null);
      const lo = values.length ? Math.min(...values) : 0;
      const hi = values.length ? Math.max(...values) : 1;
      const fig = maps.appendChild(el("figure", { class: "fr-map" }));
      const coach = r.coaching_threshold[String(k)];
      fig.appendChild(canvas(grid, (v) => (v === null ? NEVER : ramp(hi > lo ? (v - lo) / (hi - lo) : 0)),
        _("bank threshold with {k} dice left", {k})));
      fig.appendChild(axes(r));
      fig.appendChild(el("figcaption", {},
        ngettext("{n} die left:", "{n} dice left:", k) + " " + (values.length ? fmt(lo) + "–" + fmt(hi) : _("never")) +
        " " + _("(coaching: {points})", {points: fmt(coach)})));
      const never = grid.flat().length - values.length;
      rows.push([String(k), fmt(coach), fmt(grid[0][0]), values.length ? fmt(lo) + "–" + fmt(hi) : "–",
        pct(never / grid.flat().length, 0)]);
    });
    table($("fr-thresholds"), [_("dice left"), _("coaching"), _("race-aware at 0–0"), _("race-aware range"), _("never banks")], rows);
    const total = r.cost_sum || 1;
    table($("fr-regions"), [_("you need"), _("opponent needs"), _("differ"), _("of"), _("race rolls"), _("race banks"),
      _("share of loss"), _("max loss")], r.regions.map((x) => [x.own_needs, x.opponent_needs, x.disagreements.toLocaleString(HoldwiseDom.locale),
      x.situations.toLocaleString(HoldwiseDom.locale), x.race_rolls.toLocaleString(HoldwiseDom.locale), x.race_banks.toLocaleString(HoldwiseDom.locale),
      pct(x.cost_sum / total), HoldwiseDom.fixed(100 * x.cost_max, 1) + " " + PP]));
    table($("fr-top"), [_("you"), _("opponent"), _("dice left"), _("turn total"), _("race-aware"), _("coaching"), _("loss")],
      r.top_disagreements.map((d) => [fmt(d.own), fmt(d.opponent), String(d.dice_left), fmt(d.turn_total),
        play(d.race_aware), play(d.coaching), HoldwiseDom.fixed(100 * d.cost, 1) + " " + PP]));
    const fav = $("fr-favoured");
    fav.replaceChildren();
    // blue (#0072B2) above 50%, orange (#E69F00) below, white at 50%
    fav.appendChild(canvas(r.win_chance, (v) => {
      const t = Math.abs(v - 0.5) * 2;
      const to = v >= 0.5 ? [0, 114, 178] : [230, 159, 0];
      return to.map((c) => Math.round(255 + t * (c - 255)));
    }, _("win chance of the player to move by score pair")));
    fav.appendChild(axes(r));
    fav.appendChild(el("figcaption", {}, _("at 0–0: {share}", {share: pct(r.win_chance[0][0])})));
    $("fr-report").hidden = false;
  }

  async function load() {
    const form = new FormData($("fr-form"));
    const q = new URLSearchParams();
    ["dice", "opponent_dice", "target"].forEach((k) => {
      const v = String(form.get(k) || "").trim();
      if (v) q.set(k, v);
    });
    $("fr-error").textContent = "";
    $("fr-go").disabled = true;
    // the report is one request: while it solves, a moving bar, the seconds so far and Stop waiting (review 2,
    // defect 18: 28.7 s with only "Solving the match…" while the server warmed up)
    const began = Date.now(), stop = new AbortController();
    const wait = $("fr-wait");
    wait.hidden = false;
    const tick = () => {
      const s = Math.round((Date.now() - began) / 1000);
      $("fr-status").textContent = _("Solving the match… {seconds} s", {seconds: s}) +
        (s >= 5 ? " " + _("(the server may be finishing another solve first; the report follows)") : "");
    };
    tick();
    const clock = setInterval(tick, 1000);
    $("fr-stop").onclick = () => stop.abort();
    try {
      let res, body;
      for (;;) {  // 202: new dice's turn tables solve as a job first; asking again is its poll
        res = await window.fetchRetry("/api/farkle/report?" + q.toString(), {signal: stop.signal});
        body = await res.json();
        if (res.status !== 202) break;
        await new Promise((resolve) => setTimeout(resolve, 400));
        if (stop.signal.aborted) throw new DOMException("stopped", "AbortError");
      }
      if (!res.ok) {
        $("fr-error").textContent = body.detail || _("the report failed");
        $("fr-status").textContent = "";
        return;
      }
      draw(body);
      $("fr-status").textContent = "";
    } catch (err) {
      if (stop.signal.aborted) {  // the player's choice: a note, not an error
        $("fr-status").textContent = _("Stopped waiting. The server finishes the solve it began and keeps it, so showing the report again is quicker.");
      } else {
        $("fr-error").textContent = _("the server did not answer: {error}", {error: err});
        $("fr-status").textContent = "";
      }
    } finally {
      clearInterval(clock);
      wait.hidden = true;
      $("fr-go").disabled = false;
    }
  }

  $("fr-form").addEventListener("submit", (e) => { e.preventDefault(); load(); });
  load();
})();
