// @ts-check
// /settings (the account's settings: name, e-mail, notifications, export, delete; the changes
// that matter ask for the password) and /reset (a new password by e-mail).
import { api, clear, h } from "./dom.js";
import { disablePush, enablePush, pushState } from "./push.js";

function note() { return h("p.muted", { role: "status" }); }
function say(box, text, ok = true) { box.className = ok ? "muted ok" : "error"; box.textContent = text; }
function password(name = "password") {
  return h("label", {}, "Your password", h("input", { name, type: "password", autocomplete: "current-password", required: true }));
}

function form(id, heading, fields, button, act, klass = "primary") {
  const out = note();
  const f = h(`form#${id}`, {}, h("h3", { text: heading }), fields, h(`button.${klass}`, { type: "submit", text: button }), out);
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try { say(out, await act(f)); } catch (e) { say(out, e.message, false); }
  });
  return f;
}

export async function settingsPage(me, page, title) {
  title("Settings");
  if (!me.user) { location.href = "/account?next=/settings"; return; }
  const contact = await api("GET", "/api/contact");
  const flag = new URLSearchParams(location.search).get("email");
  clear(page).append(...[
    h("h2", { text: `Settings for ${me.user.name}` }),
    flag === "confirmed" ? h("p.ok#email-flag", { text: "Your e-mail address is confirmed." }) : null,
    flag === "taken" ? h("p.error#email-flag", { text: "That address is confirmed for another account already: use another one." }) : null,
    flag === "expired" ? h("p.error#email-flag", { text: "That confirmation link has expired or was used already: ask for a new one below." }) : null,
    h("div.settings-grid", {},
      h("section.panel", {}, emailForms(contact)),
      h("section.panel", {}, await notifications(contact)),
      h("section.panel", {}, nameForm(me.user.name)),
      h("section.panel", {}, exportForm(me.user.name), deleteForm(me.user.name)))].filter(Boolean));
}

function emailForms(contact) {
  if (!contact.email_on) {
    return [h("h3", { text: "E-mail" }), h("p.muted#email-off", { text: "E-mail is off on this server: no address can be confirmed, and no e-mails are sent." })];
  }
  const current = contact.email
    ? h("p#email-now", {}, "Your confirmed address: ", h("strong", { text: contact.email }))
    : h("p.muted#email-now", { text: "No address yet: without one you get no e-mails, and a forgotten password cannot be reset." });
  const set = form("email-form", "E-mail", [current,
    h("label", {}, "New address", h("input", { name: "email", type: "email", autocomplete: "email", required: true, maxlength: 254 })),
    password()], "Send a confirmation link",
  async (f) => (await api("POST", "/api/contact/email", { email: f.email.value.trim(), password: f.password.value })).message);
  const remove = contact.email ? form("email-remove", "Remove the address", [password()], "Remove", async (f) => {
    await api("POST", "/api/contact/email/remove", { password: f.password.value });
    return "Removed: no more e-mails.";
  }, "danger") : null;
  return [set, remove];
}

async function notifications(contact) {
  const saved = note();
  const box = (key, text) => h("label.check", {}, h("input", {
    type: "checkbox", name: key, checked: contact[key], disabled: !contact.email_on,
    onchange: async () => {
      try {
        const body = { turn_emails: turns.querySelector("input").checked, result_emails: results.querySelector("input").checked };
        await api("POST", "/api/contact/settings", body);
        say(saved, "Saved.");
      } catch (e) { say(saved, e.message, false); }
    },
  }), h("span", { text: text }));
  const turns = box("turn_emails", "E-mail me when it is my turn and nobody has seen it for a while, and when I am invited");
  const results = box("result_emails", "E-mail me the result when a game of mine ends");
  return [h("h3", { text: "Notifications" }), turns, results, saved, await pushControl(contact)];
}

/** Push on this browser: on, off, or why not. Also on My games. */
export async function pushControl(contact) {
  const out = h("p.push-state#push-state");
  const button = h("button#push-button");
  const draw = async () => {
    const state = contact.push_on ? await pushState() : "server";
    button.hidden = !["on", "off"].includes(state);
    button.textContent = state === "on" ? "Turn off push on this browser" : "Turn on push on this browser";
    out.textContent = {
      on: "Push notifications are on in this browser: your turn shows even with Glyph Hall closed.",
      off: "Push notifications are off in this browser.",
      blocked: "This browser blocks Glyph Hall's notifications: allow them in the site settings first.",
      unsupported: "This browser cannot receive push notifications.",
      server: "Push notifications are off on this server.",
    }[state];
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try { if (await pushState() === "on") await disablePush(); else await enablePush(); await draw(); }
    catch (e) { out.textContent = `Could not turn push on: ${e.message}`; }
    button.disabled = false;
  });
  await draw();
  return h("div.push", {}, out, button);
}

function nameForm(name) {
  return form("name-form", "How your name is written", [
    h("label", {}, "Name (other capitals only)", h("input", { name: "name", value: name, maxlength: 24, required: true })),
    password()], "Save", async (f) => {
    const done = await api("POST", "/api/account/name", { name: f.name.value.trim(), password: f.password.value });
    return `Your name is now written ${done.name}.`;
  });
}

function exportForm(name) {
  return form("export-form", "Your data", [
    h("p.muted", { text: "Everything the hall holds about you: profile, games and their moves, ratings, chat lines, friends." }),
    password()], "Download as JSON", async (f) => {
    const res = await fetch("/api/account/export", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ password: f.password.value }),
    });
    if (!res.ok) throw new Error((await res.json()).error);
    const link = h("a", { href: URL.createObjectURL(await res.blob()), download: `glyphhall-${name}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    return "Downloaded.";
  });
}

function deleteForm(name) {
  return form("delete-form", "Delete the account", [
    h("p.muted", { text: "Your games stay for the other players, with your name replaced by \"deleted player\". "
      + "Your ratings, address, friends and settings go, and every browser is signed out. This cannot be undone." }),
    h("label", {}, `Type your name (${name})`, h("input", { name: "confirm", required: true, autocomplete: "off" })),
    password()], "Delete my account", async (f) => {
    await api("POST", "/api/account/delete", { password: f.password.value, confirm: f.confirm.value });
    location.href = "/";
    return "Deleted.";
  }, "danger");
}

export function resetPage(page, title) {
  title("New password");
  const token = new URLSearchParams(location.search).get("token");
  clear(page);
  if (token) {
    page.append(h("section.panel", {}, form("reset-form", "Choose a new password", [
      h("label", {}, "New password", h("input", { name: "password", type: "password", autocomplete: "new-password", required: true })),
      h("p.muted", { text: "At least 10 characters; a few words make a good one. Every browser is signed out." })],
    "Save the new password", async (f) => {
      const done = await api("POST", "/api/reset", { token, new_password: f.password.value });
      setTimeout(() => { location.href = "/account"; }, 1500);
      return done.message;
    })));
    return;
  }
  page.append(h("section.panel", {}, form("reset-request", "Forgot your password?", [
    h("p.muted", { text: "Give the confirmed e-mail address of your account: a link to choose a new password is sent to it." }),
    h("label", {}, "E-mail address", h("input", { name: "email", type: "email", autocomplete: "email", required: true }))],
  "Send the link", async (f) => (await api("POST", "/api/reset/request", { email: f.email.value.trim() })).message)));
}
