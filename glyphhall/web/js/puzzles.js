// @ts-check
// The table page in puzzle mode (/puzzles/<game>): the puzzle of the day, the next puzzle near your
// puzzle rating, puzzles by theme. In place of a table's socket, each move goes to
// POST /api/puzzle/<id> with the moves of this attempt accepted so far; the answer has the shape of
// a table's "state" message, drawn by the game's own renderer. Beside the board: the puzzle's
// theme, how the attempt stands, and once it is over the answer, why, and the rating change.
// A guest's progress and provisional rating are kept in this browser (localStorage) only.
import { api, clear, h, myName } from "./dom.js";

const $ = (id) => document.getElementById(id);

/**
 * @typedef {{rating: number, deviation: number, volatility: number}} Glicko
 * @typedef {{rating: Glicko | null, seen: string[], rated: string[], solved: number, tried: number}} GuestProgress
 */

/** How many puzzles a guest's browser remembers as seen (the server takes as many). */
const SEEN_KEPT = 200;

/**
 * A guest's puzzle progress in one game, from localStorage.
 * @param {string} gameId
 * @returns {GuestProgress}
 */
export function guestProgress(gameId) {
  /** @type {GuestProgress} */
  const fresh = { rating: null, seen: [], rated: [], solved: 0, tried: 0 };
  try {
    const kept = JSON.parse(localStorage.getItem(`glyphhall.puzzles.${gameId}`) || "null");
    return kept && typeof kept === "object" ? { ...fresh, ...kept } : fresh;
  } catch { return fresh; }
}

/** @param {string} gameId @param {GuestProgress} progress */
function saveProgress(gameId, progress) {
  localStorage.setItem(`glyphhall.puzzles.${gameId}`, JSON.stringify(progress));
}

export class PuzzleConnection {
  constructor(gameId, { onMessage, onError }) {
    this.gameId = gameId;
    this.onMessage = onMessage;
    this.onError = onError;
    this.moves = [];         // this attempt's moves accepted so far, sent again with each new one
    this.current = null;     // the puzzle part of the last answer
    this.overview = null;    // GET /api/puzzles/<game>: themes, the day's puzzle, an account's rating
    this.theme = null;       // the theme chosen (null: any)
    this.busy = false;
    this.outcome = null;     // the last finished attempt's ratings, for the panel
    this.isDaily = false;    // whether the puzzle shown is the day's
    setUp();
    this.start();
  }

  /** The table page's act(text): one move at a time; true when it was sent. */
  act(text) {
    if (this.busy || !this.current || this.current.status !== "playing") return false;
    this.post(text);
    return true;
  }

  // The table page calls these on a table's socket; a puzzle has no chat, seats or undo.
  send() { return false; }
  chat() {}
  reconnectAs() {}

  get signedIn() { return !!(this.overview && this.overview.signed_in); }

  async start() {
    try {
      this.overview = await api("GET", `/api/puzzles/${this.gameId}`);
    } catch (e) {
      this.onError(e.message);
      clear($("puzzle")).append(h("p.error", { text: e.message }), h("p", {}, h("a", { href: "/", text: "Back to the lobby" })));
      return;
    }
    const asked = new URLSearchParams(location.search);
    this.theme = asked.get("theme");
    const id = asked.get("id");
    if (id) await this.load(`/api/puzzle/${encodeURIComponent(id)}`);
    else if (this.theme) await this.next();
    else await this.daily();
  }

  async daily() { await this.load(`/api/puzzles/${this.gameId}/daily`); }

  async next() {
    const query = new URLSearchParams();
    if (this.theme) query.set("theme", this.theme);
    if (!this.signedIn) {
      const progress = guestProgress(this.gameId);
      if (progress.rating) query.set("rating", String(Math.round(progress.rating.rating)));
      const seen = progress.seen.slice(0, SEEN_KEPT);
      if (this.current) seen.unshift(this.current.id);
      if (seen.length) query.set("seen", seen.join(","));
    }
    await this.load(`/api/puzzles/${this.gameId}/next?${query}`);
  }

  async load(path) {
    this.busy = true;
    let msg;
    try {
      msg = await api("GET", path + (path.includes("?") ? "&" : "?") + new URLSearchParams({ name: myName() }));
    } catch (e) {
      this.busy = false;
      this.onError(e.message);
      return;
    }
    this.busy = false;
    this.moves = [];
    this.outcome = null;
    this.isDaily = !!msg.puzzle.daily;
    history.replaceState(null, "", `/puzzles/${this.gameId}?id=${encodeURIComponent(msg.puzzle.id)}`);
    this.show(msg);
  }

  async post(move) {
    this.busy = true;
    const progress = guestProgress(this.gameId);
    let msg;
    try {
      msg = await api("POST", `/api/puzzle/${encodeURIComponent(this.current.id)}`, {
        moves: this.moves, move, name: myName() || null, guest: this.signedIn ? null : progress.rating,
      });
    } catch (e) {
      this.busy = false;
      this.onError(e.message);
      return;
    }
    this.busy = false;
    const puzzle = msg.puzzle;
    if (puzzle.status !== "failed") this.moves.push(move);
    if (puzzle.status !== "playing") this.finished(puzzle, progress);
    this.show(msg);
  }

  /** An attempt is over: a guest's browser keeps the progress and (once per puzzle) the rating. */
  finished(puzzle, progress) {
    if (this.signedIn) {
      this.outcome = { rated: puzzle.rated, player: puzzle.player, puzzleRating: puzzle.puzzle_rating };
      this.overview.player = puzzle.player;
      return;
    }
    const first = !progress.rated.includes(puzzle.id);
    if (first) {
      progress.rating = puzzle.guest_rating;
      progress.rated.unshift(puzzle.id);
      progress.tried += 1;
      if (puzzle.status === "solved") progress.solved += 1;
    }
    progress.seen = [puzzle.id, ...progress.seen.filter((id) => id !== puzzle.id)].slice(0, SEEN_KEPT);
    progress.rated = progress.rated.slice(0, SEEN_KEPT * 5);
    saveProgress(this.gameId, progress);
    this.outcome = { rated: first, player: first ? puzzle.player : null, puzzleRating: puzzle.puzzle_rating };
  }

  show(msg) {
    this.current = msg.puzzle;
    document.body.dataset.puzzle = msg.puzzle.id;
    document.body.dataset.puzzleStatus = msg.puzzle.status;
    this.onMessage({ ...msg, ack: true });
    this.panel();
  }

  /** Your rating, the puzzle's theme and state, the answer once over, and what to do next. */
  panel() {
    const p = this.current;
    const box = clear($("puzzle"));
    const heading = this.isDaily ? "Puzzle of the day" : "Puzzle";
    box.append(h("h3", { text: `${heading}: ${p.theme_name}` }));
    if (p.status === "playing") {
      const steps = p.steps > 1 ? ` This puzzle is ${p.steps} moves of yours in a row: this is move ${p.step + 1}.` : "";
      box.append(h("p#puzzle-text", { text: `${p.message}${steps}` }),
        h("p.muted", { text: "It is your move. Play it on the board, or type it below the board." }));
    } else {
      const solved = p.status === "solved";
      box.append(h(`p.puzzle-result.${solved ? "solved" : "failed"}#puzzle-result`, { role: "status" },
        h("b", { text: solved ? "Solved! " : "Not the best move. " }), solved ? "" : p.message));
      box.append(h("p.puzzle-answer#puzzle-answer", {}, h("span.muted", { text: p.answer.length > 1 ? "The best line: " : "The best move: " }),
        p.answer.map((step, i) => [i ? " then " : "", h("code", { text: step[0] })])));
      box.append(h("p#puzzle-explanation", { text: p.explanation }));
      box.append(this.ratingChange());
      box.append(h("div.puzzle-buttons", {},
        h("button.primary#next-puzzle", { text: "Next puzzle", onclick: () => this.next() }),
        h("button#try-again", { text: "Try it again", onclick: () => this.load(`/api/puzzle/${encodeURIComponent(p.id)}`) })));
    }
    // Your rating and the other puzzles on offer: beside the board, after it on a phone.
    clear($("puzzle-more")).append(h("h3", { text: "Puzzles" }), this.myRating(p.status !== "playing"), this.choices());
  }

  ratingChange() {
    const o = this.outcome;
    if (!o || !o.rated || !o.player) return h("p.muted", { text: "Not rated: you have tried this puzzle before." });
    const sign = o.player.change >= 0 ? "+" : "";
    return h("p#rating-change", {}, "Your puzzle rating: ", h("b", { text: ratingText(o.player) }), ` (${sign}${o.player.change}).`,
      o.puzzleRating ? h("span.muted", { text: ` This puzzle is rated ${o.puzzleRating}.` }) : "");
  }

  /** Your puzzle rating (unless the result beside the board just said it) and, for a guest, where it is kept. */
  myRating(justShown) {
    if (this.signedIn) {
      const mine = this.overview.player;
      return h("p.muted#my-puzzle-rating", { text: !mine ? "Your puzzle rating starts with your first puzzle." : `Your puzzle rating in this game: ${ratingText(mine)}, beside your game ratings on your profile.` });
    }
    const progress = guestProgress(this.gameId);
    const r = progress.rating;
    const rating = r ? `Your puzzle rating: ${ratingText({ rating: Math.round(r.rating), provisional: r.deviation > 110 })}. ` : "Your puzzle rating starts with your first puzzle. ";
    return h("p.muted#my-puzzle-rating", {}, justShown ? "" : rating, r ? `${progress.solved} of ${progress.tried} solved. ` : "",
      "As a guest your progress is kept in this browser only; ", h("a", { href: `/account?next=${encodeURIComponent(location.pathname + location.search)}`, text: "sign in" }), " to keep it with your game ratings.");
  }

  /** The day's puzzle, any puzzle, or one theme. */
  choices() {
    const themes = this.overview.themes || [];
    const pick = (theme) => { this.theme = theme; this.next(); };
    return h("div.puzzle-choices", {},
      h("button#daily-puzzle", { text: "Puzzle of the day", onclick: () => this.daily(), disabled: this.isDaily && this.current.status === "playing" }),
      h("span.muted", { text: " Themes: " }),
      h("button.theme" + (this.theme === null ? ".chosen" : ""), { text: "Any", "data-theme": "", onclick: () => pick(null) }),
      themes.map((t) => h("button.theme" + (this.theme === t.theme ? ".chosen" : ""), { text: `${t.name} (${t.count})`, "data-theme": t.theme, onclick: () => pick(t.theme) })));
  }
}

/** "1512", or "1500?" while the rating is provisional (few puzzles tried), as on lichess. */
function ratingText(r) {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

/** The puzzle's panel beside the board (before it on a phone), its style, and no chat. */
function setUp() {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/learn.css" }));
  document.body.classList.add("learning", "puzzling");
  const page = document.querySelector("main.table-page");
  page.prepend(h("section.panel.lesson.puzzle#puzzle", { "aria-live": "polite" }, h("p", { text: "Loading the puzzle…" })));
  document.querySelector("main.table-page > .side").prepend(h("section.panel#puzzle-more"));
  const chat = $("chat-form");
  if (chat) chat.closest("section").hidden = true;
}
