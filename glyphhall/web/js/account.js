// @ts-check
// The account bar in every page's header (#account): signed in as X, My games, sign out; or a
// sign-in link for a guest. It also starts the your-turn alerts.
import { api, clear, h } from "./dom.js";
import { startAlerts } from "./alerts.js";

export async function whoAmI() {
  try { return await api("GET", "/api/account"); } catch { return { user: null, problem: null }; }
}

export async function showAccountBar() {
  const box = document.getElementById("account");
  const me = await whoAmI();
  document.body.dataset.user = me.user ? me.user.name : "";
  if (box) {
    clear(box);
    if (me.user) {
      box.append(
        h("a#me-link", { href: me.user.profile, text: me.user.name }), " · ",
        h("a", { href: "/me", text: "My games" }), " · ",
        h("a", { href: "/friends", text: "Friends" }), " · ",
        h("a#settings-link", { href: "/settings", text: "Settings" }), " · ",
        h("a", { href: "/leaderboard", text: "Leaderboards" }), " · ",
        h("button.linkish#sign-out", { text: "Sign out", onclick: signOut }),
      );
      const name = /** @type {HTMLInputElement} */ (document.getElementById("my-name"));  // the lobby: a signed-in seat takes the account's name
      if (name) { name.value = me.user.name; name.readOnly = true; }
    } else {
      box.append(h("a", { href: "/leaderboard", text: "Leaderboards" }), " · ",
        h("a#sign-in-link", { href: "/account", text: "Sign in or sign up" }));
      if (me.problem) box.append(h("span.error", { text: ` ${me.problem}` }));
    }
  }
  return me;
}

async function signOut() {
  await api("POST", "/api/account/signout");
  location.href = "/";
}

showAccountBar();
startAlerts();
