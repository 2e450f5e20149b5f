// @ts-check
// The table page in lesson mode (/learn/<game>): the guided first game. In place of a table's
// socket, each move goes to POST /api/learn/<game> with the moves accepted so far; the answer has
// the shape of a table's "state" message, drawn by the same renderer. Beside the board: the step's
// text and the move it asks for (the board's own button or card for it is outlined where the
// renderer draws one); a wrong move is answered there with why, and the position stays.
import { api, clear, h, myName, saveSeat, setMyName } from "./dom.js";

const $ = (id) => document.getElementById(id);

export class LessonConnection {
  constructor(gameId, { onMessage, onError }) {
    this.gameId = gameId;
    this.onMessage = onMessage;
    this.onError = onError;
    this.moves = [];        // the moves the lesson accepted, sent again with each new one
    this.last = null;       // the last answer: its lesson part says which control to outline
    this.busy = false;
    setUp();
    this.observer = new MutationObserver(() => this.mark());
    this.observer.observe($("game"), { childList: true, subtree: true });
    this.post(null);
  }

  /** The table page's act(text): one move at a time; true when it was sent. */
  act(text) {
    if (this.busy) return false;
    this.post(text);
    return true;
  }

  // The table page calls these on a table's socket; a lesson has no chat, seats or undo.
  send() { return false; }
  chat() {}
  reconnectAs() {}

  async post(move) {
    this.busy = true;
    let msg;
    try {
      msg = await api("POST", `/api/learn/${this.gameId}`, { moves: this.moves, move, name: myName() || null });
    } catch (e) {
      this.busy = false;
      this.onError(e.message);
      return;
    }
    this.busy = false;
    const lesson = msg.lesson;
    if (move !== null && lesson.refused === null) this.moves.push(move);
    this.last = msg;
    this.onMessage({ ...msg, ack: true });
    this.panel(lesson);
    this.mark();
  }

  /** The step's text, the move it asks for, and why the last move was refused. */
  panel(lesson) {
    const box = clear($("lesson"));
    box.append(h("h3", { text: lesson.done ? "Lesson done" : `Step ${lesson.index + 1} of ${lesson.total}` }),
      h("p#lesson-text", { text: lesson.text }));
    if (lesson.refused) {
      box.append(h("p.lesson-refused#lesson-refused", { role: "alert" }, h("b", { text: "Not that move. " }), lesson.refused));
    }
    if (lesson.move) box.append(h("p.lesson-move#lesson-move", {}, h("span.muted", { text: "Your move: " }), h("code", { text: lesson.move })));
    if (lesson.done) {
      box.append(h("button.primary#short-game", { text: "Play a short game against the gentlest computer", onclick: () => shortGame(this.gameId, lesson, this.onError) }),
        h("p", {}, h("a", { href: "/", text: "Back to the lobby" })));
    }
  }

  /** Outline the board's own control for the expected move, where the renderer draws one. */
  mark() {
    const lesson = this.last && this.last.lesson;
    const want = lesson && !lesson.done ? lesson.expected : null;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#game .lesson-target"))) {
      if (!want || el.dataset.action !== want) el.classList.remove("lesson-target");
    }
    if (!want) return;
    for (const el of document.querySelectorAll(`#game [data-action="${CSS.escape(want)}"]`)) {
      if (!el.classList.contains("lesson-target")) el.classList.add("lesson-target");
    }
  }
}

/** The lesson's panel beside the board (before it on a phone), its style, and no chat. */
function setUp() {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/learn.css" }));
  document.body.classList.add("learning");
  const page = document.querySelector("main.table-page");
  page.prepend(h("section.panel.lesson#lesson", { "aria-live": "polite" }));
  const chat = $("chat-form");
  if (chat) chat.closest("section").hidden = true;
}

/** A real table against the gentlest computer, with the lesson's options; the page goes there. */
async function shortGame(gameId, lesson, onError) {
  const name = myName() || "Newcomer";
  const seats = Array.from({ length: lesson.players }, (_, i) => (i === lesson.seat ? { kind: "person" } : { kind: "bot", bot: lesson.bot }));
  try {
    const table = await api("POST", "/api/tables", { game: gameId, options: lesson.options, seats, practice: true });
    const taken = await api("POST", `/api/tables/${table.id}/seats/${lesson.seat}`, { name });
    setMyName(name);
    saveSeat(table.id, taken.seat, taken.token);
    await api("POST", `/api/tables/${table.id}/start`, { token: taken.token });
    location.href = table.invite;
  } catch (e) {
    onError(e.message);
  }
}
