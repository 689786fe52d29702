/* Playing cards drawn as inline SVG (no images): rank and suit symbol in the corners, the suit large in the
   middle, red hearts and diamonds, black spades and clubs; the joker as a star; the extra-ace deck's ace of
   stars ("A*" in the API's text, as the CLI types it) as an ace whose suit is a star, in blue. Shared by the
   machine and the hand analyzer (window.VPCards), with the little element builder both use. */
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const SUITS = {s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663", "*": "\u2605"};
  const _ = (m, v) => window.HoldwiseDom._(m, v);  // the page's language (static/dom.js)
  // names marked for the catalogues here, translated when a label is built
  const N_ = (m) => m;
  const SUIT_NAMES = {s: N_("spades"), h: N_("hearts"), d: N_("diamonds"), c: N_("clubs"), "*": N_("stars")};
  const RANK_NAMES = {A: N_("ace"), K: N_("king"), Q: N_("queen"), J: N_("jack"), T: "10"};
  const RED = "#c0262d", BLACK = "#1d2330", STARS = "#1f5fa8";  // stars: neither red nor black, like no suit

  const isJoker = (card) => /^jk$/i.test(card);
  const isStar = (card) => /^a\*$/i.test(card);
  // cards' text as the cards show it: "Th Jh" reads "10h Jh", the ace of stars "A*" reads "A\u2605" (the API's
  // text keeps T and A*, as the CLI takes them)
  const written = (text) => String(text).replace(/\bT([cdhs])\b/g, "10$1").replace(/\bA\*/g, "A\u2605");
  const rankOf = (card) => (card[0] === "T" ? "10" : card[0]);
  const colour = (card) => (isJoker(card) ? "#6a3d9a" : isStar(card) ? STARS : (/[hd]$/.test(card) ? RED : BLACK));

  function node(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* A card's name for screen readers: "ace of spades", "10 of hearts", "joker", "ace of stars". */
  function label(card) {
    if (isJoker(card)) return _("joker");
    const rank = RANK_NAMES[card[0]], suit = SUIT_NAMES[card[1]];
    return _("{rank} of {suit}", {rank: rank && rank !== "10" ? _(rank) : (rank || card[0]), suit: suit ? _(suit) : card[1]});
  }

  /* The text a person reads: "A♠", "10♥", "Jk", "A★". */
  function short(card) {
    return isJoker(card) ? "Jk" : rankOf(card) + SUITS[card[1]];
  }

  /* One card as an <svg> 60 x 84 (scales with its box); `back` draws the back of a card. */
  function svg(card, back) {
    const s = node("svg", {viewBox: "0 0 60 84", class: "vp-card-svg", "aria-hidden": "true"});
    s.append(node("rect", {x: 1, y: 1, width: 58, height: 82, rx: 6, class: "face",
                           fill: back ? "#2f5d9a" : "#fff", stroke: "#9aa3b2", "stroke-width": 1.5}));
    if (back) {
      s.append(node("rect", {x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none", stroke: "#fff",
                             "stroke-width": 1.5, "stroke-dasharray": "3 3"}));
      return s;
    }
    const fill = colour(card);
    if (isJoker(card)) {
      s.append(node("text", {x: 7, y: 16, "font-size": 11, "font-weight": 700, fill}, "JK"));
      s.append(node("path", {d: "M30 26 L34.5 38 L47 38 L37 46 L41 59 L30 51 L19 59 L23 46 L13 38 L25.5 38 Z",
                             fill}));
      s.append(node("text", {x: 30, y: 75, "font-size": 9, "font-weight": 700, fill, "text-anchor": "middle",
                             "letter-spacing": 1}, "JOKER"));
      return s;
    }
    const rank = rankOf(card), suit = SUITS[card[1]];
    s.append(node("text", {x: 6, y: 19, "font-size": rank === "10" ? 14 : 16, "font-weight": 700, fill,
                           "font-family": "system-ui, sans-serif"}, rank));
    s.append(node("text", {x: 7, y: 33, "font-size": 13, fill}, suit));
    s.append(node("text", {x: 36, y: 66, "font-size": 30, fill, "text-anchor": "middle"}, suit));
    return s;
  }

  const el = window.HoldwiseDom.el;  // both video-poker pages build their rows with it

  window.VPCards = {svg, label, short, isJoker, isStar, written, SUITS, el};
})();
