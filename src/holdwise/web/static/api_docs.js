// Starts the API viewer of /docs or /redoc (templates/api_docs.html) on the schema of the page's language (the
// element's data-spec-url). A file rather than an inline script, so the docs pages' policy allows scripts from this
// server only.
"use strict";
(() => {
  const pgettext = (c, m) => window.HoldwiseDom.pgettext(c, m);  // the page's language (static/dom.js)
  const root = document.getElementById("swagger-ui");
  if (root && typeof SwaggerUIBundle === "function") {
    // Swagger UI has no option for its own words ("Try it out", "Execute"): they stay English (glossary.md)
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
  }
  const redoc = document.querySelector("redoc[data-spec-url]");
  if (redoc && typeof Redoc === "object") {
    // ReDoc's own words are its `labels` option (the ones it has: its other words stay English, glossary.md)
    Redoc.init(redoc.dataset.specUrl, {labels: {
      enum: pgettext("ReDoc", "Enum"),
      enumSingleValue: pgettext("ReDoc", "Value"),
      enumArray: pgettext("ReDoc", "Items"),
      default: pgettext("ReDoc", "Default"),
      deprecated: pgettext("ReDoc", "Deprecated"),
      example: pgettext("ReDoc", "Example"),
      examples: pgettext("ReDoc", "Examples"),
      recursive: pgettext("ReDoc", "Recursive"),
      arrayOf: pgettext("ReDoc", "Array of "),
      webhook: pgettext("ReDoc", "Event"),
      const: pgettext("ReDoc", "Value"),
      noResultsFound: pgettext("ReDoc", "No results found"),
      download: pgettext("ReDoc", "Download"),
      downloadSpecification: pgettext("ReDoc", "Download OpenAPI specification"),
      responses: pgettext("ReDoc", "Responses"),
      callbackResponses: pgettext("ReDoc", "Callback responses"),
      requestSamples: pgettext("ReDoc", "Request samples"),
      responseSamples: pgettext("ReDoc", "Response samples"),
    }}, redoc);
  }
})();
