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
