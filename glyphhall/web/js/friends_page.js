// @ts-check
// /friends (find people, friend requests both ways, friends online, blocked people) and the
// small boxes other pages show: friends online (My games, the lobby) and invitations (My games).
import { api, clear, h } from "./dom.js";

function dot(online) {
  return h(`span.dot${online ? ".online" : ""}`, { title: online ? "online" : "not online", "aria-label": online ? "online" : "not online" });
}

async function act(method, path, after) {
  try { await api(method, path); } catch (e) { alert(e.message); }
  await after();
}

export async function friendsPage(me, page, title) {
  title("Friends");
  if (!me.user) { location.href = "/account?next=/friends"; return; }
  const lists = h("div#friend-lists");
  const results = h("ul.people-found#found");
  const search = h("input#find", { type: "search", placeholder: "a name, or its start", maxlength: 32, autocomplete: "off" });
  const draw = async () => {
    const data = await api("GET", "/api/friends");
    clear(lists).append(...friendLists(data, draw).flat());
  };
  let pending = 0;
  search.addEventListener("input", async () => {
    const mine = ++pending;
    const q = search.value.trim();
    const found = q ? (await api("GET", `/api/people?q=${encodeURIComponent(q)}`)).people : [];
    if (mine !== pending) return;
    clear(results).append(...found.filter((p) => p.name !== me.user.name).map((p) => h("li.found", { "data-name": p.name },
      h("a", { href: p.profile, text: p.name }), " ",
      h("button.add-friend", { text: "Add friend", onclick: () => act("POST", `/api/friends/${encodeURIComponent(p.name)}`, draw) }), " ",
      h("button.block", { text: "Block", onclick: () => act("POST", `/api/blocks/${encodeURIComponent(p.name)}`, draw) }))));
    if (q && !found.length) results.append(h("li.muted", { text: "Nobody by that name." }));
  });
  clear(page).append(h("div.settings-grid", {},
    h("section.panel", {}, h("h2", { text: "Find people" }), h("label", {}, "Name ", search), results),
    h("section.panel", {}, lists)));
  await draw();
  setInterval(draw, 15000);
}

function friendLists(data, draw) {
  const by = (state) => data.friends.filter((f) => f.state === state);
  const name = (f) => encodeURIComponent(f.name);
  const row = (f, ...buttons) => h("li.friend", { "data-name": f.name, "data-state": f.state },
    f.state === "friends" ? dot(f.online) : null, h("a", { href: f.profile, text: f.name }), " ", ...buttons);
  const section = (heading, items, empty) => [h("h3", { text: heading }),
    items.length ? h("ul.friends", {}, items) : h("p.muted", { text: empty })];
  return [
    h("h2", { text: "Friends" }),
    section("Asking to be your friend", by("asks").map((f) => row(f,
      h("button.primary.accept", { text: "Accept", onclick: () => act("POST", `/api/friends/${name(f)}/accept`, draw) }), " ",
      h("button.decline", { text: "Decline", onclick: () => act("DELETE", `/api/friends/${name(f)}`, draw) }))), "No requests."),
    section("Your friends", by("friends").map((f) => row(f,
      h("button.linkish.unfriend", { text: "Remove", onclick: () => act("DELETE", `/api/friends/${name(f)}`, draw) }))),
    "No friends yet: find people by name and add them."),
    section("Asked by you", by("asked").map((f) => row(f, h("span.muted", { text: "waiting for them to accept " }),
      h("button.linkish", { text: "Withdraw", onclick: () => act("DELETE", `/api/friends/${name(f)}`, draw) }))), "None."),
    section("Blocked", data.blocked.map((b) => h("li.blocked", { "data-name": b.name }, b.name, " ",
      h("button.linkish.unblock", { text: "Unblock", onclick: () => act("DELETE", `/api/blocks/${encodeURIComponent(b.name)}`, draw) }))),
    "Nobody. A blocked person cannot invite you or ask to be your friend, and you do not see their chat."),
  ];
}

/** Friends online, for My games and the lobby (nothing for a guest). */
export function friendsOnline() {
  const box = h("section.panel#friends-online", {}, h("h3", {}, "Friends ", h("a.small", { href: "/friends", text: "find people" })));
  const list = h("ul.friends");
  box.append(list);
  const draw = async () => {
    let data;
    try { data = await api("GET", "/api/friends"); } catch { box.hidden = true; return; }
    const friends = data.friends.filter((f) => f.state === "friends").sort((a, b) => b.online - a.online);
    const asks = data.friends.filter((f) => f.state === "asks").length;
    clear(list).append(...friends.map((f) => h("li.friend", { "data-name": f.name }, dot(f.online), h("a", { href: f.profile, text: f.name }),
      h("span.muted", { text: f.online ? " online" : "" }))));
    if (!friends.length) list.append(h("li.muted", { text: "No friends yet." }));
    if (asks) list.append(h("li", {}, h("a", { href: "/friends", text: `${asks} friend request${asks > 1 ? "s" : ""} waiting` })));
  };
  draw();
  setInterval(draw, 15000);
  return box;
}

/** The invitations to tables, for My games. */
export function invitationList(invitations) {
  if (!invitations.length) return null;
  return h("section.panel#invitations", {}, h("h3", { text: "Invitations" }), h("ul", {}, invitations.map((i) =>
    h("li.invitation", { "data-table": i.table }, `${i.from} invites you to ${i.game_name} `,
      h("a.primary-link", { href: i.link, text: "take your seat" })))));
}
