/* The video-poker pay-table editor: the fields are the pay-table file's keys; every change is sent to
   /api/video-poker/editor/return, whose answer gives the returns, the link's code and the TOML. A table not
   solved yet is a job in the server's line of heavy solves: 202 with its progress, asked again every
   POLL_MS (the ask keeps the job wanted) until done; Stop, a newer table or leaving the page cancels it
   (/return/cancel). 429 (the server's or this visitor's limit) means wait and ask again. A 422 names its field,
   shown next to that field. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const config = JSON.parse($("vpe-config").textContent);
  const {_} = window.HoldwiseDom;
  const OPTS = config.options;
  const LABELS = Object.fromEntries(OPTS.hands.map((h) => [h.hand, h.label]));
  const ORDER = OPTS.hands.map((h) => h.hand);
  const DEBOUNCE_MS = 350, BUSY_RETRY_MS = 800, POLL_MS = 400, CHART_POLL_MS = 1500;
  const RETURN = "/api/video-poker/editor/return", CANCEL = "/api/video-poker/editor/return/cancel";
  // what the page holds: the table as fields, the request in flight, the last answer, the body of the solve
  // it waits for (null: none)
  const S = {table: null, seq: 0, timer: null, answer: null, chartSeq: 0, waiting: null};

  const el = (tag, props = {}, kids = []) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "text") e.textContent = v; else if (k in e && k !== "list") e[k] = v; else e.setAttribute(k, v);
    }
    e.append(...kids);
    return e;
  };
  const pct = (v, d = 4) => HoldwiseDom.percent(v, d);  // in the page's language
  const variantKey = (t) => {
    const match = OPTS.variants.find((v) => Object.entries(v.fields).every(([k, x]) => t[k] === x)
      && Object.keys(t).filter((k) => !["id", "name", "royal_below_max", "pays"].includes(k))
        .every((k) => k in v.fields));
    return match ? match.key : OPTS.variants[0].key;
  };
  const payTimes = (text, n) => {  // a pay per coin times coins, for the reader; "" when not a number
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+))?\s*$/.exec(text);
    if (!m) return "";
    const v = Number(m[1]) / (m[2] ? Number(m[2]) : 1) * n;
    return Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : "";
  };

  /* ---- the fields ---- */
  function setup() {
    const start = $("vpe-start");
    start.append(el("option", {value: "", text: _("(your table)")}));
    for (const g of config.games) start.append(el("option", {value: g.id, text: g.name}));
    start.addEventListener("change", () => {
      const g = config.games.find((x) => x.id === start.value);
      if (g) load(JSON.parse(JSON.stringify(g)));
    });
    for (const v of OPTS.variants) $("vpe-variant").append(el("option", {value: v.key, text: v.label}));
    $("vpe-variant").addEventListener("change", () => {
      const v = OPTS.variants.find((x) => x.key === $("vpe-variant").value);
      for (const k of Object.keys(S.table)) {
        if (!["id", "name", "royal_below_max", "pays"].includes(k)) delete S.table[k];
      }
      Object.assign(S.table, v.fields);
      renderPays();  // the hands this deck can make
      changed();
    });
    $("vpe-name").addEventListener("input", () => { S.table.name = $("vpe-name").value; changed(); });
    $("vpe-id").addEventListener("input", () => { S.table.id = $("vpe-id").value; changed(); });
    $("vpe-add").addEventListener("click", addHand);
    $("vpe-stop").addEventListener("click", stopOrResume);
    // on demand: a new table's chart is a half-minute job on the server, not worth one per keystroke
    $("vpe-chart-go").addEventListener("click", () => {
      if (!S.answer) return;
      $("vpe-chart-go").disabled = true;
      chart(S.answer);
    });
    $("vpe-coins").addEventListener("change", () => S.answer && showReturnTable(S.answer));
    $("vpe-copy").addEventListener("click", async () => {
      const box = $("vpe-link");
      try { await navigator.clipboard.writeText(box.value); $("vpe-copy").textContent = _("Copied"); }
      catch (e) { box.select(); $("vpe-copy").textContent = _("Selected: copy it"); }
      setTimeout(() => { $("vpe-copy").textContent = _("Copy link"); }, 2000);
    });
    if (config.error) $("vpe-link-error").textContent = config.error;
    load(config.start);
  }

  function load(table) {
    S.table = table;
    $("vpe-start").value = config.games.some((g) => JSON.stringify(g) === JSON.stringify(table)) ? table.id : "";
    $("vpe-name").value = table.name;
    $("vpe-id").value = table.id;
    $("vpe-variant").value = variantKey(table);
    renderPays();
    changed(true);
  }

  function renderPays() {
    const body = $("vpe-pays").tBodies[0];
    body.replaceChildren();
    const row = (label, value, field, onInput, removable, coins = 5) => {
      const input = el("input", {value, inputmode: "decimal", autocomplete: "off", spellcheck: false,
                                 "aria-label": _("{hand}, pays per coin", {hand: label})});
      input.dataset.field = field;
      // what the hand pays at the most coins it is paid at: 5, or 4 for the royal below 5 coins
      const times = (v) => { const t = payTimes(v, coins); return t && coins !== 5 ? _("{pay} at {coins}", {pay: t, coins}) : t; };
      const five = el("td", {className: "muted vpe-opt", text: times(value)});
      input.addEventListener("input", () => { onInput(input.value); five.textContent = times(input.value); });
      const err = el("span", {className: "vpe-err", role: "alert"});
      err.dataset.err = field;
      const cells = [el("th", {scope: "row", text: label}), el("td", {}, [input, err]), five];
      const remove = el("td");
      if (removable) {
        const b = el("button", {type: "button", className: "secondary vpe-remove", text: "×",
                                "aria-label": _("remove {card}", {card: label})});
        b.addEventListener("click", removable);
        remove.append(b);
      }
      body.append(el("tr", {}, [...cells, remove]));
    };
    S.table.pays.forEach((p, i) => {
      row(LABELS[p.hand] || p.hand, String(p.pay), `pays.${p.hand}`, (v) => { p.pay = v; changed(); },
          () => { S.table.pays.splice(i, 1); renderPays(); changed(); });
      if (p.hand === "royal_flush") {
        row(_("royal flush at 1-4 coins"), String(S.table.royal_below_max), "royal_below_max",
            (v) => { S.table.royal_below_max = v; changed(); }, null, 4);
      }
    });
    if (!S.table.pays.some((p) => p.hand === "royal_flush")) {
      row(_("royal flush at 1-4 coins"), String(S.table.royal_below_max), "royal_below_max",
          (v) => { S.table.royal_below_max = v; changed(); }, null);
    }
    const add = $("vpe-add-hand");
    const listed = new Set(S.table.pays.map((p) => p.hand));
    // only hands this deck can make: no wild hand without a wild card, no four deuces but in deuces wild
    const wild = S.table.wild !== "none", extraAce = S.table.extra_card === "ace";
    const can = (h) => !h.needs || (h.needs === "wild" && wild) || (h.needs === "deuces" && S.table.wild === "deuces")
      || (h.needs === "five aces" && (wild || extraAce));
    add.replaceChildren(...OPTS.hands.filter((h) => !listed.has(h.hand) && can(h))
      .map((h) => el("option", {value: h.hand, text: `${h.label}: ${h.means}`})));
    $("vpe-add").disabled = !add.options.length;
  }

  function addHand() {
    const hand = $("vpe-add-hand").value;
    if (!hand) return;
    // placed after the last listed hand that comes before it in the format's order
    const rank = ORDER.indexOf(hand);
    let at = 0;
    S.table.pays.forEach((p, i) => { if (ORDER.indexOf(p.hand) < rank) at = i + 1; });
    S.table.pays.splice(at, 0, {hand, pay: "0"});
    renderPays();
    changed();
    const input = document.querySelector(`#vpe-pays input[data-field="pays.${hand}"]`);
    if (input) { input.focus(); input.select(); }
  }

  /* ---- asking the server ---- */
  function changed(now = false) {
    $("vpe-result").classList.add("stale");
    $("vpe-result").setAttribute("aria-busy", "true");
    $("vpe-status").textContent = _("Solving…");
    if (!now && $("vpe-start").value) {
      const g = config.games.find((x) => x.id === $("vpe-start").value);
      if (JSON.stringify(g) !== JSON.stringify(S.table)) {
        $("vpe-start").value = "";
        // an edited game is no longer the shipped one: its name and id say so (unless already changed)
        if (S.table.id === g.id) { S.table.id = `${g.id}-edited`; $("vpe-id").value = S.table.id; }
        if (S.table.name === g.name) {
          S.table.name = _("{name}, edited", {name: g.name.slice(0, 92)});
          $("vpe-name").value = S.table.name;
        }
      }
    }
    clearTimeout(S.timer);
    S.timer = setTimeout(solve, now ? 0 : DEBOUNCE_MS);
  }

  function clearErrors() {
    document.querySelectorAll(".vpe-err").forEach((e) => { e.textContent = ""; });
    document.querySelectorAll("#vpe [aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
    $("vpe-error").textContent = "";
  }

  function showError(field, detail) {
    // "table.pays.flush" names a pay; "table.pays.3.pay" (the request's shape) the 4th row
    let name = (field || "").replace(/^table\./, "");
    const index = /^pays\.(\d+)/.exec(name);
    if (index && S.table.pays[Number(index[1])]) name = `pays.${S.table.pays[Number(index[1])].hand}`;
    if (["wild", "extra_card"].includes(name)) name = "deck";
    const message = detail.replace(/^[\w.]+: /, "");
    const spot = document.querySelector(`#vpe [data-err="${name}"]`);
    const input = document.querySelector(`#vpe [data-field="${name}"]`);
    if (input) input.setAttribute("aria-invalid", "true");
    if (spot) spot.textContent = message; else $("vpe-error").textContent = detail;
    $("vpe-status").textContent = _("Fix the field marked in red.");
    $("vpe-summary").textContent = _("fix the field marked in red");
  }

  // the solve the page waited for is no longer wanted (a newer table, Stop): the server stops it unless
  // another visitor waits for the same table
  function cancelWaiting() {
    if (S.waiting === null) return;
    const body = S.waiting;
    S.waiting = null;
    window.leaving(null);
    window.fetchRetry(CANCEL, {method: "POST", headers: {"content-type": "application/json"}, body, keepalive: true})
      .catch(() => {});
  }

  function showWaiting(job) {
    const stop = $("vpe-stop");
    stop.hidden = false;
    stop.textContent = _("Stop");
    if (job.status === "queued") {
      $("vpe-status").textContent = _("Waiting in the server's line of solves…");
      return;
    }
    const part = job.total ? HoldwiseDom.percent(Math.round(100 * job.done / job.total) / 100, 0) : "…";
    $("vpe-status").textContent = _("Solving this table ({part})…", {part});
  }

  async function solve() {
    const seq = ++S.seq;
    const body = JSON.stringify({table: S.table});
    if (S.waiting !== null && S.waiting !== body) cancelWaiting();
    for (;;) {
      let r, data;
      try {
        r = await window.fetchRetry(RETURN, {method: "POST", headers: {"content-type": "application/json"}, body});
        data = await r.json();
      } catch (err) {
        if (seq === S.seq) $("vpe-error").textContent = _("the server did not answer ({why})", {why: err.message});
        return;
      }
      if (seq !== S.seq) return;
      if (r.status === 202) {  // solving on the server: ask again (the poll keeps the job wanted)
        S.waiting = body;
        window.leaving(CANCEL, {table: S.table});
        showWaiting(data.job || {});
        await new Promise((ok) => setTimeout(ok, POLL_MS));
        if (seq !== S.seq) return;
        continue;
      }
      if (r.status === 429) {  // the server's line is full, or this visitor's: ask again shortly
        $("vpe-status").textContent = _("The server is solving another table; asking again…");
        const after = 1000 * Number(r.headers.get("retry-after") || 0);
        S.timer = setTimeout(solve, Math.min(10000, Math.max(BUSY_RETRY_MS, after)));
        return;
      }
      if (S.waiting === body) { S.waiting = null; window.leaving(null); }
      $("vpe-stop").hidden = true;
      clearErrors();
      if (!r.ok) {
        showError(data.field, data.detail || _("the server answered {status}", {status: r.status}));
        return;
      }
      show(data);
      return;
    }
  }

  // Stop while the server solves; once stopped, the same button asks again
  function stopOrResume() {
    if (S.waiting !== null) {
      S.seq++;
      clearTimeout(S.timer);
      cancelWaiting();
      $("vpe-stop").textContent = _("Solve again");
      $("vpe-status").textContent = _("Stopped. Change the table, or solve it again.");
      return;
    }
    $("vpe-stop").hidden = true;
    changed(true);
  }

  function show(a) {
    S.answer = a;
    $("vpe-result").classList.remove("stale");
    $("vpe-result").setAttribute("aria-busy", "false");
    $("vpe-r5").textContent = pct(a.returns["5"].return);
    $("vpe-r14").textContent = pct(a.returns["1-4"].return);
    $("vpe-summary").textContent = _("return {five} at 5 coins, {less} at 1-4",
      {five: pct(a.returns["5"].return), less: pct(a.returns["1-4"].return)});
    $("vpe-status").textContent = _("{name}: exact, every deal played its best hold.", {name: a.table.name});
    $("vpe-play").href = a.play;
    $("vpe-download").href = a.download;
    $("vpe-download").setAttribute("download", `${a.table.id}.toml`);
    $("vpe-link").value = new URL(a.link, location.href).href;
    $("vpe-toml").textContent = a.toml;
    $("vpe-cli").textContent = `holdwise video-poker return --paytable-file ${a.table.id}.toml --game ${a.table.id}`;
    history.replaceState(null, "", a.link);
    showReturnTable(a);
    // a chart shown is of an earlier table now: it goes, and the button offers this table's
    S.chartSeq++;
    $("vpe-chart").replaceChildren();
    $("vpe-chart-go").hidden = false;
    $("vpe-chart-go").disabled = false;
  }

  function showReturnTable(a) {
    const rep = a.returns[$("vpe-coins").value];
    $("vpe-return").tBodies[0].replaceChildren(...rep.table.map((row) => el("tr", {}, [
      el("td", {text: LABELS[row.hand] || row.hand.replace(/_/g, " ")}), el("td", {text: String(row.pay)}),
      el("td", {text: pct(row.chance)}),
      el("td", {className: "vpe-opt",
                text: row.chance > 0 ? Math.round(1 / row.chance).toLocaleString(HoldwiseDom.locale) : "–"}),
      el("td", {text: row.contribution.toFixed(6)})])));
    $("vpe-return").tBodies[0].append(el("tr", {className: "vpe-total"}, [
      el("td", {text: _("return")}), el("td"), el("td", {text: pct(1)}), el("td", {className: "vpe-opt"}),
      el("td", {text: rep.return.toFixed(6)})]));
  }

  /* ---- the short chart: a background job on the server the first time (about half a minute) ---- */
  async function chart(a) {
    const seq = ++S.chartSeq;
    const url = `/api/video-poker/trainer-chart?game=${encodeURIComponent(a.table.id)}&coins=5&choice=short`
      + `&table=${encodeURIComponent(a.code)}`;
    $("vpe-chart-error").textContent = "";
    $("vpe-chart").classList.add("stale");
    for (;;) {
      let r, data;
      try {
        r = await window.fetchRetry(url);
        data = await r.json();
      } catch (err) {
        if (seq === S.chartSeq) $("vpe-chart-error").textContent = _("the server did not answer ({why})", {why: err.message});
        return;
      }
      if (seq !== S.chartSeq) return;
      if (r.status === 202) {
        const job = data.job || {};
        const part = job.total ? ` (${HoldwiseDom.percent(Math.round(100 * job.done / job.total) / 100, 0)})` : "";
        $("vpe-chart-note").textContent = _("Deriving the chart for this table{part}: about half a minute, once.", {part});
        await new Promise((ok) => setTimeout(ok, CHART_POLL_MS));
        if (seq !== S.chartSeq) return;
        continue;
      }
      if (!r.ok) { $("vpe-chart-error").textContent = data.detail || _("the server answered {status}", {status: r.status}); return; }
      $("vpe-chart").classList.remove("stale");
      $("vpe-chart-go").hidden = true;
      $("vpe-chart").replaceChildren(...data.lines.map((ln) => el("li", {text: ln.text})));
      // the derived note says whether a chart of up to 40 lines is within 0.01% (when none is, it says so)
      $("vpe-chart-note").textContent = _("{chart}; played as written it returns {ret}. Play the first line that fits.",
        {chart: `${data.note[0].toUpperCase()}${data.note.slice(1)}`, ret: pct(data.return_value)});
      return;
    }
  }

  setup();
})();
