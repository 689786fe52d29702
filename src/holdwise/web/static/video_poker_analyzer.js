/* The hand analyzer: five cards picked on the grid or typed; every hold from /api/video-poker/hint (the CLI's
   `video-poker hint --json`), the last good answer kept, dimmed, while the input is wrong. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const C = window.VPCards;
  const {_, ngettext} = window.HoldwiseDom;
  const config = JSON.parse($("va-config").textContent);
  const GAMES = Object.fromEntries(config.games.map((g) => [g.id, g]));
  const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
  const params = new URLSearchParams(location.search);
  let picks = [];
  let timer = null, asked = 0;

  const el = window.VPCards.el;
  const game = () => GAMES[$("va-game").value];

  function setupForm() {
    for (const g of config.games) $("va-game").append(el("option", {value: g.id, text: g.name}));
    const wanted = params.get("game");
    $("va-game").value = wanted && GAMES[wanted] ? wanted : config.default;
    if (/^[1-5]$/.test(params.get("coins") || "")) $("va-coins").value = params.get("coins");
    if (params.get("exact") === "1") $("va-exact").checked = true;
  }

  function buildGrid() {
    const grid = $("va-grid");
    grid.replaceChildren();
    for (const suit of ["s", "h", "d", "c"]) {
      for (const rank of RANKS) {
        const card = rank + suit;
        const b = el("button", {type: "button", class: /[hd]/.test(suit) ? "red" : "black", "data-card": card,
                                "aria-pressed": "false", "aria-label": C.label(card)},
                     rank === "T" ? "10" : rank, el("span", {text: C.SUITS[suit]}));
        b.addEventListener("click", () => pick(card));
        grid.append(b);
      }
    }
    if (game().extra_card === "ace") {  // the extra-ace deck's 53rd card, the ace of stars
      const b = el("button", {type: "button", class: "star", "data-card": "A*", "aria-pressed": "false",
                              "aria-label": C.label("A*")}, "A", el("span", {text: C.SUITS["*"]}));
      b.addEventListener("click", () => pick("A*"));
      grid.append(b);
    } else if (game().deck === 53) {
      const b = el("button", {type: "button", class: "joker", "data-card": "Jk", "aria-pressed": "false",
                              "aria-label": _("joker")}, "Jk", el("span", {text: _("joker")}));
      b.addEventListener("click", () => pick("Jk"));
      grid.append(b);
    }
    showPicks();
  }

  function showPicks() {
    const set = new Set(picks);
    document.querySelectorAll("#va-grid button").forEach((b) => {
      b.setAttribute("aria-pressed", String(set.has(b.dataset.card)));
    });
    const box = $("va-picked");
    box.replaceChildren();
    for (let i = 0; i < 5; i++) {
      const card = picks[i];
      const slot = el("button", {type: "button", class: "vp-card", "aria-label": card ? _("remove {card}", {card: C.label(card)}) :
                                 _("card {pos}: not picked", {pos: i + 1})});
      slot.append(C.svg(card || null, !card));
      if (card) slot.addEventListener("click", () => pick(card));
      else { slot.setAttribute("aria-disabled", "true"); slot.tabIndex = -1; }
      box.append(slot);
    }
  }

  function pick(card) {
    const i = picks.indexOf(card);
    if (i >= 0) picks.splice(i, 1);
    else if (picks.length < 5) picks.push(card);
    else { $("va-error").textContent = _("five cards are picked: click one to take it back"); return; }
    $("va-hand").value = picks.map((c) => (c === "Jk" ? "Jk" : (c[0] === "T" ? "10" : c[0]) + c[1])).join(" ");
    showPicks();
    ask();
  }

  function ask(delay = 0) {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  }

  async function run() {
    const text = $("va-hand").value.trim();
    if (!text) {
      $("va-error").textContent = "";
      $("va-note").textContent = _("Pick five cards to see every hold.");
      return;
    }
    const count = text.split(/[\s,]+/).filter(Boolean).length;
    if (count < 5 && /^[\sA-Za-z0-9,*\u2605\u2606\u2660-\u2667]*$/.test(text) && !/\d{3}/.test(text)) {
      $("va-error").textContent = "";
      $("va-note").textContent = ngettext("Pick {n} more card.", "Pick {n} more cards.", 5 - count);
      return;
    }
    const body = {hand: text, rules: $("va-game").value, coins: Number($("va-coins").value),
                  exact: $("va-exact").checked};
    if (game().table) body.table = game().table;  // a pay-table editor's table travels with each request
    const mine = ++asked;
    $("va-results").setAttribute("aria-busy", "true");
    try {
      const r = await window.fetchRetry("/api/video-poker/hint", {method: "POST", headers: {"content-type": "application/json"},
                                                      body: JSON.stringify(body)});
      const data = await r.json();
      if (mine !== asked) return;
      if (!r.ok) throw new Error(data.detail || _("the server answered {status}", {status: r.status}));
      $("va-error").textContent = "";
      $("va-results").classList.remove("stale");
      picks = data.hand.slice();
      showPicks();
      show(data, body.exact);
    } catch (err) {
      if (mine !== asked) return;
      $("va-error").textContent = err.message;
      $("va-results").classList.add("stale");
    } finally {
      if (mine === asked) $("va-results").setAttribute("aria-busy", "false");
    }
  }

  function show(r, exact) {
    const g = GAMES[r.rules];
    const kinds = Object.keys(r.options[0].counts);
    const label = (k) => HoldwiseDom.say((g && g.labels[k]) || k.replace(/_/g, " "));
    $("va-title").textContent = `${r.hand.map(C.short).join(" ")} · ${g ? g.name : r.rules} · ` +
      ngettext("{n} coin", "{n} coins", r.coins);
    $("va-note").textContent = _("Value: expected return per coin bet; loss: against the best hold. Then how many of each hold's draws end in each pay class.");
    const head = el("tr", {}, el("th", {text: "#"}), el("th", {text: _("hold")}), el("th", {text: _("value")}),
                    el("th", {text: _("loss")}), el("th", {text: _("draws")}));
    for (const k of kinds) head.append(el("th", {text: label(k)}));
    $("va-table").tHead.replaceChildren(head);
    const body = $("va-table").tBodies[0];
    body.replaceChildren();
    r.options.forEach((o, i) => {
      const tr = el("tr", {class: i === 0 ? "best" : "", "data-option": o.option},
                    el("td", {text: String(i + 1)}), el("td", {class: "va-hold", text: HoldwiseDom.say(C.written(o.option))}),
                    el("td", {class: "va-value", text: exact ? o.value_exact : HoldwiseDom.fixed(o.value, 6)}),
                    el("td", {class: "va-loss", text: exact ? o.loss_exact : HoldwiseDom.fixed(o.loss, 6)}),
                    el("td", {text: o.draws.toLocaleString(HoldwiseDom.locale)}));
      for (const k of kinds) tr.append(el("td", {"data-kind": k, text: o.counts[k].toLocaleString(HoldwiseDom.locale)}));
      body.append(tr);
    });
    const res = $("va-results");
    res.dataset.hand = r.hand.join(" ");
    res.dataset.game = r.rules;
    res.dataset.coins = String(r.coins);
    res.dataset.exact = String(exact);
  }

  setupForm();
  buildGrid();
  $("va-hand").addEventListener("input", () => ask(300));
  $("va-game").addEventListener("change", () => {
    buildGrid();
    ask();
  });
  $("va-coins").addEventListener("change", () => ask());
  $("va-exact").addEventListener("change", () => ask());
  $("va-clear").addEventListener("click", () => {
    picks = [];
    $("va-hand").value = "";
    showPicks();
    ask();
  });
  $("va-hand").value = params.get("hand") || "As Ks Qs Js 9d";
  ask();
})();
