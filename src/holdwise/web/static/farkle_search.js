/* The Farkle inventory search ("Which dice should I bring?"): how many of each die you own -> every set of six
   they allow, ranked exactly, through POST /api/farkle/search (holdwise farkle search --json). Before Start
   /plan tells the sets and the time; while it runs the best sets so far stream in with the progress; Stop asks
   /cancel, whose answer is the best found so far (complete false), shown as such, not as an error. */
"use strict";

(function () {
  const {sleep, fmt, el, fetchJson} = holdwise;
  const {_, ngettext} = window.HoldwiseDom;  // the page's language (its JSON catalogue)
  const $ = (id) => document.getElementById(id);
  const pct = (p) => HoldwiseDom.percent(p, 1);  // in the page's language
  const falling = window.HoldwiseDom.fallingClock();  // the search's time left, only falling
  const points = (x) => x.toLocaleString(HoldwiseDom.locale, {minimumFractionDigits: 2, maximumFractionDigits: 2});
  const form = $("fk-search-form");
  const inputs = [...form.querySelectorAll('input[name="search_owned"]')];
  let asked = 0; // the newest run: an older one's polling ends when Start or Stop is pressed again
  let planned = 0; // the newest plan asked for
  // read by the browser tests: busy while a search runs; answer: the last final answer; polls: 202s seen
  const state = window.holdwiseSearch = {busy: false, answer: null, polls: 0, running: null};

  const NAMES = Object.fromEntries(JSON.parse($("fk-dice-data").textContent).dice.map((d) => [d.id, d.name]));

  // 'Ordinary die ×3, Lucky die, Odd die ×2': a set by the dice's names in the game, like dice folded
  function diceText(dice) {
    const counts = new Map();
    for (const d of dice) counts.set(d, (counts.get(d) || 0) + 1);
    return [...counts].map(([d, n]) => (n > 1 ? `${NAMES[d] || d} ×${n}` : NAMES[d] || d)).join(", ");
  }

  function duration(s) {
    if (s < 1) return _("under a second");
    if (s < 90) return `${Math.round(s)} s`;
    if (s < 5400) return `${Math.round(s / 60)} min`;
    return `${HoldwiseDom.fixed(s / 3600, 1)} h`;
  }

  function body() {
    const owned = {};
    for (const input of inputs) {
      if (input.disabled) continue;
      const n = Number(input.value);
      if (input.value.trim() !== "" && n !== 0) owned[input.dataset.die] = Number.isInteger(n) ? n : -1;
    }
    const out = {owned, top: Number(form.elements.search_top.value) || 0};
    const need = form.elements.search_need.value.trim();
    if (need !== "") out.need = Number.isInteger(Number(need)) ? Number(need) : 0;
    if (form.elements.search_race.checked) {
      out.opponent_dice = [...form.querySelectorAll('select[name="search_opponent"]')].map((s) => s.value);
      out.target = Number(form.elements.search_target.value) || 0;
      out.race_top = Number(form.elements.search_race_top.value) || 0;
    }
    return out;
  }

  function draw(rows, raced, b) {
    const table = $("fk-search-table");
    const head = el("tr", {}, el("th", {text: "#"}), el("th", {class: "fk-chooser-dice", text: _("dice")}),
                    el("th", {text: b.need ? _("points to need") : _("points")}));
    if (raced) head.append(el("th", {text: _("win"), title: _("average of moving first and second")}));
    head.append(el("th", {text: ""}));
    const body = rows.map((row, i) => {
      const use = el("button", {type: "button", class: "secondary", text: _("use these dice"),
                                "aria-label": _("use these dice: {dice}", {dice: diceText(row.dice)})});
      use.addEventListener("click", () => useDice(row.dice));
      const tr = el("tr", {}, el("td", {text: String(i + 1)}),
                    el("td", {class: "fk-chooser-dice", text: diceText(row.dice)}),
                    el("td", {class: "num", text: points(row.expected_points)}));
      if (raced) {
        tr.append(row.win_average == null ? el("td", {class: "num", text: ""})
          : el("td", {class: "num"}, el("strong", {text: pct(row.win_average)}),
               el("small", {text: _("1st {share}", {share: pct(row.win_first)})}), el("small", {text: _("2nd {share}", {share: pct(row.win_second)})})));
      }
      tr.append(el("td", {}, use));
      return tr;
    });
    table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...body));
  }

  function useDice(dice) {
    $("fk-form").querySelectorAll('select[name="dice"]').forEach((s, i) => { s.value = dice[i]; });
    $("fk-search-note").textContent = _("Your six dice for the next match: {dice}", {dice: diceText(dice)}) + ". " + _("Start the match above.");
    $("fk-start").focus();
  }

  function summary(result) {
    const by = result.need == null ? _("expected points per turn")
      : _("a turn played to the {need} points still needed (expected min(banked, {need}))", {need: fmt(result.need)});
    let text;
    if (result.complete) {
      text = _("The best {count} of {sets} sets by {by}, exact; every other set is proven at most {bound}. {solved} solved exactly, the rest ruled out by a proven bound, in {time}.",
        {count: fmt(result.loadouts.length), sets: fmt(result.sets), by, bound: HoldwiseDom.fixed(result.threshold, 2),
         solved: fmt(result.solved), time: duration(result.seconds)});
    } else {
      text = _("Stopped after {examined} of {sets} sets: the best found so far by {by} (each value exact; the ranking is not proven, sets were left unexamined).",
        {examined: fmt(result.examined), sets: fmt(result.sets), by});
    }
    if (result.loadouts.some((r) => r.win_average != null)) {
      text += " " + _("Win: the average of moving first and second in a match to {target} against {dice}, both playing to win (for the leaders).",
        {target: fmt(result.target), dice: diceText(result.opponent_dice)});
    }
    if (result.left_out.length) text += " " + _("Left out (every face scores alone): {dice}.", {dice: diceText(result.left_out)});
    return text;
  }

  function progress(status) {
    const box = $("fk-search-progress");
    box.hidden = false;
    const bar = box.querySelector(".progress");
    const share = status.total ? Math.min(1, status.done / status.total) : 0;
    bar.querySelector("span").style.width = (100 * share).toFixed(1) + "%";
    bar.setAttribute("aria-valuenow", String(Math.round(100 * share)));
    bar.classList.toggle("fk-busy", !status.total);
    const shown = falling(status.seconds_left);
    const left = shown == null ? "" : _("; about {time} left", {time: duration(shown)});
    $("fk-search-progress-text").textContent = _("Searching {sets} sets: ", {sets: fmt(status.sets)}) + status.phase + left;
  }

  // the plan before Start: how many sets and about how long, or why not
  async function plan() {
    const mine = ++planned;
    await sleep(200);
    if (mine !== planned || state.busy) return;
    const out = $("fk-search-plan");
    let r, data;
    try {
      [r, data] = await fetchJson("/api/farkle/search/plan", body());
    } catch (err) {
      if (mine === planned) out.textContent = _("could not ask the server: {error}", {error: err});
      return;
    }
    if (mine !== planned || state.busy) return;
    out.classList.toggle("bad", !r.ok || !data.within_limit);
    $("fk-search-go").disabled = !r.ok || !data.within_limit;
    if (!r.ok) { out.textContent = data.detail || _("the server answered {status}", {status: r.status}); return; }
    out.textContent = ngettext("{n} set of six; about {time} to search here.", "{n} sets of six; about {time} to search here.",
                               data.sets, {time: duration(data.estimate_seconds)});
    if (!data.within_limit) {
      out.textContent += " " + _("That is beyond this site's {time}: own fewer kinds, or run 'holdwise farkle search' on your computer.",
        {time: duration(data.max_seconds)});
    }
    if (data.left_out.length) out.textContent += " " + _("Left out (never bust): {dice}.", {dice: diceText(data.left_out)});
  }

  function finish(result, b) {
    $("fk-search-progress").hidden = true;
    const note = $("fk-search-note");
    note.classList.remove("bad");
    draw(result.loadouts, result.loadouts.some((r) => r.win_average != null), b);
    note.textContent = summary(result);
    note.classList.toggle("fk-partial", !result.complete);
    state.answer = result;
  }

  function failed(r, data) {
    $("fk-search-progress").hidden = true;
    const note = $("fk-search-note");
    note.textContent = data.detail || _("the server answered {status}", {status: r.status});
    note.classList.add("bad");
    state.answer = {status: r.status, ...data};
  }

  function running(on) {
    state.busy = on;
    // the page goes while the search runs: it stops (the beacon of retry.js)
    window.leaving(on ? "/api/farkle/search/cancel" : null, state.running);
    $("fk-search-go").disabled = on;
    $("fk-search-stop").disabled = !on;
  }

  async function start() {
    const mine = ++asked;
    const b = body();
    state.running = b;
    Object.assign(state, {answer: null, polls: 0});
    running(true);
    const note = $("fk-search-note");
    note.textContent = "Starting...";
    note.classList.remove("bad", "fk-partial");
    $("fk-search-table").replaceChildren();
    try {
      for (;;) {
        const [r, data] = await fetchJson("/api/farkle/search", b);
        if (mine !== asked) return;
        if (r.status === 202) {
          state.polls += 1;
          progress(data);
          if (data.best_so_far.length) {
            draw(data.best_so_far, false, b);
            note.textContent = _("The best sets so far (each exact; the search goes on).");
          }
          await sleep(400);
          if (mine !== asked) return;
          continue;
        }
        if (r.ok) finish(data, b); else failed(r, data);
        running(false);
        return;
      }
    } catch (err) {
      if (mine === asked) { note.textContent = _("something went wrong: {error}", {error: err}); running(false); }
    }
  }

  async function stop() {
    const mine = ++asked; // the polling ends: asking /search again would start the stopped search afresh
    const b = state.running;
    $("fk-search-stop").disabled = true;
    $("fk-search-progress-text").textContent = _("Stopping at the end of this chunk...");
    try {
      for (;;) {
        const [r, data] = await fetchJson("/api/farkle/search/cancel", b);
        if (mine !== asked) return;
        if (r.status === 202) { await sleep(400); continue; }
        if (r.ok) finish(data, b); else failed(r, data);
        break;
      }
    } catch (err) {
      if (mine === asked) $("fk-search-note").textContent = _("something went wrong: {error}", {error: err});
    }
    if (mine === asked) running(false);
  }

  $("fk-search-all").addEventListener("click", () => {
    inputs.forEach((i) => { if (!i.disabled) i.value = "6"; });
    plan();
  });
  $("fk-search-clear").addEventListener("click", () => {
    inputs.forEach((i) => { if (!i.disabled) i.value = "0"; });
    plan();
  });
  form.elements.search_race.addEventListener("change", () => {
    const box = $("fk-search-opponent");
    box.hidden = box.disabled = !form.elements.search_race.checked;
    plan();
  });
  form.addEventListener("input", plan);
  form.addEventListener("submit", (ev) => { ev.preventDefault(); start(); });
  $("fk-search-stop").addEventListener("click", stop);
  $("fk-search").addEventListener("toggle", () => { if ($("fk-search").open && !state.busy) plan(); });
})();
