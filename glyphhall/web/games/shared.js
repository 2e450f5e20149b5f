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
 * be fetched; the last drawing passed to `use` is then drawn again with them. The page's body
 * reads data-reference="loading" from the fetch until that drawing.
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
      // Marked on the page while it loads, so that a reader (or a test) knows the drawing is final.
      document.body.dataset.reference = "loading";
      loading = Promise.all(lists.map((name) => api("GET", `/api/games/${game}/data/${name}`)))
        .then((got) => { data = shape(got); })
        .catch(() => { data = empty; })
        .then(() => {
          latest.root.replaceChildren();
          render(latest.root, latest.ctx);
          document.body.dataset.reference = "drawn";
        });
    },
  };
}

// ---- The legal moves as data (ctx.moves: {text, kind, args}, docs/protocol.md): renderers find
// moves by kind and arguments here and send a move's `text`; none reads the notation of a text.

/** @typedef {import("../js/types.js").LegalMove} LegalMove */

/**
 * The moves of one kind (or of any of several kinds), in the server's order.
 * @param {LegalMove[]} moves
 * @param {string | string[]} kind
 * @returns {LegalMove[]}
 */
export function movesOf(moves, kind) {
  const kinds = Array.isArray(kind) ? kind : [kind];
  return moves.filter((m) => kinds.includes(m.kind));
}

/**
 * Whether any move is of `kind`.
 * @param {LegalMove[]} moves
 * @param {string} kind
 */
export function hasMove(moves, kind) {
  return moves.some((m) => m.kind === kind);
}

/**
 * The move of `kind` with exactly these arguments (compared as sent: a number is not its digits),
 * or null when there is none.
 * @param {LegalMove[]} moves
 * @param {string} kind
 * @param {...(string | number)} args
 * @returns {LegalMove | null}
 */
export function findMove(moves, kind, ...args) {
  return moves.find((m) => m.kind === kind && m.args.length === args.length && args.every((a, i) => m.args[i] === a)) || null;
}

/**
 * Whether a move with this exact text is legal (for texts the renderer got from a move itself).
 * @param {LegalMove[]} moves
 * @param {string} text
 */
export function isLegal(moves, text) {
  return moves.some((m) => m.text === text);
}

/**
 * A move's words, read from its data: the kind, then each argument as text (a number as its
 * digits), for matching against ids and DOM attributes; `text` is what to send.
 * @param {LegalMove} move
 * @returns {{text: string, words: string[]}}
 */
export function moveWords(move) {
  return { text: move.text, words: [move.kind, ...move.args.map(String)] };
}
