/* Poker dice: the table (/poker-dice, plays through /api/poker-dice, the sealed state travels) and the odds page. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const RULES = ["straights", "straight_above_full_house", "flush", "ace_high", "poker_faces"];
  const {sleep, fmt, cap, el, ApiError, fetchJson} = holdwise;

  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  // ---- a poker die's face: the rank large, in its colour, with a small sign (drawn, not a font glyph) ----
  // the seed's rules page: the ace of spades, 9 of clubs and 10 of diamonds; the face cards by colour, "red for
  // kings, green for queens and blue for jacks"
  const FACE_STYLE = {
    A: {color: "#1d2330", sign: "spade"}, K: {color: "#b3261e", sign: "crown"}, Q: {color: "#1f7a44", sign: "heart"},
    J: {color: "#2f5d9a", sign: "diamond"}, 10: {color: "#b3261e", sign: "diamond"}, 9: {color: "#1d2330", sign: "club"},
  };

  function sign(kind, x, y, s, color) {
    const g = svgEl("g", {transform: `translate(${x} ${y}) scale(${s})`, fill: color});
    if (kind === "spade") {
      g.append(svgEl("path", {d: "M0 -10 C -4 -4 -10 -1 -10 4 C -10 8 -5 10 -1 7 L -3 12 L 3 12 L 1 7 C 5 10 10 8 10 4 C 10 -1 4 -4 0 -10 Z"}));
    } else if (kind === "heart") {
      g.append(svgEl("path", {d: "M0 10 C -6 5 -10 1 -10 -3 C -10 -8 -3 -9 0 -4 C 3 -9 10 -8 10 -3 C 10 1 6 5 0 10 Z"}));
    } else if (kind === "diamond") {
      g.append(svgEl("polygon", {points: "0,-11 8,0 0,11 -8,0"}));
    } else if (kind === "club") {
      g.append(svgEl("circle", {cx: 0, cy: -5, r: 4.6}), svgEl("circle", {cx: -5, cy: 2, r: 4.6}),
        svgEl("circle", {cx: 5, cy: 2, r: 4.6}), svgEl("polygon", {points: "-2,2 2,2 3.5,11 -3.5,11"}));
    } else {
      g.append(svgEl("polygon", {points: "-10,6 -10,-6 -5,0 0,-9 5,0 10,-6 10,6"}));
    }
    return g;
  }

  function dieSvg(label) {
    const style = FACE_STYLE[label] || FACE_STYLE.A;
    const svg = svgEl("svg", {viewBox: "0 0 100 100", "aria-hidden": "true"});
    svg.append(svgEl("rect", {class: "body", x: 4, y: 4, width: 92, height: 92, rx: 16, fill: "#fffdf6",
                              stroke: "#3a3f4b", "stroke-width": 4}));
    if (label === "A") {
      svg.append(sign("spade", 50, 54, 2.6, style.color));
      const t = svgEl("text", {x: 17, y: 30, "font-size": 20, "font-weight": 700, fill: style.color,
                               "text-anchor": "middle", "font-family": "Georgia, serif"});
      t.textContent = "A";
      svg.append(t);
    } else {
      const t = svgEl("text", {x: 50, y: label === "10" ? 66 : 68, "font-size": label === "10" ? 44 : 50,
                               "font-weight": 700, fill: style.color, "text-anchor": "middle",
                               "font-family": "Georgia, serif", "letter-spacing": label === "10" ? -3 : 0});
      t.textContent = label;
      svg.append(t, sign(style.sign, 22, 22, 0.75, style.color), sign(style.sign, 78, 82, 0.75, style.color));
    }
    return svg;
  }

  function fail(err) {
    $("pd-error").textContent = err instanceof ApiError ? err.message : `something went wrong: ${err}`;
  }

  if ($("pd-odds-form")) { oddsPage(); return; }
  if (!$("pd-form")) return;

  // ================================ the table ================================
  // the shared session (static/session.js) with the table's hooks; 202 = the game solving (progress bar)
  const game = holdwise.session({
    prefix: "pd", api: "/api/poker-dice", delay: 700, render, wait: waitForSolve, options: formOptions, note,
    hint: refreshHint, over: drawReview,
    leave: () => {
      // a new table loses the game under way and the tally: ask first (nothing to lose before the first move)
      if (!S.sealed || !S.played.length) return true;
      const s = st(), t = s.tally;
      const tally = t.games ? ` and the tally (${t.games} ${t.games === 1 ? "game" : "games"}, you won ${t.won})` : "";
      return s.phase === "over" ? `Leave this table? Its tally (${t.games} ${t.games === 1 ? "game" : "games"}, ` +
        `you won ${t.won}) goes with it.` : `Leave this table? The game under way${tally} will be lost.`;
    },
    started: async (r) => { if (r.solve && r.solve.status !== "done") await waitForSolve(r.solve); },
    accepted: () => { Object.assign(S, {picked: new Set(), hint: null, cpuKeep: null}); },
    showComputer: async (action) => {
      // show what it keeps on the dice it rolled before the next roll replaces them
      const mover = S.view.seats.find((s) => s.to_move);
      S.cpuKeep = pickIndexes(action.keep);
      drawDice();
      $("pd-status").textContent = `${cap(mover ? mover.name : "the computer")} ${keepWords(action.keep)}.`;
      await sleep(game.DELAY);
    },
  });
  // what the page knows beyond the session's state: the dice picked, the hint, the computer's keep
  const S = Object.assign(game.S, {picked: new Set(), gameStart: 0, hint: null, cpuKeep: null});
  window.holdwisePokerDice = S; // read by the browser tests (replay of the played actions)
  const {st, call} = game;
  const play = game.step;

  async function waitForSolve(status) {
    const box = $("pd-progress");
    box.hidden = false;
    try {
      for (;;) {
        if (status.status === "failed") throw new ApiError(status.error || "the solve failed");
        if (status.status === "done") return;
        const [done, total] = game.showProgress(status, box.querySelector(".progress"));
        $("pd-progress-text").textContent = `Solving the game for ${status.options.players} players in these rules ` +
          `(once, a few seconds)${total > 1 ? `: step ${fmt(done)} of ${fmt(total)}` : ""}...`;
        await sleep(300);
        const [, next] = await fetchJson("/api/poker-dice/prepare", {options: status.options});
        if (next.status === undefined) throw new ApiError(next.detail || "the solve could not start");
        status = next;
      }
    } finally {
      box.hidden = true;
    }
  }

  // ---- setup ----
  const form = $("pd-form");

  function formOptions() {
    const f = form.elements;
    const out = {players: Number(f.players.value), position: Number(f.position.value), roll_limit: f.roll_limit.checked};
    for (const k of RULES) out[k] = f[k].checked;
    return out;
  }

  function syncForm() {
    const f = form.elements;
    const players = Number(f.players.value);
    for (const o of f.position.options) o.disabled = Number(o.value) > players;
    if (Number(f.position.value) > players) f.position.value = String(players);
    for (const o of f.position.options) {
      const n = Number(o.value);
      o.textContent = n === 1 ? "1: first to roll" : n === players ? `${n}: last to roll` : String(n);
    }
    for (const k of ["straight_above_full_house", "flush"]) {
      f[k].disabled = !f.straights.checked;
      if (!f.straights.checked) f[k].checked = false;
    }
  }

  function keepWords(keep) {
    if (keep.length === 5) return "stands";
    if (!keep.length) return "rolls all five again";
    const shown = [...pickIndexes(keep)].map((i) => S.view.dice.poker[i]);
    return `keeps ${shown.join(" ")}, re-rolls ${5 - keep.length}`;
  }

  function pickIndexes(keep) {
    const left = [...keep], out = new Set();
    S.view.dice.faces.forEach((f, i) => {
      const at = left.indexOf(f);
      if (at >= 0) { left.splice(at, 1); out.add(i); }
    });
    return out;
  }

  // the newest lines of the log, shown as the status (a new game's whole log; none as the table opens)
  function note(lines, action) {
    if (action === null) { S.gameStart = 0; $("pd-status").textContent = ""; return; }
    if (action.type === "next") { S.gameStart = st().decisions.length; lines = st().log; }
    const shown = lines.filter((l) => !l.startsWith("-- "));
    if (!shown.length) return;
    const status = $("pd-status");
    status.replaceChildren();
    if (st().phase === "over") {
      const won = S.view.winner === "you";
      status.append(el("strong", {class: won ? "good" : "bad", text: won ? "You win the game! " :
        `${cap(S.view.winner)} wins the game. `}));
    }
    status.append(shown.map(cap).join(". ") + ".");
  }

  // ---- drawing ----
  function render() {
    if (!S.sealed) return;
    const s = st(), v = S.view;
    drawSeats();
    const tie = $("pd-tie");
    tie.hidden = !v.tie;
    tie.textContent = v.tie ? cap(v.tie) : "";
    if (!$("pd-status").textContent) $("pd-status").textContent = whoseTurn();
    drawDice();
    drawControls();
    $("pd-tally").replaceChildren(el("strong", {text: "Tally: "}),
      `${s.tally.games} ${s.tally.games === 1 ? "game" : "games"} · you won ${s.tally.won} · lost ${s.tally.lost}`);
    $("pd-ranking").textContent = "Best first: " + v.ranking.join(", ") + "." +
      (s.options.roll_limit ? " Roll limit: no one rolls more times than the first player." : "");
    game.drawLog();
  }

  function whoseTurn() {
    const s = st();
    if (s.phase === "over") return S.view.winner === "you" ? "You win the game!" : `${cap(S.view.winner)} wins the game.`;
    if (s.to_move === "player") return "Your turn: select the dice to keep, then roll the others, or stand.";
    const mover = S.view.seats.find((x) => x.to_move);
    return `${cap(mover ? mover.name : "the computer")} is rolling.`;
  }

  function miniHand(hand) {
    const box = el("span", {class: "pd-mini", "aria-label": hand.labels.join(" ")});
    for (const label of hand.poker) box.append(el("span", {class: "pd-mini-die"}, dieSvg(label)));
    return box;
  }

  function drawSeats() {
    const box = $("pd-seats");
    box.replaceChildren();
    for (const seat of S.view.seats) {
      const card = el("div", {class: "pd-seat" + (seat.to_move ? " pd-active" : "") + (seat.winner ? " pd-winner" : "") +
                                     (seat.in_round ? "" : " pd-out") + (seat.you ? " pd-you" : ""),
                              "data-seat": seat.seat});
      card.append(el("div", {class: "pd-seat-name"}, el("strong", {text: cap(seat.name)}),
        el("span", {class: "muted", text: ` seat ${seat.seat}`})));
      if (seat.final) {
        card.append(miniHand(seat.final), el("div", {class: "pd-seat-hand", text:
          `${seat.final.category} · ${seat.rolls_used} ${seat.rolls_used === 1 ? "roll" : "rolls"}` + (seat.winner ? " · wins" : "")}));
      } else {
        card.append(el("div", {class: "pd-seat-hand muted", text: !seat.in_round ? "out of the replay" :
          seat.to_move ? `rolling: roll ${S.view.rolls} of ${S.view.allowed}` : "to roll"}));
      }
      box.append(card);
    }
  }

  function drawDice() {
    const box = $("pd-dice");
    box.replaceChildren();
    const s = st(), dice = S.view.dice;
    if (!dice) {
      box.append(el("p", {class: "muted pd-empty", text: "The game is over: the final hands are above."}));
      $("pd-rolls").textContent = "";
      return;
    }
    const mine = s.to_move === "player" && !S.busy;
    const theirs = s.to_move === "computer";
    dice.poker.forEach((label, i) => {
      const picked = theirs ? (S.cpuKeep || new Set()).has(i) : S.picked.has(i);
      const node = el("div", {class: "die pd-die" + (picked ? (theirs ? " pd-cpu-keep" : " selected") : ""),
        role: "checkbox", "aria-checked": String(picked), "aria-label": `die ${i + 1}: ${dice.labels[i]}`,
        "data-index": i, "data-face": dice.faces[i], tabindex: mine ? "0" : "-1", "aria-disabled": String(!mine)});
      node.append(dieSvg(label), el("small", {class: "pd-die-tag", text: picked ? "keep" : ""}));
      if (mine) {
        node.addEventListener("click", () => toggle(i));
        node.addEventListener("keydown", (ev) => {
          if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(i); }
        });
      }
      box.append(node);
    });
    const whose = theirs ? (S.view.seats.find((x) => x.to_move) || {}).name + "'s" : "your";
    $("pd-rolls").textContent = `${cap(whose)} ${dice.category} · roll ${S.view.rolls} of ${S.view.allowed}` +
      ` · ${S.view.rolls_left} ${S.view.rolls_left === 1 ? "roll" : "rolls"} left` +
      (S.view.to_beat ? ` · to beat: ${S.view.to_beat.labels.join(" ")} (${S.view.to_beat.category})` : "");
  }

  function toggle(i) {
    if (S.picked.has(i)) S.picked.delete(i); else S.picked.add(i);
    render();
    const again = $("pd-dice").querySelector(`[data-index="${i}"]`);
    if (again) again.focus();
  }

  function pickedKeep() {
    return [...S.picked].map((i) => S.view.dice.faces[i]).sort((a, b) => a - b);
  }

  function drawControls() {
    const s = st();
    const mine = s.to_move === "player" && s.phase !== "over" && !S.busy;
    const playing = s.phase !== "over";
    const n = S.picked.size;
    $("pd-roll").hidden = !playing;
    $("pd-stand").hidden = !playing;
    $("pd-roll").disabled = !mine || n === 5;
    $("pd-stand").disabled = !mine;
    $("pd-roll").textContent = n === 0 ? "Roll all five" : n === 5 ? "All kept: stand" : `Keep ${n}, roll ${5 - n}`;
    $("pd-next").hidden = playing;
    $("pd-next").disabled = S.busy;
  }

  // ---- the hint ----
  async function refreshHint() {
    const panel = $("pd-hint");
    panel.hidden = !$("pd-hint-toggle").checked || !S.sealed;
    if (panel.hidden) return;
    const s = st();
    const table = $("pd-hint-table");
    if (s.phase === "over" || s.to_move !== "player") {
      table.replaceChildren();
      $("pd-hint-note").textContent = s.phase === "over" ? "The game is over: the review below shows what your keeps cost." :
        "The hint ranks your keeps when it is your turn.";
      return;
    }
    try {
      const r = S.hint || await call("/api/poker-dice/advice", {state: S.sealed});
      if (S.sealed.state !== s) return; // the game moved on meanwhile
      S.hint = r;
      drawHint(r);
    } catch (err) { fail(err); }
  }

  function drawHint(r) {
    const p = r; // the Hint JSON: the position's keys at the top
    $("pd-hint-note").textContent = `${cap(p.situation)}: your ${p.hand.join(" ")}, ${p.rolls_left} ` +
      `${p.rolls_left === 1 ? "roll" : "rolls"} left` + (p.to_beat ? `, to beat ${p.to_beat.join(" ")}` : "") +
      (p.holders > 1 ? ` (held by ${p.holders} players)` : "") + ".";
    const table = $("pd-hint-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "keep"}), el("th", {text: "win"}),
      el("th", {text: "loss (pp)", title: "percentage points of win chance below the best keep"}), el("th", {class: "pd-use-head", text: ""}))));
    const body = el("tbody");
    r.options.forEach((o, i) => {
      const what = o.stand ? `${o.keep.join(" ")} (stand)` : o.keep.length ? o.keep.join(" ") : "none (roll all five)";
      const use = el("button", {type: "button", class: "secondary pd-use", text: "select",
                                "aria-label": `select ${what}`, "data-keep": o.action.keep.join(",")});
      use.addEventListener("click", () => selectKeep(o.action.keep));
      const faces = [...pickIndexes(o.action.keep)].map((k) => S.view.dice.poker[k]);
      const cell = el("td", {class: "pd-keep"}, el("span", {text: what}));
      if (faces.length) cell.append(miniHand({labels: o.keep, poker: faces}));
      const tr = el("tr", {class: i === 0 ? "best" : ""}, cell,
        el("td", {class: "num", text: (100 * o.value).toFixed(2) + "%"}),
        el("td", {class: "num muted", text: o.loss > 5e-7 ? "−" + (100 * o.loss).toFixed(2) : "best"}),
        el("td", {}, use));
      body.append(tr);
    });
    table.append(body);
  }

  function selectKeep(keep) {
    if (st().to_move !== "player" || S.busy) return;
    S.picked = pickIndexes(keep);
    render();
  }

  // ---- the review (the session scores each of your keeps: the state's decisions since this game began) ----
  function drawReview() {
    const s = st();
    const rows = s.decisions.slice(S.gameStart);
    const costly = rows.filter((d) => d.loss > 5e-7);
    const lost = rows.reduce((a, d) => a + d.loss, 0);
    $("pd-review").hidden = false;
    $("pd-review-summary").textContent = `Game ${s.data.game}: ${rows.length} ${rows.length === 1 ? "decision" : "decisions"}` +
      (rows.length ? `, ${costly.length} of them lost win chance: ${(100 * lost).toFixed(2)} percentage points in all.` :
        " (you stood on your first roll or had none to make).");
    const table = $("pd-review-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "#"}), el("th", {text: "position"}),
      el("th", {text: "you kept"}), el("th", {text: "best"}), el("th", {class: "num", text: "win chance lost"}))));
    const body = el("tbody");
    rows.forEach((d, i) => {
      body.append(el("tr", {class: d.loss > 5e-7 ? "pd-costly" : ""}, el("td", {text: String(i + 1)}),
        el("td", {"data-label": "position", text: d.position}), el("td", {"data-label": "you kept", text: d.chosen}),
        el("td", {"data-label": "best", text: d.best}),
        el("td", {class: "num", "data-label": "lost", text: d.loss > 5e-7 ? (100 * d.loss).toFixed(2) + " pp" : "0"})));
    });
    table.append(body);
  }

  // ---- wiring (the form, next game, a new table and the hint toggle are the session's) ----
  form.addEventListener("change", syncForm);
  $("pd-roll").addEventListener("click", () => { if (S.picked.size < 5) play({type: "keep", keep: pickedKeep()}); });
  $("pd-stand").addEventListener("click", () => play({type: "keep", keep: [...S.view.dice.faces].sort((a, b) => a - b)}));
  document.addEventListener("keydown", (ev) => {
    if (!S.sealed || $("pd-table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    const k = ev.key.toLowerCase();
    const mine = st().to_move === "player" && st().phase !== "over" && !S.busy;
    if (/^[1-5]$/.test(k) && mine) { ev.preventDefault(); toggle(Number(k) - 1); }
    else if (k === "r" && mine && S.picked.size < 5) { ev.preventDefault(); $("pd-roll").click(); }
    else if (k === "s" && mine) { ev.preventDefault(); $("pd-stand").click(); }
    else if (k === "h") { ev.preventDefault(); $("pd-hint-toggle").click(); }
  });
  syncForm();

  // ================================ the odds page ================================
  function oddsPage() {
    const f = $("pd-odds-form");
    const gcd = (a, b) => (b ? gcd(b, a % b) : a);
    const LABELS = {five_of_a_kind: "five of a kind", four_of_a_kind: "four of a kind", flush: "flush",
      full_house: "full house", straight: "straight", three_of_a_kind: "three of a kind", two_pairs: "two pairs",
      pair: "pair", bust: "bust"};
    let asked = 0;

    function flags() {
      const out = {};
      for (const k of RULES) out[k] = f.elements[k].checked;
      return out;
    }

    function sync() {
      for (const k of ["straight_above_full_house", "flush"]) {
        f.elements[k].disabled = !f.elements.straights.checked;
        if (!f.elements.straights.checked) f.elements[k].checked = false;
      }
    }

    function draw(r) {
      const body = $("pd-odds-table").querySelector("tbody");
      body.replaceChildren();
      const top = Math.max(...r.categories.map((c) => r.chances[c]));
      for (const c of r.categories) {
        const n = r.counts[c], g = gcd(n, r.outcomes) || 1;
        const bar = el("span", {class: "pd-bar"}, el("span", {style: `width: ${(100 * r.chances[c] / top).toFixed(1)}%`}));
        body.append(el("tr", {"data-category": c}, el("td", {text: LABELS[c] || c}), el("td", {class: "num", text: fmt(n)}),
          el("td", {class: "num", title: String(r.chances[c]), text: (100 * r.chances[c]).toFixed(3) + "%"}),
          el("td", {class: "num", text: n ? `${fmt(n / g)}/${fmt(r.outcomes / g)}` : "0"}), el("td", {class: "pd-bar-cell"}, bar)));
      }
      $("pd-bust").textContent = r.bust_hands === null ? "Straights do not count: every hand of five different values is a bust." :
        `Busts of five different values (no straight): ${r.bust_hands.map((h) => h.join(" ")).join("; ")}.`;
    }

    async function refresh() {
      sync();
      const mine = ++asked;
      const want = flags();
      $("pd-odds-loading").hidden = false;
      $("pd-odds-table").classList.add("pd-stale");
      try {
        const q = new URLSearchParams(Object.entries(want).map(([k, v]) => [k, String(v)]));
        const [r, data] = await fetchJson("/api/poker-dice/odds?" + q);
        if (mine !== asked) return;
        if (!r.ok) throw new ApiError(data.detail || `the server answered ${r.status}`);
        $("pd-error").textContent = "";
        draw(data);
        history.replaceState(null, "", "?" + q);
      } catch (err) { fail(err); } finally {
        if (mine === asked) { $("pd-odds-loading").hidden = true; $("pd-odds-table").classList.remove("pd-stale"); }
      }
    }

    sync();
    draw(JSON.parse($("pd-odds-data").textContent));
    f.addEventListener("change", refresh);
  }
})();
