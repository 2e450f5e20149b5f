// @ts-check
// The people pages, by address: /account (sign in, sign up, password), /me (My games),
// /u/<name> (a profile), /leaderboard[/<game>] (a game's ladder), /settings and /reset
// (settings_page.js), /friends (friends_page.js).
import { api, clear, h, s } from "./dom.js";
import { showAccountBar } from "./account.js";
import { askNotifications, setSound, soundOn } from "./alerts.js";
import { friendsOnline, friendsPage, invitationList } from "./friends_page.js";
import { pushControl, resetPage, settingsPage } from "./settings_page.js";

const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const page = document.getElementById("page");

function title(text) {
  document.title = `${text} · Glyph Hall`;
  document.getElementById("page-title").textContent = text;
}

function when(t) {
  return t ? new Date(t * 1000).toLocaleString() : "";
}

function errorBox() { return h("p.error", { role: "alert" }); }

async function main() {
  const me = await showAccountBar();
  try {
    if (parts[0] === "account") await accountPage(me);
    else if (parts[0] === "me") await myGames(me);
    else if (parts[0] === "u") await profile(parts[1]);
    else if (parts[0] === "leaderboard") await leaderboard(parts[1]);
    else if (parts[0] === "settings") await settingsPage(me, page, title);
    else if (parts[0] === "reset") resetPage(page, title);
    else if (parts[0] === "friends") await friendsPage(me, page, title);
  } catch (e) {
    clear(page).append(h("p.error", { text: e.message }));
  }
}

// --- /account -----------------------------------------------------------------------------
function credentialsForm(id, heading, button, path) {
  const err = errorBox();
  const form = h(`form#${id}`, {},
    h("h2", { text: heading }),
    h("label", {}, "User name", h("input", { name: "name", autocomplete: "username", required: true, maxlength: 24 })),
    h("label", {}, "Password", h("input", { name: "password", type: "password", required: true,
      autocomplete: id === "signup" ? "new-password" : "current-password" })),
    h("button.primary", { type: "submit", text: button }), err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    try {
      await api("POST", path, { name: form.name.value, password: form.password.value });
      const next = new URLSearchParams(location.search).get("next") || "";
      location.href = /^\/(?![/\\])/.test(next) ? next : "/me";  // back to a page of this site only
    } catch (e) { err.textContent = e.message; }
  });
  return h("section.panel", {}, form);
}

async function accountPage(me) {
  title("Account");
  clear(page);
  if (!me.user) {
    page.append(h("div.forms", {},
      credentialsForm("signin", "Sign in", "Sign in", "/api/account/signin"),
      credentialsForm("signup", "Sign up", "Create account", "/api/account/signup")),
      h("p", {}, h("a#forgot", { href: "/reset", text: "Forgot your password?" })),
      h("p.muted", { text: "Without an account you play as a guest: your name is kept in this browser only, and is shown as a guest's. "
        + "Passwords: at least 10 characters; a few words make a good one." }));
    return;
  }
  const err = errorBox();
  const form = h("form#password", {},
    h("h2", { text: `Signed in as ${me.user.name}` }),
    h("label", {}, "Current password", h("input", { name: "old", type: "password", autocomplete: "current-password" })),
    h("label", {}, "New password", h("input", { name: "new", type: "password", autocomplete: "new-password" })),
    h("button.primary", { type: "submit", text: "Change password" }), err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await api("POST", "/api/account/password", { old_password: form.old.value, new_password: form.new.value });
      err.className = "muted";
      err.textContent = "Password changed; other browsers are signed out.";
    } catch (e) { err.className = "error"; err.textContent = e.message; }
  });
  page.append(h("section.panel", {}, form));
}

// --- /me ----------------------------------------------------------------------------------
async function myGames(me) {
  title("My games");
  if (!me.user) { location.href = "/account?next=/me"; return; }
  const box = h("div#my-games");
  const invites = h("div#invitation-box");
  const contact = await api("GET", "/api/contact");
  clear(page).append(h("div.my-games-grid", {},
    h("div", {}, invites, h("section.panel", {}, h("h2", { text: "My games" }), alertSettings(), await pushControl(contact), box)),
    friendsOnline()));
  const draw = async () => {
    const { tables, invitations } = await api("GET", "/api/me/games");
    clear(invites).append(invitationList(invitations) || "");
    clear(box);
    if (!tables.length) { box.append(h("p.muted", { text: "No games yet: create a table in the lobby." })); return; }
    box.append(h("table.list", {},
      h("thead", {}, h("tr", {}, ["Game", "Players", "State", "Started"].map((t, i) => h(i === 3 ? "th.wide" : "th", { text: t })))),
      h("tbody", {}, tables.map((t) => h("tr.my-game" + (t.your_turn ? ".your-turn" : ""), { "data-table": t.id },
        h("td", {}, h("a", { href: t.link, text: t.game_name })),
        h("td", { text: t.seats.join(", ") }),
        h("td", {}, stateOf(t)),
        h("td.wide", { text: when(t.created_at) }))))));
  };
  await draw();
  window.addEventListener("glyphhall:turns", draw);  // with the your-turn alerts' poll (alerts.js)
}

function stateOf(t) {
  if (t.status === "open") return h("span.muted", { text: "waiting for players" });
  if (t.status === "running") {
    return t.your_turn ? h("span.turn", { text: "your turn" }) : h("span", { text: `${t.to_move.join(", ") || "nobody"} to move` });
  }
  return h("span", {}, h(`span.${t.outcome || "draw"}`, { text: t.outcome || "over" }), " · ", t.result || "", " ",
    h("a", { href: `/r/${t.id}`, text: "replay" }));
}

function alertSettings() {
  const sound = h("input", { type: "checkbox", checked: soundOn(), onchange: (e) => setSound(e.target.checked) });
  const notes = h("button", { text: "Allow notifications", onclick: async () => { notes.textContent = `notifications: ${await askNotifications()}`; } });
  return h("p.muted", {}, "When it is your turn and this tab is in the background, its title and icon change. ",
    h("label", {}, sound, " also play a sound"), " ", notes);
}

// --- /u/<name> ----------------------------------------------------------------------------
async function profile(name) {
  const p = await api("GET", `/api/users/${encodeURIComponent(name)}`);
  title(p.name);
  clear(page).append(
    h("h2", { text: p.name }),
    h("p.muted", { text: `joined ${when(p.joined)}` }),
    h("div.games-grid", {}, p.games.map(gameCard)),
    h("section.panel", {}, h("h3", { text: "Recent matches" }), recentMatches(p.recent)));
}

function gameCard(g) {
  return h("section.panel.game-card", { "data-game": g.game },
    h("h3", {}, h("a", { href: `/leaderboard/${g.game}`, text: g.game_name })),
    h("p", {}, `${g.played} played · `, h("span.win", { text: `${g.wins} W` }), " / ", h("span.draw", { text: `${g.draws} D` }),
      " / ", h("span.loss", { text: `${g.losses} L` })),
    h("p", { text: g.rating === null ? "not rated yet" : `rating ${g.rating} (${g.rated_matches} rated)` }),
    h("p.puzzle-rating", {}, g.puzzle_rating === null ? h("span.muted", { text: "no puzzles yet" }) : `puzzle rating ${g.puzzle_rating} (${g.puzzles_tried} tried)`,
      " · ", h("a", { href: `/puzzles/${g.game}`, text: "puzzles" })),
    g.history.length ? chart(g.history) : null);
}

/** The rating after each rated match as a small SVG line chart. */
function chart(history) {
  const W = 260, H = 90, pad = 22;
  const values = [history[0].before, ...history.map((x) => x.rating)];
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(values.length - 1, 1);
  const y = (v) => H - pad / 2 - ((v - lo) * (H - pad)) / span;
  const pts = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return s("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `rating history: ${values.join(", ")}` },
    s("polyline", { class: "line", points: pts }),
    values.map((v, i) => s("circle", { class: "dot", cx: x(i), cy: y(v), r: 2.5 }, s("title", {}, String(v)))),
    s("text", { x: 2, y: 10 }, String(hi)), s("text", { x: 2, y: H - 2 }, String(lo)));
}

function recentMatches(recent) {
  if (!recent.length) return h("p.muted", { text: "No finished matches yet." });
  return h("table.list#recent", {},
    h("tbody", {}, recent.map((m) => h("tr.match", { "data-table": m.id },
      h("td", { text: m.game_name }),
      h("td", {}, h(`span.${m.outcome || "draw"}`, { text: m.outcome || "" })),
      h("td", { text: m.result || "" }),
      h("td", { text: m.rating_change === null ? (m.rated ? "" : "unrated") : `${m.rating_change >= 0 ? "+" : ""}${m.rating_change}` }),
      h("td", {}, h("a.replay", { href: m.replay, text: "replay" })),
      h("td.wide", { text: when(m.finished_at) })))));
}

// --- /leaderboard[/<game>] ----------------------------------------------------------------
async function leaderboard(gameId) {
  const { games } = await api("GET", "/api/games");
  const id = gameId || (games[0] && games[0].id);
  const board = await api("GET", `/api/leaderboard/${encodeURIComponent(id)}`);
  title(`${board.game_name} leaderboard`);
  clear(page).append(
    h("nav.chips", {}, games.map((g) => h("a.chip", { href: `/leaderboard/${g.id}`, text: g.name }))),
    h("h2", { text: `${board.game_name}: leaderboard` }),
    board.entries.length
      ? h("table.list#board", {},
        h("thead", {}, h("tr", {}, ["#", "Name", "Rating", "Matches"].map((t) => h("th", { text: t })))),
        h("tbody", {}, board.entries.map((e) => h("tr.entry", { "data-name": e.name },
          h("td", { text: e.place }),
          h("td", {}, e.profile ? h("a", { href: e.profile, text: e.name }) : h("span.muted", { text: e.name })),
          h("td", { text: e.rating, title: `mu ${e.mu}, sigma ${e.sigma}` }),
          h("td", { text: e.matches })))))
      : h("p.muted", { text: "No rated matches yet. A match is rated when every seat is an account or a bot and the server chose the seed." }));
}

main();
