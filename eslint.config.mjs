// Lint of the browser client (make lint): the recommended rules over its ES modules, with the
// browser's globals; the service worker is a classic script with a worker's globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["glyphhall/web/vendor/**"] },  // vendored libraries, as published
  js.configs.recommended,
  {
    files: ["glyphhall/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["glyphhall/web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
];
