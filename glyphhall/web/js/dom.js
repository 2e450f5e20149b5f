// @ts-check
// Tiny helpers to build HTML and SVG without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** h("div.card#id", {onclick}, ...children): an element with classes, attributes and children. */
export function h(spec, attrs = {}, ...children) {
  const [tagAndClasses, id] = spec.split("#");
  const [tag, ...classes] = tagAndClasses.split(".");
  const el = document.createElement(tag || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** s("rect", {x: 1}): an SVG element. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) el.setAttribute(k, v);
  }
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k in el && k !== "list" && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A readable label from a snake_case or camelCase key. */
export function label(key) {
  return String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
}

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error((data && (data.error || data.detail)) || `${res.status} ${res.statusText}`);
  return data;
}

// Seat tokens live in localStorage, one per table: the browser that took a seat keeps it.
export function savedSeat(tableId) {
  try { return JSON.parse(localStorage.getItem(`glyphhall.seat.${tableId}`)); } catch { return null; }
}
export function saveSeat(tableId, seat, token) {
  localStorage.setItem(`glyphhall.seat.${tableId}`, JSON.stringify({ seat, token }));
  localStorage.setItem("glyphhall.played", "1");  // the lobby stops offering the newcomer's bar
}
/** Whether a seat was ever taken in this browser (a guest who has played). */
export function playedHere() {
  return localStorage.getItem("glyphhall.played") === "1"
    || Object.keys(localStorage).some((k) => k.startsWith("glyphhall.seat."));
}
export function forgetSeat(tableId) {
  localStorage.removeItem(`glyphhall.seat.${tableId}`);
}
export function myName() {
  return localStorage.getItem("glyphhall.name") || "";
}
export function setMyName(name) {
  if (name) localStorage.setItem("glyphhall.name", name);
}

/** "Inscription · table ab12", and the position it began from, when it did. */
export function tableTitle(t) {
  const from = !t.position ? "" : t.position.title ? ` · from the position “${t.position.title}”` : " · from a position";
  return `${t.game_name} · table ${t.id}${from}`;
}
