/* Badges at the Farkle practice table: the chosen badges go into the match's options; on the table, the uses
   left, the keeps that spend a badge (for the dice selected), a badge spent on the throw (Fortune,
   Transmutation, Swap-Out, Wedding), a bust's Resurrection, a throw with the Badge of Might's extra die, and the
   coach's line. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const {_} = window.HoldwiseDom;  // the page's language (its JSON catalogue)
  const NAMES = {warlord: _("Warlord's Badge"), doppelganger: _("Doppelganger's Badge"),
    resurrection: _("Badge of Resurrection"), fortune: _("Badge of Fortune"),
    transmutation: _("Badge of Transmutation"), "swap-out": _("Swap-Out Badge"), wedding: _("Wedding Badge"),
    might: _("Badge of Might")};
  const ORDER = ["warlord", "doppelganger", "resurrection"];
  const pct = (p) => HoldwiseDom.percent(p, 1);  // in the page's language
  let asked = null; // the sealed state whose coach line is shown (or asked for)
  let shown = null;  // the table's state and call of the last render: the coach's switch asks again with them

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

  function usesText(uses, after) {
    // a 4th use is the side's badge spent after a throw (`after` names it), a 5th the Badge of Might's
    const parts = [...ORDER, after, "might"].map((e, i) => (uses[i] ? `${NAMES[e]} ×${uses[i]}` : "")).filter(Boolean);
    return parts.length ? parts.join(", ") : _("none left");
  }

  function button(text, action, play, secondary) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = secondary ? "secondary" : "";
    b.textContent = text;
    b.dataset.badgeAction = action.type + (action.badges ? ":" + action.badges.join("+") : "");
    if (action.type === "badge") b.dataset.dice = action.dice.join(",");  // which move of the badge
    b.addEventListener("click", () => play(action));
    return b;
  }

  function spendText(a) {
    const parts = [];
    if (a.badges.includes("doppelganger")) parts.push(_("doubled"));
    parts.push(a.then === "bank" ? _("bank") : _("roll on"));
    if (a.badges.includes("warlord")) parts.push(_("with the Warlord's bonus"));
    if (a.badges.includes("might")) parts.push(_("with the extra die (Badge of Might)"));
    return _("keep, {how}", {how: parts.join(", ")});
  }

  async function coachLine(S, call) {
    const line = $("fk-badge-coach");
    const toggle = $("fk-coach-toggle");
    // no line once the game is over: its only move is the next game, no badge's
    const over = S.sealed && S.sealed.state && S.sealed.state.phase === "over";
    // an empty line is hidden, so that no blank paragraph is left between the badges and the table
    if (!toggle || !toggle.checked || over) { line.textContent = ""; line.hidden = true; asked = null; return; }
    if (asked === S.sealed) return;
    asked = S.sealed;
    try {
      const hint = await call("/api/farkle/advice", {state: S.sealed});
      if (asked !== S.sealed || !hint.options) return;
      const best = hint.options[0];
      const spends = best.action.badges || (best.action.type === "resurrect" ? ["resurrection"] : []);
      const keeping = hint.options.find((o) => !o.action.badges && o.action.type !== "resurrect");
      // the option's own text may name the badge it spends ("roll with the extra die (Badge of Might)"): the
      // line names it once, first
      let option = HoldwiseDom.say(best.option);
      for (const e of spends) option = option.replace(" (" + NAMES[e] + ")", "");
      line.textContent = spends.length && keeping ?
        _("Coach: use the {badges} now: {option} (win chance {with} against {without} keeping it).",
          {badges: spends.map((e) => NAMES[e]).join(_(" and ")), option: option, with: pct(best.value),
           without: pct(keeping.value)}) :
        _("Coach: no badge now (best: {option}, win chance {chance}).", {option: HoldwiseDom.say(best.option), chance: pct(best.value)});
      line.hidden = false;
    } catch (err) {
      line.textContent = "";
      line.hidden = true;
    }
  }

  // called by the table's render (static/farkle.js) with its state, legal actions and play
  function render(S, play, call) {
    const box = $("fk-badges");
    if (!box || !S.sealed) return;
    const s = S.sealed.state, uses = s.data.uses;
    box.hidden = !uses;
    if (!uses) return;
    $("fk-badge-uses").textContent = _("Your badges: {mine}. The computer's: {theirs}.",
                                       {mine: usesText(uses.player, (s.data.after || {}).player),
                                        theirs: usesText(uses.computer, (s.data.after || {}).computer)});
    const spend = $("fk-badge-spend");
    spend.replaceChildren();
    const mine = s.to_move === "player" && !S.busy;
    // a badge spent on the throw shown: one button per move (the dice it re-rolls or turns, by their faces)
    const faces = (a) => (S.view.roll || []).filter((d) => a.dice.includes(d.position)).map((d) => d.face).join(" ");
    const onThrow = () => S.actions.filter((a) => a.type === "badge").forEach((a) => spend.append(
      button(_("Use the {badge}: {move}", {badge: NAMES[a.badges[0]], move: faces(a)}), a, play, true)));
    if (mine && s.phase === "roll") {  // a turn's first throw with the Badge of Might's extra die
      for (const a of S.actions) {
        if (a.type === "roll" && a.badges) spend.append(button(_("Roll with the extra die (Badge of Might)"), a, play, true));
      }
    } else if (mine && s.phase === "bust") {
      if (S.actions.some((a) => a.type === "resurrect")) {
        spend.append(button(_("Throw the same dice again (Badge of Resurrection)"), {type: "resurrect"}, play, false));
      }
      onThrow();
      spend.append(button(_("Let the turn go"), {type: "pass"}, play, true));
    } else if (mine && s.phase === "select") {
      onThrow();
      const dice = [...S.picked].sort((a, b) => a - b).join(",");
      for (const a of S.actions) {
        if (a.type === "keep" && a.badges && a.dice.join(",") === dice) spend.append(button(spendText(a), a, play, true));
      }
    }
    shown = [S, call];
    coachLine(S, call);
  }

  // the line follows the coach's switch at once (before, it waited for the next move: at a turn's first throw,
  // where the Badge of Might is spent or kept, it stayed empty)
  document.addEventListener("change", (e) => {
    if (e.target && e.target.id === "fk-coach-toggle" && shown) { asked = null; coachLine(...shown); }
  });

  window.holdwiseFarkleBadges = {options, render};
})();
