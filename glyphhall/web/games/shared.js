// @ts-check
// What the games' renderers share: their stylesheet, added once, and their public reference data
// (cards, champions...), fetched once for the page and drawn again when it arrives.
import { api, h } from "../js/dom.js";

/** @typedef {import("../js/types.js").RenderContext} RenderContext */

/**
 * Adds the game's stylesheet (games/<game>.css) to the page, once.
 * @param {string} game
 */
export function useStyles(game) {
  if (document.getElementById(`${game}-css`)) return;
  document.head.append(h(`link#${game}-css`, { rel: "stylesheet", href: `/static/games/${game}.css` }));
}

/**
 * A list of records as an object keyed by one of their fields (a missing list gives {}).
 * @param {Record<string, any>[] | undefined} list
 * @param {string} field
 * @returns {Record<string, any>}
 */
export function byField(list, field) {
  return Object.fromEntries((list || []).map((x) => [x[field], x]));
}

/**
 * The game's public data, the lists at /api/games/<game>/data/<list>, fetched together once for
 * the page. `data` is null until they arrive, then `shape(lists)`, or `empty` if they could not
 * be fetched; the last drawing passed to `use` is then drawn again with them.
 * @template T
 * @param {string} game
 * @param {string[]} lists
 * @param {(lists: any[]) => T} shape
 * @param {T} empty
 * @param {(root: HTMLElement, ctx: RenderContext) => void} render
 */
export function gameData(game, lists, shape, empty, render) {
  /** @type {T | null} */
  let data = null;
  /** @type {Promise<void> | null} */
  let loading = null;
  /** @type {{root: HTMLElement, ctx: RenderContext} | null} */
  let latest = null;
  return {
    get data() { return data; },
    /** Remembers this drawing (drawn again when the data arrives) and starts the fetch, once.
     * @param {HTMLElement} root
     * @param {RenderContext} ctx */
    use(root, ctx) {
      latest = { root, ctx };
      if (data || loading) return;
      loading = Promise.all(lists.map((name) => api("GET", `/api/games/${game}/data/${name}`)))
        .then((got) => { data = shape(got); })
        .catch(() => { data = empty; })
        .then(() => { latest.root.replaceChildren(); render(latest.root, latest.ctx); });
    },
  };
}
