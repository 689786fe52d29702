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
  window.HoldwiseDom = {el};
})();
