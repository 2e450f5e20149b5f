// @ts-check
// The lobby: create a table (options form built from the game's typed options, or a position to
// start from) and list tables.
import { api, clear, h, label, myName, savedSeat, saveSeat, setMyName } from "./dom.js";
import { whoAmI } from "./account.js";
import { levelRating } from "./levels.js";

// The seats after the first default to the server's default level for the game (`default_bots`,
// else `default_bot`), so a quick game against the computer is "choose the game, Create table".
let me = null;  // the signed-in account, or null for a guest

// bots: the level keys; levels: [{key, name, label, about, ratings: {game: {text, short, ...}}}]
let catalog = { games: [], bots: [], levels: [], default_bot: null, default_bots: {} };
const packaged = {}; // game id -> its packaged positions [{name, title, players}], fetched once
let checking = null; // the timer of the next check of a pasted position

async function main() {
  catalog = await api("GET", "/api/games");
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("game"));
  for (const g of catalog.games) select.append(h("option", { value: g.id, text: g.name }));
  select.addEventListener("change", showGame);
  /** @type {HTMLInputElement} */ (document.getElementById("players")).addEventListener("change", showSeats);
  /** @type {HTMLSelectElement} */ (document.getElementById("start-from")).addEventListener("change", showStart);
  /** @type {HTMLTextAreaElement} */ (document.getElementById("position-text")).addEventListener("input", () => {
    clearTimeout(checking);
    checking = setTimeout(checkOwn, 400);
  });
  document.getElementById("position-file").addEventListener("change", readPositionFile);
  document.getElementById("create-form").addEventListener("submit", create);
  /** @type {HTMLInputElement} */ (document.getElementById("my-name")).value = myName();
  me = (await whoAmI()).user;
  if (me) {  // a signed-in seat takes the account's name
    /** @type {HTMLInputElement} */ (document.getElementById("my-name")).value = me.name;
    /** @type {HTMLInputElement} */ (document.getElementById("my-name")).readOnly = true;
  }
  const rated = /** @type {HTMLInputElement} */ (document.getElementById("table-rated"));
  rated.checked = Boolean(me);  // rated by default for a signed-in player
  rated.addEventListener("change", showRated);
  showRated();  // at once: the game's positions (which show it again) come a moment later
  // A link may choose the game and its options: /?game=heroscape&map=valkyrie ("Play this map").
  const asked = new URLSearchParams(location.search);
  if (catalog.games.some((g) => g.id === asked.get("game"))) select.value = asked.get("game");
  showGame();
  for (const [name, value] of asked) {
    const input = /** @type {import("./types.js").OptionField} */ (document.querySelector(`[data-option="${CSS.escape(name)}"]`));
    if (input && input.type !== "checkbox" && [...(input.options || [{ value }])].some((o) => o.value === value)) input.value = value;
  }
  await listTables();
  setInterval(listTables, 5000);
}

function currentGame() {
  const id = /** @type {HTMLSelectElement} */ (document.getElementById("game")).value;
  return catalog.games.find((g) => g.id === id);
}

function showGame() {
  const g = currentGame();
  if (!g) return;
  document.getElementById("game-help").textContent =
    `${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} players`;
  const players = /** @type {HTMLInputElement} */ (document.getElementById("players"));
  players.min = g.min_players;
  players.max = g.max_players;
  players.value = String(Math.min(Math.max(Number(players.value) || g.min_players, g.min_players), g.max_players));
  const box = clear(document.getElementById("options"));
  box.append(h("legend", { text: "Options" }));
  if (!g.options.length) box.append(h("p.muted", { text: "This game has no options." }));
  for (const o of g.options) box.append(optionField(o));
  showSeats();
  showStarts(g);
}

// Start from: a new game, one of the game's packaged positions, or a position of one's own
// (pasted, or a file), which the server checks as it is typed. A position sets the players,
// the seed and the options, so the form hides them; such a table is practice (never rated).
async function showStarts(g) {
  if (!(g.id in packaged)) {
    try {
      packaged[g.id] = (await api("GET", `/api/games/${g.id}/positions`)).positions;
    } catch {
      packaged[g.id] = [];
    }
  }
  if (currentGame() !== g) return; // another game was chosen meanwhile
  const select = clear(/** @type {HTMLSelectElement} */ (document.getElementById("start-from")));
  select.append(h("option", { value: "", text: "a new game" }));
  for (const p of packaged[g.id]) {
    select.append(h("option", { value: `name:${p.name}`, text: `the position “${p.title}” (${p.players} players)` }));
  }
  select.append(h("option", { value: "own", text: "a position of my own (paste or upload)" }));
  showStart();
}

/** Rated or friendly, said out loud: a rated table has no undo, and only signed-in players (and
 * bots) are rated; a position's table is always friendly. */
function showRated() {
  const rated = /** @type {HTMLInputElement} */ (document.getElementById("table-rated"));
  const undo = /** @type {HTMLInputElement} */ (document.getElementById("table-undo"));
  const note = document.getElementById("rated-note");
  const fromPosition = Boolean(startFrom());
  rated.disabled = !me || fromPosition;
  if (rated.disabled) rated.checked = false;
  undo.disabled = rated.checked;
  if (rated.checked) undo.checked = false;
  else if (undo.dataset.wasRated) undo.checked = true;
  undo.dataset.wasRated = rated.checked ? "1" : "";
  clear(note).append(
    rated.checked ? "Rated: the game counts for the ratings if every seat is a signed-in player or a bot; rated games have no undo."
      : fromPosition ? "Friendly: a table from a position is never rated."
        : me ? "Friendly: not rated; undo as you choose."
          : h("span", {}, "Friendly: guests' games are not rated. ", h("a", { href: "/account?next=/", text: "Sign in" }), " to play rated games."));
}

function startFrom() {
  const value = /** @type {HTMLSelectElement} */ (document.getElementById("start-from")).value;
  if (value.startsWith("name:")) return { name: value.slice(5) };
  return value === "own" ? { text: /** @type {HTMLTextAreaElement} */ (document.getElementById("position-text")).value } : null;
}

function showStart() {
  const start = startFrom();
  document.getElementById("create-error").textContent = "";
  const own = Boolean(start && "text" in start);
  document.getElementById("own-position").hidden = !own;
  document.getElementById("options").hidden = Boolean(start);
  /** @type {HTMLInputElement} */ (document.getElementById("players")).disabled = Boolean(start);
  if (start && start.name) {
    const p = packaged[currentGame().id].find((x) => x.name === start.name);
    setPlayers(p.players);
  }
  positionNote(start ? PRACTICE : "", false);
  showRated();
  if (own) checkOwn();
}

const PRACTICE = "A table from a position is for practice (never rated); the position sets the players and the options.";

function positionNote(text, error) {
  const note = document.getElementById("position-note");
  note.hidden = !text;
  note.textContent = text;
  note.className = error ? "error" : "muted";
}

function setPlayers(n) {
  /** @type {HTMLInputElement} */ (document.getElementById("players")).value = n;
  showSeats();
}

async function checkOwn() {
  const start = startFrom();
  if (!start || !("text" in start)) return;
  if (!start.text.trim()) return positionNote(`Paste a position, or choose a file. ${PRACTICE}`, false);
  try {
    const found = await api("POST", `/api/games/${currentGame().id}/positions/check`, { text: start.text });
    setPlayers(found.players);
    positionNote(`${found.title ? `“${found.title}”: ` : "The position loads: "}${found.players} players. ${PRACTICE}`, false);
  } catch (e) {
    positionNote(e.message, true);
  }
}

async function readPositionFile(event) {
  const f = event.target.files[0];
  if (!f) return;
  /** @type {HTMLTextAreaElement} */ (document.getElementById("position-text")).value = await f.text();
  checkOwn();
}

function optionField(o) {
  if (o.name === "map_text" && currentGame().id === "heroscape") return mapUploadField(o);
  let input;
  if (o.type === "bool") {
    input = h("input", { type: "checkbox", name: o.name, checked: o.default === true });
  } else if (o.choices) {
    input = h("select", { name: o.name }, o.choices.map((c) => h("option", { value: c, text: c, selected: c === o.default })));
  } else {
    input = h("input", {
      type: o.type === "str" ? "text" : "number",
      name: o.name,
      value: String(o.default),
      step: o.type === "float" ? "any" : "1",
      min: o.minimum ?? undefined,
      max: o.maximum ?? undefined,
    });
  }
  input.dataset.option = o.name;
  input.dataset.kind = o.type;
  return h("label.option", { title: o.help }, h("span", { text: label(o.name) }), input, h("small.muted", { text: o.help }));
}

// Heroscape: a map file of one's own (.hsc or .toml), checked by the server, which answers its
// canonical text (sent as the map_text option), a preview and notes. The file itself is not kept.
function mapUploadField(o) {
  const value = h("input", { type: "hidden", value: "" });
  value.dataset.option = o.name;
  value.dataset.kind = o.type;
  const status = h("div.map-upload-status", {});
  const file = h("input", { type: "file", accept: ".hsc,.toml", "aria-label": "map file" });
  file.addEventListener("change", async () => {
    value.value = "";
    clear(status);
    const f = file.files[0];
    if (!f) return;
    try {
      const players = Math.min(Math.max(Number(/** @type {HTMLInputElement} */ (document.getElementById("players")).value) || 2, 2), 4);
      const url = `/api/heroscape/maps?filename=${encodeURIComponent(f.name)}&zone_count=${players}`;
      const res = await fetch(url, { method: "POST", body: f });
      const body = await res.json();
      if (!res.ok) throw new Error(body.error || res.statusText);
      value.value = body.map_text;
      status.append(h("p", { text: `${body.name}: ${body.hexes} hexes, ${body.zones} start zones (used instead of 'map')` }));
      if (body.notes.length) status.append(h("ul", {}, body.notes.map((n) => h("li.muted", { text: n }))));
      const svg = new DOMParser().parseFromString(body.preview_svg, "image/svg+xml").documentElement;
      status.append(document.importNode(svg, true));
    } catch (e) {
      status.append(h("p.error", { text: e.message }));
    }
  });
  return h("label.option.map-upload", { title: o.help }, h("span", { text: "Map file (optional)" }), file, value,
    h("small.muted", { text: "a map file saved by Virtualscape or a Glyph Hall map file; see the packaged maps at /maps" }), status);
}

// Drawn again when the game or the number of players changes, and once the lobby knows who is
// signed in: a choice the person made for a seat stays (an offered one); the other seats get the
// chosen game's default (Glyfts' is not Hard, which it leaves off its ladder).
function showSeats() {
  const n = Number(/** @type {HTMLInputElement} */ (document.getElementById("players")).value) || 2;
  const seats = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seat-list select"))];
  const chosen = seats.map((sel) => sel.value);
  const picked = seats.map((sel) => sel.dataset.picked === "1");
  const list = clear(document.getElementById("seat-list"));
  const game = currentGame();
  for (let i = 0; i < n; i++) {
    const kind = h("select", { name: `seat-${i}` },
      h("option", { value: "person", text: i === 0 ? "you" : "a person (invite)" }),
      catalog.levels.map((lv) => h("option", {
        value: `bot:${lv.key}`, text: `${lv.label} · ${levelRating(lv, game && game.id, "short")}`, title: lv.about,
        selected: i > 0 && lv.key === ((game && catalog.default_bots[game.id]) || catalog.default_bot),
      })));
    // A seat the person chose for stays as chosen (when it is offered); the others take the game's default.
    if (i < chosen.length && picked[i] && [...kind.options].some((o) => o.value === chosen[i])) {
      kind.value = chosen[i];
      kind.dataset.picked = "1";
    }
    const about = h("small.muted.level-about", {});
    const explain = () => { about.textContent = levelAbout(kind.value, game); };
    kind.addEventListener("change", () => { kind.dataset.picked = "1"; explain(); });
    explain();
    list.append(h("label.seat", {}, h("span", { text: `Player ${i + 1}` }), kind, about));
  }
}

/** How the chosen computer level plays, for the line under its seat ("" for a person). */
function levelAbout(value, game) {
  const level = catalog.levels.find((lv) => `bot:${lv.key}` === value);
  return level ? `${level.name}: ${level.about} In ${game ? game.name : "this game"} it is ${levelRating(level, game && game.id)}.` : "";
}

async function create(event) {
  event.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const g = currentGame();
  const options = {};
  for (const input of /** @type {NodeListOf<import("./types.js").OptionField>} */ (document.querySelectorAll("[data-option]"))) {
    options[input.dataset.option] = input.dataset.kind === "bool" ? input.checked : input.value;
  }
  const seats = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seat-list select"))].map((sel) =>
    sel.value.startsWith("bot:") ? { kind: "bot", bot: sel.value.slice(4) } : { kind: "person" });
  const name = /** @type {HTMLInputElement} */ (document.getElementById("my-name")).value.trim() || "player";
  setMyName(name);
  const body = {
    game: g.id, options, seats, turn_seconds: Number(/** @type {HTMLInputElement} */ (document.getElementById("turn-seconds")).value) || 0,
    undo: /** @type {HTMLInputElement} */ (document.getElementById("table-undo")).checked,
    practice: !/** @type {HTMLInputElement} */ (document.getElementById("table-rated")).checked,
  };
  const start = startFrom();
  if (start) {
    delete body.options; // the position sets them
    delete body.practice; // always practice
    if (start.name) body.position_name = start.name;
    else body.position = start.text;
  }
  try {
    const table = await api("POST", "/api/tables", body);
    const first = seats.findIndex((s) => s.kind === "person");
    if (first >= 0) {
      const taken = await api("POST", `/api/tables/${table.id}/seats/${first}`, { name });
      saveSeat(table.id, taken.seat, taken.token);
      // Against the computer only: nobody to wait for, so the game starts at once.
      if (seats.every((s, i) => i === first || s.kind === "bot")) await api("POST", `/api/tables/${table.id}/start`, { token: taken.token });
    }
    location.href = table.invite;
  } catch (e) {
    err.textContent = e.message;
  }
}

function seatText(s) {
  if (s.kind === "bot") return s.name || "Computer";
  return s.taken ? s.name : "free";
}

function tableRow(t) {
  const game = catalog.games.find((g) => g.id === t.game);
  const link = t.status === "finished" ? `/r/${t.id}` : `/t/${t.id}`;
  const mine = Boolean(savedSeat(t.id)) || (me !== null && t.seats.some((s) => s.name === me.name && s.kind === "person"));
  const verb = t.status === "finished" ? "Replay" : mine ? (t.status === "running" ? "Play" : "Open") : t.status === "open" ? (t.seats.some((s) => !s.taken) ? "Join" : "Open") : "Watch";
  return h("div.table-row", {},
    h("span.game-name", { text: game ? game.name : t.game }),
    h("span.muted", { text: t.position ? `${t.status} · from a position` : t.status }),
    h("span.seats", { text: t.seats.map(seatText).join(" · ") }),
    h("a.button", { href: link, text: verb }));
}

async function listTables() {
  try {
    const live = await api("GET", "/api/tables?status=open,running");
    const done = await api("GET", "/api/tables?status=finished");
    const list = clear(document.getElementById("table-list"));
    if (!live.tables.length) list.append(h("p.muted", { text: "No tables yet: create one." }));
    for (const t of live.tables) list.append(tableRow(t));
    const fin = clear(document.getElementById("finished-list"));
    for (const t of done.tables.slice(0, 20)) fin.append(tableRow(t));
  } catch (e) {
    document.getElementById("table-list").textContent = `Cannot reach the server: ${e.message}`;
  }
}

main();
