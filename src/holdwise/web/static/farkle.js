/* The Farkle practice table: plays a match through /api/farkle (stateless: the sealed state travels). */
"use strict";

(function () {
  const {sleep, fmt, el} = holdwise;
  const {_, ngettext, say} = window.HoldwiseDom;  // the page's language (its JSON catalogue; say: the game's words)
  const PIPS = {1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 28], [72, 28], [28, 50], [72, 50], [28, 72], [72, 72]]};
  const SVG = "http://www.w3.org/2000/svg";
  const pct = (p) => HoldwiseDom.percent(p, 1);  // in the page's language
  const $ = (id) => document.getElementById(id);
  // dice ids -> their names in the game, from the page's dice listing (holdwise farkle dice --json)
  const NAMES = Object.fromEntries(JSON.parse($("fk-dice-data").textContent).dice.map((d) => [d.id, d.name]));
  const named = (id) => NAMES[id] || id;
  const falling = window.HoldwiseDom.fallingClock();  // the solve's time left, only falling

  // the shared session (static/session.js) with the table's hooks; 202 = a match solving (progress bar)
  const game = holdwise.session({
    prefix: "fk", api: "/api/farkle", delay: 900, ids: {hint: "coach", hintToggle: "coach-toggle", newTable: "newmatch"},
    render, wait: waitForMatch, options: formOptions, note, hint: refreshCoach,
    started: async (r) => {
      if (r.match && r.match.status !== "done" && await waitForMatch(r.match, true) === "meanwhile") {
        // the race-aware solve goes on on the server; this game is against the coaching table, and says so
        const options = {...r.state.state.options, computer: "coaching"};
        delete options.badges;  // badges are played against the race-aware computer only
        delete options.computer_badges;
        Object.assign(r, await call("/api/farkle/new", {options, seed: r.state.state.seed}));
        $("fk-form").elements.computer.value = "coaching";
        S.meanwhile = options.target;
      } else {
        S.meanwhile = null;
      }
      Object.assign(S, {chart: null, reviewed: -1, lastBust: null});
    },
    accepted: () => { S.picked = new Set(); },
    showComputer: async (action) => {
      const hold = S.bustUntil - performance.now(); // your bust stays on the table a while before the computer rolls
      if (hold > 0) await sleep(hold);
      if (action.type !== "keep") return; // show the dice it sets aside before the next roll replaces them
      S.picked = new Set(action.dice);
      drawDice(true);
      $("fk-status").textContent = action.then === "bank"
        ? _("The computer keeps {dice} and banks.", {dice: keepText(action.dice)})
        : _("The computer keeps {dice} and rolls on.", {dice: keepText(action.dice)});
      await sleep(game.DELAY);
    },
    over: async () => { if (S.reviewed !== S.played.length) await loadReview(); },
    leave: () => {
      // a game under way is lost by a new match: ask first (none to lose before the first roll or once it is over)
      const s = S.sealed && st();
      if (!s || s.phase === "over" || !S.played.length) return true;
      const d = s.data;
      // a question: the shared session asks it in the page, under the button (no browser dialog)
      return `Leave this match? Game ${d.game} is under way (you ${fmt(d.scores.player)}, ` +
        `computer ${fmt(d.scores.computer)}, first to ${fmt(s.options.target)}); a new match starts from 0-0.`;
    },
  });
  const S = Object.assign(game.S, {picked: new Set(), chart: null, reviewed: -1, bustUntil: 0});
  // how long your bust stays readable before the computer's turn replaces it (none at ?delay=0: tests, replays)
  const BUST_HOLD = game.DELAY === 0 ? 0 : Math.max(2000, 2 * game.DELAY);
  window.holdwiseFarkle = S; // read by the browser tests (replay of the played actions)
  const {st, call, fail} = game;
  const play = game.step;

  function dieSvg(face) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    const body = document.createElementNS(SVG, "rect");
    for (const [k, v] of Object.entries({class: "body", x: 4, y: 4, width: 92, height: 92, rx: 16,
      fill: "#fffdf6", stroke: "#3a3f4b", "stroke-width": 4})) body.setAttribute(k, v);
    svg.append(body);
    if (face === "J") {
      const star = document.createElementNS(SVG, "polygon");
      star.setAttribute("points", "50,14 60,39 87,39 65,55 73,82 50,66 27,82 35,55 13,39 40,39");
      star.setAttribute("fill", "#b3261e");
      svg.append(star);
    } else {
      for (const [x, y] of PIPS[Number(face)] || []) {
        const c = document.createElementNS(SVG, "circle");
        c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", 9); c.setAttribute("fill", "#1d2330");
        svg.append(c);
      }
    }
    return svg;
  }

  function showProgress(status, bar, text) {
    const [done, total] = game.showProgress(status, bar);
    bar.classList.toggle("fk-busy", !total); // before the first score pair: a moving bar, not an empty one
    if (text && status.turns) {  // a new game's dice: their turn tables first (tables done of total)
      text.textContent = _("Solving the turn tables of these dice (once): {done} of {total}",
                           {done: fmt(done), total: fmt(total)}) + "...";
    } else if (text) {
      const m = status.match || {}, left = falling(status.seconds_left);
      text.textContent = _("Solving the race-aware match to {target} (once for these dice): ", {target: fmt(m.target || 0)}) +
        (total ? _("score pair {done} of {total}", {done: fmt(done), total: fmt(total)})
          : status.phase || _("preparing turn tables")) +
        (left != null ? _(", about {time} left", {time: timeWords(left)}) : "") + "...";
    }
  }

  function timeWords(seconds) { // as the command line says it: "40 s", "3 min"
    if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
    const minutes = Math.round(seconds / 60);
    return minutes < 90 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  }

  function stopButton(box, status) { // a long solve can be stopped; the page then says how to play on
    let button = $("fk-stop-solve");
    if (!button) {
      button = el("button", {id: "fk-stop-solve", class: "secondary", type: "button", text: _("Stop solving")});
      box.append(button);
    }
    button.hidden = false;
    button.onclick = async () => {
      button.disabled = true;
      S.stopping = true; // from now on the page asks for the status only (asking /prepare would start anew)
      try { await call(...cancelCall(status)); } finally { button.disabled = false; }
    };
  }

  // the stop of what a 202 waits for: a new game's turn tables (`turns`), else the match (`match`)
  const cancelCall = (status) => status.turns ? ["/api/farkle/turn/cancel", status.turns]
    : ["/api/farkle/match/cancel", status.match];

  async function matchStatus(match) { // GET /api/farkle/match/status: the status, starting nothing
    const q = new URLSearchParams({dice: match.dice.join(","), opponent_dice: match.opponent_dice.join(","),
                                   target: String(match.target)});
    for (const side of ["badges", "computer_badges"]) if (match[side]) q.set(side, match[side].join(","));
    const r = await window.fetchRetry(`/api/farkle/match/status?${q}`);
    const data = await r.json();
    if (!r.ok) throw new holdwise.ApiError(data.detail || `the server answered ${r.status}`);
    return data;
  }

  function meanwhileButton(box) { // while a new match solves: play the coaching table now instead
    let button = $("fk-meanwhile");
    if (!button) {
      button = el("button", {id: "fk-meanwhile", class: "secondary", type: "button",
                             text: _("Play the coaching table meanwhile")});
      box.append(button);
    }
    button.hidden = false;
    button.onclick = () => { S.wantMeanwhile = true; };
    return button;
  }

  // a 202: wait for the match; at a match's start the player may instead play the coaching table ("meanwhile")
  async function waitForMatch(status, offerMeanwhile = false) {
    const box = $("fk-progress");
    box.hidden = false;
    S.wantMeanwhile = false;
    const later = offerMeanwhile ? meanwhileButton(box) : $("fk-meanwhile");
    if (later && !offerMeanwhile) later.hidden = true;
    try {
      for (;;) {
        if (S.wantMeanwhile) return "meanwhile";
        if (status.status === "failed") throw new holdwise.ApiError(status.error || _("the match solve failed"));
        if (status.status === "cancelled" && status.turns) {
          throw Object.assign(new holdwise.ApiError(_("Stopped solving the turn tables of these dice. Start the match again to solve them.")),
          {notice: true});
        }
        if (status.status === "cancelled") {  // the player's choice, not an error: said as a note, not an alert
          const stopped = status.total
            ? _("Stopped solving the race-aware match at score pair {done} of {total}.", {done: fmt(status.done), total: fmt(status.total)})
            : _("Stopped solving the race-aware match.");
          throw Object.assign(new holdwise.ApiError(stopped + " " + _("Start the match again to go on from there, or choose the coaching table for the computer to play at once.")),
          {notice: true});
        }
        if (status.status === "done") return;
        window.leaving(...cancelCall(status)); // the page goes: the solve stops
        stopButton(box, status);
        showProgress(status, box.querySelector(".progress"), $("fk-progress-text"));
        await sleep(400);
        if (status.turns) {  // the turn tables' poll; once stopping, their stop again (it starts nothing)
          status = await call(S.stopping ? "/api/farkle/turn/cancel" : "/api/farkle/turn/prepare", status.turns);
          continue;
        }
        status = S.stopping ? await matchStatus(status.match) : await call("/api/farkle/match/prepare", status.match);
      }
    } finally {
      window.leaving(null);
      box.hidden = true;
      S.stopping = false;
    }
  }

  // ---- setup ----
  function formOptions() {
    const f = $("fk-form");
    const pick = (name) => [...f.querySelectorAll(`select[name="${name}"]`)].map((s) => s.value);
    const target = Number(f.elements.target.value);
    return {target: Number.isFinite(target) ? target : 0, dice: pick("dice"), computer_dice: pick("computer_dice"),
            computer: f.elements.computer.value, first: f.elements.first.value,
            ...(window.holdwiseFarkleBadges ? window.holdwiseFarkleBadges.options() : {})};
  }

  function keepText(dice) {
    const faces = (S.view.roll || []).filter((d) => dice.includes(d.position)).map((d) => d.face);
    return faces.join(" ");
  }

  // the newest lines of the log, shown as the status (busts and hot dice read there)
  function note(lines) {
    if (!lines.length) return;
    const shown = lines.filter((l) => !l.startsWith("game "));
    const text = (shown.length ? shown : lines).map((l) => say(l)).map((l) => l[0].toUpperCase() + l.slice(1))
      .join(". ") + ".";
    const status = $("fk-status");
    status.replaceChildren();
    if (st().phase === "over") {
      status.append(el("strong", {class: st().data.winner === "player" ? "good" : "bad", text: whoseTurn()}), " ");
    }
    status.append(text);
    const bust = lines.find((l) => / bust/.test(l));
    // a throw with the Badge of Might's extra die says so before its faces (seven of them)
    S.lastBust = bust ? lines.filter((l) => / rolls? \d dice( and the extra die)?: /.test(l)).pop() : null;
    if (bust && bust.startsWith("you ")) S.bustUntil = performance.now() + BUST_HOLD;
  }

  // ---- drawing ----
  function render() {
    if (!S.sealed) return;
    const s = st(), d = s.data;
    $("fk-you").textContent = fmt(d.scores.player);
    $("fk-cpu").textContent = fmt(d.scores.computer);
    $("fk-turn-total").textContent = fmt(s.phase === "over" ? 0 : d.turn_total); // the winning turn is in the scores
    $("fk-target").textContent = fmt(s.options.target);
    $("fk-score-player").classList.toggle("fk-active", s.to_move === "player");
    $("fk-score-computer").classList.toggle("fk-active", s.to_move === "computer");
    $("fk-tally").textContent = _("Games won {won}, lost {lost} · your dice: {mine} · computer's dice: {theirs} · the computer plays {how}",
      {won: fmt(s.tally.won), lost: fmt(s.tally.lost), mine: short(S.view.dice.player), theirs: short(S.view.dice.computer),
       how: s.options.computer === "coaching" ? _("coaching") : _("race-aware")}) +
      (S.meanwhile ? " " + _("(meanwhile: the race-aware match to {target} is still solving; start a new match once it is done to play it)",
        {target: fmt(S.meanwhile)}) : "");
    if (!$("fk-status").textContent) $("fk-status").textContent = whoseTurn();
    drawDice(false);
    drawControls();
    drawCoachButtons();
    if (window.holdwiseFarkleBadges) window.holdwiseFarkleBadges.render(S, play, call); // static/farkle_badges.js
    game.drawLog();
    keepFocus();
  }

  // focus never drops to the page: when the control that had it is gone (Start, a hidden button, a die redrawn),
  // it goes to what the player does next (Roll, the first die, Next game)
  function keepFocus() {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && now.offsetParent !== null && !now.disabled) return;
    const s = st();
    const next = s.phase === "over" ? $("fk-next") : s.to_move !== "player" ? null
      : s.phase === "roll" ? $("fk-roll") : $("fk-dice").querySelector(".fk-die[tabindex='0']");
    if (next && next.offsetParent !== null && !next.disabled) next.focus({preventScroll: true});
  }

  function short(names) {
    const out = [];
    for (const n of names) {
      const last = out[out.length - 1];
      if (last && last[0] === n) last[1] += 1; else out.push([n, 1]);
    }
    return out.map(([n, k]) => (k === 1 ? named(n) : `${named(n)}×${k}`)).join(", ");
  }

  function whoseTurn() {
    const s = st();
    if (s.phase === "over") return s.data.winner === "player" ? _("You win the game!") : _("The computer wins the game.");
    return s.to_move === "player" ? _("Your turn.") : _("The computer's turn.");
  }

  function drawDice(computerKeep) {
    const box = $("fk-dice");
    box.replaceChildren();
    const s = st();
    let roll = S.view.roll || [];
    let busted = false;
    if (!roll.length && S.lastBust) { // a bust ends the turn at once: draw the roll that busted from the log
      const faces = S.lastBust.split(": ").pop().split(" ");
      roll = faces.map((f, i) => ({position: i + 1, face: f, die: ""}));
      busted = true;
    }
    const mine = s.to_move === "player" && s.phase === "select" && !S.busy;
    const unlike = new Set(S.view.dice[s.to_move === "computer" ? "computer" : "player"]).size > 1;
    for (const die of roll) {
      const picked = S.picked.has(die.position);
      const label = _("die {n}", {n: die.position}) + (die.die ? " (" + named(die.die) + ")" : "") + ": " +
        (die.face === "J" ? _("joker") : die.face);
      const node = el("div", {class: "die fk-die" + (picked ? " selected" : "") + (busted ? " fk-bust" : "") +
                                     (computerKeep && picked ? " fk-cpu-keep" : ""),
        role: "checkbox", "aria-checked": String(picked), "aria-label": label, "data-position": die.position,
        "data-face": die.face, tabindex: mine ? "0" : "-1", "aria-disabled": String(!mine)});
      node.append(dieSvg(die.face));
      // under a die its name without the word "die" (the tile is narrow); the full name is its title and label
      if (unlike && die.die) {
        node.append(el("small", {class: "fk-die-name", text: named(die.die).replace(/ die$/, ""), title: named(die.die)}));
      }
      if (mine) {
        node.addEventListener("click", () => toggle(die.position));
        node.addEventListener("keydown", (ev) => {
          if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(die.position); }
        });
      }
      box.append(node);
    }
    if (!roll.length && s.phase !== "over") box.append(el("p", {class: "muted fk-empty", text: _("No dice on the table.")}));
  }

  function toggle(position) {
    if (S.picked.has(position)) S.picked.delete(position); else S.picked.add(position);
    render();
    const again = $("fk-dice").querySelector(`[data-position="${position}"]`);
    if (again) again.focus();
  }

  function pickedAction(then) {
    const dice = [...S.picked].sort((a, b) => a - b);
    return S.actions.find((a) => a.type === "keep" && a.then === then && a.dice.length === dice.length &&
                                  a.dice.every((p, i) => p === dice[i])) || null;
  }

  function drawControls() {
    const s = st();
    const mine = s.to_move === "player" && !S.busy;
    $("fk-roll").hidden = !(s.phase === "roll" && s.to_move === "player");
    $("fk-roll").disabled = !mine;
    $("fk-next").hidden = s.phase !== "over";
    $("fk-next").disabled = S.busy;
    const selecting = s.phase === "select" && s.to_move === "player";
    const onRoll = pickedAction("roll"), onBank = pickedAction("bank");
    $("fk-keep-roll").hidden = !selecting;
    $("fk-keep-bank").hidden = !selecting;
    $("fk-keep-roll").disabled = !mine || !onRoll;
    $("fk-keep-bank").disabled = !mine || !onBank;
    const faces = (S.view.roll || []).filter((d) => S.picked.has(d.position)).map((d) => d.face).sort();
    const match = (S.view.keeps || []).find((k) => [...k.keep].sort().join(" ") === faces.join(" "));
    $("fk-selected").textContent = !selecting ? "" : !S.picked.size ? _("Select dice to set aside, or pick one of the choices below.") :
      onBank ? _("Selected {dice}: scores {score}, turn total {total}.",
                 {dice: faces.join(" "), score: fmt(match ? match.score : 0), total: fmt(match ? match.turn_total : 0)}) :
        _("{dice} is not a legal selection: every die set aside must score.", {dice: faces.join(" ")});
    drawKeeps(selecting, mine);
  }

  function drawKeeps(selecting, mine) {
    const box = $("fk-keeps");
    box.replaceChildren();
    if (!selecting) return;
    box.append(el("h3", {text: _("Legal selections")}));
    const list = el("ul", {class: "fk-keep-list"});
    for (const k of S.view.keeps) {
      const left = k.hot_dice ? _("hot dice: six dice again") : ngettext("{n} die left", "{n} dice left", k.dice_left);
      const li = el("li", {class: "fk-keep"});
      li.append(el("span", {class: "fk-keep-what"},
        el("strong", {text: k.keep_text}), " " + _("scores {score} → {total}; {left}", {score: fmt(k.score), total: fmt(k.turn_total), left})));
      const buttons = el("span", {class: "fk-keep-buttons"});
      for (const then of ["roll", "bank"]) {
        if (!k.then.includes(then)) continue;
        const b = el("button", {type: "button", class: then === "bank" ? "fk-bank" : "secondary fk-roll-on",
                                "data-dice": k.dice_kept.join(","), "data-then": then,
                                text: then === "bank" ? _("bank this") : _("keep and roll on")});
        b.disabled = !mine;
        b.addEventListener("click", () => play({type: "keep", dice: k.dice_kept, then}));
        // pointing at a choice previews its dice on the table (the selection itself stays as clicked)
        const preview = (on) => () => {
          for (const d of $("fk-dice").querySelectorAll(".fk-die")) {
            d.classList.toggle("fk-preview", on && k.dice_kept.includes(Number(d.dataset.position)));
          }
        };
        b.addEventListener("mouseenter", preview(true));
        b.addEventListener("focus", preview(true));
        b.addEventListener("mouseleave", preview(false));
        b.addEventListener("blur", preview(false));
        buttons.append(b);
      }
      li.append(buttons);
      list.append(li);
    }
    box.append(list);
  }

  // ---- the coach ----
  async function refreshCoach() {
    const panel = $("fk-coach");
    panel.hidden = !$("fk-coach-toggle").checked || !S.sealed;
    $("fk-play").classList.toggle("fk-coached", !panel.hidden);
    if (panel.hidden) return;
    try {
      if (!S.chart) S.chart = await call("/api/farkle/turn", {dice: S.options.dice});
      drawChart();
      const s = st();
      if (s.phase !== "select" || s.to_move !== "player") {
        $("fk-coach-note").textContent = s.phase === "over" ? _("The game is over: the review below costs each of your decisions.") :
          _("The coach ranks your choices once you have rolled.");
        $("fk-coach-note").classList.remove("warn"); // the last roll's disagreement is no longer in front of you
        $("fk-coach-legend").textContent = "";
        $("fk-coach-table").replaceChildren();
        return;
      }
      let r = await call("/api/farkle/coach", {state: S.sealed});
      const prog = $("fk-coach-progress");
      while (r.race && !["done", "refused", "failed"].includes(r.race.status)) { // the coaching computer's session
        prog.hidden = false;
        showProgress(r.race, prog.querySelector(".progress"), null);
        $("fk-coach-note").textContent = _("Solving the race-aware match for the win chances: ") +
          (r.race.total ? _("score pair {done} of {total}", {done: fmt(r.race.done), total: fmt(r.race.total)})
            : r.race.phase || _("preparing turn tables")) + "...";
        await sleep(500);
        await call("/api/farkle/match/prepare", r.race.match);
        if (st() !== s) return; // the game moved on meanwhile
        r = await call("/api/farkle/coach", {state: S.sealed});
      }
      prog.hidden = true;
      drawCoach(r);
    } catch (err) { fail(err); }
  }

  function drawCoach(r) {
    const c = r.coaching;
    const table = $("fk-coach-table");
    table.replaceChildren();
    if (!c) return;
    const race = c.race_aware;
    let note = say(c.note);
    if (r.race && r.race.status === "refused") note += " " + r.race.error;
    $("fk-coach-note").textContent = note;
    $("fk-coach-note").classList.toggle("warn", !c.agree);
    // what the coach maximizes, said in the match's units: the match is won, so the race-aware coach ranks by the
    // win chance; the coaching table alone maximizes the turn's points, which is not the same thing
    $("fk-coach-legend").textContent = race
      ? _("points: the expected points of this turn, playing on by the coaching table; win: your chance to win the match when both sides play to win (race-aware). The coach maximizes your chance to win the match: best first by win chance.")
      : _("points: the expected points of this turn, playing on by the coaching table. The coaching table maximizes this turn's expected points, not the chance to win the match (choose the race-aware coach for that): best first by points.");
    const head = el("tr", {}, el("th", {text: _("keep")}), el("th", {class: "fk-then", text: _("then")}),
      el("th", {text: _("points"), title: _("expected points of this turn (the coaching table)")}),
      el("th", {class: "fk-loss", text: _("± best")}));
    if (race) {
      head.append(el("th", {text: _("win"), title: _("the chance to win the match (race-aware)")}),
        el("th", {class: "fk-loss", text: _("± best")}));
    }
    head.append(el("th", {class: "fk-play-col", text: _("play")}));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    // an option is the dice it keeps and what then, never its text: two keeps may read alike
    const same = (o, a) => !!a && a.then === o.then && a.dice.join(",") === o.dice_kept.join(",");
    for (const o of c.options) {
      const bestPoints = same(o, c.best_points_action);
      const bestWin = same(o, c.best_win_action);
      const tr = el("tr", {class: (race ? bestWin : bestPoints) ? "best" : ""});
      const go = el("button", {type: "button", class: "fk-coach-play" + (o.then === "bank" ? "" : " secondary"),
                               "aria-label": _("play {option}", {option: say(o.option)}), text: o.then === "bank" ? _("bank") : _("roll")});
      go.addEventListener("click", () => { if (!go.disabled) play(o.action); });
      tr.append(el("td", {class: "fk-keep-faces", text: o.keep_text}),
        el("td", {class: "fk-then", text: (o.then === "bank" ? _("bank") : _("roll on")) + (o.hot_dice ? " " + _("(hot)") : "")}),
        el("td", {class: "num" + (bestPoints ? " good" : ""), text: fmt(Math.round(o.expected_points))}),
        el("td", {class: "num muted fk-loss", text: o.points_loss > 0.05 ? "−" + fmt(Math.round(o.points_loss)) : _("best")}));
      if (race) {
        tr.append(el("td", {class: "num" + (bestWin ? " good" : ""), text: pct(o.win_chance)}),
          el("td", {class: "num muted fk-loss", text: o.win_loss > 5e-5 ? "−" + HoldwiseDom.fixed(100 * o.win_loss, 1) + " " + _("pp") : _("best")}));
      }
      tr.append(el("td", {class: "fk-play-col"}, go));
      body.append(tr);
    }
    table.append(body);
    S.coachFor = S.sealed;
    drawCoachButtons();
  }

  // a coach row plays its option only for the roll it was drawn for, and only while the page waits for the player
  function drawCoachButtons() {
    const s = S.sealed && st();
    const live = !!s && S.coachFor === S.sealed && !S.busy && s.phase === "select" && s.to_move === "player";
    for (const b of $("fk-coach-table").querySelectorAll("button.fk-coach-play")) b.disabled = !live;
  }

  function drawChart() {
    const r = S.chart;
    const table = $("fk-chart");
    if (table.dataset.drawn === r.dice.join(",")) return;
    table.dataset.drawn = r.dice.join(",");
    table.replaceChildren();
    const head = el("tr", {}, el("th", {class: "fk-which", text: r.alike ? _("dice left") : _("dice left (worst case)")}),
      el("th", {text: _("bust")}), el("th", {text: _("bank from")}));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    for (const n of Object.keys(r.bust_chance)) {
      const at = r.bank_threshold[n];
      const first = el("td", {class: "fk-which", text: n});
      if (!r.alike) first.append(el("small", {class: "muted", text: " " + short(r.bank_threshold_dice[n])}));
      const tr = el("tr", {}, first, el("td", {class: "num", text: pct(r.bust_chance[n])}),
        el("td", {class: "num", text: at === null ? _("never") : fmt(at)}));
      body.append(tr);
    }
    table.append(body);
    $("fk-chart-note").textContent = _("A turn with these dice is worth {points} points on average. Bank once the turn total reaches the number for the dice you would roll next (the coaching table: best points for this turn alone, blind to the score).",
      {points: HoldwiseDom.fixed(r.expected_points, 1)});
  }

  // ---- the review ----
  async function loadReview() {
    const count = S.played.length;
    try {
      const r = await call("/api/farkle/review", {state: S.sealed, actions: S.played});
      S.reviewed = count;
      drawReview(r);
    } catch (err) { fail(err); }
  }

  function drawReview(r) {
    const game = st().data.game;
    const rows = r.decisions.filter((d) => d.game === game);
    const lostWin = rows.reduce((a, d) => a + (d.win_loss || 0), 0);
    const lostPts = rows.reduce((a, d) => a + d.points_loss, 0);
    // a cost is against the best the coach ranks first (by win chance when race-aware): following it costs 0
    const costs = (d) => d.loss > (r.race_aware ? 5e-5 : 0.05);
    $("fk-review").hidden = false;
    $("fk-review-summary").textContent = _("Game {game}:", {game}) + " " +
      ngettext("{n} decision, {costly} of them cost against the coach's best:", "{n} decisions, {costly} of them cost against the coach's best:",
               rows.length, {costly: fmt(rows.filter(costs).length)}) + " " +
      (r.race_aware ? _("{pp} percentage points of win chance in all (by the coaching table's points of the turn alone, {points} expected points).",
                        {pp: HoldwiseDom.fixed(100 * lostWin, 1), points: fmt(Math.round(lostPts))})
        : _("{points} expected points in all.", {points: fmt(Math.round(lostPts))})) +
      (r.race_aware ? "" : " " + _("(No win chances: the race-aware match for these dice and target is beyond the solve limit.)"));
    const table = $("fk-review-table");
    table.replaceChildren();
    const head = el("tr", {}, el("th", {text: "#"}), el("th", {text: _("decision")}));
    if (r.race_aware) head.append(el("th", {class: "num", text: _("win chance lost")}));
    head.append(el("th", {class: "num", text: _("points lost")}));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    rows.forEach((d, i) => {
      const what = el("td", {class: "fk-pos"}, el("div", {text: say(d.position)}),
        el("div", {}, el("strong", {text: _("you:") + " "}), say(d.chosen)));
      const better = [];
      // the better move is named when the keep cost something (by value: two keeps of unlike dice may read alike)
      if (r.race_aware && d.win_loss > 5e-5) better.push(_("best to win: {keep}", {keep: say(d.best_win)}));
      if (d.points_loss > 0.05) better.push(_("best for points: {keep}", {keep: say(d.best_points)}));
      if (better.length) what.append(el("div", {class: "muted", text: better.join(" · ")}));
      const tr = el("tr", {class: costs(d) ? "fk-costly" : ""}, el("td", {text: String(i + 1)}), what);
      if (r.race_aware) tr.append(el("td", {class: "num", "data-label": _("win chance lost"),
        text: d.win_loss > 5e-5 ? HoldwiseDom.fixed(100 * d.win_loss, 1) + " " + _("pp") : "0"}));
      tr.append(el("td", {class: "num", "data-label": _("points lost"),
        text: d.points_loss > 0.05 ? fmt(Math.round(d.points_loss)) : "0"}));
      body.append(tr);
    });
    table.append(body);
  }

  // ---- wiring (the form, next game, a new match and the coach toggle are the session's) ----
  $("fk-roll").addEventListener("click", () => play({type: "roll"}));
  // keys, as the other tables have them: 1-6 select a die, R rolls (or keeps the selection and rolls on), B
  // banks the selection, H the coach, N the next game, U undo (the session's); a field keeps its own keys
  document.addEventListener("keydown", (ev) => {
    if (!S.sealed || $("fk-table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest && ev.target.closest("input:not([type=checkbox]):not([type=radio]), select, textarea")) return;
    const k = ev.key.toLowerCase(), s = st();
    const mine = s.to_move === "player" && !S.busy;
    const die = /^[1-6]$/.test(k) && $("fk-dice").querySelector(`.fk-die[data-position="${k}"][tabindex='0']`);
    if (die && mine && s.phase === "select") { ev.preventDefault(); toggle(Number(k)); }
    else if (k === "r" && mine) {
      ev.preventDefault();
      if (s.phase === "roll") $("fk-roll").click(); else if (!$("fk-keep-roll").disabled) $("fk-keep-roll").click();
    } else if (k === "b" && mine && !$("fk-keep-bank").disabled) { ev.preventDefault(); $("fk-keep-bank").click(); }
    else if (k === "h") { ev.preventDefault(); $("fk-coach-toggle").click(); }
    else if (k === "n" && s.phase === "over" && !S.busy) { ev.preventDefault(); $("fk-next").click(); }
  });
  // the match starts from the keyboard at once: Start has the focus while the setup shows (Tab reaches the dice)
  if (!$("fk-setup").hidden) $("fk-start").focus({preventScroll: true});
  $("fk-keep-roll").addEventListener("click", () => { const a = pickedAction("roll"); if (a) play(a); });
  $("fk-keep-bank").addEventListener("click", () => { const a = pickedAction("bank"); if (a) play(a); });
})();
