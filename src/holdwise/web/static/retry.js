/* fetch, sent once more a moment later after a network error, a 502 or a 503 (a backend restarting, or gone
   behind a proxy): every API call is a pure function of its body or query (a play call carries its sealed
   state), so a repeat is safe. Loaded on every page (templates/base.html); the pages' own fetch helpers use it. */
"use strict";

window.fetchRetry = async function fetchRetry(path, init) {
  const r = await fetch(path, init).catch(() => null);
  if (r !== null && r.status !== 502 && r.status !== 503) return r;
  await new Promise((done) => setTimeout(done, 300));
  return fetch(path, init);
};

/* A page that leaves (closed, reloaded, navigated away) while the server solves for it asks for that solve to
   stop: nobody would read the answer. navigator.sendBeacon is sent even as the page goes. leaving(path, body)
   names the cancel call of the solve the page waits for; leaving(null) forgets it. */
(function () {
  let pending = null;
  window.leaving = function leaving(path, body) { pending = path ? [path, body] : null; };
  function stop() {
    if (!pending || !navigator.sendBeacon) return;
    navigator.sendBeacon(pending[0], new Blob([JSON.stringify(pending[1])], {type: "application/json"}));
    pending = null;
  }
  window.addEventListener("pagehide", stop);
  window.addEventListener("beforeunload", stop);
})();
