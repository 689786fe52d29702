// The menu of every page: the phone's "Menu" disclosure and the wide screen's drop-downs (aria-expanded on
// each button; Escape and a click elsewhere close them). Loaded in <head> so the page is drawn folded at once;
// without it the menu shows open on a phone and the drop-downs open on hover and focus.
// Also marks each scrolling frame whose content is wider than it (data-scrolls), so it shows that it scrolls.
"use strict";
document.documentElement.classList.add("js");

(() => {
  function setOpen(button, open) {
    button.setAttribute("aria-expanded", String(open));
  }

  function closeDrops(except) {
    for (const b of document.querySelectorAll(".menu-drop[aria-expanded=true]")) if (b !== except) setOpen(b, false);
  }

  function markFrames() {
    for (const frame of document.querySelectorAll(".table-wrap, .scroll-frame")) {
      const wide = frame.scrollWidth > frame.clientWidth + 1;
      frame.toggleAttribute("data-scrolls", wide);
      frame.toggleAttribute("data-scrolled-end", wide && frame.scrollLeft + frame.clientWidth >= frame.scrollWidth - 2);
    }
  }

  let queued = false;
  function queueMark() {  // tables fill in after the page's answers come: look again once per frame at most
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; markFrames(); });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.getElementById("menu-toggle");
    if (toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", () => setOpen(toggle, toggle.getAttribute("aria-expanded") !== "true"));
    }
    for (const drop of document.querySelectorAll(".menu-drop")) {
      drop.addEventListener("click", () => {
        closeDrops(drop);
        setOpen(drop, drop.getAttribute("aria-expanded") !== "true");
      });
    }
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      const open = document.querySelector(".menu-drop[aria-expanded=true]");
      if (open) { setOpen(open, false); open.focus(); return; }
      if (toggle && toggle.getAttribute("aria-expanded") === "true" && toggle.offsetParent) {
        setOpen(toggle, false);
        toggle.focus();
      }
    });
    document.addEventListener("click", (event) => {
      if (!event.target.closest(".menu-many")) closeDrops(null);
    });
    document.addEventListener("focusin", (event) => {  // tabbing out of a drop-down closes it
      if (!event.target.closest(".menu-many")) closeDrops(null);
    });
    document.addEventListener("scroll", (event) => {
      if (event.target instanceof Element && event.target.hasAttribute("data-scrolls")) queueMark();
    }, true);
    new MutationObserver(queueMark).observe(document.body, {childList: true, subtree: true, attributes: true,
                                                            attributeFilter: ["hidden", "class", "open"]});
    window.addEventListener("resize", queueMark);
    markFrames();
  });
})();
