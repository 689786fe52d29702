// The Farkle strategy report page: asks GET /api/farkle/report and draws its tables and heat maps.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  const NEVER = [213, 94, 0]; // Okabe-Ito vermilion, apart from the viridis range
  const fmt = (v) => (v === null ? "never" : v.toLocaleString(HoldwiseDom.locale));
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
    d.appendChild(el("span", {}, "opponent → " + r.scores[r.scores.length - 1].toLocaleString(HoldwiseDom.locale)));
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
    $("fr-head").textContent = `${short(r.dice_names || r.dice)} against ${short(r.opponent_dice_names || r.opponent_dice)}, to ` +
      `${r.target.toLocaleString(HoldwiseDom.locale)}: ${r.expected_points.toFixed(1)} points a turn; moving first wins ` +
      `${pct(r.first_player_win_chance, 2)}.`;
    const list = $("fr-findings");
    list.replaceChildren();
    r.findings.forEach((f) => {
      const li = list.appendChild(el("li", {}, f.text + " "));
      li.appendChild(el("span", { class: "fr-fig" }, "[figure: " + f.figure + "]"));
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
        `bank threshold with ${k} dice left`));
      fig.appendChild(axes(r));
      fig.appendChild(el("figcaption", {},
        `${k} ${k === 1 ? "die" : "dice"} left: ${values.length ? fmt(lo) + "–" + fmt(hi) : "never"} ` +
        `(coaching: ${fmt(coach)})`));
      const never = grid.flat().length - values.length;
      rows.push([String(k), fmt(coach), fmt(grid[0][0]), values.length ? fmt(lo) + "–" + fmt(hi) : "–",
        pct(never / grid.flat().length, 0)]);
    });
    table($("fr-thresholds"), ["dice left", "coaching", "race-aware at 0–0", "race-aware range", "never banks"], rows);
    const total = r.cost_sum || 1;
    table($("fr-regions"), ["you need", "opponent needs", "differ", "of", "race rolls", "race banks", "share of loss",
      "max loss"], r.regions.map((x) => [x.own_needs, x.opponent_needs, x.disagreements.toLocaleString(HoldwiseDom.locale),
      x.situations.toLocaleString(HoldwiseDom.locale), x.race_rolls.toLocaleString(HoldwiseDom.locale), x.race_banks.toLocaleString(HoldwiseDom.locale),
      pct(x.cost_sum / total), (100 * x.cost_max).toFixed(1) + " pp"]));
    table($("fr-top"), ["you", "opponent", "dice left", "turn total", "race-aware", "coaching", "loss"],
      r.top_disagreements.map((d) => [fmt(d.own), fmt(d.opponent), String(d.dice_left), fmt(d.turn_total),
        d.race_aware, d.coaching, (100 * d.cost).toFixed(1) + " pp"]));
    const fav = $("fr-favoured");
    fav.replaceChildren();
    // blue (#0072B2) above 50%, orange (#E69F00) below, white at 50%
    fav.appendChild(canvas(r.win_chance, (v) => {
      const t = Math.abs(v - 0.5) * 2;
      const to = v >= 0.5 ? [0, 114, 178] : [230, 159, 0];
      return to.map((c) => Math.round(255 + t * (c - 255)));
    }, "win chance of the player to move by score pair"));
    fav.appendChild(axes(r));
    fav.appendChild(el("figcaption", {}, `at 0–0: ${pct(r.win_chance[0][0])}`));
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
      $("fr-status").textContent = `Solving the match… ${s} s` + (s >= 5 ? " (the server may be finishing another " +
        "solve first; the report follows)" : "");
    };
    tick();
    const clock = setInterval(tick, 1000);
    $("fr-stop").onclick = () => stop.abort();
    try {
      const res = await window.fetchRetry("/api/farkle/report?" + q.toString(), {signal: stop.signal});
      const body = await res.json();
      if (!res.ok) {
        $("fr-error").textContent = body.detail || "the report failed";
        $("fr-status").textContent = "";
        return;
      }
      draw(body);
      $("fr-status").textContent = "";
    } catch (err) {
      if (stop.signal.aborted) {  // the player's choice: a note, not an error
        $("fr-status").textContent = "Stopped waiting. The server finishes the solve it began and keeps it, so " +
          "showing the report again is quicker.";
      } else {
        $("fr-error").textContent = "the server did not answer: " + err;
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
