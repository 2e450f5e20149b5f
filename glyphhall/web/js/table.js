// The table page (/t/<id>) and the replay page (/r/<id>): seats, the game renderer, log, chat.
import { api, clear, forgetSeat, h, myName, savedSeat, saveSeat, setMyName } from "./dom.js";
import { TableConnection } from "./connection.js";

const parts = location.pathname.split("/").filter(Boolean);
const REPLAY = parts[0] === "r";
const tableId = parts[1];
const $ = (id) => document.getElementById(id);

const ui = { table: null, view: null, legal: [], you: null, log: [], chat: [], deadline: null, step: 0, result: null };
let renderer = null;
let conn = null;

async function loadRenderer(gameId) {
  try {
    return await import(`/static/games/${gameId}.js`);
  } catch {
    return await import("/static/games/generic.js");
  }
}

export function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function act(text) {
  if (!conn) return;
  $("error").hidden = true;
  conn.act(text, Date.now());
}

function seatName(i) {
  const s = ui.table && ui.table.seats[i];
  return s ? s.name || `seat ${i}` : `seat ${i}`;
}

function renderAll() {
  const t = ui.table;
  if (!t) return;
  document.title = `${t.game_name} · Glyph Hall`;
  document.body.dataset.step = String(ui.step);
  document.body.dataset.status = t.status;
  $("title").textContent = `${t.game_name} · table ${t.id}`;
  const you = ui.you === null ? "watching" : `you are seat ${ui.you}`;
  $("status").textContent = REPLAY ? `replay · step ${ui.step} of ${ui.total}` : `${t.status} · ${you}`;
  const invite = `${location.origin}/${REPLAY ? "r" : "t"}/${t.id}`;
  clear($("link")).append(h("a", { href: invite, text: REPLAY ? "replay link" : "invite link", title: invite }));
  renderSeats();
  renderGame();
  renderLog();
}

function renderSeats() {
  const t = ui.table;
  const box = clear($("seats"));
  t.seats.forEach((s, i) => {
    const who = s.kind === "bot" ? `${s.name} (bot)` : s.taken ? s.name : "free";
    const row = h("div.seat-row" + (i === ui.you ? ".me" : ""), {},
      h("span.seat-no", { text: `${i}` }), h("span", { text: who }),
      s.kind === "person" && s.taken ? h("span.dot" + (s.connected ? ".on" : ""), { title: s.connected ? "online" : "offline" }) : null);
    if (!REPLAY && t.status === "open" && !s.taken && ui.you === null) {
      row.append(h("button.take", { text: "Take seat", "data-seat": i, onclick: () => takeSeat(i) }));
    }
    if (t.result) row.append(h("span.result", { text: t.result[i] === 1 ? "won" : t.result[i] === 0 ? "lost" : `${t.result[i]}` }));
    box.append(row);
  });
  const actions = clear($("seat-actions"));
  if (REPLAY) return;
  if (t.status === "open" && ui.you !== null) {
    const ready = t.seats.every((s) => s.taken);
    actions.append(h("button.primary#start", { text: ready ? "Start the game" : "Waiting for players…", disabled: !ready, onclick: start }));
  }
  if (ui.you !== null && t.status !== "finished") actions.append(h("button#leave", { text: "Leave", onclick: leave }));
  if (t.status === "finished") actions.append(h("a.button#replay-link", { href: `/r/${t.id}`, text: "Watch the replay" }));
  if (t.spectators) actions.append(h("p.muted", { text: `${t.spectators} watching` }));
}

function renderGame() {
  const root = $("game");
  const t = ui.table;
  if (!ui.view) {
    clear(root).append(h("div.waiting", {},
      h("h2", { text: t.game_name }),
      h("p", { text: t.status === "open" ? "The game starts when every seat is taken and a player presses Start." : "Loading…" })));
    return;
  }
  const ctx = {
    view: ui.view, legal: REPLAY ? [] : ui.legal, you: ui.you, table: t, act, replay: REPLAY,
    seatName, status: t.status, result: ui.result || t.result, step: ui.step,
  };
  clear(root);
  const board = h("div.board");
  root.append(board);
  try {
    renderer.render(board, ctx);
  } catch (e) {
    console.error(e);
    board.append(h("p.error", { text: `This game's picture failed (${e.message}); the plain view follows.` }));
  }
  if (t.status === "finished" && !REPLAY) {
    const r = ui.result || t.result || [];
    const winners = r.map((v, i) => [v, i]).filter(([v]) => v === Math.max(...r)).map(([, i]) => seatName(i));
    root.prepend(h("div.banner", { text: r.every((v) => v === r[0]) ? "Game over: a draw" : `Game over: ${winners.join(" and ")} won` }));
  } else if (!REPLAY && ui.you !== null) {
    root.prepend(h("div.banner" + (ui.legal.length ? ".your-turn" : ""), { text: ui.legal.length ? "Your move" : "Waiting for the other players…" }));
  }
  if (!REPLAY && ui.you !== null && t.status === "running") {
    const input = h("input#action-text", { placeholder: "or type an action, e.g. " + (ui.legal[0] || "pass"), autocomplete: "off" });
    root.append(h("form.typed", { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) act(input.value.trim()); input.value = ""; } },
      input, h("button", { text: "Send" })));
  }
}

function renderLog() {
  const box = clear($("log"));
  for (const e of ui.log.slice(-200)) box.append(h("li", { text: e.text }));
  box.scrollTop = box.scrollHeight;
  const chat = clear($("chat"));
  for (const c of ui.chat.slice(-100)) chat.append(h("li", {}, h("b", { text: `${c.author}: ` }), c.text));
  chat.scrollTop = chat.scrollHeight;
}

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      Object.assign(ui, { table: msg.table, view: msg.view, legal: msg.legal, you: msg.you, log: msg.log, chat: msg.chat, deadline: msg.deadline, step: msg.step, result: msg.table.result });
      break;
    case "update":
      Object.assign(ui, { view: msg.view, legal: msg.legal, deadline: msg.deadline, step: msg.step, result: msg.result });
      ui.table.status = msg.status;
      ui.table.result = msg.result;
      ui.log.push(...msg.events.map((e) => ({ ...e, step: msg.step })));
      break;
    case "table":
      ui.table = msg.table;
      break;
    case "chat":
      ui.chat.push(msg.line);
      break;
    case "notice":
      ui.log.push({ text: msg.text });
      break;
    case "error":
      showError(msg.message);
      return;
    default:
      return;
  }
  renderAll();
}

async function takeSeat(seat) {
  let name = myName();
  if (!name) {
    name = (prompt("Your name?") || "").trim() || `player ${seat}`;
    setMyName(name);
  }
  try {
    const res = await api("POST", `/api/tables/${tableId}/seats/${seat}`, { name });
    saveSeat(tableId, res.seat, res.token);
    conn.reconnectAs(res.token);
  } catch (e) { showError(e.message); }
}

async function start() {
  try { await api("POST", `/api/tables/${tableId}/start`, { token: (savedSeat(tableId) || {}).token }); } catch (e) { showError(e.message); }
}

async function leave() {
  if (!confirm(ui.table.status === "running" ? "Leave the game? A bot will finish it for you." : "Leave this seat?")) return;
  try {
    await api("POST", `/api/tables/${tableId}/leave`, { token: (savedSeat(tableId) || {}).token });
    forgetSeat(tableId);
    conn.reconnectAs(null);
  } catch (e) { showError(e.message); }
}

function tick() {
  const clock = $("clock");
  if (!ui.deadline || !ui.table || ui.table.status !== "running") { clock.textContent = ""; return; }
  const left = Math.max(0, Math.round(ui.deadline - Date.now() / 1000));
  clock.textContent = `time ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.classList.toggle("low", left <= 10);
}

// --- replay mode ---------------------------------------------------------------------------
async function showReplayStep(step, seat) {
  const q = seat === null || seat === "" ? "" : `?seat=${seat}`;
  try {
    const r = await api("GET", `/api/tables/${tableId}/replay/${step}${q}`);
    Object.assign(ui, { table: r.table, view: r.view, legal: [], you: null, step: r.step, total: r.total, result: r.table.result });
    ui.log = r.events.map((e) => ({ ...e }));
    if (r.action) ui.log.unshift({ text: `step ${r.step}: ${seatName(r.action.seat)} played "${r.action.text}"` });
    const url = new URL(location.href);
    url.searchParams.set("step", step);
    if (seat === null || seat === "") url.searchParams.delete("seat"); else url.searchParams.set("seat", seat);
    history.replaceState(null, "", url);
    renderAll();
    renderReplayControls(seat);
  } catch (e) { showError(e.message); }
}

function renderReplayControls(seat) {
  $("replay-panel").hidden = false;
  const box = clear($("replay-controls"));
  const go = (n) => showReplayStep(Math.max(0, Math.min(ui.total, n)), seat);
  const seatSel = h("select#replay-seat", { onchange: (e) => showReplayStep(ui.step, e.target.value) },
    h("option", { value: "", text: "public view", selected: seat === null || seat === "" }),
    ui.table.seats.map((s, i) => h("option", { value: String(i), text: `as ${seatName(i)}`, selected: String(seat) === String(i) })));
  box.append(
    h("button#first", { text: "|◀", title: "first", onclick: () => go(0) }),
    h("button#prev", { text: "◀", title: "previous", onclick: () => go(ui.step - 1) }),
    h("span.step", { text: ` ${ui.step} / ${ui.total} ` }),
    h("button#next", { text: "▶", title: "next", onclick: () => go(ui.step + 1) }),
    h("button#last", { text: "▶|", title: "last", onclick: () => go(ui.total) }),
    seatSel);
}

async function main() {
  const info = await api("GET", `/api/tables/${tableId}`).catch((e) => { showError(e.message); return null; });
  if (!info) return;
  renderer = await loadRenderer(info.game);
  setInterval(tick, 500);
  if (REPLAY) {
    const params = new URLSearchParams(location.search);
    await showReplayStep(Number(params.get("step") || 0), params.get("seat"));
    $("chat-form").hidden = true;
    return;
  }
  const mine = savedSeat(tableId);
  conn = new TableConnection(tableId, mine && mine.token, {
    onMessage,
    onStatus: (s) => { if (s !== "connected") showError(s); },
    onRefused: () => { forgetSeat(tableId); showError("your seat token was not accepted here; you are watching"); },
  });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-text");
    if (input.value.trim()) conn.chat(input.value.trim());
    input.value = "";
  });
}

main();
