/* Yahtzee solitaire (/yahtzee): plays through /api/yahtzee, the sealed state travels; the scorecard, the hint,
   the review and the final score on the exact distribution of optimal play (an SVG chart drawn here). */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const PIPS = {1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 28], [72, 28], [28, 50], [72, 50], [28, 72], [72, 72]]};
  const {sleep, fmt, cap, el, ApiError, fetchJson} = holdwise;
  const {_, ngettext, pgettext, say} = window.HoldwiseDom;
  const f2 = (v) => HoldwiseDom.fixed(v, 2);  // in the page's language
  if (!$("yz-form")) return;

  function svgEl(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function dieSvg(face) {
    const svg = svgEl("svg", {viewBox: "0 0 100 100", "aria-hidden": "true"});
    svg.append(svgEl("rect", {class: "body", x: 4, y: 4, width: 92, height: 92, rx: 16, fill: "#fffdf6",
                              stroke: "#3a3f4b", "stroke-width": 4}));
    for (const [x, y] of PIPS[face] || []) svg.append(svgEl("circle", {cx: x, cy: y, r: 9, fill: "#1d2330"}));
    return svg;
  }

  const pts = (n) => ngettext("{n} point", "{n} points", n);
  const signed = (n) => (n > 0 ? "+" : "") + n;

  // the shared session (static/session.js); 202 = the rule set's table loading (progress bar)
  const game = holdwise.session({
    prefix: "yz", api: "/api/yahtzee", delay: 0, render, wait: waitForTable, options: formOptions, note,
    hint: refreshHint, over: gameOver,
    accepted: (r) => {
      // kept dice stay selected after a roll (as held dice stay on the table); a new turn, or no roll left, none
      const last = S.played[S.played.length - 1];
      const held = last && last.type === "keep" && st().phase !== "over" && st().data.rolls_left > 0;
      S.picked = held ? pickIndexes(last.keep) : new Set();
      S.hint = null;
    },
  });
  const S = Object.assign(game.S, {picked: new Set(), hint: null, gameStart: 0, dist: {}});
  window.holdwiseYahtzee = S; // read by the browser tests (replay of the played actions)
  const {st, call} = game;
  const play = game.step;

  function waitForTable(status) {
    return game.waitSolve(status, (s, done, total) => (total > 1
      ? _("Loading the table of {rules} (solved once, a few seconds): {done} of {all} states...", {rules: s.options.rules, done: fmt(done), all: fmt(total)})
      : _("Loading the table of {rules} (solved once, a few seconds)...", {rules: s.options.rules})));
  }

  function formOptions() {
    return {rules: $("yz-form").elements.rules.value};
  }

  function pickIndexes(keep) {
    const left = [...keep], out = new Set();
    st().data.dice.forEach((f, i) => {
      const at = left.indexOf(f);
      if (at >= 0) { left.splice(at, 1); out.add(i); }
    });
    return out;
  }

  function boxOf(name) { return S.view.boxes.find((b) => b.name === name); }

  // the newest lines of the log as the status (a new game's first line)
  function note(lines, action) {
    if (action === null || action.type === "next") S.gameStart = st().decisions.length;
    const shown = lines.filter((l) => !l.startsWith("-- "));
    if (!shown.length) return;
    const status = $("yz-status");
    status.replaceChildren();
    for (const line of shown) {  // the game's end in bold
      const text = cap(line) + ". ";
      status.append(line.startsWith("game over") ? el("strong", {text}) : text);
    }
  }

  // ---- drawing ----
  function render() {
    if (!S.sealed) return;
    const s = st();
    if (!$("yz-status").textContent) $("yz-status").textContent = cap(s.log[s.log.length - 1] || "") + ".";
    drawDice();
    drawControls();
    drawCard();
    const t = s.tally;
    $("yz-tally").replaceChildren(el("strong", {text: _("Tally: ")}), ngettext("{n} game", "{n} games", t.games) +
      (t.games ? " · " + _("mean {mean} · best {best}", {mean: HoldwiseDom.fixed(t.total / t.games, 1), best: t.best}) : ""));
    game.drawLog();
  }

  function mine() { return S.sealed && st().phase !== "over" && !S.busy; }

  function drawDice() {
    const box = $("yz-dice");
    box.replaceChildren();
    const s = st();
    if (s.phase === "over") {
      box.append(el("p", {class: "muted yz-empty", text: _("No dice: the game is over. New game (N) starts another.")}));
      $("yz-rolls").textContent = "";
      return;
    }
    const can = mine() && s.data.rolls_left > 0;
    s.data.dice.forEach((f, i) => {
      const picked = S.picked.has(i);
      const node = el("div", {class: "die yz-die" + (picked ? " selected" : ""), role: "checkbox",
        "aria-checked": String(picked), "aria-label": picked ? _("die {n}: {face}, kept", {n: i + 1, face: f}) : _("die {n}: {face}", {n: i + 1, face: f}), "data-index": i,
        "data-face": f, tabindex: can ? "0" : "-1", "aria-disabled": String(!can)});
      node.append(dieSvg(f), el("small", {class: "yz-die-tag", text: picked ? _("keep") : ""}));
      if (can) {
        node.addEventListener("click", () => toggle(i));
        node.addEventListener("keydown", (ev) => {
          if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(i); }
        });
      }
      box.append(node);
    });
    const left = s.data.rolls_left;
    $("yz-rolls").textContent = _("Turn {n} of {all}", {n: s.data.turn, all: S.view.turns}) + " · " +
      _("roll {n} of {all}", {n: 3 - left, all: 3}) + " · " +
      (left ? ngettext("{n} roll left", "{n} rolls left", left) : _("no rolls left: choose a box"));
  }

  function toggle(i) {
    if (!mine() || st().data.rolls_left === 0) return;
    if (S.picked.has(i)) S.picked.delete(i); else S.picked.add(i);
    render();
    const again = $("yz-dice").querySelector(`[data-index="${i}"]`);
    if (again) again.focus();
  }

  function pickedKeep() {
    return [...S.picked].map((i) => st().data.dice[i]).sort((a, b) => a - b);
  }

  function drawControls() {
    const s = st();
    const playing = s.phase !== "over";
    const n = S.picked.size;
    const roll = $("yz-roll");
    roll.hidden = !playing;
    roll.disabled = !mine() || s.data.rolls_left === 0 || n === 5;
    roll.textContent = s.data.rolls_left === 0 ? _("No rolls left") : n === 0 ? _("Roll all five") :
      n === 5 ? _("All kept: choose a box") : _("Keep {n}, roll {others}", {n, others: 5 - n});
    $("yz-next").hidden = playing;
    $("yz-next").disabled = S.busy;
  }

  // an open box (or Balut category) as a button showing what the dice score there; a click writes them
  function boxButton(b) {
    const btn = el("button", {type: "button", class: "secondary yz-box" + (b.now ? "" : " yz-zero"),
      "data-box": b.name, text: String(b.now), "aria-label": _("score {points} in {box}", {points: pts(b.now), box: say(b.label)})});
    btn.disabled = S.busy;
    btn.addEventListener("click", () => scoreBox(b.name));
    return btn;
  }

  function drawCard() {
    const v = S.view, playing = st().phase !== "over";
    $("yz-card-note").hidden = v.kind !== "balut";
    if (v.kind === "balut") { drawBalutCard(v, playing); return; }
    $("yz-card").querySelector("thead").replaceChildren(el("tr", {}, el("th", {scope: "col", text: "box"}),
      el("th", {scope: "col", class: "num", text: _("score")})));
    const body = $("yz-card").querySelector("tbody");
    body.replaceChildren();
    const upperRow = (label, text, cls) => el("tr", {class: "yz-sum " + (cls || "")}, el("th", {scope: "row", text: label}),
      el("td", {class: "num", text}));
    v.boxes.forEach((b, i) => {
      const cell = el("td", {class: "num"});
      if (b.points !== null) {
        cell.append(el("span", {class: "yz-written", text: String(b.points)}));
      } else if (playing && b.now !== null) {
        cell.append(boxButton(b));
      } else {
        cell.append(el("span", {class: "muted", text: playing ? "—" : "", title: _("not allowed for these dice")}));
      }
      body.append(el("tr", {class: (b.points === null ? "yz-open" : "yz-used") + (i === 5 ? " yz-last-upper" : ""),
                            "data-box": b.name}, el("th", {scope: "row", text: say(b.label)}), cell));
      if (i === 5) {
        body.append(upperRow(_("Upper total"), `${v.upper_total} / ${v.upper_threshold}`),
          upperRow(_("Upper bonus ({points} at {threshold})", {points: v.upper_bonus_points, threshold: v.upper_threshold}),
            v.upper_bonus ? String(v.upper_bonus) : "—", "yz-bonus"));
      }
    });
    const foot = $("yz-card").querySelector("tfoot");
    foot.replaceChildren();
    if (v.yahtzee_bonus_points) {
      foot.append(el("tr", {class: "yz-sum"}, el("th", {scope: "row", text: _("Yahtzee bonus ({points} each)", {points: v.yahtzee_bonus_points})}),
        el("td", {class: "num", text: String(v.yahtzee_bonus)})));
    }
    foot.append(el("tr", {class: "yz-total"}, el("th", {scope: "row", text: _("Total")}),
      el("td", {class: "num", id: "yz-total", text: String(v.total)})));
  }

  // Balut: a row per category, its four boxes (the scores written, "·" open) and what the dice score there now
  function drawBalutCard(v, playing) {
    $("yz-card").querySelector("thead").replaceChildren(el("tr", {}, el("th", {scope: "col", text: "category"}),
      el("th", {scope: "col", text: _("boxes ({n} each)", {n: v.boxes_each})}), el("th", {scope: "col", class: "num", text: _("now")})));
    const body = $("yz-card").querySelector("tbody");
    body.replaceChildren();
    for (const b of v.boxes) {
      const boxes = el("td", {class: "yz-balut-boxes"});
      for (let i = 0; i < v.boxes_each; i++) {
        const written = i < b.scores.length;
        boxes.append(el("span", {class: written ? "yz-written" + (b.scores[i] ? "" : " yz-zero") : "yz-empty-box",
                                  text: written ? String(b.scores[i]) : "·"}));
      }
      const cell = el("td", {class: "num"});
      if (b.open && playing && b.now !== null && b.now !== undefined) {
        cell.append(boxButton(b));
      } else {
        cell.append(el("span", {class: "muted", text: b.open ? "" : pgettext("box", "full")}));
      }
      const name = el("th", {scope: "row", text: say(b.label)});
      if (b.award) name.append(el("small", {class: "yz-award", text: ` +${b.award}`}));
      body.append(el("tr", {class: b.open ? "yz-open" : "yz-used", "data-box": b.name}, name, boxes, cell));
    }
    const foot = $("yz-card").querySelector("tfoot");
    foot.replaceChildren(
      el("tr", {class: "yz-total"}, el("th", {scope: "row", text: _("Total")}), el("td", {}),
        el("td", {class: "num", id: "yz-total", text: String(v.total)})),
      el("tr", {class: "yz-sum"}, el("th", {scope: "row", text: playing ? _("Points if it ended now") : _("Points")}), el("td", {}),
        el("td", {class: "num", id: "yz-points", text: (v.points > 0 ? "+" : "") + v.points})));
    const note = $("yz-card-note");
    const bands = v.bands.map(([low, p]) => _("{points} from {low}", {points: `${p > 0 ? "+" : ""}${p}`, low})).join(", ");
    note.replaceChildren(el("strong", {text: _("Points: ")}),
      v.awards.map((a) => `${say(cap(a.category))}: ${say(a.text)}`).join("; ") + ". " +
      _("The total: {points} below {low}, then {bands}.", {points: v.below_bands, low: v.bands[0][0], bands}));
  }

  function scoreBox(name) {
    if (!mine()) return;
    play({type: "score", box: name});
  }

  // ---- the hint: keeps and boxes ranked by expected final score ----
  async function refreshHint() {
    const panel = $("yz-hint");
    panel.hidden = !$("yz-hint-toggle").checked || !S.sealed;
    if (panel.hidden) return;
    const s = st();
    const table = $("yz-hint-table");
    if (s.phase === "over") {
      table.replaceChildren();
      $("yz-hint-note").textContent = _("The game is over: the review below shows what each decision cost.");
      $("yz-hint").querySelector(".yz-legend").hidden = true;
      return;
    }
    try {
      // the position asked as the generic hint (the same JSON as the session's advice)
      const r = S.hint || await call("/api/yahtzee/hint", {rules: s.options.rules, card: S.view.card,
                                                          dice: s.data.dice, rolls_left: s.data.rolls_left});
      if (S.sealed.state !== s) return; // the game moved on meanwhile
      S.hint = r;
      $("yz-hint").querySelector(".yz-legend").hidden = false;
      drawHint(r);
    } catch (err) { game.fail(err); }
  }

  // what the hint maximizes, in the units the game is won in: Balut is won on points, and the hint maximizes the
  // expected total score (docs/reference/balut.md), so the page says both and shows the points beside the total
  function drawGoal() {
    const v = S.view, goal = $("yz-hint-goal");
    if (v.kind === "balut") {
      goal.replaceChildren(el("strong", {text: _("The hint maximizes the expected total score")}),
        _(" (the card's total, {total} now), not the points: Balut is won on points ({points} if the card ended now), which follow the total's bands and each category's award. The two goals mostly agree; where they differ, the hint plays for the total.",
          {total: v.total, points: signed(v.points)}));
      $("yz-hint-legend").textContent = _("expected: the final total score exact play expects after this play (your score so far included); loss: how much less total score than the best play it expects. \"select\" picks a keep's dice, \"score\" writes the dice in that category.");
    } else {
      goal.replaceChildren(el("strong", {text: _("The hint maximizes the expected final score")}),
        _(", the score the game is won on."));
      $("yz-hint-legend").textContent = _("expected: the final score exact play expects after this play (your points so far included); loss: how many points less than the best play it expects. \"select\" picks a keep's dice, \"score\" writes the dice in that box.");
    }
  }

  function drawHint(r) {
    const p = r, left = p.rolls_left; // the Hint JSON: the position's keys at the top
    const balut = S.view.kind === "balut";
    drawGoal();
    const words = {dice: p.dice.join(" "), best: f2(r.options[0].value),
      what: left ? ngettext("{n} roll left: every keep and every box", "{n} rolls left: every keep and every box", left) : _("no rolls left: every box")};
    $("yz-hint-note").textContent = balut
      ? _("Dice {dice}, {what}, ranked by the final total score exact play expects (score {sofar} so far; the best expects {best}).", {...words, sofar: p.score_so_far})
      : _("Dice {dice}, {what}, ranked by the final score exact play expects ({sofar} so far; the best expects {best}).", {...words, sofar: pts(p.score_so_far)});
    const table = $("yz-hint-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: pgettext("chart column", "play")}), el("th", {class: "num", text: _("expected")}),
      el("th", {class: "num", text: _("loss")}), el("th", {text: ""}))));
    const body = el("tbody");
    r.options.forEach((o, i) => {
      let what, use;
      if (o.kind === "keep") {
        what = o.keep.length ? _("keep {dice}", {dice: o.keep.join(" ")}) : _("roll all five");
        use = el("button", {type: "button", class: "secondary yz-use", text: pgettext("button", "select"), "data-keep": o.keep.join(","),
                            "aria-label": _("select {keep}", {keep: what})});
        use.addEventListener("click", () => { if (mine()) { S.picked = pickIndexes(o.keep); render(); } });
      } else {
        const b = boxOf(o.box);
        what = `${say(b.label)}: ${pts(o.points)}` + (o.bonus ? " + " + _("{n} bonus", {n: o.bonus}) : "");
        use = el("button", {type: "button", class: "secondary yz-use", text: pgettext("button", "score"), "data-box": o.box,
                            "aria-label": _("score {points} in {box}", {points: pts(o.points), box: say(b.label)})});
        use.addEventListener("click", () => scoreBox(o.box));
      }
      const cell = el("td", {class: "yz-play-cell"}, el("span", {text: what}));
      if (o.kind === "keep" && o.keep.length) {
        const mini = el("span", {class: "yz-mini", "aria-hidden": "true"});
        for (const f of o.keep) mini.append(el("span", {class: "yz-mini-die"}, dieSvg(f)));
        cell.append(mini);
      }
      body.append(el("tr", {class: (i === 0 ? "best " : "") + "yz-" + o.kind}, cell,
        el("td", {class: "num", text: f2(o.value)}),
        el("td", {class: "num muted", text: o.loss > 5e-7 ? "−" + f2(o.loss) : _("best")}), el("td", {}, use)));
    });
    table.append(body);
  }

  // ---- the end of a game: the review of every decision, the score on the distribution ----
  function gameOver() {
    drawReview();
    return drawDistribution();
  }

  function drawReview() {
    const s = st();
    const rows = s.decisions.slice(S.gameStart);
    const costly = rows.filter((d) => d.loss > 5e-7);
    const lost = rows.reduce((a, d) => a + d.loss, 0);
    $("yz-review").hidden = false;
    const opt = S.view.optimum, yours = opt - lost, luck = S.view.total - yours;
    $("yz-review-summary").textContent = _("Final score {score}", {score: S.view.total}) +
      (S.view.kind === "balut" ? " " + _("({points} points)", {points: `${S.view.points > 0 ? "+" : ""}${S.view.points}`}) : "") +
      ". " + ngettext("{n} decision; ", "{n} decisions; ", rows.length) +
      (costly.length ? (S.view.kind === "balut" ? _("{n} of them cost expected total score: {lost} in all.", {n: costly.length, lost: f2(lost)})
        : _("{n} of them cost expected points: {lost} in all.", {n: costly.length, lost: f2(lost)})) :
        _("every one was the best play.")) + " " +
      _("Exact play expects {opt} from a new card; your decisions expected {yours} ({opt} − {lost}), and the dice gave {luck} against that.",
        {opt: f2(opt), yours: f2(yours), lost: f2(lost), luck: `${luck >= 0 ? "+" : "−"}${f2(Math.abs(luck))}`});
    const table = $("yz-review-table");
    table.replaceChildren();
    if (costly.length) {  // a long review: the costly rows alone on request
      const only = el("input", {type: "checkbox", id: "yz-review-costly"});
      only.addEventListener("change", () => table.classList.toggle("yz-only-costly", only.checked));
      $("yz-review-summary").append(" ", el("label", {class: "yz-toggle yz-costly-toggle"},
        el("span", {}, only, " " + _("show only the costly ones"))));
    }
    table.classList.remove("yz-only-costly");
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "#"}), el("th", {text: _("position")}),
      el("th", {text: _("you")}), el("th", {text: _("best")}), el("th", {class: "num", text: _("cost")}))));
    const body = el("tbody");
    rows.forEach((d, i) => {
      body.append(el("tr", {class: d.loss > 5e-7 ? "yz-costly" : ""}, el("td", {text: String(i + 1)}),
        el("td", {"data-label": _("position"), text: say(d.position)}), el("td", {"data-label": _("you"), text: say(d.chosen)}),
        el("td", {"data-label": _("best"), text: say(d.best)}),
        el("td", {class: "num", "data-label": _("cost"), text: d.loss > 5e-7 ? f2(d.loss) : "0"})));
    });
    table.append(body);
  }

  async function distributionOf(rules) {
    if (S.dist[rules]) return S.dist[rules];
    for (;;) {
      const [r, data] = await fetchJson(`/api/yahtzee/distribution?rules=${encodeURIComponent(rules)}`);
      if (r.status === 202) { $("yz-dist-wait").hidden = false; await sleep(1000); continue; }
      if (!r.ok) throw new ApiError(data.detail || _("the server answered {status}", {status: r.status}));
      S.dist[rules] = data;
      return data;
    }
  }

  async function drawDistribution() {
    const s = st(), rules = s.options.rules, score = S.view.total;
    $("yz-dist").hidden = false;
    $("yz-chart").replaceChildren();
    $("yz-dist-text").textContent = "";
    try {
      const d = await distributionOf(rules);
      if (S.sealed.state !== s) return;
      chart(d, score);
    } catch (err) { game.fail(err); } finally { $("yz-dist-wait").hidden = true; }
  }

  // the chance of each final score as bars, the mean and your score marked (scores past 99.9% left out)
  function chart(d, score) {
    const probs = new Map(d.chances);
    let cum = 0, lo = null, hi = 0, below = 0, atMost = 0;
    const top = Math.max(...d.chances.map(([x]) => x));
    for (let x = 0; x <= top; x++) {
      const p = probs.get(x) || 0;
      cum += p;
      if (lo === null && cum >= 0.0005) lo = x;
      if (cum < 0.999) hi = x + 1;
      if (x < score) below += p;
      if (x <= score) atMost += p;
    }
    lo = Math.floor(Math.min(lo, score) / 10) * 10;
    hi = Math.ceil(Math.max(hi, score + 1) / 10) * 10;
    // drawn at the width it is shown (a phone's 320 px keeps its 12 px text readable)
    const W = Math.round(Math.max(300, Math.min(1000, $("yz-chart").clientWidth || 640)));
    const H = W < 500 ? 230 : 270, L = 48, R = 10, T = 26, B = 40;
    const x = (v) => L + (v - lo) / (hi - lo) * (W - L - R);
    let pmax = 0;
    for (let v = lo; v <= hi; v++) pmax = Math.max(pmax, probs.get(v) || 0);
    const y = (p) => H - B - p / pmax * (H - B - T);
    const pct = (p) => p === 0 ? HoldwiseDom.percent(0, 0) : HoldwiseDom.percent(p, p < 0.001 ? 3 : 1);
    const q = d.percentiles;
    const summary = _("Final scores of exact play in {rules}: mean {mean}, median {median}, half of all games between {q25} and {q75}, {ninety} between {q5} and {q95}. Your score {score}: exact play scores less in {below} of games and exactly {score} in {same}.",
      {rules: d.rules, mean: f2(d.mean), median: q["50"], q25: q["25"], q75: q["75"], ninety: HoldwiseDom.percent(0.9, 0), q5: q["5"], q95: q["95"],
       score, below: pct(below), same: pct(probs.get(score) || 0)});
    const svg = svgEl("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "yz-chart-title yz-chart-desc",
                              class: "yz-svg", "data-score": score, "data-below": below.toFixed(6)});
    svg.append(svgEl("title", {id: "yz-chart-title"}, _("The distribution of the final score under exact play")),
      svgEl("desc", {id: "yz-chart-desc"}, summary));
    const bars = svgEl("g", {fill: "#7fa6d6"});
    const w = Math.max(1, (W - L - R) / (hi - lo));
    for (let v = lo; v < hi; v++) {
      const p = probs.get(v) || 0;
      if (!p) continue;
      const bar = {x: x(v).toFixed(2), y: y(p).toFixed(2), width: w.toFixed(2), height: (H - B - y(p)).toFixed(2)};
      if (v === score) bar.fill = "#b3261e";
      bars.append(svgEl("rect", bar));
    }
    const axis = svgEl("g", {stroke: "#5b6475", "font-size": 12, fill: "#5b6475"});
    axis.append(svgEl("line", {x1: L, y1: H - B, x2: W - R, y2: H - B}), svgEl("line", {x1: L, y1: T, x2: L, y2: H - B}));
    const step = (hi - lo) / (W - L - R) > 0.6 ? 100 : 50;  // ticks at least ~60 px apart
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
      axis.append(svgEl("line", {x1: x(v), y1: H - B, x2: x(v), y2: H - B + 5}),
        svgEl("text", {x: x(v), y: H - B + 18, "text-anchor": "middle", stroke: "none"}, String(v)));
    }
    for (const f of [0, 0.5, 1]) {
      axis.append(svgEl("text", {x: L - 6, y: y(f * pmax) + 4, "text-anchor": "end", stroke: "none"}, pct(f * pmax)));
    }
    axis.append(svgEl("text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", stroke: "none"},
      _("final score (chance of each score)")));
    // the labels wear a halo of the paper's colour, so that bars and lines behind them do not cross their text
    const halo = {stroke: "#ffffff", "stroke-width": 4, "paint-order": "stroke", "stroke-linejoin": "round"};
    const mean = svgEl("g", {class: "yz-mean"});
    mean.append(svgEl("line", {x1: x(d.mean), y1: T, x2: x(d.mean), y2: H - B, stroke: "#1d2330", "stroke-dasharray": "5 4"}),
      svgEl("text", {x: x(d.mean), y: T - 6, "font-size": 12, fill: "#1d2330", "text-anchor": "middle", ...halo},
        _("mean {mean}", {mean: HoldwiseDom.fixed(d.mean, 1)})));
    const you = svgEl("g", {class: "yz-you"});
    const at = x(score + 0.5);
    // the label on the side away from the mean, unless the edge is too near
    const left = (score < d.mean && at - L > 70) || at > W - R - 70;
    you.append(svgEl("line", {x1: at, y1: T, x2: at, y2: H - B, stroke: "#b3261e", "stroke-width": 2.5}),
      svgEl("text", {x: at + (left ? -5 : 5), y: T + 16, "font-size": 13, "font-weight": 700, fill: "#b3261e",
                     "text-anchor": left ? "end" : "start", ...halo}, _("you: {score}", {score})));
    svg.append(bars, axis, mean, you);
    $("yz-chart").replaceChildren(svg);
    $("yz-dist-text").textContent = summary;
  }

  // ---- wiring (the form, a new game, other rules and the hint toggle are the session's) ----
  $("yz-roll").addEventListener("click", () => {
    if (mine() && st().data.rolls_left > 0 && S.picked.size < 5) play({type: "keep", keep: pickedKeep()});
  });
  $("yz-next").addEventListener("click", () => { $("yz-dist").hidden = true; });
  $("yz-newtable").addEventListener("click", () => { $("yz-dist").hidden = true; });
  document.addEventListener("keydown", (ev) => {
    if (!S.sealed || $("yz-table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // keys typed into a field are the field's (a checkbox, e.g. the hint's, passes them on)
    if (ev.target.closest && ev.target.closest("input:not([type=checkbox]):not([type=radio]), select, textarea")) return;
    const k = ev.key.toLowerCase();
    if (/^[1-5]$/.test(k) && mine()) { ev.preventDefault(); toggle(Number(k) - 1); }
    else if (k === "r" && mine()) { ev.preventDefault(); $("yz-roll").click(); }
    else if (k === "h") { ev.preventDefault(); $("yz-hint-toggle").click(); }
    else if (k === "n" && st().phase === "over" && !S.busy) { ev.preventDefault(); $("yz-next").click(); }
  });
})();
