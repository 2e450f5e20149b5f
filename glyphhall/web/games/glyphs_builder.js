// @ts-check
// Glyphs' builder: shapes snap to the half-unit grid and turn in 45-degree steps. The slides'
// shortcuts (rulebook slide 16) where they mean something on a grid of nice angles: copy, cut,
// paste, select all, Ctrl+click to select more, duplicate, undo/redo, delete, group/ungroup,
// arrows to nudge; dragging moves every selected shape. Pointer events serve mouse, pen and touch
// alike; a cancelled drag puts the shapes back, a released or lost pointer ends it where it is.
import { h, s } from "../js/dom.js";
import { glyphSvg, glyphText, parseGlyph, shapeSvg, shapes } from "./glyphs_draw.js";
import { movesOf } from "./shared.js";

const GRID_W = 14, GRID_H = 9, U = 34;  // builder grid in units, pixels per unit
const ORIGIN = [2, GRID_H - 2];  // unit (0, 0) sits 2 units in from the bottom-left

/** shapes: [kind, x, y, deg, group?]; sel: selected indices; undo/redo: {label, shapes (JSON), sel}. */
export const builder = { shapes: [], kind: null, rot: 0, sel: [], mark: "approved", undo: [], redo: [], clip: null, nextGroup: 1, historyOpen: null };

const norm = (d) => ((d % 360) + 360) % 360;
const snap = (v) => Math.round(v * 2) / 2;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// --- edits: each one undoable, named in the visible history ------------------------------------
const snapshot = (label) => ({ label, shapes: JSON.stringify(builder.shapes), sel: [...builder.sel] });

function edit(label, change) {
  builder.undo.push(snapshot(label));
  builder.redo = [];
  change();
}

function step(from, to) {
  if (!from.length) return;
  const entry = from.pop();
  to.push(snapshot(entry.label));
  builder.shapes = JSON.parse(entry.shapes);
  builder.sel = (entry.sel || []).filter((i) => i < builder.shapes.length);
}
const undo = () => step(builder.undo, builder.redo);
const redo = () => step(builder.redo, builder.undo);

/** Go back to just before history entry k (clicking an entry of the history list). */
function backTo(k) { while (builder.undo.length > k) undo(); }

/** Select shape i (with its group): alone, or added to / taken from the selection. */
function select(i, more) {
  const group = builder.shapes[i][4];
  const members = group ? builder.shapes.map((sh, j) => (sh[4] === group ? j : -1)).filter((j) => j >= 0) : [i];
  if (!more) builder.sel = members;
  else if (builder.sel.includes(i)) builder.sel = builder.sel.filter((j) => !members.includes(j));
  else builder.sel = [...new Set([...builder.sel, ...members])];
}

/** Load a glyph into the builder (a board glyph copied, an idea), its last shape selected so one
 * key (R, an arrow, Delete) already changes it. */
export function load(list, label) {
  edit(label, () => { builder.shapes = list.map(([k, x, y, d]) => [k, x, y, d]); builder.sel = list.length ? [list.length - 1] : []; });
}

function paste(list, label) {
  if (!list || !list.length) return;
  const offset = builder.shapes.length ? 0.5 : 0;
  edit(label, () => {
    const start = builder.shapes.length;
    for (const [k, x, y, d] of list) builder.shapes.push([k, x + offset, y - offset, d]);
    builder.sel = list.map((_, j) => start + j);
  });
}

function removeSelected(label) {
  const gone = new Set(builder.sel);
  edit(label, () => { builder.shapes = builder.shapes.filter((_, i) => !gone.has(i)); builder.sel = []; });
}

function selectedShapes() {
  return builder.sel.map((i) => builder.shapes[i].slice(0, 4));
}

function rotate(by) {
  if (!builder.sel.length) { builder.rot = norm(builder.rot + by); return; }
  edit(`turn ${plural(builder.sel.length, "shape")}`, () => { for (const i of builder.sel) builder.shapes[i][3] = norm(builder.shapes[i][3] + by); });
}

/** A new shape of the chosen kind, overlapping the selected (or last) shape to its right. */
function addNext() {
  const ref = builder.shapes[builder.sel[builder.sel.length - 1]] || builder.shapes[builder.shapes.length - 1];
  const [x, y] = ref ? [ref[1] + 1.5, ref[2]] : [0, 0];
  addAt(x, y);
}

function addAt(x, y) {
  const name = (shapes.kinds[builder.kind] || {}).singular || builder.kind;
  edit(`add ${name}`, () => { builder.shapes.push([builder.kind, x, y, builder.rot]); builder.sel = [builder.shapes.length - 1]; });
}

/** The builder's keys; true when the key was one of them. */
export function builderKey(e) {
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const n = builder.sel.length;
  const nudge = { ArrowLeft: [-0.5, 0], ArrowRight: [0.5, 0], ArrowUp: [0, 0.5], ArrowDown: [0, -0.5] }[key];
  const kindKeys = Object.keys(shapes.kinds || {});
  if (ctrl && key === "z") { if (e.shiftKey) redo(); else undo(); }
  else if (ctrl && key === "y") redo();
  else if (ctrl && key === "a") builder.sel = builder.shapes.map((_, i) => i);
  else if (ctrl && key === "c") { if (!n) return false; builder.clip = selectedShapes(); }
  else if (ctrl && key === "x") { if (!n) return false; builder.clip = selectedShapes(); removeSelected(`cut ${plural(n, "shape")}`); }
  else if (ctrl && key === "v") { if (!builder.clip) return false; paste(builder.clip, `paste ${plural(builder.clip.length, "shape")}`); }
  else if (ctrl && key === "d") { if (!n) return false; paste(selectedShapes(), `duplicate ${plural(n, "shape")}`); }
  else if (ctrl && key === "g") {
    if (e.shiftKey) edit("ungroup", () => { for (const i of builder.sel) builder.shapes[i].length = 4; });
    else if (n >= 2) edit(`group ${n} shapes`, () => { const g = builder.nextGroup++; for (const i of builder.sel) builder.shapes[i][4] = g; });
    else return false;
  } else if (nudge && n && !ctrl) {
    edit(`move ${plural(n, "shape")}`, () => { for (const i of builder.sel) { builder.shapes[i][1] += nudge[0]; builder.shapes[i][2] += nudge[1]; } });
  } else if (key === "r" && !ctrl && !e.altKey) rotate(e.shiftKey ? -45 : 45);
  else if ((key === "Delete" || key === "Backspace") && n) removeSelected(`delete ${plural(n, "shape")}`);
  else if (key === "n" && !ctrl) addNext();
  else if (/^[1-9]$/.test(key) && !ctrl && kindKeys[Number(key) - 1]) builder.kind = kindKeys[Number(key) - 1];
  else if (key === "Escape" && n) builder.sel = [];
  else return false;
  return true;
}

// --- the panel ----------------------------------------------------------------------------------
export function builderPanel(ctx, verbs, rerender) {
  const panel = h("section.builder#builder");
  const palette = h("div.palette");
  Object.keys(shapes.kinds).forEach((id, k) => {
    const name = shapes.kinds[id].singular || id;
    palette.append(h("button.kind" + (builder.kind === id ? ".on" : ""), { title: `${name} (key ${k + 1})`, "data-kind": id, onclick: () => { builder.kind = id; rerender(); } },
      glyphSvg([[id, 0, 0, builder.rot]], 40, "", 2.1), h("small", { text: `${k + 1} ${name}` })));
  });
  panel.append(h("h4", { text: "Make a glyph" }), palette, grid(rerender), controls(rerender), history(rerender) || "", send(ctx, verbs), ideas(ctx, verbs, rerender));
  return panel;
}

// --- dragging: the drag lives here, not in a grid element, because the table redraws the page
// whenever anything happens at the table; the grid drawn next carries on with the same drag ---
let drag = null;  // {from, start: [[index, x, y]], moved, before, sel, count, pointer}
let clickAfterDrag = false;  // the click that follows a drag's pointerup places no shape
let redrawPage = () => {};

function unitAt(e) {
  const box = document.getElementById("glyph-grid").getBoundingClientRect();
  const [ox, oy] = ORIGIN;
  return [snap(((e.clientX - box.left) / box.width) * GRID_W - ox), snap(oy - ((e.clientY - box.top) / box.height) * GRID_H)];
}

/** The end of a drag: kept (one undoable step), or put back where it began when cancelled. */
function endDrag(cancelled) {
  if (!drag) return;
  const { moved, before, count, sel } = drag;
  drag = null;
  clickAfterDrag = true;
  setTimeout(() => { clickAfterDrag = false; }, 400);
  if (cancelled) builder.shapes = JSON.parse(before);
  else if (moved) { builder.undo.push({ label: `move ${plural(count, "shape")}`, shapes: before, sel }); builder.redo = []; }
  redrawPage();
}

function dragMove(e) {
  if (!drag || e.pointerId !== drag.pointer || !document.getElementById("glyph-grid")) return;
  if (e.pointerType === "mouse" && e.buttons === 0) { endDrag(false); return; }  // released where no pointerup came
  const [ux, uy] = unitAt(e);
  const dx = ux - drag.from[0], dy = uy - drag.from[1];
  for (const [j, x0, y0] of drag.start) {
    const sh = builder.shapes[j];
    if (sh[1] === x0 + dx && sh[2] === y0 + dy) continue;
    sh[1] = x0 + dx; sh[2] = y0 + dy; drag.moved = true;
    const el = document.querySelector(`#glyph-grid [data-index="${j}"]`);
    if (el) el.setAttribute("transform", `translate(${sh[1]} ${sh[2]}) rotate(${sh[3]})`);
  }
}
window.addEventListener("pointerdown", () => { clickAfterDrag = false; }, true);  // a new press, a new gesture
window.addEventListener("pointermove", dragMove);
window.addEventListener("pointerup", (e) => { if (drag && e.pointerId === drag.pointer) endDrag(false); });
window.addEventListener("pointercancel", (e) => { if (drag && e.pointerId === drag.pointer) endDrag(true); });

function grid(rerender) {
  redrawPage = rerender;
  const svg = s("svg", { viewBox: `0 0 ${GRID_W * U} ${GRID_H * U}`, class: "grid", id: "glyph-grid" });
  const lines = s("g", {});
  for (let x = 0; x <= GRID_W; x++) lines.append(s("line", { x1: x * U, y1: 0, x2: x * U, y2: GRID_H * U, class: "gridline" }));
  for (let y = 0; y <= GRID_H; y++) lines.append(s("line", { x1: 0, y1: y * U, x2: GRID_W * U, y2: y * U, class: "gridline" }));
  svg.append(lines);
  const [ox, oy] = ORIGIN;
  const g = s("g", { transform: `translate(${ox * U} ${oy * U}) scale(${U} ${-U})` });
  builder.shapes.forEach(([kind, x, y, deg, group], i) => {
    g.append(shapeSvg(kind, x, y, deg, {
      class: "shape" + (builder.sel.includes(i) ? " selected" : "") + (group ? " grouped" : ""), "data-index": String(i),
      onpointerdown: (e) => {
        e.stopPropagation();
        e.preventDefault();  // no text selection or native drag may steal the pointer
        if (e.ctrlKey || e.metaKey || e.shiftKey) { select(i, true); clickAfterDrag = true; rerender(); return; }
        if (!builder.sel.includes(i)) select(i, false);
        drag = { from: unitAt(e), start: builder.sel.map((j) => [j, builder.shapes[j][1], builder.shapes[j][2]]), moved: false,
          before: JSON.stringify(builder.shapes), sel: [...builder.sel], count: builder.sel.length, pointer: e.pointerId };
        svg.setPointerCapture(e.pointerId);
        for (const el of g.querySelectorAll(".shape")) el.classList.toggle("selected", builder.sel.includes(Number(el.dataset.index)));
      },
      onclick: (e) => e.stopPropagation(),
    }));
  });
  svg.append(g);
  // A capture lost while this grid is still on the page ends the drag; one lost because the page
  // was redrawn does not (the next grid carries on).
  svg.addEventListener("lostpointercapture", () => { if (svg.isConnected) endDrag(false); });
  svg.addEventListener("click", (e) => {
    if (clickAfterDrag) { clickAfterDrag = false; return; }
    addAt(...unitAt(e));
    rerender();
  });
  return svg;
}

function controls(rerender) {
  const key = (k, opts = {}) => () => { builderKey({ key: k, ctrlKey: !!opts.ctrl, shiftKey: !!opts.shift, altKey: false, metaKey: false }); rerender(); };
  const n = builder.sel.length;
  return h("div.builder-controls", {},
    h("button#rotate", { text: "Turn 45°", title: "turn the selected shapes (or the next one) 45° anticlockwise (R; Shift+R the other way)", onclick: key("r") }),
    h("button#remove", { text: "Delete", title: "Delete", disabled: !n, onclick: key("Delete") }),
    h("button#duplicate", { text: "Duplicate", title: "Ctrl+D", disabled: !n, onclick: key("d", { ctrl: true }) }),
    h("button#copy", { text: "Copy", title: "Ctrl+C", disabled: !n, onclick: key("c", { ctrl: true }) }),
    h("button#paste", { text: "Paste", title: "Ctrl+V", disabled: !builder.clip, onclick: key("v", { ctrl: true }) }),
    h("button#select-all", { text: "Select all", title: "Ctrl+A", disabled: !builder.shapes.length, onclick: key("a", { ctrl: true }) }),
    h("button#group", { text: "Group", title: "Ctrl+G (Ctrl+Shift+G ungroups)", disabled: n < 2, onclick: key("g", { ctrl: true }) }),
    h("button#undo", { text: "Undo", title: "Ctrl+Z", disabled: !builder.undo.length, onclick: key("z", { ctrl: true }) }),
    h("button#redo", { text: "Redo", title: "Ctrl+Y", disabled: !builder.redo.length, onclick: key("y", { ctrl: true }) }),
    h("button#clear", { text: "Clear", disabled: !builder.shapes.length, onclick: () => { edit("clear", () => { builder.shapes = []; builder.sel = []; }); rerender(); } }),
    h("small.muted.keys", { text: "click the grid to place · drag to move (all selected) · Ctrl+click selects more · 1-7 shape · N next shape · arrows nudge · R turn · ? all keys" }));
}

/** The undo history, oldest first: click an entry to go back to just before it. */
function history(rerender) {
  if (!builder.undo.length && !builder.redo.length) return null;
  const done = builder.undo.map((entry, k) => h("li", {}, h("button.history-step", { text: entry.label, title: "go back to before this",
    onclick: () => { backTo(k); rerender(); } })));
  const undone = [...builder.redo].reverse().map((entry) => h("li.undone", { text: entry.label }));
  // open on a wide screen; on a phone it folds away until asked for (and stays as the person left it)
  const open = builder.historyOpen ?? window.matchMedia("(min-width: 700px)").matches;
  return h("details.history#history", { open, ontoggle: (e) => { builder.historyOpen = e.target.open; } }, h("summary", { text: `History (${builder.undo.length} step${builder.undo.length === 1 ? "" : "s"})` }),
    h("ol", {}, done.slice(-30), undone));
}

function send(ctx, verbs) {
  const text = glyphText(builder.shapes);
  const box = h("div.builder-send", {}, h("code#glyph-text", { text: text || "(click the grid to place shapes)" }));
  for (const verb of verbs) {
    if (verb === "counterexample" || verb === "place") {
      box.append(h("select#mark", { onchange: (e) => { builder.mark = e.target.value; } }, ["approved", "rejected"].map((m) => h("option", { value: m, text: m, selected: builder.mark === m }))));
      box.append(h("button.primary", { text: verb === "place" ? "Place it" : "Show the counterexample", disabled: !text, onclick: () => ctx.act(`${verb} ${builder.mark} ${text}`) }));
    } else {
      const label = { build: "Build it (B)", perform: "Perform it (P): the mage marks it, everyone predicts", study: "Study it (S): the mage marks it" }[verb];
      box.append(h("button.primary", { text: label, "data-verb": verb, disabled: !text, onclick: () => ctx.act(`${verb} ${text}`) }));
    }
  }
  return box;
}

/** Suggested glyphs from the legal moves: click one to load it into the builder. */
function ideas(ctx, verbs, rerender) {
  // The glyph is a move's last argument (build, perform, study: the glyph; counterexample,
  // place: the mark, then the glyph).
  const examples = movesOf(ctx.moves, verbs).map((m) => String(m.args[m.args.length - 1]));
  const unique = [...new Set(examples)].slice(0, 12);
  if (!unique.length) return null;
  return h("details.folded", {}, h("summary", { text: "Ideas (click to load one)" }),
    h("div.ideas", {}, unique.map((t) => h("button.idea", { title: t, onclick: () => { load(parseGlyph(t), "load an idea"); rerender(); } }, glyphSvg(parseGlyph(t), 60)))));
}
