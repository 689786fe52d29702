// What every page's script builds its elements with (loaded first by templates/base.html).
(function () {
  "use strict";
  // an HTML element: props "class", "text" or attributes; children appended
  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const kid of kids) e.append(kid);
    return e;
  }
  // a long solve's time left as the page says it: it only falls. The server's figure comes from the share of the
  // work done, which moves in steps; between them it would grow with the clock (review 2, defect 22), so the
  // page says the smaller of it and the last figure less the time since (never below 1 s). null starts over.
  function fallingClock() {
    let last = null, at = 0;
    return (seconds) => {
      if (seconds == null) { last = null; return null; }
      const now = Date.now();
      const shown = last === null ? seconds : Math.max(1, Math.min(seconds, last - (now - at) / 1000));
      last = shown;
      at = now;
      return shown;
    };
  }
  // the page's language: its messages come in one JSON block (templates/base.html, from the same .po files as
  // the server's); a message not in it is shown as written (English)
  const block = document.getElementById("hw-i18n");
  const catalogue = block ? JSON.parse(block.textContent) : {lang: "en", plural: "n != 1", messages: {}};
  const lang = document.documentElement.lang || "en";
  // the plural rule of the language: the catalogue's C expression for English, Slovak and Czech, written out
  // (no code is built from text)
  function pluralIndex(n) {
    if (lang === "sk" || lang === "cs") return n === 1 ? 0 : (n >= 2 && n <= 4 ? 1 : 2);
    return n === 1 ? 0 : 1;
  }
  // a message in the page's language; {name} placeholders filled from `values`
  function _(message, values) {
    const found = catalogue.messages[message];
    return fill(typeof found === "string" && found ? found : message, values);
  }
  // a message whose English words need other words by `context` (a button's verb beside a column's noun)
  function pgettext(context, message, values) {
    const found = catalogue.messages[context + "\u0004" + message];
    return fill(typeof found === "string" && found ? found : message, values);
  }
  function ngettext(singular, plural, n, values) {
    const forms = catalogue.messages[singular];
    const text = Array.isArray(forms) && forms[pluralIndex(n)] ? forms[pluralIndex(n)] : (n === 1 ? singular : plural);
    return fill(text, {n: num(n), ...(values || {})});
  }
  function fill(text, values) {
    return values ? text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)) : text;
  }
  // a number as the page's language writes it ("7 776", "0,9954"); `options` as Intl.NumberFormat takes them
  function num(value, options) {
    return Number(value).toLocaleString(locale, options);
  }
  const locale = lang === "en" ? "en-US" : lang;
  // `digits` decimals as toFixed rounds them (the same digits in every language), the language's decimal sign
  function fixed(value, digits) {
    const text = Number(value).toFixed(digits);
    return lang === "en" ? text : text.replace(".", ",");
  }
  // a share 0-1 as a percentage: "99.5%", "99,5 %"
  function percent(share, digits) {
    return fixed(100 * share, digits) + (lang === "en" ? "%" : "\u00a0%");
  }
  // the games' own words (a log line, an option, a note, a hand's name: the API writes them in English) in the
  // page's language: each English form of the catalogue's phrases (holdwise/phrases.py) is a pattern whose parts
  // are translated in turn, a number written the language's way; words no form matches are shown as they are
  const NUMBER = /^[+-]?(\d{1,3}(,\d{3})*|\d+)(\.\d+)?%?$/;
  const forms = (catalogue.phrases || []).map(([english, local, part]) => {
    const names = [];
    const source = english.split(/%\((\w+)\)s/).map((piece, i) => {
      if (i % 2) { names.push(piece); return "([\\s\\S]+?)"; }
      return piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }).join("");
    return {regex: new RegExp("^" + source + "$"), names, local, part};
  });
  function say(text, depth) {
    if (lang === "en" || typeof text !== "string" || !text) return text;
    if (NUMBER.test(text)) {  // "1,200" and "16.7%" as Python's i18n.Numbers writes them: "1 200", "16,7 %"
      return text.replace(/[.,%]/g, (c) => (c === "." ? "," : c === "," ? "\u00a0" : "\u00a0%"));
    }
    if ((depth || 0) > 16) return text;
    for (const form of forms) {
      if (form.part && !depth) continue;  // a range or a list only as a part of a form
      const m = form.regex.exec(text);
      if (!m) continue;
      const n = form.names.indexOf("n");  // a part named n is a count, as holdwise/phrases.py reads it
      if (n >= 0 && !NUMBER.test(m[n + 1])) continue;
      const parts = {};
      form.names.forEach((name, i) => { parts[name] = say(m[i + 1], (depth || 0) + 1); });
      return form.local.replace(/%\((\w+)\)s/g, (whole, name) => (name in parts ? parts[name] : whole));
    }
    return text;
  }
  window.HoldwiseDom = {el, fallingClock, _, ngettext, pgettext, num, fixed, percent, say, lang, locale};
})();
