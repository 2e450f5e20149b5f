// @ts-check
// Glyphs' pictures: the shape kinds (from the game's own data file), shapes and glyphs as SVG,
// glyph notation read and written, and the approval and rejection tokens.
import { api, s } from "../js/dom.js";

export const shapes = { kinds: null };  // kind id -> outline parameters, loaded once
let loading = null;

/** Load the kinds once; `redraw` runs when they arrive (or fail: then shapes draw as dots). */
export function loadKinds(redraw) {
  if (shapes.kinds || loading) return;
  loading = api("GET", "/api/games/glyphs/data/shapes").then((data) => { shapes.kinds = data.kinds; })
    .catch(() => { shapes.kinds = {}; }).then(redraw);
}

/** One shape as SVG in unit coordinates, y up (the caller flips the y axis). */
export function shapeSvg(kind, x, y, deg, attrs = {}) {
  const k = shapes.kinds && shapes.kinds[kind];
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
export function glyphSvg(list, size = 110, cls = "", pad = 2.6) {
  const xs = list.map((p) => p[1]), ys = list.map((p) => p[2]);
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad, minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
  const span = Math.max(maxX - minX, maxY - minY);
  const svg = s("svg", { viewBox: `${minX} ${-maxY} ${span} ${span}`, width: size, height: size, class: "glyph-svg " + cls });
  const g = s("g", { transform: "scale(1 -1)" });
  for (const [kind, x, y, deg] of list) g.append(shapeSvg(kind, x, y, deg));
  svg.append(g);
  return svg;
}

/** "kind@x,y/deg ..." as [[kind, x, y, deg]] (for suggested glyphs and pending ones). */
export function parseGlyph(text) {
  return text.split(/\s+/).filter(Boolean).map((tok) => {
    const m = /^([a-z]+)@(-?[\d.]+),(-?[\d.]+)(?:\/(-?\d+))?$/.exec(tok);
    return m ? [m[1], Number(m[2]), Number(m[3]), Number(m[4] || 0)] : null;
  }).filter(Boolean);
}

export function glyphText(list) {
  return list.map(([k, x, y, d]) => {
    const deg = ((d % 360) + 360) % 360;
    return `${k}@${x},${y}` + (deg ? `/${deg}` : "");
  }).join(" ");
}

/** The rulebook's approval and rejection tokens: a light disc with a tick, a dark disc with a
 * cross. They lie next to a glyph, never on it (Game Tips: they are not part of the glyph). */
export function markToken(approved, size = 26) {
  const svg = s("svg", { viewBox: "-1 -1 2 2", width: size, height: size, class: "mark-token " + (approved ? "approval" : "rejection"),
    role: "img", "aria-label": approved ? "approval token" : "rejection token" });
  svg.append(s("circle", { r: 0.92, class: "token-disc" }));
  svg.append(approved
    ? s("path", { d: "M-0.45 0.02 L-0.12 0.35 L0.48 -0.3", class: "token-sign" })
    : s("path", { d: "M-0.38 -0.38 L0.38 0.38 M0.38 -0.38 L-0.38 0.38", class: "token-sign" }));
  return svg;
}
