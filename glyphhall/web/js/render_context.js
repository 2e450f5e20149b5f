// @ts-check
// What a game's renderer is given, built in one place for the table page and the replay page, and
// the renderer itself, loaded by game (a game without its own picture gets the generic one).

/** @typedef {import("./types.js").RenderContext} RenderContext */
/** @typedef {import("./types.js").Renderer} Renderer */

/**
 * A renderer's context: the fields a page knows, the rest at their neutral values (no earlier
 * view, no last move, no glossary, not a replay).
 * @param {Omit<RenderContext, "replay" | "prevView" | "lastEvents" | "glossary"> & Partial<RenderContext>} known
 * @returns {RenderContext}
 */
export function renderContext(known) {
  return { replay: false, prevView: null, lastEvents: [], glossary: {}, ...known };
}

/**
 * The game's renderer (games/<game>.js), or the generic one when the game has none.
 * @param {string} gameId
 * @returns {Promise<Renderer>}
 */
export async function loadRenderer(gameId) {
  try {
    return await import(`/static/games/${gameId}.js`);
  } catch {
    // @ts-expect-error: served at /static/ (glyphhall/web/games/generic.js); tsc cannot map the URL to the file
    return await import("/static/games/generic.js");
  }
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let errorTimer;

/**
 * Shows a refusal or failure in the page's #error box for six seconds.
 * @param {string} text
 */
export function showError(text) {
  const box = document.getElementById("error");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { box.hidden = true; }, 6000);
}
