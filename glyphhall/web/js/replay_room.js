// @ts-check
// The shared replay room socket (see glyphhall/server/replays/rooms.py), with automatic reconnect.

export class RoomConnection {
  /** onRoom(msg) gets every "room" message, onChat(line) each chat line, onError(text) refusals.
   * @param {string} roomId
   * @param {string} name
   * @param {{onRoom: (msg: any) => void, onChat: (line: any) => void, onError: (text: string) => void,
   *   onNameRefused: (text: string) => void}} handlers */
  constructor(roomId, name, { onRoom, onChat, onError, onNameRefused }) {
    this.roomId = roomId;
    this.name = name;
    this.onRoom = onRoom;
    this.onChat = onChat;
    this.onError = onError;
    this.onNameRefused = onNameRefused;
    this.retry = 0;
    this.gone = false;
    this.said = "";
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/room/${this.roomId}`);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; ws.send(JSON.stringify({ type: "hello", name: this.name })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "room") this.onRoom(msg);
      else if (msg.type === "chat") this.onChat(msg.line);
      else if (msg.type === "error") { this.said = msg.message; this.onError(msg.message); }
    };
    ws.onclose = (ev) => {
      if (ev.code === 4404) { this.gone = true; return; }  // no such room: the error says why
      if (ev.code === 4409) { this.gone = true; this.onNameRefused(this.said); return; }  // a guest with a registered name
      this.onError("reconnecting to the room…");
      setTimeout(() => this.open(), Math.min(5000, 250 * 2 ** this.retry++));
    };
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(obj)); return true; }
    this.onError("not sent: reconnecting to the room");
    return false;
  }

  goto(step) { return this.send({ type: "goto", step }); }
  setLine(line) { return this.send({ type: "line", line }); }
  lead(to) { return this.send({ type: "lead", to }); }
  chat(text) { return this.send({ type: "chat", text }); }
}
