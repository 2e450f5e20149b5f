// @ts-check
// The table page's "invite by name" box: a signed-in person seated at an open table with a free
// seat invites a registered person (a friend, or anyone by name). A separate piece of the table
// page, added by people; the invitation shows on the invitee's My games, alert, e-mail and push.
import { api, clear, h } from "./dom.js";
import { whoAmI } from "./account.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const me = await whoAmI();
const panel = document.getElementById("seats-panel");
if (me.user && panel && tableId) {
  const friends = h("datalist#invite-friends");
  const name = h("input#invite-name", { list: "invite-friends", maxlength: 24, placeholder: "a friend's name", autocomplete: "off", required: true });
  const out = h("p.muted#invite-note", { role: "status" });
  const form = h("form.invite#invite-form", { hidden: true }, h("label", {}, "Invite by name ", name), " ",
    h("button", { type: "submit", text: "Invite" }), friends, out);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const done = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/invite`, { name: name.value.trim() });
      out.className = "muted";
      out.textContent = `${done.invited} is invited: the table is on their My games.`;
      name.value = "";
    } catch (e) { out.className = "error"; out.textContent = e.message; }
  });
  panel.append(form);
  const refresh = async () => {
    try {
      const t = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
      const seated = t.seats.some((s) => s.name === me.user.name && s.kind === "person");
      const free = t.seats.some((s) => s.kind === "person" && !s.taken);
      form.hidden = !(t.status === "open" && seated && free);
      if (!form.hidden && !friends.children.length) {
        const { friends: mine } = await api("GET", "/api/friends");
        clear(friends).append(...mine.filter((f) => f.state === "friends").map((f) => h("option", { value: f.name })));
      }
    } catch { form.hidden = true; }
  };
  refresh();
  setInterval(refresh, 3000);
}
