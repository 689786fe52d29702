/* The Farkle loadout chooser ("Which dice should I bring?"): ranks the six-dice choices of the dice you own
   through POST /api/farkle/loadouts (holdwise farkle loadout --json). A new set's turns, and against an opponent
   the win chances, are jobs in the server's line of heavy solves: 202 with the job's progress, asked again (the
   ask keeps the job wanted) until done; the expected-points ranking shows as soon as it is known. Stop, a
   newer question or leaving the page cancels the job (/api/farkle/loadouts/cancel). */
"use strict";

(function () {
  const {sleep, fmt, el, fetchJson} = holdwise;
  const {_, ngettext} = window.HoldwiseDom;  // the page's language (its JSON catalogue)
  const $ = (id) => document.getElementById(id);
  const pct = (p) => HoldwiseDom.percent(p, 1);  // in the page's language
  const falling = window.HoldwiseDom.fallingClock();  // the ranking's time left, only falling
  const form = $("fk-chooser-form");
  let asked = 0; // the newest request: an older one's polling stops when a newer one starts
  let waiting = null; // the body (as sent) of the job the page waits for; null: none
  const CANCEL = "/api/farkle/loadouts/cancel";
  window.holdwiseChooser = {busy: false, answer: null}; // read by the browser tests

  // dice ids -> their names in the game, from the page's dice listing (holdwise farkle dice --json)
  const NAMES = Object.fromEntries(JSON.parse($("fk-dice-data").textContent).dice.map((d) => [d.id, d.name]));

  // 'Ordinary die ×3, Weighted die, Lucky die': the dice by their names in the game, runs of one die folded
  function diceText(dice) {
    const runs = [];
    for (const d of dice) {
      if (runs.length && runs[runs.length - 1][0] === d) runs[runs.length - 1][1] += 1;
      else runs.push([d, 1]);
    }
    return runs.map(([d, n]) => (n > 1 ? `${NAMES[d] || d} ×${n}` : NAMES[d] || d)).join(", ");
  }

  function request() {
    const owned = {};
    for (const input of form.querySelectorAll('input[name="owned"]')) {
      const n = Number(input.value);
      if (input.value.trim() !== "" && n !== 0) owned[input.dataset.die] = Number.isFinite(n) ? n : -1;
    }
    const body = {owned, top: 5};
    if (form.elements.rank.value === "win") {
      body.opponent_dice = [...form.querySelectorAll('select[name="opponent_dice"]')].map((s) => s.value);
      const target = Number(form.elements.chooser_target.value);
      body.target = Number.isFinite(target) ? target : 0;
      if (form.elements.chooser_badge.value) body.badge = form.elements.chooser_badge.value;  // the leaders weighed
    }
    return body;
  }

  function draw(ranking, body) {
    const table = $("fk-chooser-table");
    const badge = ranking.ranked_by === "badge_win_average";
    const wins = ranking.ranked_by === "win_average" || badge;
    const head = el("tr", {}, el("th", {text: "#"}), el("th", {class: "fk-chooser-dice", text: _("dice")}), el("th", {text: _("points")}));
    if (wins) head.append(el("th", {text: _("win"), title: _("average of moving first and second")}));
    if (badge) head.append(el("th", {text: _("with the badge"), title: _("average of moving first and second")}),
                           el("th", {text: _("the badge adds")}));
    head.append(el("th", {text: ""}));
    const rows = ranking.loadouts.map((row, i) => {
      const use = el("button", {type: "button", class: "secondary", text: _("use these dice"),
                                "aria-label": _("use these dice: {dice}", {dice: diceText(row.dice)})});
      use.addEventListener("click", () => useDice(row.dice, wins ? body : null));
      const tr = el("tr", {}, el("td", {text: String(i + 1)}),
                    el("td", {class: "fk-chooser-dice", text: diceText(row.dice)}),
                    el("td", {class: "num", text: HoldwiseDom.fixed(row.expected_points, 1)}));
      if (wins) {
        tr.append(el("td", {class: "num"}, el("strong", {text: pct(row.win_average)}),
                     el("small", {text: _("1st {share}", {share: pct(row.win_first)})}), el("small", {text: _("2nd {share}", {share: pct(row.win_second)})})));
      }
      if (badge) {
        tr.append(el("td", {class: "num"}, el("strong", {text: pct(row.badge_win_average)}),
                     el("small", {text: _("1st {share}", {share: pct(row.badge_win_first)})}), el("small", {text: _("2nd {share}", {share: pct(row.badge_win_second)})})),
                  el("td", {class: "num", text: _("{points} pp", {points: HoldwiseDom.fixed(100 * row.badge_worth, 2)})}));
      }
      tr.append(el("td", {}, use));
      return tr;
    });
    table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  }

  function summary(ranking) {
    const by = ranking.ranked_by === "badge_win_average"
      ? _("by the win chance with the badge {badge} in a match to {target} against {dice} (average of moving first and second; the leaders without it solved again with it)",
          {badge: ranking.badge, target: fmt(ranking.target), dice: diceText(ranking.opponent_dice)})
      : ranking.ranked_by === "win_average"
      ? _("by the win chance in a match to {target} against {dice} (average of moving first and second; both playing to win)",
          {target: fmt(ranking.target), dice: diceText(ranking.opponent_dice)})
      : _("by expected points per turn");
    let text = _("The best of {count} choices of six, {by}.", {count: fmt(ranking.choices), by});
    if (ranking.unbounded.length) {
      text += " " + ngettext("Not ranked: {n} choice that never busts.", "Not ranked: {n} choices that never bust.",
                             ranking.unbounded.length);
    }
    return text;
  }

  // the new match's form: your six dice (and, when ranked against an opponent, the computer's dice and target)
  function useDice(dice, body) {
    const main = $("fk-form");
    main.querySelectorAll('select[name="dice"]').forEach((s, i) => { s.value = dice[i]; });
    let text = _("Your six dice for the next match: {dice}", {dice: diceText(dice)});
    if (body) {
      main.querySelectorAll('select[name="computer_dice"]').forEach((s, i) => { s.value = body.opponent_dice[i]; });
      main.elements.target.value = String(body.target);
      text += _("; the computer's: {dice}; first to {target}", {dice: diceText(body.opponent_dice), target: fmt(body.target)});
    }
    $("fk-chooser-note").textContent = text + ". " + _("Start the match above.");
    $("fk-start").focus();
  }

  // the job the page waited for is no longer wanted (a newer question): the server stops it unless another
  // visitor waits for the same
  function cancelWaiting() {
    if (waiting === null) return;
    const body = waiting;
    waiting = null;
    window.leaving(null);
    window.fetchRetry(CANCEL, {method: "POST", headers: {"content-type": "application/json"}, body, keepalive: true})
      .catch(() => {});
  }

  function progress(status, target) {
    const box = $("fk-chooser-progress");
    box.hidden = false;
    const bar = box.querySelector(".progress");
    const share = status.total ? Math.min(1, status.done / status.total) : 0;
    bar.querySelector("span").style.width = (100 * share).toFixed(1) + "%";
    bar.setAttribute("aria-valuenow", String(Math.round(100 * share)));
    bar.classList.toggle("fk-busy", !status.total);
    const left = falling(status.seconds_left);
    let what;
    if (status.expected_points) {
      what = _("Solving every loadout's match to {target}: ", {target: fmt(target)}) + (status.phase || _("starting"));
    } else if (status.status === "queued") {  // the turns' job waits for the server's line
      what = _("Waiting in the server's line of solves");
    } else {
      what = status.total ? _("Solving the turns of the loadouts: {done} of {total}",
                              {done: fmt(status.done), total: fmt(status.total)})
                          : _("Solving the turns of the loadouts");
    }
    $("fk-chooser-progress-text").textContent =
      what + (left != null ? _(", about {time} left", {time: fmt(Math.ceil(left)) + " s"}) : "") + "...";
  }

  // Stop (review 2, defect 19): the ranking by points stays; ranking again goes on past the matches solved
  async function stop() {
    const body = request();
    asked += 1;  // the page stops asking
    waiting = null;
    window.leaving(null);
    const ranked = $("fk-chooser-table").childElementCount > 0;  // the ranking by points was shown
    $("fk-chooser-stop").disabled = true;
    try { await fetchJson(CANCEL, body); } finally { $("fk-chooser-stop").disabled = false; }
    $("fk-chooser-progress").hidden = true;
    window.holdwiseChooser.busy = false;
    const note = $("fk-chooser-note");
    note.classList.remove("bad");
    note.textContent = ranked
      ? _("Stopped: ranked by expected points per turn. Rank again to go on: the loadouts solved so far are kept.")
      : _("Stopped. Rank again to go on: the loadouts solved so far are kept.");
  }

  async function rank() {
    const mine = ++asked;
    const body = request();
    const sent = JSON.stringify(body);
    if (waiting !== null && waiting !== sent) cancelWaiting();
    const note = $("fk-chooser-note");
    const state = window.holdwiseChooser;
    Object.assign(state, {busy: true, answer: null});
    note.textContent = _("Ranking...");
    note.classList.remove("bad");
    $("fk-chooser-table").replaceChildren();
    try {
      for (;;) {
        const [r, data] = await fetchJson("/api/farkle/loadouts", body);
        if (mine !== asked) return;
        if (r.status === 202) {  // solving on the server: ask again
          waiting = sent;
          window.leaving(CANCEL, body);
          if (data.expected_points) {
            draw(data.expected_points, body);
            note.textContent = _("Ranked by expected points per turn while the win chances solve.");
          } else {
            note.textContent = _("Ranking...");
          }
          progress(data, body.target);
          await sleep(500);
          if (mine !== asked) return;
          continue;
        }
        $("fk-chooser-progress").hidden = true;
        if (waiting === sent) {
          waiting = null;
          window.leaving(null);
        }
        if (!r.ok) {
          const detail = data.detail || _("the server answered {status}", {status: r.status});
          if (data.expected_points) {
            draw(data.expected_points, body);
            note.textContent = detail + ". " + _("Ranked by expected points per turn instead.");
          } else {
            note.textContent = detail;
          }
          note.classList.add("bad");
          state.answer = {status: r.status, ...data};
          return;
        }
        note.classList.remove("bad");
        draw(data, body);
        note.textContent = summary(data);
        state.answer = {status: r.status, ...data};
        return;
      }
    } catch (err) {
      if (mine === asked) note.textContent = _("something went wrong: {error}", {error: err});
    } finally {
      if (mine === asked) state.busy = false;
    }
  }

  form.addEventListener("submit", (ev) => { ev.preventDefault(); rank(); });
  $("fk-chooser-stop").addEventListener("click", stop);
  form.elements.rank.addEventListener("change", () => {
    const win = form.elements.rank.value === "win";
    form.querySelector('[data-side="opponent"]').disabled = !win;
    form.elements.chooser_target.disabled = !win;
    form.elements.chooser_badge.disabled = !win;
  });
})();
