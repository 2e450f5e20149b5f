// @ts-check
// Your-turn alerts on every page: every few seconds ask which of my tables wait for me (my
// account's, and the seats this browser holds as a guest). While the page has no focus, the tab
// title and favicon say so; optionally a sound, and a browser notification once allowed.
// Nothing happens while the page has focus.
const POLL_MS = 4000;
const MARK = "▶ Your turn · ";
const ICON_ALERT = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#e0664d'/><text x='8' y='12' font-size='11' text-anchor='middle' fill='white'>!</text></svg>");
let waiting = [];
let notified = new Set();
let started = false;
let originalIcon = null;

function guestSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("glyphhall.seat.")) continue;
    try {
      const s = JSON.parse(localStorage.getItem(key));
      if (s && s.token) seats.push({ table: key.slice("glyphhall.seat.".length), token: s.token });
    } catch { /* not ours */ }
  }
  return seats.slice(-100);
}

export function soundOn() { return localStorage.getItem("glyphhall.alert-sound") === "on"; }
export function setSound(on) { localStorage.setItem("glyphhall.alert-sound", on ? "on" : "off"); }

async function poll() {
  try {
    const res = await fetch("/api/turns", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seats: guestSeats(), focused: document.hasFocus() }),
    });
    if (res.ok) waiting = (await res.json()).waiting;
  } catch { /* offline: try again next time */ }
  show();
  // My games redraws on the same beat, so its rows and the title never disagree.
  window.dispatchEvent(new CustomEvent("glyphhall:turns", { detail: waiting }));
}

function show() {
  const alert = waiting.length > 0 && !document.hasFocus();
  document.documentElement.dataset.yourTurn = waiting.length ? "1" : "";
  const plain = document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title;
  // The table page may announce the move in its own title ("▶ Your move · ..."): not twice.
  const wanted = alert && !plain.startsWith("▶") ? MARK + plain : plain;
  if (document.title !== wanted) document.title = wanted;
  setIcon(alert ? ICON_ALERT : originalIcon);
  if (!alert) { if (!waiting.length) notified.clear(); return; }
  const fresh = waiting.filter((w) => !notified.has(w.table));
  if (!fresh.length) return;
  fresh.forEach((w) => notified.add(w.table));
  if (soundOn()) beep();
  if ("Notification" in window && Notification.permission === "granted") {
    for (const w of fresh) {
      const n = new Notification(`Your turn: ${w.game_name}`, { body: `table ${w.table}`, tag: w.table });
      n.onclick = () => { window.focus(); location.href = w.link; };
    }
  }
}

function setIcon(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel~='icon']"));
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (originalIcon === null) originalIcon = link.href || "data:,";
  if (href && link.href !== href) link.href = href;
}

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
  } catch { /* no audio here */ }
}

export async function askNotifications() {
  if (!("Notification" in window)) return "unsupported";
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

export function startAlerts() {
  if (started) return;
  started = true;
  poll();
  setInterval(poll, POLL_MS);
  window.addEventListener("focus", show);
  window.addEventListener("focus", poll);  // the server learns at once that the person is here
  window.addEventListener("blur", show);
  // The table page rewrites the title on every update: put the mark back at once.
  const title = document.querySelector("title");
  if (title) new MutationObserver(() => { if (waiting.length && !document.hasFocus() && !document.title.startsWith(MARK)) show(); })
    .observe(title, { childList: true });
}
