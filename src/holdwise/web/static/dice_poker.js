/* The dice-poker depth lab: the report follows the form as you type (debounced; the last good report stays
   while a value is invalid), presets, and a hand played on the server's stateless session with a hint. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const config = JSON.parse($("dp-config").textContent);
  const {_, ngettext} = window.HoldwiseDom;
  const LABELS = Object.fromEntries(config.categories);  // in the page's language (the server's words)
  LABELS.nothing = _("nothing");
  const KEYS = config.categories.map((c) => c[0]).concat(["nothing"]);
  const FIELD_INPUT = {dice: "dp-dice", sides: "dp-sides", rerolls: "dp-rerolls", weights: "dp-weights",
                       tie: "dp-tie", exact: "dp-exact", min_chance_gap_pp: "dp-min-chance",
                       min_rule_gap_pp: "dp-min-rule"};
  const DIFF_ROWS = 20, DIFF_ALL_MAX = 3000, HINT_ROWS = 5;
  const payoutInputs = Array.from(document.querySelectorAll("input[name=payout]"));

  const fmt = (v, d = 4) => (v === null || v === undefined ? "–" : HoldwiseDom.fixed(v, d));
  const pct = (v, d = 1) => (v === null || v === undefined ? "–" : HoldwiseDom.percent(v, d));
  const keepText = (k) => (k.length ? k.join(" ") : _("nothing"));
  const el = window.HoldwiseDom.el;

  async function post(path, body, signal) {
    const r = await window.fetchRetry(path, {method: "POST", headers: {"content-type": "application/json"},
                                 body: JSON.stringify(body), signal});
    let data = null;
    try { data = await r.json(); } catch (e) { data = {detail: `the server answered ${r.status}`}; }
    if (!r.ok) {
      const err = new Error((data && data.detail) || `the server answered ${r.status}`);
      err.field = data && data.field;
      throw err;
    }
    return data;
  }

  /* ---- the form ---- */
  let presetName = config.presets.length ? config.presets[0].name : null;
  let presetPayouts = config.presets.length ? config.presets[0].payouts.join(",") : "";

  function wholeOrText(text) {
    const t = text.trim();
    return /^-?\d{1,12}$/.test(t) ? Number(t) : t;
  }
  function number(text) {
    const t = text.trim();
    return /^-?\d+(\.\d+)?$/.test(t) && t.length < 20 ? Number(t) : t;
  }
  function gameOptions() {
    const weights = $("dp-weights").value.trim();
    return {
      dice: wholeOrText($("dp-dice").value), sides: wholeOrText($("dp-sides").value),
      rerolls: wholeOrText($("dp-rerolls").value),
      weights: weights ? weights.split(/[\s,]+/).filter(Boolean).map(wholeOrText) : null,
    };
  }
  function tableOptions() {
    const payouts = payoutInputs.map((i) => i.value.trim());
    const same = presetName !== null && payouts.join(",") === presetPayouts;
    return same ? {payouts, name: presetName} : {payouts};
  }
  function reportBody() {
    return Object.assign(tableOptions(), gameOptions(), {
      tie: $("dp-tie").value, exact: $("dp-exact").checked,
      min_chance_gap_pp: number($("dp-min-chance").value), min_rule_gap_pp: number($("dp-min-rule").value),
    });
  }

  // the input a refused field names: one payout ("payouts.3"), or the first payout for the whole list
  function inputOf(field) {
    if (!field) return null;
    const m = /^payouts(?:\.(\d+))?/.exec(field);
    if (m) return payoutInputs[m[1] !== undefined ? Number(m[1]) : 0] || null;
    const id = FIELD_INPUT[field.split(".")[0]];
    return id ? $(id) : null;
  }

  // the one-line error goes right under the row of the field it names (the field alone is marked, and focused
  // unless you are typing in another field); with no field, under the form
  function showError(message, field, near) {
    const box = $("dp-error");
    document.querySelectorAll("#dp-form [aria-invalid]").forEach((e) => {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    });
    box.textContent = message || "";
    const input = message ? inputOf(field) : null;
    const anchor = near || (input && input.closest(".dp-payouts, .row")) || $("dp-form");
    if (anchor.nextElementSibling !== box) anchor.after(box);
    if (!input) return;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "dp-error");
    const typing = document.activeElement;
    const elsewhere = typing && typing !== input && typing.matches("#dp-form input, #dp-form select");
    if (!elsewhere) input.focus({preventScroll: true});
  }

  /* ---- the report ---- */
  let seq = 0, controller = null, timer = null, lastReport = null, busyTimer = null;

  function schedule(delay = 150) {
    clearTimeout(timer);
    timer = setTimeout(update, delay);
  }

  // what is plainly not a payout or a weight is said here, in the server's words, without asking it: a refused
  // request would leave a red "422" line in the browser's console (review 2, defect 10); the rest the server reads
  function plainlyBad() {
    for (const [i, input] of payoutInputs.entries()) {
      const t = input.value.trim(), name = LABELS[input.id.replace(/^dp-pay-/, "")] || input.id;
      if (/^-\d+(\.\d+)?$/.test(t)) {
        return [`payouts: payout for ${name} is negative: '${t}' (payouts are 0 to 1e12)`, `payouts.${i}`];
      }
      if (t && !/^[\d.\/eE+-]+$/.test(t)) return [`payouts: payout for ${name} is not a number 0 to 1e12: '${t}'`,
                                                   `payouts.${i}`];
    }
    const weights = $("dp-weights").value.trim();
    const items = weights ? weights.split(/[\s,]+/).filter(Boolean) : [];
    for (const [i, w] of items.entries()) {
      if (/^-\d+$/.test(w)) return [`weights, item ${i + 1}: must be at least 0`, `weights.${i}`];
      if (!/^\d+$/.test(w)) return [`weights, item ${i + 1}: must be a whole number`, `weights.${i}`];
    }
    return null;
  }

  async function update() {
    const bad = plainlyBad();
    if (bad) {
      ++seq;
      if (controller) controller.abort();
      showError(...bad);
      if (lastReport) $("dp-report").classList.add("stale");
      return;
    }
    const mine = ++seq;
    if (controller) controller.abort();
    controller = new AbortController();
    const section = $("dp-report");
    section.setAttribute("aria-busy", "true");
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { $("dp-progress").hidden = false; }, 250);
    try {
      const body = reportBody();
      const r = await post("/api/dice-poker/report", body, controller.signal);
      if (mine !== seq) return;
      section.dataset.request = JSON.stringify(body);  // what the report shown answers (tests wait on it)
      showError("");
      section.classList.remove("stale");
      lastReport = r;
      render(r);
    } catch (err) {
      if (err.name === "AbortError" || mine !== seq) return;
      showError(err.message, err.field);
      if (lastReport) section.classList.add("stale");
    } finally {
      if (mine === seq) {
        clearTimeout(busyTimer);
        $("dp-progress").hidden = true;
        section.setAttribute("aria-busy", "false");
      }
    }
  }

  function render(r) {
    $("dp-report-name").textContent = _("table {name}", {name: r.rules});
    $("dp-optimal").textContent = fmt(r.optimal);
    $("dp-optimal-exact").textContent = r.optimal_exact ? "= " + r.optimal_exact : _("per unit bet");
    $("dp-rule").textContent = fmt(r.rule);
    $("dp-rule-share").textContent = _("{share} of the optimum", {share: pct(r.rule_share)}) + (r.rule_exact ? ` (${r.rule_exact})` : "");
    $("dp-none").textContent = fmt(r.none);
    $("dp-none-share").textContent = _("{share} of the optimum", {share: pct(r.none_share)}) + (r.none_exact ? ` (${r.none_exact})` : "");
    $("dp-deep").textContent = r.criterion_met ? _("yes") : _("no");
    $("dp-deep").className = r.criterion_met ? "good" : "bad";
    $("dp-criterion").textContent = _("needs ≥ {chance} pp above chance and ≥ {rule} pp above the rule",
      {chance: HoldwiseDom.num(r.criterion.min_chance_gap_pp), rule: HoldwiseDom.num(r.criterion.min_rule_gap_pp)});
    $("dp-chance-gap").textContent = fmt(r.chance_gap_pp, 1);
    $("dp-rule-gap").textContent = fmt(r.gap_pp, 1);
    $("dp-chance-limit").textContent = HoldwiseDom.num(r.criterion.min_chance_gap_pp);
    $("dp-rule-limit").textContent = HoldwiseDom.num(r.criterion.min_rule_gap_pp);
    $("dp-chance-gap").className = "num " + (r.chance_gap_pp !== null && r.chance_gap_pp >= r.criterion.min_chance_gap_pp ? "good" : "bad");
    $("dp-rule-gap").className = "num " + (r.gap_pp !== null && r.gap_pp >= r.criterion.min_rule_gap_pp ? "good" : "bad");
    $("dp-chart").innerHTML = chart(r);
    renderDiff(r, DIFF_ROWS);
    renderFrequencies(r);
  }

  // one small plot per gap, each on its own scale against its own limit (a 3.2 against 5 must read as such,
  // not as a sliver beside a 60); every label sits outside the plot, so no limit line can cross one
  function chart(r) {
    const W = 340, H = 200, top = 12, bottom = 44, gap = 16, left = 30;
    const panels = [["above chance", r.chance_gap_pp, r.criterion.min_chance_gap_pp, "#0072B2", "6 4"],
                    ["above the rule", r.gap_pp, r.criterion.min_rule_gap_pp, "#E69F00", "2 3"]];
    const said = {"above chance": _("above chance"), "above the rule": _("above the rule")};
    const PP = _("pp"), LIMIT = _("limit");  // (a call inside a template string is not found by the extraction)
    const pw = (W - 2 * left - gap) / 2;
    let s = `<svg viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" class="dp-svg">`;
    panels.forEach(([label, v, limit, colour, dash], i) => {
      const x0 = left + i * (pw + left + gap), val = v === null ? 0 : v;
      const hi = Math.max(1, val, limit) * 1.2, lo = Math.min(0, val) * 1.2;
      const y = (t) => top + (hi - t) / (hi - lo) * (H - top - bottom);
      const bw = pw * 0.45, bx = x0 + (pw - bw) / 2;
      s += `<g class="dp-panel" data-gap="${label}">`;
      s += `<line x1="${x0}" x2="${x0 + pw}" y1="${y(0)}" y2="${y(0)}" stroke="#5b6475"/>`;
      for (const t of [0, limit]) {
        s += `<text x="${x0 - 4}" y="${y(t) + 4}" text-anchor="end" font-size="10" fill="#5b6475">${t}</text>`;
      }
      const y0 = y(Math.max(0, val)), h = Math.abs(y(val) - y(0));
      s += `<rect x="${bx}" y="${y0}" width="${bw}" height="${Math.max(h, 0.5)}" fill="${colour}"><title>${said[label]}: ` +
           `${fmt(v, 1)} ${PP} (${LIMIT} ${HoldwiseDom.num(limit)})</title></rect>`;
      s += `<line class="dp-limit" x1="${x0}" x2="${x0 + pw}" y1="${y(limit)}" y2="${y(limit)}" stroke="#333" ` +
           `stroke-width="1.3" stroke-dasharray="${dash}"/>`;
      s += `<text x="${x0 + pw / 2}" y="${H - 26}" text-anchor="middle" font-size="11" fill="#1d2330">${said[label]}</text>`;
      s += `<text x="${x0 + pw / 2}" y="${H - 10}" text-anchor="middle" font-size="11" fill="#1d2330">` +
           `<tspan font-weight="700" class="dp-bar-value">${fmt(v, 1)}</tspan> ${PP} · ${LIMIT} ` +
           `${HoldwiseDom.num(limit)}</text>`;
      s += "</g>";
    });
    return s + "</svg>";
  }

  function renderDiff(r, limit) {
    const d = r.diff;
    $("dp-diff-summary").textContent = ngettext(
      "{n} hand, {share} of first rolls, where the rule's first keep is worse than the optimum's",
      "{n} hands, {share} of first rolls, where the rule's first keep is worse than the optimum's",
      d.hands, {share: pct(d.chance)}) +
      (d.ties === null ? "." : ngettext("; in {n} more the rule's keep ties with another best keep.",
                                        "; in {n} more the rule's keep ties with another best keep.", d.ties));
    const body = $("dp-diff").tBodies[0];
    body.textContent = "";
    const rows = d.rows.slice(0, limit);
    for (const row of rows) {
      body.append(el("tr", {}, el("td", {text: row.hand.join(" ")}), el("td", {text: pct(row.chance, 2)}),
        el("td", {text: keepText(row.optimal_keep)}), el("td", {text: fmt(row.optimal_value)}),
        el("td", {text: keepText(row.rule_keep)}), el("td", {text: fmt(row.rule_value)}),
        el("td", {text: fmt(row.optimal_value - row.rule_value)})));
    }
    $("dp-diff").hidden = rows.length === 0;
    const more = d.rows.length - rows.length;
    const button = $("dp-diff-all");
    button.hidden = more <= 0;
    button.textContent = d.rows.length > DIFF_ALL_MAX
      ? _("Show the first {first} hands (of {all})", {first: HoldwiseDom.num(DIFF_ALL_MAX), all: HoldwiseDom.num(d.rows.length)})
      : _("Show every hand ({more} more)", {more: HoldwiseDom.num(more)});
  }

  function renderFrequencies(r) {
    const body = $("dp-freq").tBodies[0];
    body.textContent = "";
    for (const key of KEYS) {
      body.append(el("tr", {"data-key": key}, el("td", {text: LABELS[key]}), el("td", {text: pct(r.chances.optimal[key], 2)}),
        el("td", {text: pct(r.chances.rule[key], 2)}), el("td", {text: pct(r.chances.none[key], 2)}),
        el("td", {text: `${r.first_roll_outcomes[key].toLocaleString(HoldwiseDom.locale)} / ${r.outcomes.toLocaleString(HoldwiseDom.locale)}`})));
    }
  }

  /* ---- presets ---- */
  function usePreset(name, payouts) {
    payoutInputs.forEach((input, i) => { input.value = payouts[i]; });
    presetName = name;
    presetPayouts = payouts.join(",");
    document.querySelectorAll(".dp-preset").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.name === name)));
    schedule(0);
  }
  function presetButton(name, payouts) {
    const old = Array.from(document.querySelectorAll(".dp-preset")).find((b) => b.dataset.name === name);
    const b = old || el("button", {type: "button", class: "secondary dp-preset", "data-name": name, text: name});
    b.dataset.payouts = payouts.join(",");
    if (!old) $("dp-presets").append(b);
    return b;
  }
  $("dp-presets").addEventListener("click", (e) => {
    const b = e.target.closest(".dp-preset");
    if (b) usePreset(b.dataset.name, b.dataset.payouts.split(","));
  });
  $("dp-add-presets").addEventListener("click", async () => {
    try {
      const r = await post("/api/dice-poker/tables", {text: $("dp-toml").value});
      r.tables.forEach((t) => presetButton(t.name, t.payouts));
      showError("");
      if (r.tables.length) usePreset(r.tables[0].name, r.tables[0].payouts);
    } catch (err) {
      showError(err.message, null, $("dp-add-presets"));
    }
  });
  $("dp-diff-all").addEventListener("click", () => {
    if (lastReport) renderDiff(lastReport, DIFF_ALL_MAX);
    $("dp-diff-all").hidden = true;
  });
  function markPreset() {
    const same = payoutInputs.map((i) => i.value.trim()).join(",") === presetPayouts;
    document.querySelectorAll(".dp-preset").forEach((b) => b.setAttribute("aria-pressed", String(same && b.dataset.name === presetName)));
  }
  $("dp-form").addEventListener("input", () => { markPreset(); schedule(); });
  $("dp-form").addEventListener("change", () => schedule());

  /* ---- play ---- */
  let sealed = null;
  const PIPS = {1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
                4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
                6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]]};
  function dieSvg(face, sides) {
    let s = `<svg viewBox="0 0 100 100" aria-hidden="true"><rect class="body" x="5" y="5" width="90" height="90" rx="16" fill="#fff" stroke="#1d2330" stroke-width="4"/>`;
    if (sides <= 6 && PIPS[face]) {
      for (const [cx, cy] of PIPS[face]) s += `<circle cx="${cx}" cy="${cy}" r="9" fill="#1d2330"/>`;
    } else {
      s += `<text x="50" y="64" text-anchor="middle" font-size="42" font-weight="700" fill="#1d2330">${face}</text>`;
    }
    return s + "</svg>";
  }

  function selectedKeep() {
    return Array.from(document.querySelectorAll("#dp-dice-row .die.selected")).map((d) => Number(d.dataset.face)).sort((a, b) => a - b);
  }
  function toggle(die) {
    if (die.getAttribute("aria-disabled") === "true") return;
    die.classList.toggle("selected");
    die.setAttribute("aria-checked", String(die.classList.contains("selected")));
    updateKeepButton();
  }
  function updateKeepButton() {
    const keep = selectedKeep();
    $("dp-reroll").textContent = keep.length ? `Keep ${keep.join(" ")}, re-roll the rest` : "Re-roll every die";
  }

  // `kept`: the answer is to a keep of this hand, so the last decision is that keep (the session keeps earlier
  // hands' costly decisions for its review: after Deal or Next the last one belongs to another hand)
  function showState(answer, kept) {
    sealed = answer.state;
    const s = sealed.state, data = s.data, over = s.phase === "over";
    $("dp-hand").hidden = false;
    $("dp-hint-box").hidden = true;
    $("dp-hint-table").tBodies[0].textContent = "";  // the last hand's keeps are never shown again
    const row = $("dp-dice-row");
    row.textContent = "";
    data.hand.forEach((face, i) => {
      const die = el("div", {class: "die", role: "checkbox", tabindex: over ? "-1" : "0", "aria-checked": "false",
                             "data-face": String(face), "aria-label": `die ${i + 1}: ${face}`});
      die.innerHTML = dieSvg(face, s.options.sides);
      if (over) { die.setAttribute("aria-disabled", "true"); die.classList.add("kept"); }
      die.addEventListener("click", () => toggle(die));
      die.addEventListener("keydown", (e) => {
        if (e.key === " " || e.key === "Enter") { e.preventDefault(); toggle(die); }
      });
      row.append(die);
    });
    const last = kept && s.decisions.length ? s.decisions[s.decisions.length - 1] : null;
    let status;
    if (over) {
      status = `Hand ${data.hand_number}: ${LABELS[data.category] || data.category} pays ${data.payout} × ${s.options.bet} = ${data.paid}.`;
    } else {
      status = `Hand ${data.hand_number}, table ${s.options.rules}: ${data.rolls_left} re-roll${data.rolls_left === 1 ? "" : "s"} left. Select the dice to keep.`;
    }
    if (last && last.loss > 1e-9) status += ` Your keep ${last.chosen} cost ${fmt(last.loss)} against ${last.best}.`;
    else if (last) status += ` Your keep ${last.chosen} was the best.`;
    $("dp-status").textContent = status;
    ["dp-reroll", "dp-stand", "dp-hint"].forEach((id) => { $(id).hidden = over; });
    $("dp-next").hidden = !over;
    const t = s.tally;
    $("dp-tally").textContent = `hands ${t.hands} · staked ${t.staked} · won ${t.won} · balance ${t.balance > 0 ? "+" : ""}${t.balance}`;
    $("dp-tally").dataset.balance = String(t.balance);
    // the log runs across hands (docs/web.md): the session's log is the hand's, so the page keeps the earlier
    // hands' lines and puts this hand's after them (a keep taken back takes its lines with it)
    if (data.hand_number !== played.hand) { played.start = played.lines.length; played.hand = data.hand_number; }
    played.lines = played.lines.slice(0, played.start).concat(s.log);
    const drop = Math.max(0, played.lines.length - LOG_LINES);
    played.lines = played.lines.slice(drop);
    played.start = Math.max(0, played.start - drop);
    played.first += drop;
    const log = $("dp-log");
    log.textContent = "";
    log.start = played.first;
    played.lines.forEach((line) => log.append(el("li", {text: line})));
    log.scrollTop = log.scrollHeight;
    updateKeepButton();
    $("dp-undo").disabled = !undo.length;
    (over ? $("dp-next") : row.querySelector(".die")).focus({preventScroll: true});
  }

  // a hint answers one position: while a move is on its way, its rows cannot be played
  // Undo (a practice table): the answers before each keep of this hand; a keep taken back is not in the
  // session's decisions any more, so its cost leaves the review and the tally too
  let shown = null, undo = [];
  const LOG_LINES = 200, played = {lines: [], start: 0, hand: null, first: 1};
  async function play(path, body) {
    $("dp-hint-table").querySelectorAll("button").forEach((b) => { b.disabled = true; });
    try {
      const answer = await post(path, body);
      $("dp-play-error").textContent = "";
      const keep = body.action !== undefined && body.action.type === "keep";
      undo = keep ? [...undo, shown] : [];
      shown = answer;
      showState(answer, keep);
    } catch (err) {
      $("dp-play-error").textContent = err.message;
    }
  }
  const keepAction = (keep) => ({type: "keep", keep});
  $("dp-deal").addEventListener("click", () => {
    Object.assign(played, {lines: [], start: 0, hand: null, first: 1});  // a new session: a new log
    const table = tableOptions();
    const options = Object.assign({payouts: table.payouts, bet: 1}, gameOptions());
    if (table.name) options.rules = table.name;
    const seedText = $("dp-seed").value.trim();
    const seed = seedText === "" ? Math.floor(Math.random() * 2 ** 31) : wholeOrText(seedText);
    play("/api/dice-poker/new", {options, seed});
  });
  $("dp-reroll").addEventListener("click", () => play("/api/dice-poker/step", {state: sealed, action: keepAction(selectedKeep())}));
  $("dp-stand").addEventListener("click", () => play("/api/dice-poker/step", {state: sealed, action: keepAction(sealed.state.data.hand.slice())}));
  $("dp-next").addEventListener("click", () => play("/api/dice-poker/step", {state: sealed, action: {type: "next"}}));
  $("dp-undo").addEventListener("click", () => {
    if (!undo.length) return;
    shown = undo.pop();
    showState(shown, false);
    $("dp-status").textContent += " Your last keep is taken back: choose again.";
  });
  $("dp-hint").addEventListener("click", async () => {
    try {
      // the generic hint of the hand in play (the same question as the CLI's hint), valued at the session's bet
      const asked = sealed, s = sealed.state, o = s.options;
      const question = {hand: s.data.hand, rolls_left: s.data.rolls_left, payouts: o.payouts, name: o.rules,
                        dice: o.dice, sides: o.sides, weights: o.weights};
      const h = await post("/api/dice-poker/hint", question);
      if (sealed !== asked) return;  // the hand moved on meanwhile: this advice is for another position
      const bet = Number(o.bet);
      const body = $("dp-hint-table").tBodies[0];
      body.textContent = "";
      h.options.forEach((o, i) => {
        const b = el("button", {type: "button", class: "secondary dp-play-keep", text: "play"});
        b.addEventListener("click", () => {
          if (sealed === asked) play("/api/dice-poker/step", {state: sealed, action: keepAction(o.keep)});
        });
        const tr = el("tr", {class: i === 0 ? "best" : "", "data-keep": o.keep.join(" ")}, el("td", {text: o.option}),
          el("td", {text: fmt(o.value * bet)}), el("td", {text: fmt(o.loss * bet)}), el("td", {}, b));
        tr.hidden = i >= HINT_ROWS;
        body.append(tr);
      });
      const all = $("dp-hint-all"), more = h.options.length - HINT_ROWS;
      all.hidden = more <= 0;
      all.setAttribute("aria-expanded", "false");
      all.textContent = `Show all ${h.options.length} keeps`;
      $("dp-hint-box").hidden = false;
      $("dp-play-error").textContent = "";
    } catch (err) {
      $("dp-play-error").textContent = err.message;
    }
  });

  $("dp-hint-all").addEventListener("click", () => {
    const open = $("dp-hint-all").getAttribute("aria-expanded") !== "true";
    const rows = Array.from($("dp-hint-table").tBodies[0].rows);
    rows.forEach((tr, i) => { tr.hidden = !open && i >= HINT_ROWS; });
    $("dp-hint-all").setAttribute("aria-expanded", String(open));
    $("dp-hint-all").textContent = open ? `Show the best ${HINT_ROWS} only` : `Show all ${rows.length} keeps`;
  });

  const first = document.querySelector(".dp-preset");
  if (first) first.setAttribute("aria-pressed", "true");
  update();
})();
