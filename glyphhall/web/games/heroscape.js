// @ts-check
// Heroscape: the hex battlefield in SVG (terrain colours, levels shaded and numbered, start zones,
// glyphs, figures with their wounds), the army cards with order markers, the draft pool, the round
// and whose turn it is. Click one of your figures to select it, then a hex or an enemy figure: the
// matching legal action is sent (when several match, a short chooser offers them). The plain
// action buttons stay below, so every move can always be made.
// "3D view" swaps the map for the battlefield in 3D (heroscape3d.js, loaded on first use): it
// draws the same state and its picks go through the same clickThing, so both views act alike.
import { api, h, s } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { findMove, hasMove, moveWords, movesOf } from "./shared.js";

const SEAT_COLOURS = ["#3f6fd1", "#c8453a", "#e0b526", "#3fb6b0"];
const TERRAIN = {
  g: { name: "grass", colour: "#5f8f3e" }, r: { name: "rock", colour: "#8a8478" }, s: { name: "sand", colour: "#cdb274" },
  d: { name: "road", colour: "#b59a78" }, w: { name: "water", colour: "#3d79b8" }, l: { name: "lava", colour: "#cf4a1e" },
  x: { name: "obstacle (ruins)", colour: "#4b4038" },
  // terrain of the expansions, from Virtualscape maps (rulings: games/heroscape/README.md)
  f: { name: "lava field", colour: "#3a2a26" }, n: { name: "snow", colour: "#e8edf2" }, i: { name: "ice", colour: "#a9d4e8" },
  m: { name: "swamp", colour: "#5d6b3a" }, h: { name: "shadow", colour: "#3b3650" }, c: { name: "concrete", colour: "#a7a7a2" },
  a: { name: "asphalt", colour: "#55575b" }, u: { name: "dungeon", colour: "#6d5f55" },
};
const PENDING_HELP = {
  place: "place a figure: click a free hex in your start zone",
  equip: "equip the Equipment Glyph, or leave it",
  swapglyph: "swap Equipment Glyphs, or not",
  swapfig: "swap Equipment Glyphs with the adjacent figure, or not",
  lostglyph: "place the lost Equipment Glyph: click a hex",
  spirit: "Warrior's Spirit: choose the card that gets it",
  summon: "place the figure: click a hex",
  negate: "choose the card to negate",
  wannok: "Wannok: choose the figure to wound",
  placer: "choose who places the lost glyph",
  wannokpick: "Wannok: choose the opponent",
};
const R = 22;  // hex radius in SVG units
const SQ3 = Math.sqrt(3);

let sel = { key: null, figure: null, choices: null, where: null };
// The 3D view: chosen per browser (the flat map is the default, and the only view without WebGL).
let view3d = (() => { try { return localStorage.getItem("glyphhall.hs-view") === "3d"; } catch { return false; } })();
let hs3d = null;  // the 3D module once loaded
let hs3dError = null;
let webgl = null;
function webglAvailable() {
  if (webgl === null) {
    try {
      const c = document.createElement("canvas");
      webgl = !!(window.WebGLRenderingContext && (c.getContext("webgl2") || c.getContext("webgl")));
    } catch { webgl = false; }
  }
  return webgl;
}
/** @type {Promise<void> | null} the 3D module's loading, once */
let loading3d = null;
function load3d() {
  if (hs3d || loading3d) return;
  loading3d = import("./heroscape3d.js")
    .then((m) => { hs3d = m; })
    .catch((e) => { hs3dError = String(e && e.message ? e.message : e); })
    .then(() => { if (latest) { latest.root.replaceChildren(); render(latest.root, latest.ctx); } });
}
let data = null;  // the game's public data: army cards and glyphs, by key
let loading = null;
let latest = null;

function useStyles() {
  if (document.getElementById("heroscape-css")) return;
  document.head.append(h("link#heroscape-css", { rel: "stylesheet", href: "/static/games/heroscape.css" }));
}

function loadData() {
  if (data || loading) return;
  const byKey = (list) => Object.fromEntries((list || []).map((c) => [c.key, c]));
  loading = Promise.all([api("GET", "/api/games/heroscape/data/army_cards"), api("GET", "/api/games/heroscape/data/glyphs")])
    .then(([a, g]) => { data = { cards: byKey(a.card), glyphs: byKey(g.glyph) }; })
    .catch(() => { data = { cards: {}, glyphs: {} }; })
    .then(() => { if (latest) { latest.root.replaceChildren(); render(latest.root, latest.ctx); } });
}

export const seatColour = (seat) => SEAT_COLOURS[((seat % 4) + 4) % 4];
const pretty = (key) => String(key).replace(/_/g, " ");
/** A figure's short tag on the map: 'tarn2' -> 'Ta2', 'syvarris' -> 'Syv'. */
function tag(name) {
  const t = /\d$/.test(name) ? name.slice(0, 2) + name.slice(-1) : name.slice(0, 3);
  return t.charAt(0).toUpperCase() + t.slice(1);
}
// Figures by the name on their army card ("Tarn Viking Warriors 2"), never by their id ("tarn2"),
// in everything the page says; the action texts sent keep the ids.
let figNames = {};
let zoomed = false;
function nameFigures(view) {
  const cards = Object.fromEntries((view.cards || []).map((c) => [c.key, c.name]));
  figNames = Object.fromEntries((view.figures || []).map((f) => {
    const n = /(\d+)$/.exec(f.name);
    return [f.name, (cards[f.card] || f.card) + (n && f.name !== f.card ? ` ${n[1]}` : "")];
  }));
}
const figName = (id) => figNames[id] || id;
/** A move for people, from its words (kind, then arguments): figure ids as names ("attack Airborne Elite 2 Raelin the Kyrie Warrior"). */
const say = (words) => words.map((w) => figNames[w] || w).join(" ");
function centre(q, r) { return [R * SQ3 * (q + r / 2), R * 1.5 * r]; }
function hexPoints(cx, cy, rad) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(2)},${(cy + rad * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}
/** Terrain colour, lighter for higher ground (the 3D view and the gallery's preview use it too). */
export function shade(terrain, level, maxLevel) {
  const base = (TERRAIN[terrain] || { colour: "#777" }).colour;
  const k = maxLevel > 1 ? (level - 1) / (maxLevel - 1) : 0;  // 0 lowest .. 1 highest
  const mix = (c) => Math.round(c * (0.62 + 0.5 * k));
  const n = parseInt(base.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.min(255, mix(c)));
  return `rgb(${rgb.join(",")})`;
}


export function render(root, ctx) {
  useStyles();
  latest = { root, ctx };
  loadData();
  const { view, legal } = ctx;
  nameFigures(view);
  if (sel.key !== ctx.stateKey) sel = { key: ctx.stateKey, figure: null, choices: null, where: null, path: null, tail: null };
  const me = ctx.you;
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  // Order markers and draft picks are clicked on the cards, never on the map.
  // The moves as words (the kind, then the arguments: here all names of figures, hexes or cards).
  const acts = ctx.moves.map(moveWords).filter((a) => a.words[0] !== "order" && a.words[0] !== "draft");
  const hexes = view.board.hexes;
  const labels = new Set(hexes.map((x) => x[0]));
  const figures = view.figures || [];
  const figByName = Object.fromEntries(figures.map((f) => [f.name, f]));
  // Figures that act (the first word after the verb names them) with something still to choose.
  const actors = new Set(acts.filter((a) => a.words.length >= 3 && figByName[a.words[1]]).map((a) => a.words[1]));
  // One-click moves (the engine's `move FIG HEX`): `view.reach` gives each figure the seat may move
  // now every hex it can end on with the path to it; the path is shown before the move is sent.
  for (const fig of Object.keys(view.reach || {})) actors.add(fig);
  if (view.moving && actors.has(view.moving) && !sel.figure) sel.figure = view.moving;
  if (!sel.figure && actors.size === 1) sel.figure = [...actors][0];
  const mineActs = sel.figure ? acts.filter((a) => a.words[1] === sel.figure) : acts;
  // Map-clickable actions: those that name a hex, or a figure after the acting one.
  const onMap = acts.filter((a) => a.words.slice(1).some((w) => labels.has(w)) || (a.words.length >= 3 && a.words.slice(2).some((w) => figByName[w])));
  const targetHexes = new Set();
  const targetFigures = new Set();
  for (const a of (sel.figure ? mineActs : acts)) {
    for (const w of a.words.slice(1)) if (labels.has(w)) targetHexes.add(w);
    for (const w of a.words.slice(2)) if (figByName[w]) targetFigures.add(w);
  }
  const reach = (sel.figure && view.reach && view.reach[sel.figure]) || null;
  if (reach) for (const hex of Object.keys(reach)) targetHexes.add(hex);
  // A double-space figure: once its leading end's hex is chosen, where its other end may end
  // (`view.tails`, the engine's own choice first) is offered when there is more than one place.
  const tailOpts = (reach && sel.path && view.tails && view.tails[sel.figure] && view.tails[sel.figure][sel.path]) || null;
  const tailPick = tailOpts && Object.keys(tailOpts).length > 1 ? (tailOpts[sel.tail] ? sel.tail : Object.keys(tailOpts)[0]) : null;
  const pathSteps = (hex) => (hex === sel.path && tailPick ? tailOpts[tailPick] : (reach && reach[hex]) || []);

  // A click on a figure or hex: an action naming that figure as its target first; else choosing
  // one of your figures (unless the selected figure is in the middle of its move and may step onto
  // that hex, passing a friend); else the actions that name the hex.
  function clickThing(token, hex, how = "mouse") {
    const other = token && token !== sel.figure && actors.has(token);
    if (hex && reach && reach[hex] && !other) {
      // A mouse has drawn the path under the pointer already: one click moves. A finger (no
      // hover) sees the path first and Move sends it; so does a double-space figure with more
      // than one place for its other end.
      const tails = view.tails && view.tails[sel.figure] && view.tails[sel.figure][hex];
      if (how !== "touch" && !(tails && Object.keys(tails).length > 1)) { ctx.act(`move ${sel.figure} ${hex}`); return; }
      sel.path = hex; sel.tail = null; sel.choices = null; rerender(); return;
    }
    const pool = sel.figure ? mineActs : acts;
    const named = token ? pool.filter((a) => a.words.slice(2).includes(token)) : [];
    let onHex = hex ? pool.filter((a) => a.words.slice(1).includes(hex)) : [];
    if (!onHex.length && hex && sel.figure) onHex = acts.filter((a) => a.words.slice(1).includes(hex));
    const select = token && actors.has(token) && token !== sel.figure && !(onHex.length && view.moving === sel.figure);
    let found = named.length ? named : select ? [] : onHex;
    if (!found.length && token && token === sel.figure) found = acts.filter((a) => a.words.length === 2 && a.words[1] === token);
    if (!found.length && select) { sel.figure = token; sel.choices = null; sel.path = null; rerender(); return; }
    if (found.length === 1) { ctx.act(found[0].text); return; }
    if (found.length > 1) { sel.choices = found; sel.where = token || hex; rerender(); }
  }

  const wrap = h("div.hs", { "data-phase": view.phase });
  wrap.append(statusBar(view, ctx));
  const dice = dicePanel(ctx.lastEvents);
  if (dice) wrap.append(dice);

  // --- what to do now: the chooser for an ambiguous click, and the moves that are not map clicks
  const prompt = h("div.hs-prompt#prompt");
  if (sel.figure) {
    const f = figByName[sel.figure];
    prompt.append(h("span.hs-selected", { text: `Selected: ${figName(sel.figure)}${f && f.hex ? ` on ${f.hex}` : ""}` + (view.moving === sel.figure ? ` · ${view.move_left} move left` : "") }));
    if (actors.size > 1) prompt.append(h("button#deselect", { text: "Deselect", onclick: () => { sel.figure = null; sel.choices = null; rerender(); } }));
  }
  if (sel.path && reach && reach[sel.path]) {
    const move = `move ${sel.figure} ${sel.path}` + (tailPick ? ` ${tailPick}` : "");
    const steps = pathSteps(sel.path);
    prompt.append(h("div.hs-chooser#move-confirm", {},
      h("span", { text: `${figName(sel.figure)} to ${sel.path}${tailPick ? `, other end on ${tailPick}` : ""} (${steps.length} step${steps.length === 1 ? "" : "s"}: ${steps.join(" → ")}) ` }),
      h("button.primary#move-go", { text: "Move", "data-action": move, onclick: () => ctx.act(move) }),
      h("button", { text: "Cancel", onclick: () => { sel.path = null; sel.tail = null; rerender(); } })));
    if (tailPick) {
      prompt.append(h("div.hs-chooser#tail-choice", {}, h("span", { text: "Other end on: " }),
        Object.keys(tailOpts).map((t) => h("button.hs-tail-choice" + (t === tailPick ? ".on" : ""), { text: t, "data-tail": t, "aria-pressed": String(t === tailPick), onclick: () => { sel.tail = t; rerender(); } })),
        h("span.muted", { text: " (or click a hex ringed in blue)" })));
    }
  }
  if (sel.choices) {
    prompt.append(h("div.hs-chooser#chooser", {}, h("span", { text: `${figName(sel.where)}: ` }),
      sel.choices.map((a) => h("button.primary", { text: say(a.words), title: a.text, "data-action": a.text, onclick: () => ctx.act(a.text) })),
      h("button", { text: "Cancel", onclick: () => { sel.choices = null; rerender(); } })));
  }
  const mapped = new Set(onMap.map((a) => a.text));
  const rest = acts.filter((a) => !mapped.has(a.text) && (!sel.figure || !figByName[a.words[1]] || a.words[1] === sel.figure || a.words.length === 2));
  for (const a of rest) prompt.append(h("button.hs-act" + (a.words[0] === "end" || a.words[0] === "done" ? ".primary" : ""), { text: say(a.words), title: a.text, "data-action": a.text, onclick: () => ctx.act(a.text) }));
  if (legal.length && targetHexes.size + targetFigures.size) {
    prompt.append(h("span.muted", { text: sel.figure || actors.size === 0 ? "Click a highlighted hex or figure." : "Click one of your figures (gold ring) to see its moves." }));
  }
  wrap.append(prompt);

  // --- the battlefield
  const players = ctx.table && ctx.table.seats ? ctx.table.seats.length : 4;
  const maxLevel = Math.max(1, ...hexes.map((x) => x[3]));
  const pos = Object.fromEntries(hexes.map(([lab, q, r]) => [lab, centre(q, r)]));
  const xs = hexes.map(([lab]) => pos[lab][0]), ys = hexes.map(([lab]) => pos[lab][1]);
  const pad = R * 1.2;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
  const W = Math.max(...xs) - minX + pad, H = Math.max(...ys) - minY + pad;
  const svg = s("svg", { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${W.toFixed(1)} ${H.toFixed(1)}`, class: "hs-map", id: "hs-map" });
  const glyphAt = Object.fromEntries((view.glyphs || []).map((g) => [g.hex, g]));
  const figAt = {};
  for (const f of figures) if (f.status === "on" && f.hex) { figAt[f.hex] = f; if (f.tail) figAt[f.tail] = f; }
  const ground = s("g", {});
  // In the 3D view the flat map is not shown: its hexes and figures are not drawn at all.
  const drawFlat = !(view3d && webglAvailable() && hs3d);
  const marks = s("g", {});
  // Draw from the back row forwards so raised hexes overlap the row behind like a relief.
  for (const [lab, , , level, terrain, zone] of drawFlat ? [...hexes].sort((a, b) => a[2] - b[2]) : []) {
    const [cx, cy] = pos[lab];
    const t = TERRAIN[terrain] || { name: terrain };
    const lift = Math.min(level, 10) * 0.9;
    const tip = [`${lab}`, `level ${level}`, t.name];
    if (zone >= 0) tip.push(zone < players ? `start zone of ${ctx.seatName(zone)}` : "start zone (no player)");
    if (glyphAt[lab]) tip.push(`glyph ${glyphAt[lab].name}`);
    if (figAt[lab]) tip.push(`${figName(figAt[lab].name)} (${ctx.seatName(figAt[lab].owner)})`);
    const g = s("g", { class: "hs-hex" + (targetHexes.has(lab) ? " target" : ""), "data-hex": lab, onclick: (e) => clickThing(figAt[lab] ? figAt[lab].name : null, lab, e.pointerType) },
      s("polygon", { points: hexPoints(cx, cy + lift, R - 0.5), class: "hs-side" }),
      s("polygon", { points: hexPoints(cx, cy, R - 0.5), class: "hs-top", fill: shade(terrain, level, maxLevel) }),
      zone >= 0 ? s("polygon", { points: hexPoints(cx, cy, R - 4), class: "hs-zone", stroke: seatColour(zone) }) : null,
      s("text", { x: cx, y: cy + R * 0.72, "text-anchor": "middle", class: "hs-level" }, String(level)),
      s("title", {}, tip.join(" · ")));
    ground.append(g);
    if (targetHexes.has(lab)) marks.append(s("polygon", { points: hexPoints(cx, cy, R - 2.5), class: "hs-target-ring" }));
  }
  svg.append(ground, marks);
  const from = sel.figure && figByName[sel.figure] && figByName[sel.figure].hex;
  const pathPoints = (hex) => [from, ...pathSteps(hex)].filter((x) => pos[x]).map((x) => pos[x].join(",")).join(" ");
  const hover = s("polyline", { class: "hs-path preview", points: "" });
  svg.append(hover);
  if (sel.path && reach && reach[sel.path]) svg.append(s("polyline", { class: "hs-path", id: "hs-path", points: pathPoints(sel.path) }));
  if (reach) {
    ground.addEventListener("mouseover", (e) => {
      const hex = e.target.closest && e.target.closest("[data-hex]");
      hover.setAttribute("points", hex && reach[hex.dataset.hex] ? pathPoints(hex.dataset.hex) : "");
    });
    ground.addEventListener("mouseleave", () => hover.setAttribute("points", ""));
  }
  const shownGlyphs = [];
  for (const gl of view.glyphs || []) {
    if (!pos[gl.hex] || figAt[gl.hex]) continue;
    const [cx, cy] = pos[gl.hex];
    const d = data && data.glyphs[gl.glyph];
    const letter = gl.up ? (d && d.letter) || gl.name.charAt(0) : "?";
    shownGlyphs.push({ hex: gl.hex, glyph: gl.glyph, up: gl.up, letter });
    if (drawFlat) svg.append(s("g", { class: "hs-glyph", "data-glyph": gl.glyph, "data-hex": gl.hex, onclick: (e) => clickThing(null, gl.hex, e.pointerType) },
      s("circle", { cx, cy: cy - 2, r: R * 0.5 }),
      s("text", { x: cx, y: cy + 3, "text-anchor": "middle" }, letter),
      s("title", {}, gl.up ? `${gl.name}${d && d.text ? ": " + d.text : ""}` : "a glyph, symbol side up")));
  }
  for (const f of drawFlat ? figures : []) {
    if (f.status !== "on" || !pos[f.hex]) continue;
    const [cx, cy] = pos[f.hex];
    const card = (view.cards || []).find((c) => c.key === f.card);
    const g = s("g", {
      class: "hs-figure" + (f.name === sel.figure ? " selected" : "") + (actors.has(f.name) ? " actor" : "") + (targetFigures.has(f.name) ? " target" : "") + (f.name === view.moving ? " moving" : ""),
      "data-figure": f.name, "data-hex": f.hex, onclick: (e) => { e.stopPropagation(); clickThing(f.name, f.hex, e.pointerType); },
    });
    if (f.tail && pos[f.tail]) {
      const [tx, ty] = pos[f.tail];
      g.append(s("line", { x1: cx, y1: cy, x2: tx, y2: ty, class: "hs-body", stroke: seatColour(f.owner) }),
        s("circle", { cx: tx, cy: ty, r: R * 0.42, fill: seatColour(f.owner), class: "hs-tail" }));
    }
    g.append(s("circle", { cx, cy, r: R * 0.62, fill: seatColour(f.owner), class: "hs-token" }),
      s("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "hs-tag" }, tag(f.name)));
    if (f.wounds) {
      g.append(s("circle", { cx: cx + R * 0.5, cy: cy - R * 0.5, r: 7, class: "hs-wound" }),
        s("text", { x: cx + R * 0.5, y: cy - R * 0.5 + 3.5, "text-anchor": "middle", class: "hs-wound-n" }, String(f.wounds)));
    }
    g.append(s("title", {}, `${figName(f.name)} on ${f.hex}, ${ctx.seatName(f.owner)}` + (card ? `, wounds ${f.wounds}/${card.life}` : `, wounds ${f.wounds}`)));
    svg.append(g);
  }
  // On a phone the whole battlefield fits the width but its hexes are small for a finger: the
  // zoom doubles it inside its own scrolling box (the page itself never scrolls sideways).
  const zoom = h("button.hs-zoom#hs-zoom", { text: zoomed ? "Whole map" : "Zoom map", onclick: () => { zoomed = !zoomed; rerender(); } });
  if (tailPick) {
    for (const t of Object.keys(tailOpts)) {
      if (!pos[t]) continue;
      const [cx, cy] = pos[t];
      svg.append(s("g", { class: "hs-tail-option" + (t === tailPick ? " on" : ""), "data-tail": t, onclick: (e) => { e.stopPropagation(); sel.tail = t; rerender(); } },
        s("polygon", { points: hexPoints(cx, cy, R - 3) }), s("title", {}, `the other end on ${t}`)));
    }
  }
  const can3d = webglAvailable();
  const toggle = h("button.hs-view-toggle#hs-view-toggle", {
    text: view3d && can3d ? "Flat map" : "3D view", "aria-pressed": String(view3d && can3d), disabled: !can3d,
    title: can3d ? "switch between the flat map and the battlefield in 3D" : "the 3D view needs WebGL, which this browser does not offer",
    onclick: () => { view3d = !view3d; try { localStorage.setItem("glyphhall.hs-view", view3d ? "3d" : "flat"); } catch { /* private mode */ } rerender(); },
  });
  let mapBox = h("div.hs-map-box" + (zoomed ? ".zoomed" : ""), {}, svg);
  if (view3d && can3d) {
    load3d();
    if (hs3d) {
      const viewer = hs3d.battlefield3d();
      const cardOf = Object.fromEntries((view.cards || []).map((c) => [c.key, c]));
      const zoneColours = {};
      for (const x of hexes) if (x[5] >= 0) zoneColours[x[5]] = seatColour(x[5]);
      viewer.update({
        hexes, walls: view.board.walls || [], ladders: view.board.ladders || [], overhangs: view.board.overhangs || [], zoneColours, ownZone: me,
        terrainColour: (terrain, level) => shade(terrain, level, maxLevel),
        glyphs: shownGlyphs,
        figures: figures.filter((f) => f.status === "on" && pos[f.hex]).map((f) => ({
          name: f.name, label: figName(f.name), hex: f.hex, tail: f.tail, colour: seatColour(f.owner), wounds: f.wounds,
          life: cardOf[f.card] ? cardOf[f.card].life : "?", height: cardOf[f.card] && cardOf[f.card].height ? cardOf[f.card].height : 5,
          selected: f.name === sel.figure, actor: actors.has(f.name), target: targetFigures.has(f.name),
        })),
        targets: targetHexes,
        tailOptions: tailPick ? Object.keys(tailOpts) : [],
        // the engine's attacks of the selected figure: each target with its spaces and height dice
        aims: (sel.figure && view.aims && view.aims[sel.figure]) || {},
        aimAt: sel.choices && figByName[sel.where] ? sel.where : null,
        selectedPath: sel.path && reach && reach[sel.path] ? sel.path : null,
        pathTo: (hex) => [from, ...pathSteps(hex)],
        reachable: (hex) => !!(reach && reach[hex]),
        pick: (fig, hex, how) => clickThing(fig || (figAt[hex] ? figAt[hex].name : null), hex, how),
        say: figName,
      });
      mapBox = h("div.hs-map-box.hs-map-3d", {}, viewer.element);
    } else {
      mapBox = h("div.hs-map-box.hs-map-3d", {}, h("p.muted#hs-3d-loading", { text: hs3dError ? `The 3D view could not load (${hs3dError}); use the flat map.` : "Loading the 3D view…" }));
    }
  }
  wrap.append(toggle, zoom, h("div.hs-field", {}, mapBox, legend(view, ctx, maxLevel)));
  if (view3d && can3d) zoom.hidden = true;

  // --- army cards (yours first), the draft pool
  const seats = [...new Set([me, ...(view.cards || []).map((c) => c.owner)].filter((x) => x !== null && x !== undefined))];
  const armies = h("div.hs-armies#hs-armies");
  for (const seat of seats) {
    const cards = (view.cards || []).filter((c) => c.owner === seat);
    if (!cards.length && seat !== me) continue;
    const box = h("section.hs-army" + (seat === me ? ".mine" : ""), { "data-seat": String(seat), style: `border-color:${seatColour(seat)}` },
      h("h4", { style: `color:${seatColour(seat)}` }, seat === me ? `Your army (${ctx.seatName(seat)})` : `${ctx.seatName(seat)}'s army`,
        h("span.muted", { text: ` · ${cards.reduce((n, c) => n + c.points, 0)} points` })));
    const row = h("div.hs-cards");
    for (const c of cards) row.append(armyCard(c, figures, ctx, view));
    if (!cards.length) row.append(h("span.muted", { text: "no army cards yet" }));
    box.append(row);
    armies.append(box);
  }
  // While you place order markers your army cards (with their marker buttons) come before the
  // battlefield, beside the prompt; otherwise below it.
  if (hasMove(ctx.moves, "order")) wrap.insertBefore(armies, wrap.querySelector("#hs-view-toggle")); else wrap.append(armies);
  if (view.phase === "draft" && (view.draft_pool || []).length) {
    const pool = h("div.hs-cards.hs-pool#hs-pool");
    for (const key of view.draft_pool) {
      const d = (data && data.cards[key]) || { key, name: key };
      const pick = findMove(ctx.moves, "draft", key);
      const can = pick !== null;
      const text = can ? pick.text : null;
      const el = h("div.hs-card.pool" + (can ? ".playable" : ""), { "data-card": key, "data-action": can ? text : null, title: d.text || "", onclick: () => can && ctx.act(text) },
        h("b", { text: d.name }), h("span.hs-pts", { text: d.points !== undefined ? `${d.points} pts` : "" }),
        d.life !== undefined ? statLine(d) : null,
        d.figures > 1 ? h("small", { text: `squad of ${d.figures}` }) : null,
        d.text ? h("small.hs-powers", { text: d.text }) : null);
      pool.append(el);
    }
    // While it is your pick the pool comes first; otherwise it waits below the armies.
    const place = hasMove(ctx.moves, "draft") ? (el) => wrap.insertBefore(el, wrap.querySelector(".hs-field")) : (el) => wrap.append(el);
    place(h("section.hs-draft", {}, h("h4", { text: hasMove(ctx.moves, "draft") ? "Draft: click a card to add it to your army" : "Draft pool" }), pool));
  }
  if (legal.length) wrap.append(h("details.folded.hs-all", {}, h("summary", { text: `Every legal move as a button (${legal.length})` }), actionButtons(ctx)));
  root.append(wrap);
}

// The last attack's dice, drawn as dice: the attacker's skulls and the defender's shields, the
// other dice of each roll blank (a combat die has 3 skull, 2 shield and 1 blank face; the log
// gives how many dice were rolled and how many came up for the roller).
const ROLL_RE = /rolls (\d+) dic?e, (\d+) skulls?; (.+) rolls (\d+), (\d+) shields?/;

function combatDie(face) {
  const svg = s("svg", { viewBox: "0 0 30 30", class: "hs-die " + face, "aria-label": face });
  svg.append(s("rect", { x: 1.5, y: 1.5, width: 27, height: 27, rx: 5, class: "hs-die-face" }));
  if (face === "skull") {
    svg.append(s("circle", { cx: 15, cy: 13, r: 8, class: "hs-die-mark" }),
      s("rect", { x: 10.5, y: 17, width: 9, height: 6, rx: 1.5, class: "hs-die-mark" }),
      s("circle", { cx: 12, cy: 13, r: 2.2, class: "hs-die-hole" }), s("circle", { cx: 18, cy: 13, r: 2.2, class: "hs-die-hole" }));
  } else if (face === "shield") {
    svg.append(s("path", { d: "M15 5 L24 8 C24 17 20 22 15 25 C10 22 6 17 6 8 Z", class: "hs-die-mark" }));
  }
  svg.append(s("title", {}, face === "blank" ? "a die that did not count" : `a ${face}`));
  return svg;
}

export function dicePanel(events) {
  for (const e of [...(events || [])].reverse()) {
    const d = e.data || {};
    const m = ROLL_RE.exec(e.text || "");
    if (d.skulls === undefined || !m) continue;
    const [atkDice, skulls, defender, defDice, shields] = [Number(m[1]), Number(m[2]), m[3], Number(m[4]), Number(m[5])];
    const dice = (n, hits, face) => Array.from({ length: n }, (_, i) => combatDie(i < hits ? face : "blank"));
    return h("div.hs-dice#dice", {},
      h("span.hs-dice-who", { text: "attack " }), h("span.hs-dice-row", {}, dice(atkDice, skulls, "skull")),
      h("span.hs-dice-who", { text: ` ${defender} defends ` }), h("span.hs-dice-row", {}, dice(defDice, shields, "shield")));
  }
  return null;
}

/** A decision in words: which figure it is about, and what an Equipment Glyph does. */
function pendingText(p) {
  const fig = p.figure ? figName(p.figure) : null;
  if (p.kind === "place" && fig) return `place ${fig}: click a free hex in your start zone`;
  if ((p.kind === "equip" || p.kind === "swapglyph") && p.glyph) {
    return `${fig || "the figure"} stands on ${p.glyph.name}: ${p.glyph.text} ${p.kind === "equip" ? "Equip it, or leave it." : "Swap glyphs, or keep yours."}`;
  }
  return PENDING_HELP[p.kind] || "a decision is to be made";
}

function statusBar(view, ctx) {
  const bits = [];
  if (view.result) {
    const best = Math.max(...view.result);
    const winners = view.result.map((v, i) => [v, i]).filter(([v]) => v === best).map(([, i]) => ctx.seatName(i));
    bits.push(h("b.hs-who", { text: view.result.every((v) => v === best) ? "Draw" : `Winner: ${winners.join(", ")}` }));
  } else if (view.pending) {
    bits.push(h("b.hs-who", { text: view.pending.seat === ctx.you ? "Your decision" : `${ctx.seatName(view.pending.seat)} decides` }),
      h("span#hs-pending", { text: pendingText(view.pending) }));
  } else if (view.active_card) {
    const card = (view.cards || []).find((c) => c.key === view.active_card);
    const owner = card ? card.owner : null;
    bits.push(h("b.hs-who", { text: owner === ctx.you ? "Your turn" : `${ctx.seatName(owner)}'s turn` }),
      h("span", { text: `turn ${view.turn}: ${card ? card.name : view.active_card}` + (view.moving ? ` · ${figName(view.moving)} moving, ${view.move_left} left` : "") }));
  } else if (view.phase === "orders") {
    bits.push(h("b.hs-who", { text: "Order markers" }), h("span", { text: ctx.legal.length ? "put your markers 1, 2, 3 and X on your cards (the others see only which card holds one)" : "waiting for the markers" }));
  } else if (view.phase === "draft") {
    const mine = hasMove(ctx.moves, "draft");
    bits.push(h("b.hs-who", { text: mine ? "Your pick" : "Draft" }),
      h("span", { text: mine ? "click a card in the draft pool to add it to your army" + (hasMove(ctx.moves, "done") ? ", or press done" : "") : "waiting for the other players' picks" }));
  } else {
    bits.push(h("b.hs-who", { text: view.phase }));
  }
  bits.push(h("span.muted", { text: `${view.board.name} · round ${view.round}/${view.round_limit}` }));
  if ((view.initiative || []).length) bits.push(h("span.muted", { text: "initiative: " + view.initiative.map((i) => ctx.seatName(i)).join(" → ") }));
  return h("div.hs-status#hs-status", {}, bits);
}

function statLine(c) {
  return h("div.hs-stats", {},
    [["Life", "Life", c.life], ["Move", "Move", c.move], ["Range", "Rng", c.range], ["Attack", "Atk", c.attack], ["Defense", "Def", c.defense]].map(([k, short, v]) =>
      h("span.hs-stat", { title: k }, h("small", { text: short }), h("b", { text: String(v) }))),
    c.height !== undefined ? h("span.hs-stat", { title: "Height" }, h("small", { text: "Ht" }), h("b", { text: String(c.height) })) : null);
}

function armyCard(c, figures, ctx, view) {
  const figs = figures.filter((f) => f.card === c.key && (f.owner === c.owner || true));
  const el = h("div.hs-card" + (c.negated ? ".negated" : ""), { "data-card": c.key, style: `border-color:${seatColour(c.owner)}` },
    h("div.hs-card-head", {}, h("b", { text: c.name }), h("span.hs-pts", { text: `${c.points} pts` })),
    statLine(c),
    c.powers && c.powers.length ? h("small.hs-powers.tip", { text: c.powers.map(pretty).join(", "), title: (data && data.cards[c.key] && data.cards[c.key].text) || undefined }) : null,
    h("div.hs-figs", {}, figs.map((f) => h("span.chip.hs-fig." + f.status, { title: `${figName(f.name)}: ${f.status}${f.hex ? " on " + f.hex : ""}` },
      `${figName(f.name).replace(c.name, "").trim() || "figure"}${f.status === "on" ? ` ${f.hex}` : f.status === "dead" ? " ✝" : " (off board)"}${f.wounds ? ` · ${f.wounds}/${c.life} wounds` : ""}`))),
    c.glyph ? h("div.hs-equip", { text: `equipped: ${c.glyph}` }) : null,
    c.negated ? h("div.hs-neg", { text: "powers negated" }) : null);
  const markers = h("div.hs-markers", {}, (c.markers || []).map((m) => h("span.hs-marker" + (m === "?" ? ".hidden" : ""), { text: m.toUpperCase(), title: m === "?" ? "a face-down order marker" : `order marker ${m}` })));
  el.append(markers);
  const orders = movesOf(ctx.moves, "order").filter((m) => m.args[1] === c.key);
  if (orders.length) {
    el.classList.add("playable");
    el.append(h("div.hs-order-buttons", {}, h("small", { text: "put marker: " }),
      orders.map((m) => h("button.hs-order", { text: String(m.args[0]).toUpperCase(), "data-action": m.text, onclick: () => ctx.act(m.text) }))));
  }
  if (view.active_card === c.key) el.classList.add("active");
  return el;
}

function legend(view, ctx, maxLevel) {
  const box = h("div.hs-legend");
  const present = new Set(view.board.hexes.map((x) => x[4]));
  box.append(h("h4", { text: "Terrain" }), ...Object.entries(TERRAIN).filter(([k]) => present.has(k)).map(([, t]) =>
    h("div.hs-key", {}, h("span.hs-swatch", { style: `background:${t.colour}` }), t.name)));
  box.append(h("div.hs-key", {}, h("span.hs-swatch.grad"), `level 1 (dark) to ${maxLevel} (light); the number is the level`));
  const players = ctx.table && ctx.table.seats ? ctx.table.seats.length : 4;
  const zones = [...new Set(view.board.hexes.map((x) => x[5]).filter((z) => z >= 0))];
  if (zones.length) box.append(h("h4", { text: "Start zones" }), ...zones.map((z) => h("div.hs-key", {}, h("span.hs-swatch.zone", { style: `border-color:${seatColour(z)}` }),
    z < players ? ctx.seatName(z) : `zone ${z + 1} (no player)`)));
  if ((view.glyphs || []).length) {
    box.append(h("h4", { text: "Glyphs" }), ...view.glyphs.map((g) => {
      const d = data && data.glyphs[g.glyph];
      return h("div.hs-key", { title: d && d.text ? d.text : "" }, h("span.hs-glyph-key", { text: g.up ? (d && d.letter) || g.name.charAt(0) : "?" }),
        `${g.hex} ${g.up ? g.name : "face down"}`);
    }));
  }
  return box;
}
