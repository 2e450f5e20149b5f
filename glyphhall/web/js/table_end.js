// @ts-check
// The end of a game at the table page: each seat's rating change in a rated match ("+12.4, now
// 1,612") and "Play again" (the rematch: same people and options, seats rotated; each accepts or
// declines; see glyphhall/server/lobby/rematch.py).
import { api, h, savedSeat, saveSeat } from "./dom.js";

const end = { tableId: null, ratings: null, rematch: undefined, asked: false };
let rerenderSeats = () => {};

const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`;
const number = (x) => `${x < 0 ? "−" : ""}${Math.abs(x).toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`;

/** Fetch what the end needs once the table is over (ratings, where the rematch stands). */
export async function loadEnd(tableId, rerender) {
  if (end.asked) return;
  end.asked = true;
  end.tableId = tableId;
  rerenderSeats = rerender;
  const [ratings, rematch] = await Promise.all([
    api("GET", `/api/tables/${tableId}/ratings`).catch(() => ({ changes: [] })),
    api("GET", `/api/tables/${tableId}/rematch`).catch(() => ({ rematch: null })),
  ]);
  end.ratings = ratings.changes;
  if (end.rematch === undefined) end.rematch = rematch.rematch;
  rerender();
}

/** A `rematch` message from the server: once it starts, those who accepted go to its table. */
export function rematchChanged(rematch) {
  end.rematch = rematch;
  if (rematch && rematch.started && savedSeat(rematch.table)) location.href = `/t/${rematch.table}`;
}

/** "+12.4, now 1,612.3" beside a seat, in a rated match that is over. */
export function ratingChange(seat) {
  const c = (end.ratings || []).find((x) => x.seat === seat);
  return c ? h("span.rating-change" + (c.change >= 0 ? ".up" : ".down"), { title: `rating before: ${number(c.before)}`, text: `${signed(c.change)}, now ${number(c.after)}` }) : null;
}

/** The rematch part of the Seats panel: ask, accept, decline, or follow. */
export function rematchPart(ui, showError) {
  const r = end.rematch;
  const seated = ui.you !== null;
  const me = seated ? ui.table.seats[ui.you].name : null;
  const box = h("div.rematch#rematch");
  if (r && r.started) {
    box.append(h("p", {}, "The rematch has started: ", h("a#rematch-link", { href: `/t/${r.table}`, text: "go to its table" })));
  } else if (r && r.declined) {
    box.append(h("p.muted#rematch-declined", { text: `${r.declined} declined the rematch.` }),
      r.accepted.includes(me) ? h("p", {}, h("a", { href: `/t/${r.table}`, text: "Its table stays open: invite someone else" })) : null);
  } else if (r) {
    const waiting = r.waiting.length ? ` Waiting for ${r.waiting.join(", ")}.` : "";
    box.append(h("p#rematch-state", { text: `${r.accepted.join(" and ")} ${r.accepted.length > 1 ? "want" : "wants"} a rematch (seats rotated).${waiting}` }));
    if (seated && !r.accepted.includes(me)) {
      box.append(h("button.primary#play-again", { text: "Play again", onclick: () => playAgain(ui, showError) }),
        h("button#decline-rematch", { text: "No thanks", onclick: () => decline(ui, showError) }));
    } else if (seated) {
      box.append(h("p.muted", {}, "You are in: the game starts when everyone accepts. ", h("a#rematch-link", { href: `/t/${r.table}`, text: "the new table" })));
    }
  } else if (seated) {
    box.append(h("button.primary#play-again", { text: "Play again", title: "the same players and options, seats rotated", onclick: () => playAgain(ui, showError) }));
  }
  return box;
}

async function playAgain(ui, showError) {
  try {
    const res = await api("POST", `/api/tables/${end.tableId}/rematch`, { token: (savedSeat(end.tableId) || {}).token });
    if (res.token) saveSeat(res.table, res.seat, res.token);
    rematchChanged(res.rematch);
    rerenderSeats();
  } catch (e) { showError(e.message); }
}

async function decline(ui, showError) {
  try {
    const res = await api("POST", `/api/tables/${end.tableId}/rematch/decline`, { token: (savedSeat(end.tableId) || {}).token });
    end.rematch = res.rematch;
    rerenderSeats();
  } catch (e) { showError(e.message); }
}
