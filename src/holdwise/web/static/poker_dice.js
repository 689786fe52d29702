/* Poker dice: the table (/poker-dice and /poker-dice/cards, one page for every kind of dice; plays through
   /api/poker-dice, the sealed state travels) and the odds page (/poker-dice/odds).
   What differs between kinds of dice is data: the page's JSON (pd-data) says of each kind (`rules`) how its
   faces look ("die": a poker die, A K Q J 10 9; "card": a playing card, a star gold), the key its keeps name
   ("keep": faces; "dice": die numbers 0-4), its rule variants, faces and odds; LOOKS draws each look. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const API = "/api/poker-dice";
  const {_, ngettext} = window.HoldwiseDom;
  const pct = (share, digits) => HoldwiseDom.percent(share, digits);  // in the page's language
  const RULES = ["straights", "straight_above_full_house", "flush", "ace_high", "poker_faces"];
  const {sleep, fmt, cap, el, ApiError, fetchJson} = holdwise;
  const who = (name) => cap(window.HoldwiseDom.say(name));  // a seat's name in the page's language ("Počítač 3")

  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  // ---- the signs, drawn (not font glyphs: every browser draws them alike): the suits, a crown, a star ----
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
    } else if (kind === "star") {  // five points
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 4.6 : 11, a = Math.PI * (i / 5 - 0.5);
        pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
      }
      g.append(svgEl("polygon", {points: pts.join(" "), stroke: "#8a6400", "stroke-width": 1.2, "stroke-linejoin": "round"}));
    } else {  // a crown
      g.append(svgEl("polygon", {points: "-10,6 -10,-6 -5,0 0,-9 5,0 10,-6 10,6"}));
    }
    return g;
  }

  function text(x, y, size, color, value, extra) {
    const t = svgEl("text", {x, y, "font-size": size, "font-weight": 700, fill: color, "text-anchor": "middle",
                             "font-family": "Georgia, 'DejaVu Serif', serif", ...(extra || {})});
    t.textContent = value;
    return t;
  }

  // ---- a poker die: the rank large, in its colour, with a small sign ----
  // the seed's rules page: the ace of spades, 9 of clubs and 10 of diamonds; the face cards by colour, "red for
  // kings, green for queens and blue for jacks"
  const FACE_STYLE = {
    A: {color: "#1d2330", sign: "spade"}, K: {color: "#b3261e", sign: "crown"}, Q: {color: "#1f7a44", sign: "heart"},
    J: {color: "#2f5d9a", sign: "diamond"}, 10: {color: "#b3261e", sign: "diamond"}, 9: {color: "#1d2330", sign: "club"},
  };

  function dieSvg(label) {
    const style = FACE_STYLE[label] || FACE_STYLE.A;
    const svg = svgEl("svg", {viewBox: "0 0 100 100", "aria-hidden": "true", class: "pd-face-die"});
    svg.append(svgEl("rect", {class: "body", x: 4, y: 4, width: 92, height: 92, rx: 16, fill: "#fffdf6",
                              stroke: "#3a3f4b", "stroke-width": 4}));
    if (label === "A") {
      svg.append(sign("spade", 50, 54, 2.6, style.color), text(17, 30, 20, style.color, "A"));
    } else {
      const ten = label === "10";
      svg.append(text(50, ten ? 66 : 68, ten ? 44 : 50, style.color, label, {"letter-spacing": ten ? -3 : 0}),
        sign(style.sign, 22, 22, 0.75, style.color), sign(style.sign, 78, 82, 0.75, style.color));
    }
    return svg;
  }

  // ---- a card die's face: its rank and suit (hearts and diamonds red, spades and clubs black, a star gold) ----
  const SUITS = {"♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club"};
  const LETTER = {s: "♠", h: "♥", d: "♦", c: "♣"};
  const RED = "#c0262d", BLACK = "#1d2330", GOLD = "#c8960c";
  const colorOf = (card) => card.wild ? GOLD : (card.suit === "♥" || card.suit === "♦") ? RED : BLACK;

  // 72 x 100 (mini: 40 x 56, the rank over the suit)
  function cardSvg(card, mini) {
    const [w, h] = mini ? [40, 56] : [72, 100];
    const svg = svgEl("svg", {viewBox: `0 0 ${w} ${h}`, "aria-hidden": "true", class: "pd-card" + (card.wild ? " pd-wild" : "")});
    svg.append(svgEl("rect", {class: "body", x: 2, y: 2, width: w - 4, height: h - 4, rx: mini ? 5 : 8,
                              fill: card.wild ? "#fff3c4" : "#fffdf8", stroke: card.wild ? "#b08400" : "#3a3f4b",
                              "stroke-width": mini ? 2 : 3}));
    const color = colorOf(card), kind = card.wild ? "star" : SUITS[card.suit];
    const ten = card.rank === "10", tight = ten ? {"letter-spacing": -1.5} : {};
    if (mini) {
      if (card.wild) svg.append(sign("star", 20, 28, 1.35, color));
      else svg.append(text(20, 24, ten ? 17 : 20, color, card.rank, tight), sign(kind, 20, 40, 0.8, color));
    } else if (card.wild) {
      svg.append(sign("star", 36, 52, 2.3, color), sign("star", 14, 16, 0.7, color), sign("star", 58, 16, 0.7, color),
        text(36, 90, 11, "#8a6400", "WILD", {"letter-spacing": 1}));
    } else {
      svg.append(text(15, 25, ten ? 17 : 21, color, card.rank, tight), sign(kind, 15, 38, 0.6, color),
        sign(kind, 40, 62, 1.7, color), text(57, 93, ten ? 15 : 17, color, card.rank, tight));
    }
    return svg;
  }

  // face texts in a line ("Kh * 10c") with their suits' symbols and colours: "K♥ ★ 10♣"
  const TOKEN = /(^|[\s(:,])(10|[2-9TJQKA])([shdc])(?=$|[\s),:])|(^|[\s(:,])\*(?=$|[\s),:])/g;

  function pretty(line) {
    const out = document.createDocumentFragment();
    let at = 0;
    for (const m of line.matchAll(TOKEN)) {
      out.append(line.slice(at, m.index) + (m[1] ?? m[4] ?? ""));
      const card = m[2] ? {rank: m[2], suit: LETTER[m[3]], wild: false} : {wild: true};
      out.append(el("span", {class: card.wild ? "pd-t-wild" : colorOf(card) === RED ? "pd-t-red" : "pd-t-black",
                             text: card.wild ? "★" : card.rank + card.suit}));
      at = m.index + m[0].length;
    }
    out.append(line.slice(at));
    return out;
  }

  // ---- the looks: a hand (the view's) is drawn die by die; key(hand, i) is what a keep names of die i ----
  const LOOKS = {
    die: {
      size: (hand) => hand.faces.length, draw: (hand, i) => dieSvg(hand.poker[i]), key: (hand, i) => hand.faces[i],
      face: (hand, i) => hand.faces[i], word: (hand, i) => hand.labels[i], says: (hand, i) => hand.labels[i],
      line: (line) => line,
    },
    card: {
      size: (hand) => hand.cards.length, draw: (hand, i, mini) => cardSvg(hand.cards[i], mini), key: (hand, i) => i,
      face: (hand, i) => hand.cards[i].plain, word: (hand, i) => hand.cards[i].plain,
      says: (hand, i) => hand.cards[i].wild ? _("star (wild)") : hand.cards[i].text, line: pretty,
    },
  };

  function miniHand(look, hand, dice, label) {
    const box = el("span", {class: "pd-mini", "aria-label": label});
    for (const i of dice) box.append(look.draw(hand, i, true));
    return box;
  }

  // the rows of an odds table: each hand's count, chance, (fraction) and a bar against the likeliest
  function drawOdds(table, r, fraction) {
    const body = table.querySelector("tbody");
    body.replaceChildren();
    const top = Math.max(...r.categories.map((c) => r.chances[c]));
    const gcd = (a, b) => (b ? gcd(b, a % b) : a);
    for (const c of r.categories) {
      const n = r.counts[c], p = r.chances[c], g = gcd(n, r.outcomes) || 1;
      const bar = el("span", {class: "pd-bar"}, el("span", {style: `width: ${(100 * p / top).toFixed(1)}%`}));
      body.append(el("tr", {"data-category": c}, el("td", {text: HoldwiseDom.say(c.replaceAll("_", " "))}),
        el("td", {class: "num", text: fmt(n)}),
        el("td", {class: "num", title: p ? _("1 in {n}", {n: fmt(Math.round(1 / p))}) : _("never"), text: pct(p, 3)}),
        ...(fraction ? [el("td", {class: "num", text: n ? `${fmt(n / g)}/${fmt(r.outcomes / g)}` : "0"})] : []),
        el("td", {class: "pd-bar-cell"}, bar)));
    }
  }

  const flags = (f) => Object.fromEntries(RULES.map((k) => [k, f.elements[k].checked]));

  function fail(err) {
    $("pd-error").textContent = err instanceof ApiError ? err.message : _("something went wrong: {why}", {why: err});
  }

  if ($("pd-odds-form")) { oddsPage(); return; }
  if (!$("pd-form")) return;

  // ================================ the setup and the odds of one roll ================================
  const DATA = JSON.parse($("pd-data").textContent);
  const form = $("pd-form");
  const chosen = () => form.elements.rules.value;

  function formOptions() {
    const f = form.elements, k = DATA.kinds[chosen()];
    return {rules: chosen(), players: Number(f.players.value), position: Number(f.position.value),
            roll_limit: f.roll_limit.checked, ...(k.variants ? flags(form) : {})};
  }

  const span = (list) => !list.length ? _("none") : list.length === 1 ? String(list[0])
    : _("{first} to {last}", {first: list[0], last: list[list.length - 1]});

  // the players the server solves within its limit for these dice (and roll limit): the others are not offered
  function syncForm() {
    const f = form.elements, k = DATA.kinds[chosen()], limits = k.limits;
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
      o.textContent = n === 1 ? _("1: first to roll") : n === players ? _("{n}: last to roll", {n}) : String(n);
    }
    if (Number(f.position.value) > players) f.position.value = String(players);
    $("pd-variants").hidden = !k.variants;
    for (const r of RULES) f[r].disabled = !k.variants;
    for (const r of ["straight_above_full_house", "flush"]) {
      f[r].disabled ||= !f.straights.checked;
      if (!f.straights.checked) f[r].checked = false;
    }
    $("pd-set-note").textContent = k.description;
    const every = limits.false.length === 5 && limits.true.length === 5;
    $("pd-limit-note").hidden = every;
    // (a message inside another's arguments is not extracted: each is said apart, then put in)
    const limit = limits.true.length ? _("{players} with the roll limit", {players: span(limits.true)}) : _("without the roll limit");
    $("pd-limit-note").textContent = every ? "" : _("These dice: {players} players, {limit} (more would take the server over {seconds} s to solve the first time; once solved, play is instant).",
      {players: span(limits.false), seconds: DATA.max_seconds, limit});
    refreshOdds();
  }

  // six-faced dice's odds follow the rules chosen: the page has those of its first rules, asks for others
  let oddsAsked = 0;
  async function refreshOdds() {
    const rules = chosen(), k = DATA.kinds[rules], mine = ++oddsAsked;
    let r = k.odds;
    const want = k.variants ? flags(form) : null;
    if (want && RULES.some((f) => want[f] !== k.flags[f])) {
      try {
        const q = new URLSearchParams({rules, ...Object.fromEntries(Object.entries(want).map(([a, b]) => [a, String(b)]))});
        const [answer, data] = await fetchJson(`${API}/odds?${q}`);
        if (!answer.ok) throw new ApiError(data.detail || _("the server answered {status}", {status: answer.status}));
        r = data;
      } catch (err) { fail(err); return; }
    }
    if (mine !== oddsAsked) return;
    $("pd-odds-note").textContent = _("{dice}: each hand's count over all {n} rolls (one face per die, every roll equally likely), its chance and its share against the likeliest hand.",
      {dice: k.name, n: fmt(r.outcomes)});
    drawOdds($("pd-odds-table"), r, false);
    $("pd-faces-box").hidden = !k.faces;
    $("pd-faces").replaceChildren(...(k.faces || []).map((die, d) => el("div", {class: "pd-die-faces"},
      el("strong", {text: _("die {n}", {n: d + 1})}), miniHand(LOOKS[k.look], {cards: die}, die.map((_, i) => i),
        die.map((c) => c.text).join(" ")))));
  }

  // ================================ the table ================================
  const game = holdwise.session({
    prefix: "pd", api: API, delay: 700, render, options: formOptions, note, hint: refreshHint, over: drawReview,
    wait: (status) => game.waitSolve(status, solving, 400),
    leave: () => {
      // a new table loses the game under way and the tally: ask first (nothing to lose before the first move)
      if (!S.sealed || !S.played.length) return true;
      const s = st(), t = s.tally;
      const games = ngettext("{n} game, you won {won}", "{n} games, you won {won}", t.games, {won: t.won});
      return s.phase === "over" ? _("Leave this table? Its tally ({games}) goes with it.", {games}) :
        t.games ? _("Leave this table? The game under way and the tally ({games}) will be lost.", {games})
        : _("Leave this table? The game under way will be lost.");
    },
    started: async (r) => { if (r.solve && r.solve.status !== "done") await game.waitSolve(r.solve, solving, 400); },
    accepted: () => { Object.assign(S, {picked: new Set(), hint: null, cpuKeep: null}); },
    showComputer: async (action) => {
      // what it keeps, on the dice it rolled, before the next roll replaces them
      const mover = S.view.seats.find((s) => s.to_move);
      S.cpuKeep = pickIndexes(action[kind().keep_key]);
      drawDice();
      $("pd-status").replaceChildren(look().line(keepWords(mover ? who(mover.name) : cap(_("the computer")), S.cpuKeep)));
      await sleep(game.DELAY);
    },
  });
  // what the page knows beyond the session's state: the dice picked, the hint, the computer's keep
  const S = Object.assign(game.S, {picked: new Set(), gameStart: 0, hint: null, cpuKeep: null});
  window.holdwisePokerDice = S; // read by the browser tests (the replay of the played actions)
  const {st, call} = game;
  const play = game.step;
  const kind = () => DATA.kinds[S.sealed ? st().options.rules : chosen()];
  const look = () => LOOKS[kind().look];

  const falling = window.HoldwiseDom.fallingClock();  // the solve's time left, only falling
  // a 202: the dice being solved for these players
  function solving(status, done, total) {
    const o = status.options, k = DATA.kinds[o.rules];
    const shown = falling(status.seconds_left);
    const left = shown != null ? _(", about {s} s left", {s: Math.ceil(shown)}) : "";
    const words = {dice: k ? k.word : o.rules, players: o.players, s: Math.ceil(Math.max(1, status.estimate_seconds || 1))};
    const after = status.status === "queued" ? _(", after the solve before it") : "";
    const step = total > 1 ? _(": step {done} of {all}", {done: fmt(done), all: fmt(total)}) : "";
    return (o.roll_limit ? _("Solving the {dice} dice for {players} players with the roll limit (once; about {s} s", words)
      : _("Solving the {dice} dice for {players} players (once; about {s} s", words)) + `${after})${step}${left}...`;
  }

  // the dice a keep names (faces or die numbers): each value matched to one die of the roll shown
  function pickIndexes(values, hand = S.view.dice) {
    const left = [...values], out = new Set(), lk = look();
    for (let i = 0; i < lk.size(hand); i++) {
      const at = left.indexOf(lk.key(hand, i));
      if (at >= 0) { left.splice(at, 1); out.add(i); }
    }
    return out;
  }

  const sorted = (set) => [...set].sort((a, b) => a - b);

  // what a player does with the dice, as a sentence: "The computer keeps K K (dice 1 2), re-rolls 3."
  function keepWords(who, picked) {
    if (picked.size === 5) return _("{who} stands.", {who});
    if (!picked.size) return _("{who} rolls all five again.", {who});
    const dice = sorted(picked);
    return ngettext("{who} keeps {faces} (die {dice}), re-rolls {others}.", "{who} keeps {faces} (dice {dice}), re-rolls {others}.",
      dice.length, {who, faces: dice.map((i) => look().word(S.view.dice, i)).join(" "),
                    dice: dice.map((i) => i + 1).join(" "), others: 5 - dice.length});
  }

  // the newest lines of the log as the status (a new game's whole log; none as the table opens)
  function note(lines, action) {
    if (action === null) { S.gameStart = 0; $("pd-status").textContent = ""; return; }
    if (action.type === "next") { S.gameStart = st().decisions.length; lines = st().log; }
    const shown = lines.filter((l) => !l.startsWith("-- "));
    if (!shown.length) return;
    const status = $("pd-status");
    status.replaceChildren();
    if (st().phase === "over") {
      const won = S.view.winner === "you";
      status.append(el("strong", {class: won ? "good" : "bad", text: (won ? _("You win the game!") :
        _("{who} wins the game.", {who: who(S.view.winner)})) + " "}));
    }
    status.append(look().line(shown.map((line) => cap(HoldwiseDom.say(line))).join(". ") + "."));
  }

  // ---- drawing ----
  function render() {
    if (!S.sealed) return;
    const s = st(), v = S.view, k = kind();
    drawSeats();
    const tie = $("pd-tie");
    tie.hidden = !v.tie;
    tie.textContent = v.tie ? cap(HoldwiseDom.say(v.tie)) : "";
    if (!$("pd-status").textContent) $("pd-status").textContent = whoseTurn();
    drawDice();
    drawControls();
    $("pd-tally").replaceChildren(el("strong", {text: _("Tally: ")}),
      ngettext("{n} game · you won {won} · lost {lost}", "{n} games · you won {won} · lost {lost}", s.tally.games,
               {won: s.tally.won, lost: s.tally.lost}));
    $("pd-ranking").textContent = _("{dice}. Best first: {ranking}", {dice: k.name, ranking: v.ranking.map((h) => HoldwiseDom.say(h)).join(", ")}) +
      (k.wild ? _("; a star is any card.") : ".") +
      (s.options.roll_limit ? " " + _("Roll limit: no one rolls more times than the first player.") : "");
    game.drawLog(look().line);
  }

  function whoseTurn() {
    const s = st();
    if (s.phase === "over") return S.view.winner === "you" ? _("You win the game!") : _("{who} wins the game.", {who: who(S.view.winner)});
    if (s.to_move === "player") return _("Your turn: select the dice to keep, then roll the others, or stand.");
    const mover = S.view.seats.find((x) => x.to_move);
    return _("{who} is rolling.", {who: cap(mover ? mover.name : _("the computer"))});
  }

  const all = (hand) => [...Array(look().size(hand)).keys()];

  function drawSeats() {
    const box = $("pd-seats");
    box.replaceChildren();
    for (const seat of S.view.seats) {
      const card = el("div", {class: "pd-seat" + (seat.to_move ? " pd-active" : "") + (seat.winner ? " pd-winner" : "") +
                                     (seat.in_round ? "" : " pd-out") + (seat.you ? " pd-you" : "") +
                                     (seat.holds_best ? " pd-best" : ""), "data-seat": seat.seat});
      card.append(el("div", {class: "pd-seat-name"}, el("strong", {text: who(seat.name)}),
        el("span", {class: "muted", text: " " + _("seat {n}", {n: seat.seat})})));
      if (seat.final) {
        card.append(miniHand(look(), seat.final, all(seat.final), HoldwiseDom.say(seat.final.label)), el("div", {class: "pd-seat-hand",
          text: `${HoldwiseDom.say(seat.final.label)} · ` + ngettext("{n} roll", "{n} rolls", seat.rolls_used) +
            (seat.winner ? " · " + _("wins") : seat.holds_best ? " · " + _("best so far") : "")}));
      } else {
        card.append(el("div", {class: "pd-seat-hand muted", text: !seat.in_round ? _("out of the replay") :
          seat.to_move ? _("rolling: roll {n} of {all}", {n: S.view.rolls, all: S.view.allowed}) : _("to roll")}));
      }
      box.append(card);
    }
  }

  function drawDice() {
    const box = $("pd-dice");
    box.replaceChildren();
    const s = st(), v = S.view, dice = v.dice, lk = look();
    if (!dice) {
      box.append(el("p", {class: "muted pd-empty", text: _("The game is over: the final hands are above.")}));
      $("pd-rolls").textContent = "";
      return;
    }
    const mine = s.to_move === "player" && !S.busy;
    const theirs = s.to_move === "computer";
    for (const i of all(dice)) {
      const picked = theirs ? (S.cpuKeep || new Set()).has(i) : S.picked.has(i);
      const node = el("div", {class: "pd-die" + (picked ? (theirs ? " pd-cpu-keep" : " selected") : ""),
        role: "checkbox", "aria-checked": String(picked), "aria-label": _("die {n}: {face}", {n: i + 1, face: lk.says(dice, i)}),
        "data-index": i, "data-face": lk.face(dice, i), tabindex: mine ? "0" : "-1", "aria-disabled": String(!mine)});
      node.append(lk.draw(dice, i, false), el("span", {class: "pd-die-no", text: _("die {n}", {n: i + 1})}),
        el("small", {class: "pd-die-tag", text: picked ? _("keep") : ""}));
      if (mine) {
        node.addEventListener("click", () => toggle(i));
        node.addEventListener("keydown", (ev) => {
          if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(i); }
        });
      }
      box.append(node);
    }
    const head = theirs ? _("{who}'s {hand}", {who: who((v.seats.find((x) => x.to_move) || {}).name), hand: HoldwiseDom.say(dice.label)})
      : _("Your {hand}", {hand: HoldwiseDom.say(dice.label)});
    $("pd-rolls").textContent = head + " · " + _("roll {n} of {all}", {n: v.rolls, all: v.allowed}) +
      " · " + ngettext("{n} roll left", "{n} rolls left", v.rolls_left) +
      (v.to_beat ? " · " + _("to beat: {hand}", {hand: HoldwiseDom.say(v.to_beat.label)}) + (v.holders > 1 ? " " + _("(held by {n})", {n: v.holders}) : "") : "");
  }

  function toggle(i) {
    if (S.picked.has(i)) S.picked.delete(i); else S.picked.add(i);
    render();
    const again = $("pd-dice").querySelector(`[data-index="${i}"]`);
    if (again && document.activeElement && document.activeElement.closest && document.activeElement.closest("#pd-dice")) again.focus();
  }

  // the action keeping these dice (by the keep key of the kind)
  const keepOf = (dice) => ({type: "keep", [kind().keep_key]: sorted(dice).map((i) => look().key(S.view.dice, i))
    .sort((a, b) => a - b)});

  function drawControls() {
    const s = st();
    const mine = s.to_move === "player" && s.phase !== "over" && !S.busy;
    const playing = s.phase !== "over";
    const n = S.picked.size;
    $("pd-roll").hidden = !playing;
    $("pd-stand").hidden = !playing;
    $("pd-roll").disabled = !mine || n === 5;
    $("pd-stand").disabled = !mine;
    $("pd-roll").textContent = n === 0 ? _("Roll all five") : n === 5 ? _("All kept: stand") : _("Keep {n}, roll {others}", {n, others: 5 - n});
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
      $("pd-hint-note").textContent = s.phase === "over" ? _("The game is over: the review below shows what your keeps cost.") :
        _("The hint ranks your keeps when it is your turn.");
      return;
    }
    try {
      const r = S.hint || await call(`${API}/advice`, {state: S.sealed});
      if (S.sealed.state !== s) return; // the game moved on meanwhile
      S.hint = r;
      drawHint(r);
    } catch (err) { fail(err); }
  }

  function drawHint(r) {  // the Hint JSON: the position's keys at the top, the keeps best first
    const lk = look(), key = kind().keep_key, hand = S.view.dice;
    $("pd-hint-note").replaceChildren(lk.line(_("{situation}: your {hand}", {situation: cap(HoldwiseDom.say(r.situation)), hand: r.hand.join(" ")}) +
      (r.category ? `, ${HoldwiseDom.say(r.category)}` : "") + ", " + ngettext("{n} roll left", "{n} rolls left", r.rolls_left) +
      (r.to_beat ? ", " + _("to beat {hand}", {hand: [].concat(r.to_beat).join(" ")}) : "") +
      (r.holders > 1 ? " " + _("(held by {n} players)", {n: r.holders}) : "") + "."),
      el("br"), el("strong", {text: _("The hint maximizes your chance to win the game")}),
      _(": every keep ranked by it, best first (the game is won, not scored)."));
    const table = $("pd-hint-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: _("keep")}), el("th", {text: _("win")}),
      el("th", {text: _("loss"), title: _("percentage points of win chance below the best keep")}), el("th", {text: ""}))));
    const body = el("tbody");
    r.options.forEach((o, i) => {
      const values = o.action[key], dice = sorted(pickIndexes(values));
      const what = o.stand ? _("all: stand") : dice.length ? ngettext("die {dice}", "dice {dice}", dice.length, {dice: dice.map((d) => d + 1).join(" ")})
        : _("none: roll all five");
      const keep = o.stand ? _("all five") : dice.length ? o.keep.join(" ") : _("none");
      const use = el("button", {type: "button", class: "secondary pd-use", text: _("select"),
        "aria-label": _("select {keep}", {keep}), "data-keep": values.join(",")});
      use.addEventListener("click", () => selectKeep(values));
      const cell = el("td", {class: "pd-keep"});
      if (dice.length) cell.append(miniHand(lk, hand, dice, o.keep.join(" ")));
      cell.append(el("span", {class: "pd-keep-dice", text: what}));
      body.append(el("tr", {class: i === 0 ? "best" : ""}, cell,
        el("td", {class: "num", text: pct(o.value, 2)}),
        el("td", {class: "num muted", text: o.loss > 5e-7 ? "−" + HoldwiseDom.fixed(100 * o.loss, 2) : _("best")}),
        el("td", {}, use)));
    });
    table.append(body);
  }

  function selectKeep(values) {
    if (st().to_move !== "player" || S.busy) return;
    S.picked = pickIndexes(values);
    render();
  }

  // ---- the review (the session scores each of your keeps: the state's decisions since this game began) ----
  function drawReview() {
    const s = st(), line = look().line;
    const rows = s.decisions.slice(S.gameStart);
    const costly = rows.filter((d) => d.loss > 5e-7);
    const lost = rows.reduce((a, d) => a + d.loss, 0);
    $("pd-review").hidden = false;
    $("pd-review-summary").textContent = ngettext("Game {game}: {n} decision", "Game {game}: {n} decisions", rows.length, {game: s.data.game}) +
      (rows.length ? _(", {costly} of them lost win chance: {lost} percentage points in all.", {costly: costly.length, lost: HoldwiseDom.fixed(100 * lost, 2)}) :
        " " + _("(you stood on your first roll or had none to make)."));
    const table = $("pd-review-table");
    table.replaceChildren();
    table.append(el("thead", {}, el("tr", {}, el("th", {text: "#"}), el("th", {text: _("position")}),
      el("th", {text: _("you kept")}), el("th", {text: _("best")}), el("th", {class: "num", text: _("win chance lost")}))));
    const body = el("tbody");
    rows.forEach((d, i) => {
      body.append(el("tr", {class: d.loss > 5e-7 ? "pd-costly" : ""}, el("td", {text: String(i + 1)}),
        el("td", {"data-label": _("position")}, line(d.position)), el("td", {"data-label": _("you kept")}, line(d.chosen)),
        el("td", {"data-label": _("best")}, line(d.best)),
        el("td", {class: "num", "data-label": _("lost"), text: d.loss > 5e-7 ? HoldwiseDom.fixed(100 * d.loss, 2) + " " + _("pp") : "0"})));
    });
    table.append(body);
  }

  // ---- wiring (the form, next game, a new table and the hint toggle are the session's) ----
  form.addEventListener("change", syncForm);
  $("pd-roll").addEventListener("click", () => { if (S.picked.size < 5) play(keepOf(S.picked)); });
  $("pd-stand").addEventListener("click", () => play(keepOf(all(S.view.dice))));
  document.addEventListener("keydown", (ev) => {
    if (!S.sealed || $("pd-table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // typing goes to a field, but a checkbox (the hint toggle) takes no digits: the keys still play
    if (ev.target.closest && ev.target.closest("input:not([type=checkbox]), select, textarea")) return;
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
    let asked = 0;

    function sync() {
      for (const k of ["straight_above_full_house", "flush"]) {
        f.elements[k].disabled = !f.elements.straights.checked;
        if (!f.elements.straights.checked) f.elements[k].checked = false;
      }
    }

    function draw(r) {
      drawOdds($("pd-odds-table"), r, true);
      $("pd-bust").textContent = r.bust_hands === null ? _("Straights do not count: every hand of five different values is a bust.") :
        _("Busts of five different values (no straight): {hands}.", {hands: r.bust_hands.map((h) => h.join(" ")).join("; ")});
    }

    async function refresh() {
      sync();
      const mine = ++asked;
      $("pd-odds-loading").hidden = false;
      $("pd-odds-table").classList.add("pd-stale");
      try {
        const q = new URLSearchParams(Object.entries(flags(f)).map(([k, v]) => [k, String(v)]));
        const [r, data] = await fetchJson(`${API}/odds?` + q);
        if (mine !== asked) return;
        if (!r.ok) throw new ApiError(data.detail || _("the server answered {status}", {status: r.status}));
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
