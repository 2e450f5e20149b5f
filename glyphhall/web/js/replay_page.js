// @ts-check
// The replay page: a finished game step by step (/r/<table>), hypothetical lines from any step
// (moves for any seat, every seat's view open: the game is over), shareable by link, and shared
// replay rooms (/room/<id>) where a leader steps and everyone follows.
import { api, clear, h, myName, setMyName, tableTitle } from "./dom.js";
import { RoomConnection } from "./replay_room.js";
import { whoAmI } from "./account.js";
import { loadRenderer, renderContext, showError } from "./render_context.js";

const parts = location.pathname.split("/").filter(Boolean);
const ROOM = parts[0] === "room";
const $ = (id) => document.getElementById(id);

// Where we are: the real game's step, the hypothetical line from it (null: none), the seat
// whose view is shown ("" public) and whether the view follows the seat to move in a line.
const pos = { step: 0, line: null, seat: "", follow: true };
let tableId = ROOM ? null : parts[1];
let data = null;       // the last position the server sent
let renderer = null;
let room = null;       // the room's state and our member id, in a room
let conn = null;
let shown = 0;         // counts the positions shown: a renderer drops a half-made selection when it changes

const canLead = () => !ROOM || (room && room.room.leader === room.you);
const seatName = (i) => (data && data.names[i]) || `seat ${i}`;
const seatParam = () => (pos.seat === "" ? null : Number(pos.seat));

async function fetchPosition() {
  if (pos.line === null) {
    const q = pos.seat === "" ? "" : `?seat=${pos.seat}`;
    return api("GET", `/api/tables/${tableId}/replay/${pos.step}${q}`);
  }
  return api("POST", `/api/tables/${tableId}/hypothetical`, { step: pos.step, seat: seatParam(), line: pos.line });
}

let asked = 0;  // the latest position asked for: an older answer arriving late is dropped

async function show() {
  const mine = ++asked;
  try {
    let r = await fetchPosition();
    const toMove = r.hypothetical && r.hypothetical.to_move;
    if (toMove && toMove.length && pos.follow && !toMove.includes(seatParam())) {
      pos.seat = String(toMove[0]);  // in a line the view follows the seat to move
      r = await fetchPosition();
    }
    if (mine !== asked) return;
    data = r;
    shown += 1;
  } catch (e) {
    if (mine === asked) showError(e.message);
    return;
  }
  if (!ROOM) saveToUrl();
  render();
}

function saveToUrl() {
  const url = new URL(location.href);
  url.searchParams.delete("room_closed");
  url.searchParams.set("step", String(pos.step));
  if (pos.seat === "") url.searchParams.delete("seat"); else url.searchParams.set("seat", pos.seat);
  if (pos.line === null) url.searchParams.delete("line"); else url.searchParams.set("line", JSON.stringify(pos.line));
  history.replaceState(null, "", url);
}

/** Move to a real step or a line; in a room only the leader does, and the room follows. */
function moveTo(step, line) {
  if (ROOM) {
    if (!canLead()) return;
    if (line === null && step !== pos.step) conn.goto(step); else conn.setLine(line);  // lines start at the room's step
    return;
  }
  pos.step = step;
  pos.line = line;
  show();
}

function act(text) {
  if (pos.line === null || !canLead() || pos.seat === "") return;
  moveTo(pos.step, [...pos.line, [Number(pos.seat), text]]);
}

function render() {
  const t = data.table;
  document.title = `${t.game_name} replay · Glyph Hall`;
  document.body.dataset.step = String(pos.step);
  document.body.dataset.line = pos.line === null ? "" : String(pos.line.length);
  $("title").textContent = tableTitle(t);
  $("status").textContent = pos.line === null ? `replay · step ${pos.step} of ${data.total}` : `hypothetical · ${pos.line.length} moves from step ${pos.step}`;
  const invite = ROOM ? `${location.origin}/room/${room.room.id}?table=${encodeURIComponent(t.id)}` : `${location.origin}/r/${t.id}`;
  clear($("link")).append(h("a", { href: invite, text: ROOM ? "room invite link" : "replay link", title: invite }));
  renderGame();
  renderControls();
  renderLog();
  loadFuture();
  if (ROOM) renderRoom();
}

function renderGame() {
  const root = clear($("game"));
  const hypo = data.hypothetical;
  if (hypo) {
    const whose = hypo.over ? hypo.result : `${hypo.to_move.map(seatName).join(" and ")} to move`;
    root.append(h("div.banner.hypothetical#hypo-banner", { text: `Hypothetical (not what happened) from step ${pos.step}: ${pos.line.length} moves · ${whose}` }));
  } else if (pos.step === data.total && data.table.result) {
    const r = data.table.result;
    const best = Math.max(...r);
    root.append(h("div.banner", { text: r.every((v) => v === r[0]) ? "Game over: a draw" : `Game over: ${r.map((v, i) => [v, i]).filter(([v]) => v === best).map(([, i]) => seatName(i)).join(" and ")} won` }));
  }
  const board = h("div.board");
  root.append(board);
  // In the real game the page watches (a seat's view, but nobody's "your turn"); in a line the
  // leader plays for the seat shown.
  const you = hypo ? seatParam() : null;
  const ctx = renderContext({
    view: data.view, legal: hypo && canLead() ? data.legal : [], moves: hypo && canLead() ? data.moves || [] : [], you, table: data.table, act, replay: !hypo,
    seatName, status: hypo ? "running" : "finished", result: hypo ? null : data.table.result, step: pos.step, stateKey: shown,
  });
  try {
    renderer.render(board, ctx);
  } catch (e) {
    console.error(e);
    board.append(h("p.error", { text: `This game's picture failed (${e.message}).` }));
  }
}

function renderControls() {
  const lead = canLead();
  const box = clear($("replay-controls"));
  const go = (n) => moveTo(Math.max(0, Math.min(data.total, n)), null);
  const seatSel = h("select#replay-seat", { "aria-label": "whose view", onchange: (e) => { pos.seat = e.target.value; pos.follow = false; show(); } },
    h("option", { value: "", text: "public view", selected: pos.seat === "" }),
    data.names.map((_, i) => h("option", { value: String(i), text: `as ${seatName(i)}`, selected: pos.seat === String(i) })));
  box.append(h("div.controls", {},
    h("button#first", { text: "|◀", title: "first", disabled: !lead, onclick: () => go(0) }),
    h("button#prev", { text: "◀", title: "previous", disabled: !lead, onclick: () => go(pos.step - 1) }),
    h("span.step#step-no", { text: ` ${pos.step} / ${data.total} ` }),
    h("button#next", { text: "▶", title: "next", disabled: !lead, onclick: () => go(pos.step + 1) }),
    h("button#last", { text: "▶|", title: "last", disabled: !lead, onclick: () => go(data.total) })),
    h("div.controls", {}, seatSel));
  const hyp = clear($("hypo-controls"));
  if (pos.line === null) {
    hyp.append(h("div.controls", {},
      h("button#hypo-start", { text: "Start a hypothetical here", disabled: !lead, title: "play moves for any seat from this step",
        onclick: () => { pos.follow = true; moveTo(pos.step, []); } })));  // the view follows the seat to move
  } else {
    hyp.append(
      h("ol.hypo-line#hypo-line", {}, pos.line.map(([s, text]) => h("li", { text: `${seatName(s)}: ${text}` }))),
      h("div.controls", {},
        h("button#hypo-back", { text: "Back one move", disabled: !lead || !pos.line.length, onclick: () => moveTo(pos.step, pos.line.slice(0, -1)) }),
        h("button#hypo-leave", { text: "Back to the real game", disabled: !lead, onclick: () => moveTo(pos.step, null) })));
    const share = new URL(`/r/${data.table.id}`, location.origin);
    share.searchParams.set("step", String(pos.step));
    if (pos.seat !== "") share.searchParams.set("seat", pos.seat);  // the link shows the line as the view shown here
    share.searchParams.set("line", JSON.stringify(pos.line));
    hyp.append(h("p.share", {}, "Share this line: ", h("a#hypo-share", { href: share.href, text: share.href })));
    if (lead && !data.legal.length && !(data.hypothetical && data.hypothetical.over)) {
      hyp.append(h("p.muted", { text: "Pick a seat to move to play for it." }));
    }
  }
  if (!ROOM) {
    hyp.append(h("div.controls", {}, h("button#open-room", { text: "Open a shared room", title: "others follow as you step; chat together", onclick: openRoom })));
  }
}

let future = null;  // the whole game's public log, fetched once: the move list's steps still to come

async function loadFuture() {
  if (future) return;
  future = [];
  try { future = (await api("GET", `/api/tables/${tableId}/replay/${data.total}`)).log.filter((e) => !e.undone); } catch { /* the list shows the past only */ }
  renderLog();
}

/** The whole log, as the move list: what happened up to the step shown (as its seat sees it),
 * then the public lines still to come, dimmed; a line of the real game goes to its step. */
function renderLog() {
  const box = clear($("log"));
  const later = pos.line === null && future ? future.filter((e) => e.step > pos.step).map((e) => ({ ...e, later: true })) : [];
  for (const e of [...data.log, ...later]) {
    const cls = e.hypothetical ? ".hypothetical" : e.undone ? ".undone" : "";
    const jump = !e.hypothetical && e.step !== undefined && canLead();
    box.append(h(`li${cls}${jump ? ".jump" : ""}${e.later ? ".later" : ""}${e.step === pos.step && !e.hypothetical ? ".here" : ""}`,
      { text: e.text, title: jump ? `go to step ${e.step}` : `step ${e.step}`, "data-step": e.step, onclick: jump ? () => moveTo(e.step, null) : null }));
  }
  const heres = box.querySelectorAll("li.here");
  const firstLater = box.querySelector("li.later");
  const here = heres[heres.length - 1] || (firstLater && firstLater.previousElementSibling) || box.lastElementChild;
  if (here) box.scrollTop = here.offsetTop - box.clientHeight / 2;
}

/** Arrow keys step through the game (Home and End: its first and last step), unless a field has
 * the keyboard. */
function onKey(e) {
  if (!data || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) return;
  const go = { ArrowLeft: pos.step - 1, ArrowRight: pos.step + 1, Home: 0, End: data.total }[e.key];
  if (go === undefined || !canLead()) return;
  e.preventDefault();
  moveTo(Math.max(0, Math.min(data.total, go)), null);
}

function renderRoom() {
  $("room-panel").hidden = false;
  $("chat-panel").hidden = false;
  const { room: r, you } = room;
  const box = clear($("room-members"));
  for (const m of r.members) {
    box.append(h("div.room-member", {}, h("span", { text: m.name + (m.guest ? " (guest)" : "") + (m.id === you ? " (you)" : "") }),
      m.id === r.leader ? h("span.lead", { text: "leads" }) : null,
      canLead() && m.id !== you ? h("button.hand-lead", { text: "Hand the lead", "data-member": m.id, onclick: () => conn.lead(m.id) }) : null));
  }
  const leader = r.members.find((m) => m.id === r.leader);
  clear($("room-actions")).append(h("p.muted#room-leader", { text: canLead() ? "You lead: the room follows your steps." : `Following ${leader ? leader.name : "nobody"}.` }));
}

function renderChat(lines) {
  const chat = clear($("chat"));
  for (const c of lines.slice(-100)) chat.append(h("li", {}, h("b", { text: `${c.author}${c.guest ? " (guest)" : ""}: ` }), c.text));
  chat.scrollTop = chat.scrollHeight;
}

async function openRoom() {
  try {
    const r = await api("POST", `/api/tables/${tableId}/rooms`, { step: pos.step });
    location.href = r.invite;
  } catch (e) { showError(e.message); }
}

async function startRoom() {
  let info;
  try { info = await api("GET", `/api/rooms/${parts[1]}`); } catch (e) { showError(e.message); return; }
  tableId = info.table;
  const me = (await whoAmI()).user;
  if (me) { joinRoom(info, me.name, false); return; }  // the server takes the account's name
  if (myName()) { joinRoom(info, myName(), true); return; }
  askName(info, "");
}

/** A guest's name for the room, asked on the page (with a sign-in link), never in a pop-up. */
function askName(info, problem) {
  $("room-panel").hidden = false;
  const form = $("room-join");
  form.hidden = false;
  (/** @type {HTMLAnchorElement} */ ($("room-sign-in"))).href = `/account?next=${encodeURIComponent(location.pathname + location.search)}`;
  $("room-join-error").textContent = problem;
  $("room-join-error").hidden = !problem;
  const input = /** @type {HTMLInputElement} */ ($("room-name"));
  if (!input.value) input.value = myName();
  input.focus();
  form.onsubmit = (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) { $("room-join-error").textContent = "Type your name first (or sign in)."; $("room-join-error").hidden = false; return; }
    form.hidden = true;
    joinRoom(info, name, true);
  };
}

function joinRoom(info, name, guest) {
  let chatLines = [];
  conn = new RoomConnection(info.id, name, {
    onRoom: (msg) => {
      if (guest) setMyName(name);  // kept once the room accepted it
      room = msg;
      chatLines = msg.chat;
      renderChat(chatLines);
      pos.step = msg.room.step;
      pos.line = msg.room.line;
      show();
    },
    onChat: (line) => { chatLines.push(line); renderChat(chatLines); },
    onError: showError,
    onNameRefused: (why) => askName(info, why),
  });
  $("chat-form").onsubmit = (e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($("chat-text"));
    const text = input.value.trim();
    if (!text) return;
    // Not connected (yet, or any more): the message stays in the box, nothing is lost.
    if (!conn.chat(text)) { showError("chat not sent: reconnecting (your message is kept; send it again in a moment)"); return; }
    input.value = "";
  };
}

async function main() {
  document.addEventListener("keydown", onKey);
  const params = new URLSearchParams(location.search);
  if (ROOM) {
    const info = await api("GET", `/api/rooms/${parts[1]}`).catch((e) => { showError(e.message); return null; });
    // A room lives in the server's memory; its link also names the game, whose replay outlives it.
    if (!info && params.get("table")) location.replace(`/r/${encodeURIComponent(params.get("table"))}?room_closed=1`);
    if (!info) return;
    tableId = info.table;
  }
  const table = await api("GET", `/api/tables/${tableId}`).catch((e) => { showError(e.message); return null; });
  if (!table) return;
  renderer = await loadRenderer(table.game);
  if (ROOM) { await startRoom(); return; }
  if (params.get("room_closed")) showError("That shared room has closed (rooms end when the server restarts): here is the game's replay.");
  pos.step = Number(params.get("step") || 0);
  pos.seat = params.get("seat") || "";
  try { pos.line = params.get("line") ? JSON.parse(params.get("line")) : null; } catch { showError("the line in this link is not readable"); }
  await show();
}

main();
