// @ts-check
// The client's shared types, as JSDoc typedefs (no build step: tsc --checkJs reads them):
// the messages of the play protocol (docs/protocol.md) and what a game's renderer is given.
// The module exports nothing at run time; other modules name these as import("./types.js").Name.

// ---- Client to server (docs/protocol.md, "JSON schema of client messages") -------------------

/** Anything short to match the answer with; echoed as `ref` (or `ack`).
 * @typedef {number | string | null} Ref */

/** The first message: a seat token, or null to watch.
 * @typedef {{type: "hello", token: string | null, ref?: Ref}} HelloMessage */
/** A move, written as the text on its action button, at the table's step it was made at.
 * @typedef {{type: "act", text: string, ref?: Ref, step?: number | null}} ActMessage */
/** @typedef {{type: "chat", text: string, ref?: Ref}} ChatMessage */
/** Take back your last move.
 * @typedef {{type: "undo", ref?: Ref}} UndoMessage */
/** Ask for the full state again.
 * @typedef {{type: "resync", ref?: Ref}} ResyncMessage */
/** @typedef {{type: "ping", ref?: Ref}} PingMessage */
/** @typedef {HelloMessage | ActMessage | ChatMessage | UndoMessage | ResyncMessage | PingMessage} ClientMessage */

// ---- Server to client (docs/protocol.md, "Server to client") -----------------------------------

/** A seat of a table, as the lobby and the table show it.
 * @typedef {{seat?: number, kind: string, name?: string | null, bot?: string | null, online?: boolean,
 *   [field: string]: any}} Seat */
/** The `table` object (in `state`, `table` and the lobby's lists).
 * @typedef {{id: string, game: string, game_name: string, status: string, seats: Seat[],
 *   practice: boolean, seed?: number | null, rating: "rated" | "friendly" | "unrated", rating_note: string,
 *   position: {title: string | null} | null, result?: number[] | null, [field: string]: any}} Table */
/** A line of the game's log, with the event's data where it has some (dice rolled...).
 * @typedef {{text: string, data?: Record<string, any>, [field: string]: any}} GameEvent */
/** A line of the table's chat.
 * @typedef {{name?: string, text: string, [field: string]: any}} ChatLine */
/** A bot computing its move now.
 * @typedef {{seat: number, name: string}} ThinkingBot */
/** A game's view for one seat: its shape is the game's own (each renderer reads its game's).
 * @typedef {Record<string, any>} GameView */

/** A legal move as data beside its text (docs/protocol.md, "Legal moves"): `kind` is its verb,
 * `args` its arguments as the game holds them (numbers stay numbers; a text may hold spaces).
 * To make the move, send its `text`.
 * @typedef {{text: string, kind: string, args: (string | number)[]}} LegalMove */

/** Fields every server message has: `seq` counts them per connection.
 * @typedef {{seq?: number}} Sequenced */
/** Everything this seat may know.
 * @typedef {Sequenced & {type: "state", table: Table, step: number, view: GameView, legal: string[],
 *   moves: LegalMove[], log: GameEvent[], chat: ChatLine[], deadline: number | null, you: number | null,
 *   thinking?: ThinkingBot[], [field: string]: any}} StateMessage */
/** After each move; `ack` (the move's ref) for the connection that acted.
 * @typedef {Sequenced & {type: "update", step: number, view: GameView, legal: string[], moves: LegalMove[], events: GameEvent[],
 *   status: string, result: number[] | null, deadline: number | null, ack?: Ref, [field: string]: any}} UpdateMessage */
/** Seats, presence or status changed.
 * @typedef {Sequenced & {type: "table", table: Table}} TableMessage */
/** A bot seat started or stopped computing its move; `bots` are every bot computing now.
 * @typedef {Sequenced & {type: "thinking", thinking: boolean, seat: number, name: string, bots: ThinkingBot[]}} ThinkingMessage */
/** At a finished table, the rematch changed (names; `table` is the new table).
 * @typedef {Sequenced & {type: "rematch", rematch: {table: string | null, accepted: string[], waiting: string[],
 *   declined: string[], started: boolean}}} RematchMessage */
/** @typedef {Sequenced & {type: "chat", [field: string]: any}} ChatNoticeMessage */
/** @typedef {Sequenced & {type: "notice", [field: string]: any}} NoticeMessage */
/** @typedef {Sequenced & {type: "pong", ref?: Ref}} PongMessage */
/** A re-sent move the table had already played: nothing changed.
 * @typedef {Sequenced & {type: "ack", ack: Ref, step: number, message: string}} AckMessage */
/** The request was refused and nothing changed; `stale` when the move was made at a step the table has left.
 * @typedef {Sequenced & {type: "error", message: string, ref?: Ref, stale?: boolean}} ErrorMessage */
/** @typedef {StateMessage | UpdateMessage | TableMessage | ThinkingMessage | RematchMessage | ChatNoticeMessage
 *   | NoticeMessage | PongMessage | AckMessage | ErrorMessage} ServerMessage */

// ---- What a renderer is given (js/render_context.js builds it, for the table and the replay) ----

/** @typedef {{
 *   view: GameView, legal: string[], moves: LegalMove[], you: number | null, table: Table,
 *   act: (text: string) => void, seatName: (seat: number) => string,
 *   status: string, result: number[] | null, step: number, stateKey: number,
 *   replay: boolean, prevView: GameView | null, lastEvents: GameEvent[], glossary: Record<string, string>,
 * }} RenderContext
 * `legal` are the seat's legal moves as texts and `moves` the same moves as data, in the same order
 * (a renderer reads `moves`, never the notation of `legal`: games/shared.js has the helpers);
 * `stateKey` changes with each state shown (a renderer drops a half-made selection when it does);
 * `replay` is true when the page replays a finished game; `prevView` the view before the last
 * move (null when unknown); `glossary` the game's terms and their explanations. */

/** A game's renderer module (games/<game>.js; games/generic.js for any game).
 * @typedef {{render: (root: HTMLElement, ctx: RenderContext) => void}} Renderer */

/** A field of the lobby's game options: an <input>, or a <select> (which has `options`).
 * @typedef {HTMLInputElement & {options?: HTMLOptionsCollection}} OptionField */

export {};
