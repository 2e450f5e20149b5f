// @ts-check
// The table page (/t/<id>): seats, the game renderer, log, chat. Replays are replay_page.js.
import { api, clear, forgetSeat, h, myName, savedSeat, saveSeat, setMyName, tableTitle } from "./dom.js";
import { TableConnection } from "./connection.js";
import { undoButton } from "./undo.js";
import { levelRating } from "./levels.js";
import { whoAmI } from "./account.js";
import { loadEnd, ratingChange, rematchChanged, rematchPart } from "./table_end.js";
import { loadRenderer, renderContext, showError } from "./render_context.js";

const parts = location.pathname.split("/").filter(Boolean);
const tableId = parts[1];  // in lesson and puzzle mode (/learn/<game>, /puzzles/<game>) the game's id
const puzzling = parts[0] === "puzzles";  // js/puzzles.js
const learning = parts[0] === "learn" || puzzling;  // js/learn.js, or a puzzle: no socket, no seats to take
const $ = (id) => document.getElementById(id);

const ui = {
  table: null, view: null, legal: [], moves: [], you: null, log: [], chat: [], deadline: null, step: 0, result: null,
  toMove: [], resultText: null, prevView: null, online: false, sending: null, glossary: {}, thinking: [],
  me: null,  // the signed-in account ({name, ...}) or null for a guest
  shown: 0,  // counts the states shown: a renderer drops a half-made selection when it changes
};
let glossaryRe = null;
let renderer = null;
let conn = null;

// A click is either sent (and then answered: an update with its ack, or an error) or refused here
// in plain sight; a send whose socket closes before the answer is reported too.
function act(text) {
  if (!conn) return;
  $("error").hidden = true;
  if (!ui.online || !conn.act(text, Date.now())) {
    showError(`not sent: reconnecting ("${text}" was not played; act again once the page says connected)`);
    return;
  }
  const sending = { text };
  ui.sending = sending;
  setTimeout(() => {
    if (ui.sending === sending) showError(`no answer yet for "${text}": the server may be slow; the page updates when it answers`);
  }, 10000);
}

function takeBack() {
  if (!ui.online || !conn.send({ type: "undo", ref: Date.now() })) showError("not sent: reconnecting (nothing was taken back)");
}

function setOnline(online) {
  ui.online = online;
  document.body.classList.toggle("offline", !online);
  $("offline").hidden = online;
  if (!online && ui.sending) {
    showError(`connection lost while sending "${ui.sending.text}": the board resyncs on reconnect; check it and act again if needed`);
    ui.sending = null;
  }
  if (ui.table) renderSeats();
}

const RATING_WORD = { rated: "Rated.", friendly: "Friendly.", unrated: "Not rated." };
const STATUS_WORD = { open: "waiting for players", running: "in play", finished: "game over" };

function seatName(i) {
  const s = ui.table && ui.table.seats[i];
  return s ? s.name || `seat ${i}` : `seat ${i}`;
}

function joinNames(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Whose move, for everyone at the table (spectators too), or the result once it is over. */
function turnText() {
  const t = ui.table;
  if (t.banner) return { text: t.banner, mine: false };  // a puzzle over: solved or not
  if (t.status === "open") return { text: "The game starts when every seat is taken and a player presses Start.", mine: false };
  if (t.status === "finished") return { text: `Game over: ${ui.resultText || resultFallback()}`, mine: false };
  const mine = ui.you !== null && ui.toMove.includes(ui.you);
  const others = ui.toMove.filter((i) => i !== ui.you).map(seatName);
  if (mine) return { text: others.length ? `Your move (${joinNames(others)} also to move)` : "Your move", mine };
  if (!others.length) return { text: ui.resultText ? `Game over: ${ui.resultText}` : "…", mine };  // a lesson's game may end
  const who = joinNames(others);
  return { text: ui.you === null ? `${who} to move` : `Waiting for ${who}`, mine };
}

function resultFallback() {
  const r = ui.result || ui.table.result || [];
  if (!r.length) return "";
  const best = Math.max(...r);
  if (r.every((v) => v === best)) return "a draw";
  return `${joinNames(r.map((v, i) => [v, i]).filter(([v]) => v === best).map(([, i]) => seatName(i)))} won`;
}

/** The events of the last step: shown on top of the board and highlighted in it and the log. */
function lastEvents() {
  return ui.log.filter((e) => e.step === ui.step && e.step > 0);
}

/** A table's details as the board and the log use them: all but who is online and how many watch. */
function boardKey(t) {
  return JSON.stringify({ ...t, spectators: 0, seats: t.seats.map((s) => ({ ...s, connected: false })) });
}

function renderAll() {
  const t = ui.table;
  if (!t) return;
  // The tab's title says when it is your move, for a person coming back from another tab.
  const yours = t.status === "running" && ui.you !== null && ui.toMove.includes(ui.you);
  document.title = `${yours ? "▶ Your move · " : ""}${t.game_name} · Glyph Hall`;
  document.body.dataset.step = String(ui.step);
  document.body.dataset.status = t.status;
  $("title").textContent = puzzling ? `${t.game_name} · puzzles` : learning ? `${t.game_name} · lesson: ${t.position.title}` : tableTitle(t);
  const you = ui.you === null ? "you are watching" : `you play as ${seatName(ui.you)}`;
  $("status").textContent = puzzling ? "" : learning ? "a guided first game" : `${STATUS_WORD[t.status] || t.status} · ${you}`;
  if (!$("copy-invite") && !learning) $("link").append(h("button.linkish#copy-invite", { text: "Copy invite link", title: "copy this table's address to send it to a friend", onclick: copyInvite }));
  renderSeats();
  renderThinking();
  renderGame();
  renderLog();
  renderGlance();
}

/** On a phone the Seats and Log panels come after the board: the first screen repeats the
 * seats (who is to move) and the log's last line (the page's CSS shows it on narrow screens). */
function renderGlance() {
  const t = ui.table;
  clear($("glance-seats")).append(...t.seats.map((s, i) => {
    const toMove = t.status === "running" && ui.toMove.includes(i);
    return h("span.glance-seat" + (toMove ? ".to-move" : "") + (i === ui.you ? ".me" : ""), { "data-seat": i },
      s.taken ? s.name : "free", toMove ? h("b", { text: " ▸ to move" }) : null);
  }));
  const last = ui.log[ui.log.length - 1];
  clear($("glance-last")).append(last ? h("span", {}, h("span.muted", { text: "Log: " }), last.text) : "");
}

/** Before taking a seat: a guest types a name here (or signs in); a signed-in person plays
 * under the account's name and is asked nothing. */
function renderJoin() {
  const t = ui.table;
  const open = t.status === "open" && ui.you === null && t.seats.some((s) => !s.taken);
  $("join").hidden = !open;
  if (!open) return;
  $("join-account").hidden = !ui.me;
  $("join-guest").hidden = !!ui.me;
  if (ui.me) $("join-account").textContent = `You take a seat as ${ui.me.name}.`;
  (/** @type {HTMLAnchorElement} */ ($("join-sign-in"))).href = `/account?next=${encodeURIComponent(location.pathname)}`;
  const input = /** @type {HTMLInputElement} */ ($("seat-name"));
  if (!input.value && !input.dataset.touched) input.value = myName();
}

/** The table's address to the clipboard, said on the button ("Copied"); where the page may not
 * write the clipboard, the address is shown selected for copying by hand. */
async function copyInvite() {
  const invite = `${location.origin}/t/${tableId}`;
  const button = $("copy-invite");
  try {
    await navigator.clipboard.writeText(invite);
    button.textContent = "Copied: send it to a friend";
  } catch {
    const field = h("input#invite-text", { value: invite, readonly: true, size: invite.length });
    $("link").append(field);
    field.select();
    button.textContent = "Copy the address shown";
  }
  setTimeout(() => { button.textContent = "Copy invite link"; }, 4000);
}

function renderSeats() {
  const t = ui.table;
  renderJoin();
  const box = clear($("seats"));
  t.seats.forEach((s, i) => {
    const who = s.kind === "bot" ? s.name : s.taken ? s.name + (s.guest ? " (guest)" : "") : "free";
    const level = s.kind === "bot" ? levelOf(s.level) : null;
    const toMove = t.status === "running" && ui.toMove.includes(i);
    // While our own socket is down we do not know who is online: every dot goes grey.
    const online = ui.online && s.connected;
    const row = h("div.seat-row" + (i === ui.you ? ".me" : "") + (toMove ? ".to-move" : ""), { "data-seat": i },
      h("span.seat-no", { text: `${i}` }), h("span.seat-name", { text: who, title: level ? level.about : "" }),
      level ? h("span.level-rating.muted", { text: levelRating(level, t.game, "short"),
        title: `${level.about} In this game it is ${levelRating(level, t.game)}.` }) : null,
      s.kind === "person" && s.taken ? h("span.dot" + (online ? ".on" : ""), { title: online ? "online" : ui.online ? "offline" : "unknown: you are offline" }) : null,
      toMove ? h("span.to-move-tag", { text: "to move" }) : null,
      ui.thinking.some((b) => b.seat === i) ? h("span.thinking-tag", { text: "thinking…" }) : null);
    if (t.status === "open" && !s.taken && ui.you === null) {
      row.append(h("button.take", { text: "Take seat", "data-seat": i, onclick: () => takeSeat(i) }));
    }
    if (t.result) row.append(h("span.result", { text: t.result[i] === 1 ? "won" : t.result[i] === 0 ? "lost" : `${t.result[i]}` }), ratingChange(i) || "");
    box.append(row);
  });
  const actions = clear($("seat-actions"));
  if (t.status === "open" && ui.you !== null) {
    const ready = t.seats.every((s) => s.taken);
    actions.append(h("button.primary#start", { text: ready ? "Start the game" : "Waiting for players…", disabled: !ready, onclick: start }));
  }
  if (t.status === "running") actions.append(undoButton(ui.undo, takeBack) || "");
  if (ui.you !== null && t.status !== "finished" && !learning) actions.append(h("button#leave", { text: "Leave", onclick: leave }));
  if (t.status === "finished") {
    loadEnd(t.id, renderSeats);
    actions.append(rematchPart(ui, showError), h("a.button#replay-link", { href: `/r/${t.id}`, text: "Watch the replay" }));
  }
  actions.append(h(`p.rating-note.${t.rating || "friendly"}#rating-note`, {}, h("b", { text: RATING_WORD[t.rating] || "" }), ` ${t.rating_note || ""}`));
  if (t.spectators) actions.append(h("p.muted", { text: `${t.spectators} watching` }));
}

/** A computer level as /api/games describes it (name, how it plays, its ratings), once fetched. */
function levelOf(key) {
  if (ui.levels === undefined) {
    ui.levels = null;  // asked once; the seats are drawn again when it comes
    api("GET", "/api/games").then((c) => { ui.levels = c.levels || []; if (ui.table) renderSeats(); }).catch(() => {});
  }
  return (ui.levels || []).find((lv) => lv.key === key) || null;
}

/** "Hard computer is thinking…" while a bot computes its move (the server's `thinking` messages). */
function renderThinking() {
  const bar = $("thinking");
  const names = ui.thinking.map((b) => b.name);
  bar.hidden = !names.length || !ui.table || ui.table.status !== "running";
  bar.textContent = names.length ? `${joinNames(names)} ${names.length > 1 ? "are" : "is"} thinking…` : "";
}

function renderGame() {
  const root = $("game");
  const t = ui.table;
  const typing = typed !== null && document.activeElement === typed.querySelector("input");
  if (!ui.view) {
    clear(root).append(h("div.waiting", {},
      h("h2", { text: t.game_name }),
      h("p", { text: t.status === "open" ? "The game starts when every seat is taken and a player presses Start." : "Loading…" })));
    return;
  }
  const ctx = renderContext({
    view: ui.view, legal: ui.legal, moves: ui.moves, you: ui.you, table: t, act, stateKey: ui.shown,
    seatName, status: t.status, result: ui.result || t.result, step: ui.step, prevView: ui.prevView, lastEvents: lastEvents(),
    glossary: ui.glossary,
  });
  clear(root);
  const board = h("div.board");
  root.append(board);
  try {
    renderer.render(board, ctx);
  } catch (e) {
    console.error(e);
    board.append(h("p.error", { text: `This game's picture failed (${e.message}); the plain view follows.` }));
  }
  markLastMove(board);
  // Renderers redraw themselves (a selection, data arriving): mark the last move again each time.
  new MutationObserver(() => markLastMove(board)).observe(board, { childList: true });
  const last = lastEvents();
  if (last.length) {
    root.prepend(h("div.last-move-strip#last-move", {}, h("b", { text: "Last move: " }),
      last.slice(0, 4).map((e, i) => h("span", { text: (i ? " · " : "") + e.text })), last.length > 4 ? h("span.muted", { text: ` (+${last.length - 4} in the log)` }) : null));
  }
  const turn = turnText();
  root.prepend(h("div.banner" + (turn.mine ? ".your-turn" : "") + "#turn", { text: turn.text, "aria-live": "polite" }));
  if (ui.you !== null && t.status === "running") {
    root.append(typedForm());
    if (typing) typed.querySelector("input").focus();
  }
}

let typed = null;  // the typed-action form, kept across redraws so what is being typed survives them

function typedForm() {
  if (!typed) {
    const input = h("input#action-text", { autocomplete: "off" });
    typed = h("form.typed", { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) act(input.value.trim()); input.value = ""; } },
      input, h("button", { text: "Send" }));
  }
  const input = typed.querySelector("input");
  // A puzzle gives no example: its first legal move may be the answer.
  input.placeholder = puzzling ? "or type your move" : "or type an action, e.g. " + (ui.legal[0] || "pass");
  return typed;
}

const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Highlight what the last step touched: hexes and figures its events name in their data, and
 * any element a renderer marked with data-name whose name the events mention. */
function markLastMove(board) {
  const events = lastEvents();
  if (!events.length) return;
  const mark = (el) => el.classList.add("last-move");
  for (const e of events) {
    const d = e.data || {};
    for (const hex of [d.to, d.hex].filter((x) => typeof x === "string")) board.querySelectorAll(`[data-hex="${CSS.escape(hex)}"]`).forEach(mark);
    for (const fig of [d.figure, d.attacker, d.defender].filter((x) => typeof x === "string")) board.querySelectorAll(`[data-figure="${CSS.escape(fig)}"]`).forEach(mark);
  }
  const texts = events.map((e) => e.text).join("\n");
  for (const el of board.querySelectorAll("[data-name]")) {
    if (new RegExp(`(^|[^\\w])${escapeRe(el.dataset.name)}($|[^\\w])`).test(texts)) mark(el);
  }
}

function renderLog() {
  const box = clear($("log"));
  // The whole log; once the game is over each line opens the replay at its step.
  const over = ui.table.status === "finished";
  for (const e of ui.log) {
    const tip = explain(e.text);
    const jump = over && e.step > 0;
    box.append(h("li" + (e.step === ui.step && e.step > 0 ? ".last" : "") + (tip ? ".tip" : "") + (jump ? ".jump" : ""),
      { text: e.text, title: [tip, jump ? `open the replay at step ${e.step}` : ""].filter(Boolean).join("\n") || undefined,
        onclick: jump ? () => { location.href = `/r/${tableId}?step=${e.step}`; } : null }));
  }
  box.scrollTop = box.scrollHeight;
  renderChat();
}

function renderChat() {
  const chat = clear($("chat"));
  for (const c of ui.chat.slice(-100)) chat.append(h("li", {}, h("b", { text: `${c.author}: ` }), c.text));
  chat.scrollTop = chat.scrollHeight;
}

// --- rules at hand ---------------------------------------------------------------------------
/** The glossary entries a text mentions, as a tooltip ("Airborne: Ignores opposing cards..."). */
function explain(text) {
  if (!glossaryRe || !text) return "";
  const seen = new Set(text.match(glossaryRe) || []);
  return [...seen].map((term) => `${term}: ${ui.glossary[term]}`).join("\n");
}

/** A line of the READMEs' markdown as nodes: **bold**, *emphasis* and `code`, nothing else. */
function inline(text) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/).filter(Boolean).map((part) => {
    if (part.startsWith("**")) return h("b", { text: part.slice(2, -2) });
    if (part.startsWith("`")) return h("code", { text: part.slice(1, -1) });
    if (part.startsWith("*") && part.length > 2) return h("i", { text: part.slice(1, -1) });
    return part;
  });
}

async function loadRules(gameId) {
  let rules;
  try { rules = await api("GET", `/api/games/${gameId}/rules`); } catch { return; }  // the table works without
  ui.glossary = rules.glossary || {};
  const terms = Object.keys(ui.glossary).sort((a, b) => b.length - a.length).map(escapeRe);
  glossaryRe = terms.length ? new RegExp(`\\b(${terms.join("|")})\\b`, "g") : null;
  const body = clear($("rules-body"));
  body.append(...rules.summary.split("\n\n").map((p) => h("p", {}, inline(p))));
  if (rules.rulings.length) {
    body.append(h("h4", { text: "Rulings (where the rulebook is silent)" }), h("ul.rulings", {}, rules.rulings.map((r) => h("li", {}, inline(r)))));
  }
  const entries = Object.entries(ui.glossary);
  if (entries.length) {
    body.append(h("h4", { text: "Glossary" }), h("dl.glossary", {}, entries.map(([term, text]) => [h("dt", { text: term }), h("dd", { text })])));
  }
  if (rules.notation) body.append(h("h4", { text: "Typing moves" }), h("p.notation", {}, inline(rules.notation)));
  $("rules-panel").hidden = false;
  renderAll();
}

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      Object.assign(ui, {
        table: msg.table, view: msg.view, legal: msg.legal, moves: msg.moves || [], you: msg.you, log: msg.log, chat: msg.chat, deadline: msg.deadline,
        step: msg.step, result: msg.table.result, toMove: msg.to_move || [], resultText: msg.result_text, prevView: null, sending: null,
        undo: msg.undo, thinking: msg.thinking || [], shown: ui.shown + 1,
      });
      break;
    case "update":
      if (msg.ack !== undefined) ui.sending = null;
      Object.assign(ui, {
        prevView: ui.view, view: msg.view, legal: msg.legal, moves: msg.moves || [], deadline: msg.deadline, step: msg.step, result: msg.result,
        toMove: msg.to_move || [], resultText: msg.result_text, undo: msg.undo, shown: ui.shown + 1,
      });
      ui.table.status = msg.status;
      ui.table.result = msg.result;
      ui.log.push(...msg.events.map((e) => ({ ...e, step: msg.step })));
      break;
    case "table": {
      // Someone came, went or started watching: only the seats change. The board is not redrawn,
      // so a half-made move, the keyboard's place and what the pointer is over all stay.
      const presenceOnly = ui.table && boardKey(ui.table) === boardKey(msg.table);
      ui.table = msg.table;
      if (presenceOnly) { renderSeats(); return; }
      break;
    }
    case "thinking":  // only the sign and the seats change: the board (and a half-made move) stays
      ui.thinking = msg.bots || [];
      if (ui.table) { renderSeats(); renderThinking(); }
      return;
    case "rematch":
      rematchChanged(msg.rematch);
      if (ui.table) renderSeats();
      return;
    case "chat":
      ui.chat.push(msg.line);
      renderChat();
      return;
    case "notice":
      ui.log.push({ text: msg.text });
      break;
    case "error":
      ui.sending = null;
      showError(msg.message);
      return;
    default:
      return;
  }
  renderAll();
}

async function takeSeat(seat) {
  const input = /** @type {HTMLInputElement} */ ($("seat-name"));
  const name = ui.me ? ui.me.name : input.value.trim();
  const problem = $("join-error");
  problem.hidden = true;
  if (!name) {
    problem.textContent = "Type your name first (or sign in).";
    problem.hidden = false;
    input.focus();
    return;
  }
  try {
    const res = await api("POST", `/api/tables/${tableId}/seats/${seat}`, { name });
    if (!ui.me) setMyName(name);  // kept only once accepted: a refused name is asked again
    saveSeat(tableId, res.seat, res.token);
    conn.reconnectAs(res.token);
  } catch (e) {
    problem.textContent = e.message;
    problem.hidden = false;
    input.focus();
    input.select();
  }
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

/** Lesson and puzzle mode: the moves go to the server one by one (js/learn.js, js/puzzles.js), no socket. */
async function learnMain() {
  renderer = await loadRenderer(tableId);
  ui.me = (await whoAmI()).user;
  loadRules(tableId);
  setOnline(true);
  if (puzzling) {
    const { PuzzleConnection } = await import("./puzzles.js");
    conn = new PuzzleConnection(tableId, { onMessage, onError: showError });
    return;
  }
  const { LessonConnection } = await import("./learn.js");
  conn = new LessonConnection(tableId, { onMessage, onError: showError });
}

async function main() {
  if (learning) { await learnMain(); return; }
  const info = await api("GET", `/api/tables/${tableId}`).catch((e) => { showError(e.message); return null; });
  if (!info) return;
  renderer = await loadRenderer(info.game);
  ui.me = (await whoAmI()).user;
  $("seat-name").addEventListener("input", (e) => { (/** @type {HTMLInputElement} */ (e.target)).dataset.touched = "1"; });
  $("join").addEventListener("submit", (e) => e.preventDefault());
  loadRules(info.game);
  setInterval(tick, 500);
  const mine = savedSeat(tableId);
  conn = new TableConnection(tableId, mine && mine.token, {
    onMessage,
    onStatus: (s) => {
      setOnline(s === "connected");
      if (s === "no such table") showError(s);
    },
    onRefused: () => { forgetSeat(tableId); showError("your seat token was not accepted here; you are watching"); },
  });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($("chat-text"));
    if (input.value.trim()) conn.chat(input.value.trim());
    input.value = "";
  });
}

main();
