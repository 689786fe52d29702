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
  window.HoldwiseDom = {el, fallingClock};
})();
