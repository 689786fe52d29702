/* The generic play page (/play/<game>): any registered game's session drawn from its state alone: the log, the
   position (the state's data), the legal actions as buttons, a typed move, the hint, the tally. */
"use strict";

(function () {
  const {fmt, cap, el} = holdwise;
  const {_, ngettext, say} = window.HoldwiseDom;  // the page's language (say: the game's own words)
  const $ = (id) => document.getElementById(id);
  const GAME = $("pl-form").dataset.game;

  const game = holdwise.session({
    prefix: "pl", api: `/api/${GAME}`, render, options: formOptions, note, hint: refreshHint, over: drawReview,
    accepted: () => { S.hint = null; },
  });
  const S = Object.assign(game.S, {hint: null, gameStart: 0});
  window.holdwisePlay = S; // read by the browser tests
  const st = game.st;

  // an action in a short readable form: its values in order ("roll", "keep 1 5", "box full house")
  function label(action) {
    const words = Object.values(action).map((v) => Array.isArray(v) ? (v.length ? v.join(" ") : "none") :
      v !== null && typeof v === "object" ? Object.entries(v).map(([k, x]) => `${k} ${x}`).join(" ") : v);
    return words.filter((w) => w !== null && w !== undefined).join(" ").replace(/_/g, " ");
  }

  const words = (key) => key.replace(/_/g, " ");
  const number = (v) => Number.isInteger(v) ? fmt(v) : String(Number(v.toPrecision(4)));

  function shown(v) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "number") return number(v);
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (Array.isArray(v)) return v.length ? v.map((x) => typeof x === "object" && x !== null ? JSON.stringify(x) : shown(x)).join(" ") : "none";
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }

  function formOptions() {
    const text = $("pl-form").elements.options.value.trim();
    try { return text ? JSON.parse(text) : {}; } catch (e) { return text; } // the server names a bad one
  }

  // the newest lines of the log as the status (a new game: its whole log)
  function note(lines, action) {
    if (action === null || (action && action.type === "next")) {
      S.gameStart = st().decisions.length;
      lines = st().log;
    }
    if (lines.length) $("pl-status").textContent = lines.slice(-3).map((l) => cap(say(l))).join(". ") + ".";
  }

  function render() {
    if (!S.sealed) return;
    const s = st();
    drawPosition(s.data);
    drawActions();
    $("pl-next").hidden = s.phase !== "over";
    $("pl-next").disabled = S.busy;
    $("pl-type").disabled = S.busy;
    $("pl-tally").replaceChildren(el("strong", {text: _("Tally: ")}),
      Object.entries(s.tally).map(([k, v]) => `${words(k)} ${shown(v)}`).join(" · "));
    game.drawLog();
  }

  function drawPosition(data) {
    const box = $("pl-position");
    box.replaceChildren();
    for (const [key, value] of Object.entries(data)) {
      const item = el("div", {class: "pl-item", "data-key": key}, el("span", {text: words(key)}));
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        item.classList.add("pl-wide");
        const body = el("tbody");
        for (const [k, v] of Object.entries(value)) body.append(el("tr", {}, el("td", {text: words(k)}), el("td", {class: "num", text: shown(v)})));
        item.append(el("table", {}, body));
      } else {
        item.append(el("strong", {text: shown(value)}));
      }
      box.append(item);
    }
  }

  function drawActions() {
    const box = $("pl-actions");
    box.replaceChildren();
    const mine = st().to_move !== "computer" && !S.busy;
    for (const action of S.actions) {
      const b = el("button", {type: "button", class: action.type === "next" ? "" : "secondary", text: label(action),
                              "data-action": JSON.stringify(action)});
      b.disabled = !mine;
      b.addEventListener("click", () => game.step(action));
      box.append(b);
    }
  }

  // ---- the hint: every option with its value and loss, each playable ----
  async function refreshHint() {
    const panel = $("pl-hint");
    panel.hidden = !$("pl-hint-toggle").checked || !S.sealed;
    if (panel.hidden) return;
    const s = st();
    const table = $("pl-hint-table");
    if (s.phase === "over") {
      table.replaceChildren();
      $("pl-hint-note").textContent = _("The game is over: the review below shows what your decisions cost.");
      return;
    }
    try {
      const r = S.hint || await game.advice();
      if (S.sealed.state !== s) return; // the game moved on meanwhile
      S.hint = r;
      drawHint(r);
    } catch (err) { game.fail(err); }
  }

  function drawHint(r) {
    $("pl-hint-note").textContent = _("Best first, by {measure}.", {measure: say(words(r.measure))});
    const table = $("pl-hint-table");
    table.replaceChildren(el("thead", {}, el("tr", {}, el("th", {text: _("option")}), el("th", {text: _("value")}),
      el("th", {text: _("loss")}), el("th", {text: ""}))));
    const body = el("tbody");
    r.options.forEach((o, i) => {
      const use = el("button", {type: "button", class: "secondary pl-use", text: _("play"), "aria-label": _("play {option}", {option: say(o.option)})});
      use.disabled = S.busy;
      use.addEventListener("click", () => game.step(o.action));
      body.append(el("tr", {class: i === 0 ? "best" : ""}, el("td", {class: "pl-option", text: say(o.option)}),
        el("td", {class: "num", text: number(o.value)}),
        el("td", {class: "num muted", text: o.loss > 1e-9 ? "−" + number(o.loss) : _("best")}), el("td", {}, use)));
    });
    table.append(body);
  }

  // ---- the review: the decisions the session scored since this game began ----
  function drawReview() {
    const rows = st().decisions.slice(S.gameStart);
    const lost = rows.reduce((a, d) => a + d.loss, 0);
    $("pl-review").hidden = false;
    const costly = rows.filter((d) => d.loss > 1e-9).length;
    $("pl-review-summary").textContent = ngettext("{n} decision", "{n} decisions", rows.length) +
      (rows.length ? _(", {costly} of them cost something: {lost} in all", {costly, lost: number(lost)}) +
        (rows[0].measure ? ` (${say(words(rows[0].measure))})` : "") + "." : ".");
    const table = $("pl-review-table");
    table.replaceChildren(el("thead", {}, el("tr", {}, el("th", {text: _("position")}), el("th", {text: _("you")}),
      el("th", {text: _("best")}), el("th", {class: "num", text: _("loss")}))));
    const body = el("tbody");
    for (const d of rows) {
      body.append(el("tr", {}, el("td", {text: say(d.position)}), el("td", {text: say(d.chosen)}), el("td", {text: say(d.best)}),
        el("td", {class: "num", text: d.loss > 1e-9 ? number(d.loss) : "0"})));
    }
    table.append(body);
  }

  $("pl-typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("pl-text").value;
    game.move(text).then(() => { if (!$("pl-error").textContent) $("pl-text").value = ""; });
  });
})();
