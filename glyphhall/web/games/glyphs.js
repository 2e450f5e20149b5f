// Glyphs: the boards of marked glyphs, coins, predictions, guesses with their canonical reading,
// and a glyph builder whose shapes snap to the half-unit grid and turn in 45-degree steps.
// Shape outlines come from the game's own data file (/api/games/glyphs/data/shapes).
import { api, h, s } from "../js/dom.js";
import { actionButtons } from "./generic.js";

let kinds = null;  // kind id -> outline parameters, loaded once
let loading = null;
const builder = { shapes: [], kind: null, rot: 0, selected: -1, mark: "approved", undo: [], redo: [] };
let boardOrder = "table";  // how this page shows the board: as arranged at the table, or sorted locally
let redrawBuilder = null;  // redraws the page after a keyboard edit of the builder
const GRID_W = 14, GRID_H = 9, U = 34;  // builder grid in units, pixels per unit

let latest = null;  // the last root and context drawn: the page may have redrawn while loading

function loadKinds() {
  if (kinds || loading) return;
  const redraw = () => { if (latest) { latest.root.replaceChildren(); render(latest.root, latest.ctx); } };
  loading = api("GET", "/api/games/glyphs/data/shapes").then((data) => {
    kinds = data.kinds;
    builder.kind = Object.keys(kinds)[0];
  }).catch(() => { kinds = {}; }).then(redraw);
}

/** One shape as SVG in unit coordinates, y up (the caller flips the y axis). */
function shapeSvg(kind, x, y, deg, attrs = {}) {
  const k = kinds && kinds[kind];
  const t = `translate(${x} ${y}) rotate(${deg})`;
  if (!k) return s("circle", { cx: x, cy: y, r: 0.4, class: "shape unknown", ...attrs });
  if (k.outline === "disc") return s("circle", { transform: t, r: k.radius, class: "shape", ...attrs });
  if (k.outline === "polygon") return s("polygon", { transform: t, points: k.polygon.map((p) => p.join(",")).join(" "), class: "shape", ...attrs });
  if (k.outline === "sector") {
    const r = k.radius, a0 = (k.from * Math.PI) / 180, a1 = (k.to * Math.PI) / 180;
    const large = Math.abs(k.to - k.from) > 180 ? 1 : 0;
    const d = `M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 ${large} 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
    return s("path", { transform: t, d, class: "shape", ...attrs });
  }
  const L = k.length, W = k.width;  // stick
  return s("rect", { transform: t, x: -L / 2, y: -W / 2, width: L, height: W, class: "shape", ...attrs });
}

/** A glyph (list of [kind, x, y, deg]) drawn to fit a box. */
function glyphSvg(shapes, size = 110, cls = "", pad = 2.6) {
  const pts = shapes.flatMap(([, x, y]) => [[x, y]]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad, minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
  const span = Math.max(maxX - minX, maxY - minY);
  const svg = s("svg", { viewBox: `${minX} ${-maxY} ${span} ${span}`, width: size, height: size, class: "glyph-svg " + cls });
  const g = s("g", { transform: "scale(1 -1)" });
  for (const [kind, x, y, deg] of shapes) g.append(shapeSvg(kind, x, y, deg));
  svg.append(g);
  return svg;
}

/** "kind@x,y/deg ..." as [[kind, x, y, deg]] (for suggested glyphs and pending ones). */
function parseGlyph(text) {
  return text.split(/\s+/).filter(Boolean).map((tok) => {
    const m = /^([a-z]+)@(-?[\d.]+),(-?[\d.]+)(?:\/(-?\d+))?$/.exec(tok);
    return m ? [m[1], Number(m[2]), Number(m[3]), Number(m[4] || 0)] : null;
  }).filter(Boolean);
}

function num(v) { return Number.isInteger(v) ? String(v) : String(v); }
function glyphText(shapes) {
  return shapes.map(([k, x, y, d]) => `${k}@${num(x)},${num(y)}` + (((d % 360) + 360) % 360 ? `/${((d % 360) + 360) % 360}` : "")).join(" ");
}

/** One marked glyph of the board: its "?" token (everyone sees it; a click puts or takes it
 * where the table option allows) and a button that copies it into the builder. */
function tile(g, ctx, canCopy, rerender) {
  const cls = g.approved ? "approved" : "rejected";
  const preds = Object.entries(g.predictions || {}).map(([seat, p]) => `${ctx.seatName(Number(seat))}: ${p}`).join(", ");
  const question = `question ${g.n}`;
  const canQuestion = ctx.legal.includes(question);
  const token = g.question || canQuestion
    ? h("button.q-token" + (g.question ? ".on" : ""), {
      text: "?", "data-action": canQuestion ? question : undefined, disabled: !canQuestion,
      title: g.question ? "a ? token lies next to this glyph" + (canQuestion ? " (click to take it)" : "") : "put a ? token next to this glyph",
      onclick: () => ctx.act(question),
    })
    : null;
  return h("figure.glyph-tile." + cls + (g.question ? ".questioned" : ""), { title: g.glyph, "data-glyph": g.glyph, "data-name": `glyph ${g.n}`, "data-n": String(g.n) },
    token, glyphSvg(g.shapes),
    h("figcaption", {}, h("b", { text: `#${g.n} ${g.approved ? "approved" : "rejected"}` }),
      h("small", { text: g.by >= 0 ? ` by ${ctx.seatName(g.by)} (${g.how})` : ` (${g.how})` }),
      preds ? h("div.preds", { text: preds }) : null,
      canCopy ? h("button.copy", { text: "copy to builder", title: "load this glyph into the builder to change it", onclick: () => {
        edit(() => { builder.shapes = g.shapes.map((x) => [...x]); builder.selected = -1; });
        rerender();
      } }) : null));
}

const SORTS = {
  table: ["as arranged", () => 0],
  approved: ["approved first", (a, b) => b.approved - a.approved || a.n - b.n],
  rejected: ["rejected first", (a, b) => a.approved - b.approved || a.n - b.n],
  time: ["by time made", (a, b) => a.n - b.n],
};

// --- builder edits: each one is undoable (Ctrl+Z / Ctrl+Y) -------------------------------------
function edit(change) {
  builder.undo.push(JSON.stringify(builder.shapes));
  builder.redo = [];
  change();
}

function undoRedo(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(builder.shapes));
  builder.shapes = JSON.parse(from.pop());
  builder.selected = Math.min(builder.selected, builder.shapes.length - 1);
}

function rotateSelected(by) {
  if (builder.selected >= 0) edit(() => { const sh = builder.shapes[builder.selected]; sh[3] = (((sh[3] + by) % 360) + 360) % 360; });
  else builder.rot = (((builder.rot + by) % 360) + 360) % 360;
}

/** Builder shortcuts while the builder is on the page and no text field has the focus. */
function onKey(e) {
  if (!redrawBuilder || !document.getElementById("builder")) return;
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const ctrl = e.ctrlKey || e.metaKey;
  const sel = builder.selected;
  const key = e.key;
  const nudge = { ArrowLeft: [-0.5, 0], ArrowRight: [0.5, 0], ArrowUp: [0, 0.5], ArrowDown: [0, -0.5] }[key];
  if (ctrl && (key === "z" || key === "Z")) {
    if (e.shiftKey) undoRedo(builder.redo, builder.undo); else undoRedo(builder.undo, builder.redo);
  } else if (ctrl && (key === "y" || key === "Y")) {
    undoRedo(builder.redo, builder.undo);
  } else if (ctrl && (key === "d" || key === "D")) {
    if (sel < 0) return;
    edit(() => { const [k, x, y, d] = builder.shapes[sel]; builder.shapes.push([k, x + 0.5, y - 0.5, d]); builder.selected = builder.shapes.length - 1; });
  } else if (nudge && sel >= 0 && !ctrl) {
    edit(() => { builder.shapes[sel][1] += nudge[0]; builder.shapes[sel][2] += nudge[1]; });
  } else if ((key === "r" || key === "R") && !ctrl) {
    rotateSelected(e.shiftKey ? -45 : 45);
  } else if ((key === "Delete" || key === "Backspace") && sel >= 0) {
    edit(() => { builder.shapes.splice(sel, 1); builder.selected = -1; });
  } else {
    return;
  }
  e.preventDefault();
  redrawBuilder();
}
document.addEventListener("keydown", onKey);

export function render(root, ctx) {
  const { view, legal } = ctx;
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  latest = { root, ctx };
  loadKinds();
  const wrap = h("div.glyphs");
  const used = new Set();

  // --- status line: mode, phase, coins, note
  wrap.append(h("div.glyphs-status", {},
    h("span", { text: `${view.mode === "duel" ? "Duel" : "Apprentices"} · level ${view.level} · phase: ${view.phase}` }),
    view.mage !== undefined ? h("span", { text: `mage: ${view.mage === "computer" ? "the computer" : ctx.seatName(view.mage)}` }) : null,
    h("span.coins", {}, view.coins.map((c, i) => h("span.coin-count", { text: `${ctx.seatName(i)}: ${"●".repeat(c) || "no"} coin${c === 1 ? "" : "s"}` })))));
  if (view.note) wrap.append(h("div.banner", { text: view.note }));
  if (view.winner !== null && view.winner !== undefined) {
    const w = Array.isArray(view.winner) ? view.winner.map((x) => ctx.seatName(x)).join(" and ") : ctx.seatName(view.winner);
    wrap.append(h("div.banner", { text: `Winner: ${w}` }));
  }
  if (view.decree) wrap.append(h("div.decree", {}, h("b", { text: "The decree: " }), view.decree));
  if (view.my_decrees) wrap.append(h("div.decree", {}, h("b", { text: "Your decrees: " }), view.my_decrees.join(" · ")));
  if (view.decrees_left) wrap.append(h("div.muted", { text: `Decrees left to solve: ${view.decrees_left.map((n, i) => `${ctx.seatName(i)} ${n}`).join(", ")}` }));
  if (view.guess) wrap.append(h("div.guess", {}, h("b", { text: "Guess on the table: " }), h("span.reading", { text: view.guess })));
  if (view.pending) {
    wrap.append(h("div.pending#judged", {}, h("b", { text: `Being judged (${view.pending.perform ? "performed" : "studied"}):` }),
      h("figure.glyph-tile.judged", { title: view.pending.glyph }, glyphSvg(parseGlyph(view.pending.glyph), 130))));
  }
  const preds = Object.entries(view.predictions || {});
  if (preds.length) wrap.append(h("div.predictions", {}, h("b", { text: "Predictions: " }), preds.map(([seat, p]) => h("span.chip", { text: `${ctx.seatName(Number(seat))}: ${p}` }))));

  // --- the boards of marked glyphs, sorted on this page as the person likes; the table's own
  // arrangement changes only through the "sort" actions the table option allows
  const verbs = ["build", "perform", "study", "counterexample", "place"].filter((v) => legal.some((t) => t.startsWith(v + " ")));
  const sortBar = h("div.sort-bar", {}, h("span.muted", { text: "Show the board " }),
    h("select#board-order", { onchange: (e) => { boardOrder = e.target.value; rerender(); } },
      Object.entries(SORTS).map(([k, [label]]) => h("option", { value: k, text: label, selected: boardOrder === k }))),
    legal.filter((t) => t.startsWith("sort ")).map((t) => {
      used.add(t);
      return h("button.action", { text: `arrange the table's board: ${t.slice(5)}`, "data-action": t, onclick: () => ctx.act(t) });
    }));
  wrap.append(sortBar);
  view.boards.forEach((board, i) => {
    const title = view.boards.length > 1 ? `Board ${i + 1}` : "The board";
    const shown = boardOrder === "table" ? board : [...board].sort(SORTS[boardOrder][1]);
    wrap.append(h("section.glyph-board", { "data-board": String(i) }, h("h4", { text: `${title} (${board.length} glyphs)` }),
      h("div.tiles", {}, shown.map((g) => tile(g, ctx, verbs.length > 0 && kinds, rerender)))));
  });
  for (const t of legal) if (t.startsWith("question ")) used.add(t);

  // --- the builder, when a glyph is to be made
  if (verbs.length && kinds) wrap.append(builderPanel(ctx, verbs, rerender));
  for (const t of legal) if (verbs.some((v) => t.startsWith(v + " "))) used.add(t);

  // --- guesses: typed, or one of the suggestions
  if (legal.some((t) => t.startsWith("guess "))) {
    const input = h("input#guess-text", { placeholder: "your guess, e.g. at least one oval", autocomplete: "off" });
    wrap.append(h("form.typed#guess-form", { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) ctx.act(`guess ${input.value.trim()}`); } },
      h("span", { text: "Guess the decree: " }), input, h("button", { text: "Guess (1 coin)" })));
    const guesses = legal.filter((t) => t.startsWith("guess "));
    guesses.forEach((t) => used.add(t));
    wrap.append(h("details.folded", {}, h("summary", { text: `${guesses.length} suggested guesses` }),
      actionButtons({ ...ctx, legal: guesses })));
  }
  if (legal.some((t) => t.startsWith("decree "))) {
    const input = h("input#decree-text", { placeholder: "a decree, e.g. exactly two squares", autocomplete: "off" });
    wrap.append(h("form.typed", { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) ctx.act(`decree ${input.value.trim()}`); } },
      h("span", { text: "Set a decree: " }), input, h("button", { text: "Set" })));
    const decrees = legal.filter((t) => t.startsWith("decree "));
    decrees.forEach((t) => used.add(t));
    wrap.append(h("details.folded", {}, h("summary", { text: `${decrees.length} decrees from the catalogue` }), actionButtons({ ...ctx, legal: decrees })));
  }
  const rest = legal.filter((t) => !used.has(t));
  if (rest.length) wrap.append(actionButtons({ ...ctx, legal: rest }));
  root.append(wrap);
}

function builderPanel(ctx, verbs, rerender) {
  redrawBuilder = rerender;
  const panel = h("section.builder#builder");
  const palette = h("div.palette");
  for (const id of Object.keys(kinds)) {
    const b = h("button.kind" + (builder.kind === id ? ".on" : ""), { title: id, "data-kind": id, onclick: () => { builder.kind = id; rerender(); } },
      glyphSvg([[id, 0, 0, builder.rot]], 40, "", 2.1), h("small", { text: id }));
    palette.append(b);
  }
  // The grid: click to drop the chosen shape at the nearest half unit; click a shape to select it.
  const svg = s("svg", { viewBox: `0 0 ${GRID_W * U} ${GRID_H * U}`, class: "grid", id: "glyph-grid" });
  const grid = s("g", {});
  for (let x = 0; x <= GRID_W; x++) grid.append(s("line", { x1: x * U, y1: 0, x2: x * U, y2: GRID_H * U, class: "gridline" }));
  for (let y = 0; y <= GRID_H; y++) grid.append(s("line", { x1: 0, y1: y * U, x2: GRID_W * U, y2: y * U, class: "gridline" }));
  svg.append(grid);
  const ox = 2, oy = GRID_H - 2;  // unit (0, 0) sits 2 units in from the bottom-left
  const g = s("g", { transform: `translate(${ox * U} ${oy * U}) scale(${U} ${-U})` });
  const snap = (v) => Math.round(v * 2) / 2;
  const unitAt = (e) => {
    const box = svg.getBoundingClientRect();
    return [snap(((e.clientX - box.left) / box.width) * GRID_W - ox), snap(oy - ((e.clientY - box.top) / box.height) * GRID_H)];
  };
  // A shape is dragged with the pointer (mouse or finger); a press without a move selects it.
  let drag = null;
  builder.shapes.forEach(([kind, x, y, deg], i) => {
    g.append(shapeSvg(kind, x, y, deg, {
      class: "shape" + (i === builder.selected ? " selected" : ""), "data-index": String(i),
      onpointerdown: (e) => {
        e.stopPropagation();
        const [ux, uy] = unitAt(e);
        drag = { i, from: [ux, uy], start: [x, y], moved: false, before: JSON.stringify(builder.shapes) };
        svg.setPointerCapture(e.pointerId);
      },
      onclick: (e) => e.stopPropagation(),
    }));
  });
  svg.append(g);
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const [ux, uy] = unitAt(e);
    const nx = drag.start[0] + ux - drag.from[0], ny = drag.start[1] + uy - drag.from[1];
    const sh = builder.shapes[drag.i];
    if (sh[1] === nx && sh[2] === ny) return;
    sh[1] = nx; sh[2] = ny; drag.moved = true;
    const el = g.querySelector(`[data-index="${drag.i}"]`);
    if (el) el.setAttribute("transform", `translate(${nx} ${ny}) rotate(${sh[3]})`);
  });
  svg.addEventListener("pointerup", () => {
    if (!drag) return;
    const { i, moved, before } = drag;
    drag = null;
    svg.dragEnded = true;  // the click that follows this pointerup is not a new shape
    if (moved) { builder.undo.push(before); builder.redo = []; builder.selected = i; } else builder.selected = builder.selected === i ? -1 : i;
    rerender();
  });
  svg.addEventListener("click", (e) => {
    if (svg.dragEnded) { svg.dragEnded = false; return; }
    const [ux, uy] = unitAt(e);
    edit(() => { builder.shapes.push([builder.kind, ux, uy, builder.rot]); builder.selected = builder.shapes.length - 1; });
    rerender();
  });
  const text = glyphText(builder.shapes);
  const controls = h("div.builder-controls", {},
    h("button#rotate", { text: "Turn 45°", title: "turn the selected shape (or the next one) 45° anticlockwise (R; Shift+R the other way)", onclick: () => { rotateSelected(45); rerender(); } }),
    h("button#remove", { text: "Remove", title: "Delete", disabled: builder.selected < 0, onclick: () => { edit(() => { builder.shapes.splice(builder.selected, 1); builder.selected = -1; }); rerender(); } }),
    h("button#duplicate", { text: "Duplicate", title: "Ctrl+D", disabled: builder.selected < 0, onclick: () => onKey({ key: "d", ctrlKey: true, target: null, preventDefault() {} }) }),
    h("button#undo", { text: "Undo", title: "Ctrl+Z", disabled: !builder.undo.length, onclick: () => { undoRedo(builder.undo, builder.redo); rerender(); } }),
    h("button#redo", { text: "Redo", title: "Ctrl+Y", disabled: !builder.redo.length, onclick: () => { undoRedo(builder.redo, builder.undo); rerender(); } }),
    h("button#clear", { text: "Clear", onclick: () => { edit(() => { builder.shapes = []; builder.selected = -1; }); rerender(); } }),
    h("small.muted.keys", { text: "drag shapes · arrows nudge · R / Shift+R turn · Delete · Ctrl+D duplicate · Ctrl+Z / Ctrl+Y" }));
  const send = h("div.builder-send", {}, h("code#glyph-text", { text: text || "(click the grid to place shapes)" }));
  for (const verb of verbs) {
    if (verb === "counterexample" || verb === "place") {
      const marks = ["approved", "rejected"];
      send.append(h("select#mark", { onchange: (e) => { builder.mark = e.target.value; } }, marks.map((m) => h("option", { value: m, text: m, selected: builder.mark === m }))));
      send.append(h("button.primary", { text: verb === "place" ? "Place it" : "Show the counterexample", disabled: !text, onclick: () => ctx.act(`${verb} ${builder.mark} ${text}`) }));
    } else {
      const label = { build: "Build it", perform: "Perform it (the mage marks it; others predict)", study: "Study it (the mage marks it)" }[verb];
      send.append(h("button.primary", { text: label, "data-verb": verb, disabled: !text, onclick: () => ctx.act(`${verb} ${text}`) }));
    }
  }
  // Suggested glyphs from the legal list: click one to load it into the builder.
  const examples = ctx.legal.filter((t) => verbs.some((v) => t.startsWith(v + " ")))
    .map((t) => t.replace(/^(build|perform|study) /, "").replace(/^(counterexample|place) (approved|rejected) /, ""));
  const unique = [...new Set(examples)].slice(0, 12);
  const ideas = h("div.ideas", {}, unique.map((t) => h("button.idea", { title: t, onclick: () => { edit(() => { builder.shapes = parseGlyph(t); builder.selected = -1; }); rerender(); } }, glyphSvg(parseGlyph(t), 60))));
  panel.append(h("h4", { text: "Make a glyph" }), palette, svg, controls, send,
    unique.length ? h("details.folded", {}, h("summary", { text: "Ideas (click to load one)" }), ideas) : null);
  return panel;
}
