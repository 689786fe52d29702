/* Badges at the Farkle practice table: the chosen badges go into the match's options; on the table, the uses
   left, the keeps that spend a badge (for the dice selected), a bust's Resurrection, and the coach's line. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const NAMES = {warlord: "Warlord's Badge", doppelganger: "Doppelganger's Badge", resurrection: "Badge of Resurrection"};
  const ORDER = ["warlord", "doppelganger", "resurrection"];
  const pct = (p) => (100 * p).toFixed(1) + "%";
  let asked = null; // the sealed state whose coach line is shown (or asked for)

  function picked(side) {
    return [...document.querySelectorAll(`select[data-badges="${side}"]`)].map((s) => s.value).filter(Boolean);
  }

  // the match's options: only the keys of a side that brings badges (a match without keeps its old options)
  function options() {
    const out = {}, mine = picked("player"), theirs = picked("computer");
    if (mine.length) out.badges = mine;
    if (theirs.length) out.computer_badges = theirs;
    return out;
  }

  function usesText(uses) {
    const parts = ORDER.map((e, i) => (uses[i] ? `${NAMES[e]} ×${uses[i]}` : "")).filter(Boolean);
    return parts.length ? parts.join(", ") : "none left";
  }

  function button(text, action, play, secondary) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = secondary ? "secondary" : "";
    b.textContent = text;
    b.dataset.badgeAction = action.type + (action.badges ? ":" + action.badges.join("+") : "");
    b.addEventListener("click", () => play(action));
    return b;
  }

  function spendText(a) {
    const parts = [];
    if (a.badges.includes("doppelganger")) parts.push("doubled");
    parts.push(a.then === "bank" ? "bank" : "roll on");
    if (a.badges.includes("warlord")) parts.push("with the Warlord's bonus");
    return "keep, " + parts.join(", ");
  }

  async function coachLine(S, call) {
    const line = $("fk-badge-coach");
    const toggle = $("fk-coach-toggle");
    if (!toggle || !toggle.checked) { line.textContent = ""; asked = null; return; }
    if (asked === S.sealed) return;
    asked = S.sealed;
    try {
      const hint = await call("/api/farkle/advice", {state: S.sealed});
      if (asked !== S.sealed || !hint.options) return;
      const best = hint.options[0];
      const spends = best.action.badges || (best.action.type === "resurrect" ? ["resurrection"] : []);
      const keeping = hint.options.find((o) => !o.action.badges && o.action.type !== "resurrect");
      line.textContent = spends.length && keeping ?
        `Coach: use the ${spends.map((e) => NAMES[e]).join(" and ")} now: ${best.option} ` +
        `(win chance ${pct(best.value)} against ${pct(keeping.value)} keeping it).` :
        `Coach: no badge now (best: ${best.option}, win chance ${pct(best.value)}).`;
    } catch (err) {
      line.textContent = "";
    }
  }

  // called by the table's render (static/farkle.js) with its state, legal actions and play
  function render(S, play, call) {
    const box = $("fk-badges");
    if (!box || !S.sealed) return;
    const s = S.sealed.state, uses = s.data.uses;
    box.hidden = !uses;
    if (!uses) return;
    $("fk-badge-uses").textContent = `Your badges: ${usesText(uses.player)}. The computer's: ${usesText(uses.computer)}.`;
    const spend = $("fk-badge-spend");
    spend.replaceChildren();
    const mine = s.to_move === "player" && !S.busy;
    if (mine && s.phase === "bust") {
      spend.append(button("Throw the same dice again (Badge of Resurrection)", {type: "resurrect"}, play, false),
                   button("Let the turn go", {type: "pass"}, play, true));
    } else if (mine && s.phase === "select") {
      const dice = [...S.picked].sort((a, b) => a - b).join(",");
      for (const a of S.actions) {
        if (a.type === "keep" && a.badges && a.dice.join(",") === dice) spend.append(button(spendText(a), a, play, true));
      }
    }
    coachLine(S, call);
  }

  window.holdwiseFarkleBadges = {options, render};
})();
