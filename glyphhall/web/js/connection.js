// @ts-check
// The websocket play protocol, with automatic reconnect and resync (see glyphhall/server/play/table_socket.py).

/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").Ref} Ref */

export class TableConnection {
  /** onMessage(msg) gets every server message, in order; onStatus(text) the connection state.
   * @param {string} tableId
   * @param {string | null} token  the seat's token, or null to watch
   * @param {{onMessage: (msg: ServerMessage) => void, onStatus?: (text: string) => void,
   *   onRefused?: (code: number) => void}} handlers */
  constructor(tableId, token, { onMessage, onStatus, onRefused }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.onRefused = onRefused || (() => {});
    this.step = -1;
    this.seq = 0;
    this.retry = 0;
    this.closed = false;
    /** @type {{ref: Ref, msg: import("./types.js").ActMessage, resent: boolean} | null} */
    this.pending = null;  // the move sent and not yet answered: re-sent once after a reconnect
    /** @type {import("./types.js").ChatMessage[]} */
    this.unsent = [];  // chat lines typed while the socket was not yet (or no longer) open
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${this.tableId}`);
    this.ws = ws;
    this.seq = 0;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus("connected");
      ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
    };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 4403) {  // our token is not valid here: carry on as a spectator
        this.token = null;
        this.onRefused(ev.code);
      } else if (ev.code === 4404) {
        this.onStatus("no such table");
        return;
      }
      // A close reason (a frame too large, the server going down) is shown, then we reconnect.
      this.onStatus(ev.reason ? `${ev.reason}; reconnecting…` : "reconnecting…");
      const wait = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    };
  }

  receive(msg) {
    // Messages arrive in order on one socket; a gap means something was lost: ask for everything.
    if (msg.seq !== undefined && msg.seq !== this.seq + 1 && msg.type !== "state") {
      this.seq = msg.seq;
      this.send({ type: "resync" });
      return;
    }
    if (msg.seq !== undefined) this.seq = msg.seq;
    if (this.pending && (msg.ack === this.pending.ref || msg.ref === this.pending.ref)) this.pending = null;
    if (msg.type === "state") {
      this.step = msg.step;
      for (const line of this.unsent.splice(0)) this.send(line);  // after the hello: they go as us
      // Re-sent with the step it was made at: the server acknowledges it if it was played
      // before the socket dropped, plays it if not, or says the table moved on.
      if (this.pending && !this.pending.resent) {
        this.pending.resent = true;
        this.send(this.pending.msg);
      }
    } else if (msg.type === "update") {
      if (msg.step !== this.step + 1) {
        this.send({ type: "resync" });
        return;
      }
      this.step = msg.step;
    }
    this.onMessage(msg);
  }

  /** @param {ClientMessage} obj @returns {boolean} whether it left (the socket was open) */
  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  /** @param {string} text @param {Ref} ref @returns {boolean} whether it left */
  act(text, ref) {
    /** @type {import("./types.js").ActMessage} */
    const msg = { type: "act", text, ref, step: this.step >= 0 ? this.step : undefined };
    // Only a move that left is re-sent after a reconnect; one not sent is reported as such.
    if (!this.send(msg)) return false;
    this.pending = { ref, msg, resent: false };
    return true;
  }
  /** @param {string} text */
  chat(text) {
    /** @type {import("./types.js").ChatMessage} */
    const line = { type: "chat", text };
    if (!this.send(line)) this.unsent.push(line);
  }

  reconnectAs(token) {
    this.token = token;
    this.ws.close();
  }
}
