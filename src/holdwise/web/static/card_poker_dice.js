/* Poker dice with card dice (/poker-dice/cards): plays through /api/poker-dice (rules: the set), the sealed state travels.
   Each die is drawn as a playing card (hearts and diamonds red, spades and clubs black, a star gold); keeps name
   dice, numbered 1-5 under each card (0-4 in the API's actions). */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const API = "/api/poker-dice";
  const {sleep, fmt, cap, el, ApiError, fetchJson} = holdwise;
  const DATA = JSON.parse($("cd-data").textContent);
  const SUITS = {"♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club"};
  const LETTER = {s: "♠", h: "♥", d: "♦", c: "♣"};
  const RED = "#c0262d", BLACK = "#1d2330", GOLD = "#c8960c";

  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  // ---- a card: its rank and suit drawn (the suits are shapes, not font glyphs: every browser draws them alike) ----
  function suitShape(kind, x, y, s, color) {
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
    } else {  // a star: five points
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 4.6 : 11, a = Math.PI * (i / 5 - 0.5);
        pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
      }
      g.append(svgEl("polygon", {points: pts.join(" "), stroke: "#8a6400", "stroke-width": 1.2, "stroke-linejoin": "round"}));
    }
    return g;
  }

  const colorOf = (card) => card.wild ? GOLD : (card.suit === "♥" || card.suit === "♦") ? RED : BLACK;

  function text(x, y, size, color, value, extra) {
    const t = svgEl("text", {x, y, "font-size": size, "font-weight": 700, fill: color, "text-anchor": "middle",
                             "font-family": "Georgia, 'DejaVu Serif', serif", ...(extra || {})});
    t.textContent = value;
    return t;
  }

  // a die's face as a card, 72 x 100 (mini: 40 x 56, the rank over the suit)
  function cardSvg(card, mini) {
    const [w, h] = mini ? [40, 56] : [72, 100];
    const svg = svgEl("svg", {viewBox: `0 0 ${w} ${h}`, "aria-hidden": "true", class: "cd-card" + (card.wild ? " cd-wild" : "")});
    svg.append(svgEl("rect", {class: "body", x: 2, y: 2, width: w - 4, height: h - 4, rx: mini ? 5 : 8,
                              fill: card.wild ? "#fff3c4" : "#fffdf8", stroke: card.wild ? "#b08400" : "#3a3f4b",
                              "stroke-width": mini ? 2 : 3}));
    const color = colorOf(card);
    const kind = card.wild ? "star" : SUITS[card.suit];
    const ten = card.rank === "10";
    if (mini) {
      if (card.wild) svg.append(suitShape("star", 20, 28, 1.35, color));
      else svg.append(text(20, 24, ten ? 17 : 20, color, card.rank, ten ? {"letter-spacing": -1.5} : {}),
        suitShape(kind, 20, 40, 0.8, color));
      return svg;
    }
    if (card.wild) {
      svg.append(suitShape("star", 36, 52, 2.3, color), suitShape("star", 14, 16, 0.7, color),
        suitShape("star", 58, 16, 0.7, color), text(36, 90, 11, "#8a6400", "WILD", {"letter-spacing": 1}));
      return svg;
    }
    svg.append(text(15, 25, ten ? 17 : 21, color, card.rank, ten ? {"letter-spacing": -1.5} : {}),
      suitShape(kind, 15, 38, 0.6, color), suitShape(kind, 40, 62, 1.7, color),
      text(57, 93, ten ? 15 : 17, color, card.rank, ten ? {"letter-spacing": -1.5} : {}));
    return svg;
  }

  // face texts in a line ("Kh * 10c") with their suits' symbols and colours: "K♥ ★ 10♣"
  const TOKEN = /(^|[\s(:,])(10|[2-9TJQKA])([shdc])(?=$|[\s),:])|(^|[\s(:,])\*(?=$|[\s),:])/g;

  function prettyText(line) {
    return line.replace(TOKEN, (m, a, rank, suit, b) => rank ? `${a}${rank}${LETTER[suit]}` : `${b}★`);
  }

  function pretty(line) {
    const out = document.createDocumentFragment();
    let at = 0;
    for (const m of line.matchAll(TOKEN)) {
      const lead = m[1] ?? m[4] ?? "";
      out.append(line.slice(at, m.index) + lead);
      const card = m[2] ? {rank: m[2], suit: LETTER[m[3]], wild: false} : {wild: true};
      out.append(el("span", {class: card.wild ? "cd-t-wild" : colorOf(card) === RED ? "cd-t-red" : "cd-t-black",
                             text: card.wild ? "★" : card.rank + card.suit}));
      at = m.index + m[0].length;
    }
    out.append(line.slice(at));
    return out;
  }

  function miniHand(cards, label) {
    const box = el("span", {class: "cd-mini", "aria-label": label || cards.map((c) => c.text).join(" ")});
    for (const c of cards) box.append(cardSvg(c, true));
    return box;
  }

  // ================================ the setup and the odds ================================
  const form = $("cd-form");

  function formOptions() {
    const f = form.elements;
    return {rules: f.dice_set.value, players: Number(f.players.value), position: Number(f.position.value),
            roll_limit: f.roll_limit.checked};
  }

  const span = (list) => !list.length ? "none" : list.length === 1 ? String(list[0]) : `${list[0]} to ${list[list.length - 1]}`;

  // the players the server solves within its limit for this set (and roll limit): the others are not offered
  function syncForm() {
    const f = form.elements;
    const set = f.dice_set.value, limits = DATA.limits[set];
    if (!limits.true.includes(Number(f.players.value))) f.roll_limit.checked = false;
    f.roll_limit.disabled = !limits.true.length;
    const allowed = limits[String(f.roll_limit.checked)];
    for (const o of f.players.options) o.disabled = !allowed.includes(Number(o.value));
    if (!allowed.includes(Number(f.players.value))) f.players.value = String(allowed[allowed.length - 1]);
    const players = Number(f.players.value);
    if (!limits.true.includes(players)) { f.roll_limit.checked = false; f.roll_limit.disabled = true; }
    for (const o of f.position.options) {
      const n = Number(o.value);
      o.disabled = n > players;
      o.textContent = n === 1 ? "1: first to roll" : n === players ? `${n}: last to roll` : String(n);
    }
    if (Number(f.position.value) > players) f.position.value = String(players);
    $("cd-set-note").textContent = DATA.sets[set].description;
    $("cd-limit-note").textContent = `These dice: ${span(limits.false)} players, ` +
      (limits.true.length ? `${span(limits.true)} with the roll limit` : "without the roll limit") +
      ` (more would take the server over ${DATA.max_seconds} s to solve the first time; once solved, play is instant).`;
    drawOdds(set);
  }

  function drawOdds(set) {
    const r = DATA.odds[set];
    const names = DATA.sets[set].name;
    $("cd-odds-note").textContent = `${names}: each hand's count over all ${fmt(r.outcomes)} rolls (one face per die, ` +
      "every roll equally likely), its chance and its share against the likeliest hand.";
    const body = $("cd-odds-table").querySelector("tbody");
    body.replaceChildren();
    const top = Math.max(...r.categories.map((c) => r.chances[c]));
    for (const c of r.categories) {
      const p = r.chances[c];
      const bar = el("span", {class: "cd-bar"}, el("span", {style: `width: ${(100 * p / top).toFixed(1)}%`}));
      body.append(el("tr", {"data-category": c}, el("td", {text: c.replaceAll("_", " ")}),
        el("td", {class: "num", text: fmt(r.counts[c])}),
        el("td", {class: "num", title: p ? `1 in ${fmt(Math.round(1 / p))}` : "never", text: (100 * p).toFixed(3) + "%"}),
        el("td", {class: "cd-bar-cell"}, bar)));
    }
    const faces = $("cd-faces");
    faces.replaceChildren();
    DATA.sets[set].faces.forEach((die, d) => {
      faces.append(el("div", {class: "cd-die-faces"}, el("strong", {text: `die ${d + 1}`}), miniHand(die)));
    });
  }

  form.addEventListener("change", syncForm);
  syncForm();

  // ================================ the table ================================
  const game = holdwise.session({
    prefix: "cd", api: API, delay: 700, render, wait: waitForSolve, options: formOptions, note,
    hint: refreshHint, over: drawReview,
    started: async (r) => { if (r.solve && r.solve.status !== "done") await waitForSolve(r.solve); },
    accepted: () => { Object.assign(S, {picked: new Set(), hint: null, cpuKeep: null}); },
    showComputer: async (action) => {
      // what it keeps, on the dice it rolled, before the next roll replaces them
      const mover = S.view.seats.find((s) => s.to_move);
      S.cpuKeep = new Set(action.dice || []);
      drawDice();
      $("cd-status").replaceChildren(pretty(`${cap(mover ? mover.name : "the computer")} ${keepWords(action.dice || [])}.`));
      await sleep(game.DELAY);
    },
  });
  const S = Object.assign(game.S, {picked: new Set(), gameStart: 0, hint: null, cpuKeep: null});
  window.holdwiseCardDice = S; // read by the browser tests (the replay of the played actions)
  const st = () => S.sealed.state;
  const play = game.step;

  function fail(err) {
    $("cd-error").textContent = err instanceof ApiError ? err.message : `something went wrong: ${err}`;
  }

  // a 202: the set is being solved; the bar follows the solve's steps and, between them, the time it is expected
  // to take (its first step of a royal solve takes a fifth of it)
  async function waitForSolve(status) {
    const box = $("cd-progress");
    const bar = box.querySelector(".progress");
    const began = Date.now();
    box.hidden = false;
    try {
      for (;;) {
        if (status.status === "failed") throw new ApiError(status.error || "the solve failed");
        if (status.status === "done") return;
        const o = status.options, total = status.total || 0, done = status.done || 0;
        const estimate = Math.max(1, status.estimate_seconds || 1);
        const share = Math.min(0.97, Math.max(total > 1 ? done / total : 0, (Date.now() - began) / 1000 / estimate * 0.9));
        bar.querySelector("span").style.width = (100 * share).toFixed(1) + "%";
        bar.setAttribute("aria-valuenow", String(Math.round(100 * share)));
        const left = status.seconds_left != null ? `, about ${Math.ceil(status.seconds_left)} s left` : "";
        $("cd-progress-text").textContent = `Solving the ${o.rules} dice for ${o.players} players` +
          `${o.roll_limit ? " with the roll limit" : ""} (once; about ${Math.ceil(estimate)} s` +
          `${status.status === "queued" ? ", after the solve before it" : ""})` +
          `${total > 1 ? `: step ${fmt(done)} of ${fmt(total)}` : ""}${left}...`;
        await sleep(400);
        const [, next] = await fetchJson(`${API}/prepare`, {options: {rules: o.rules, players: o.players,
                                                                      roll_limit: o.roll_limit}});
        if (next.status === undefined) throw new ApiError(next.detail || "the solve could not start");
        status = next;
      }
    } finally {
      box.hidden = true;
    }
  }

  function keepWords(dice) {
    if (dice.length === 5) return "stands";
    if (!dice.length) return "rolls all five again";
    const cards = S.view.dice.cards;
    return `keeps ${dice.map((i) => cards[i].plain).join(" ")} (${dice.length === 1 ? "die" : "dice"} ` +
      `${dice.map((i) => i + 1).join(" ")}), re-rolls ${5 - dice.length}`;
  }

  // the newest lines of the log as the status (a new game's whole log; none as the table opens)
  function note(lines, action) {
    if (action === null) { S.gameStart = 0; $("cd-status").textContent = ""; return; }
    if (action.type === "next") { S.gameStart = st().decisions.length; lines = st().log; }
    const shown = lines.filter((l) => !l.startsWith("-- "));
    if (!shown.length) return;
    const status = $("cd-status");
    status.replaceChildren();
    if (st().phase === "over") {
      const won = S.view.winner === "you";
      status.append(el("strong", {class: won ? "good" : "bad", text: won ? "You win the game! " :
        `${cap(S.view.winner)} wins the game. `}));
    }
    status.append(pretty(shown.map(cap).join(". ") + "."));
  }

  // ---- drawing ----
  function render() {
    if (!S.sealed) return;
    const s = st(), v = S.view;
    drawSeats();
    const tie = $("cd-tie");
    tie.hidden = !v.tie;
    tie.textContent = v.tie ? cap(v.tie) : "";
    if (!$("cd-status").textContent) $("cd-status").textContent = whoseTurn();
    drawDice();
    drawControls();
    $("cd-tally").replaceChildren(el("strong", {text: "Tally: "}),
      `${s.tally.games} ${s.tally.games === 1 ? "game" : "games"} · you won ${s.tally.won} · lost ${s.tally.lost}`);
    $("cd-ranking").textContent = `${DATA.sets[s.options.rules].name}. Best first: ${v.ranking.join(", ")}` +
      (DATA.sets[s.options.rules].wild ? "; a star is any card." : ".") + (s.options.roll_limit ? " Roll limit: no one rolls more times than the first player." : "");
    drawLog();
  }

  function drawLog() {
    const log = $("cd-log"), lines = st().log;
    if (log.childElementCount === lines.length && log.dataset.last === (lines[lines.length - 1] || "")) return;
    log.replaceChildren(...lines.map((l) => el("li", {}, pretty(l))));
    log.dataset.last = lines[lines.length - 1] || "";
    log.scrollTop = log.scrollHeight;
  }

  function whoseTurn() {
    const s = st();
    if (s.phase === "over") return S.view.winner === "you" ? "You win the game!" : `${cap(S.view.winner)} wins the game.`;
    if (s.to_move === "player") return "Your turn: tap the dice to keep, then roll the others, or stand.";
    const mover = S.view.seats.find((x) => x.to_move);
    return `${cap(mover ? mover.name : "the computer")} is rolling.`;
  }

  function drawSeats() {
    const box = $("cd-seats");
    box.replaceChildren();
    for (const seat of S.view.seats) {
      const card = el("div", {class: "cd-seat" + (seat.to_move ? " cd-active" : "") + (seat.winner ? " cd-winner" : "") +
                                     (seat.in_round ? "" : " cd-out") + (seat.you ? " cd-you" : "") +
                                     (seat.holds_best ? " cd-best" : ""), "data-seat": seat.seat});
      card.append(el("div", {class: "cd-seat-name"}, el("strong", {text: cap(seat.name)}),
        el("span", {class: "muted", text: ` seat ${seat.seat}`})));
      if (seat.final) {
        card.append(miniHand(seat.final.cards), el("div", {class: "cd-seat-hand", text:
          `${seat.final.label || ""} · ${seat.rolls_used} ${seat.rolls_used === 1 ? "roll" : "rolls"}` +
          (seat.winner ? " · wins" : seat.holds_best ? " · best so far" : "")}));
      } else {
        card.append(el("div", {class: "cd-seat-hand muted", text: !seat.in_round ? "out of the replay" :
          seat.to_move ? `rolling: roll ${S.view.rolls} of ${S.view.allowed}` : "to roll"}));
      }
      box.append(card);
    }
  }

  function drawDice() {
    const box = $("cd-dice");
    box.replaceChildren();
    const s = st(), dice = S.view.dice;
    if (!dice) {
      box.append(el("p", {class: "muted cd-empty", text: "The game is over: the final hands are above."}));
      $("cd-rolls").textContent = "";
      return;
    }
    const mine = s.to_move === "player" && !S.busy;
    const theirs = s.to_move === "computer";
    dice.cards.forEach((card, i) => {
      const picked = theirs ? (S.cpuKeep || new Set()).has(i) : S.picked.has(i);
      const node = el("div", {class: "cd-die" + (picked ? (theirs ? " cd-cpu-keep" : " selected") : ""),
        role: "checkbox", "aria-checked": String(picked), "aria-label": `die ${i + 1}: ${card.wild ? "star (wild)" : card.text}`,
        "data-index": i, "data-face": card.plain, tabindex: mine ? "0" : "-1", "aria-disabled": String(!mine)});
      node.append(cardSvg(card, false), el("span", {class: "cd-die-no", text: `die ${i + 1}`}),
        el("small", {class: "cd-die-tag", text: picked ? "keep" : ""}));
      if (mine) {
        node.addEventListener("click", () => toggle(i));
        node.addEventListener("keydown", (ev) => {
          if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(i); }
        });
      }
      box.append(node);
    });
    const whose = theirs ? (S.view.seats.find((x) => x.to_move) || {}).name + "'s" : "your";
    $("cd-rolls").textContent = `${cap(whose)} ${dice.label || ""} · roll ${S.view.rolls} of ${S.view.allowed}` +
      ` · ${S.view.rolls_left} ${S.view.rolls_left === 1 ? "roll" : "rolls"} left` +
      (S.view.to_beat ? ` · to beat: ${S.view.to_beat.label}` + (S.view.holders > 1 ? ` (held by ${S.view.holders})` : "") : "");
  }

  function toggle(i) {
    if (S.picked.has(i)) S.picked.delete(i); else S.picked.add(i);
    render();
    const again = $("cd-dice").querySelector(`[data-index="${i}"]`);
    if (again && document.activeElement && document.activeElement.closest && document.activeElement.closest("#cd-dice")) again.focus();
  }

  function drawControls() {
    const s = st();
    const mine = s.to_move === "player" && s.phase !== "over" && !S.busy;
    const playing = s.phase !== "over";
    const n = S.picked.size;
    $("cd-roll").hidden = !playing;
    $("cd-stand").hidden = !playing;
    $("cd-roll").disabled = !mine || n === 5;
    $("cd-stand").disabled = !mine;
    $("cd-roll").textContent = n === 0 ? "Roll all five" : n === 5 ? "All kept: stand" : `Keep ${n}, roll ${5 - n}`;
    $("cd-next").hidden = playing;
    $("cd-next").disabled = S.busy;
  }

  // ---- the hint ----
  async function refreshHint() {
    const panel = $("cd-hint");
    panel.hidden = !$("cd-hint-toggle").checked || !S.sealed;
    if (panel.hidden) return;
    const s = st();
    const table = $("cd-hint-table");
    if (s.phase === "over" || s.to_move !== "player") {
      table.replaceChildren();
      $("cd-hint-note").textContent = s.phase === "over" ? "The game is over: the review below shows what your keeps cost." :
        "The hint ranks your keeps when it is your turn.";
      return;
    }
    try {
      const r = S.hint || await game.call(`${API}/advice`, {state: S.sealed});
      if (S.sealed.state !== s) return; // the game moved on meanwhile
      S.hint = r;
      drawHint(r);
    } catch (err) { fail(err); }
  }

  function drawHint(r) {
    const note = $("cd-hint-note");
    note.replaceChildren(pretty(`${cap(r.situation)}: your ${r.hand.join(" ")}, ${r.category}, ${r.rolls_left} ` +
      `${r.rolls_left === 1 ? "roll" : "rolls"} left` + (r.to_beat ? `, to beat ${r.to_beat}` : "") +
      (r.holders > 1 ? ` (held by ${r.holders} players)` : "") + "."));
    const table = $("cd-hint-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "keep"}), el("th", {text: "win"}),
      el("th", {text: "loss", title: "percentage points of win chance below the best keep"}), el("th", {text: ""}))));
    const body = el("tbody");
    const cards = S.view.dice.cards;
    r.options.forEach((o, i) => {
      const dice = o.action.dice;
      const what = o.stand ? "all: stand" : dice.length ? `${dice.length === 1 ? "die" : "dice"} ${o.dice.join(" ")}` :
        "none: roll all five";
      const use = el("button", {type: "button", class: "secondary cd-use", text: "select",
                                "aria-label": `select ${o.stand ? "all five" : dice.length ? o.keep.join(" ") : "none"}`,
                                "data-dice": dice.join(",")});
      use.addEventListener("click", () => selectKeep(dice));
      const cell = el("td", {class: "cd-keep"});
      if (dice.length) cell.append(miniHand(dice.map((k) => cards[k]), o.keep.join(" ")));
      cell.append(el("span", {class: "cd-keep-dice", text: what}));
      body.append(el("tr", {class: i === 0 ? "best" : ""}, cell,
        el("td", {class: "num", text: (100 * o.value).toFixed(2) + "%"}),
        el("td", {class: "num muted", text: o.loss > 5e-7 ? "−" + (100 * o.loss).toFixed(2) : "best"}),
        el("td", {}, use)));
    });
    table.append(body);
  }

  function selectKeep(dice) {
    if (st().to_move !== "player" || S.busy) return;
    S.picked = new Set(dice);
    render();
  }

  // ---- the review (the session scores each of your keeps: the state's decisions since this game began) ----
  function drawReview() {
    const s = st();
    const rows = s.decisions.slice(S.gameStart);
    const costly = rows.filter((d) => d.loss > 5e-7);
    const lost = rows.reduce((a, d) => a + d.loss, 0);
    $("cd-review").hidden = false;
    $("cd-review-summary").textContent = `Game ${s.data.game}: ${rows.length} ${rows.length === 1 ? "decision" : "decisions"}` +
      (rows.length ? `, ${costly.length} of them lost win chance: ${(100 * lost).toFixed(2)} percentage points in all.` :
        " (you stood on your first roll or had none to make).");
    const table = $("cd-review-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "#"}), el("th", {text: "position"}),
      el("th", {text: "you kept"}), el("th", {text: "best"}), el("th", {class: "num", text: "win chance lost"}))));
    const body = el("tbody");
    rows.forEach((d, i) => {
      body.append(el("tr", {class: d.loss > 5e-7 ? "cd-costly" : ""}, el("td", {text: String(i + 1)}),
        el("td", {"data-label": "position"}, pretty(d.position)), el("td", {"data-label": "you kept"}, pretty(d.chosen)),
        el("td", {"data-label": "best"}, pretty(d.best)),
        el("td", {class: "num", "data-label": "lost", text: d.loss > 5e-7 ? (100 * d.loss).toFixed(2) + " pp" : "0"})));
    });
    table.append(body);
  }

  // ---- wiring (the form, next game, a new table and the hint toggle are the session's) ----
  const allFive = [0, 1, 2, 3, 4];
  $("cd-roll").addEventListener("click", () => {
    if (S.picked.size < 5) play({type: "keep", dice: [...S.picked].sort((a, b) => a - b)});
  });
  $("cd-stand").addEventListener("click", () => play({type: "keep", dice: allFive}));
  $("cd-newtable").addEventListener("click", () => { if (!S.sealed) syncForm(); });
  document.addEventListener("keydown", (ev) => {
    if (!S.sealed || $("cd-table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // typing goes to a field, but a checkbox (the hint toggle) takes no digits: the keys still play
    if (ev.target.closest && ev.target.closest("input:not([type=checkbox]), select, textarea")) return;
    const k = ev.key.toLowerCase();
    const mine = st().to_move === "player" && st().phase !== "over" && !S.busy;
    if (/^[1-5]$/.test(k) && mine) { ev.preventDefault(); toggle(Number(k) - 1); }
    else if (k === "r" && mine && S.picked.size < 5) { ev.preventDefault(); $("cd-roll").click(); }
    else if (k === "s" && mine) { ev.preventDefault(); $("cd-stand").click(); }
    else if (k === "h") { ev.preventDefault(); $("cd-hint-toggle").click(); }
  });
})();
