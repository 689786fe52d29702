// Starts Swagger UI on /docs (templates/api_docs.html): the spec named by #swagger-ui's data-spec-url.
// A file rather than an inline script, so the docs pages' policy allows scripts from this server only.
"use strict";
(() => {
  const root = document.getElementById("swagger-ui");
  if (!root || typeof SwaggerUIBundle !== "function") return;
  SwaggerUIBundle({
    url: root.dataset.specUrl,
    dom_id: "#swagger-ui",
    layout: "BaseLayout",  // the spec's operations only: the site's own bar is the page's header
    presets: [SwaggerUIBundle.presets.apis],
    deepLinking: true,  // an opened operation is in the address (#/farkle/...), to share or come back to
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,  // no validator badge: Swagger UI would fetch it from another host
  });
})();
