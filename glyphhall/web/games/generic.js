// @ts-check
// The renderer every game has: its view as readable panels, its legal actions as buttons.
import { h, label } from "../js/dom.js";

export function render(root, ctx) {
  root.append(actionButtons(ctx), viewPanels(ctx.view));
}

/** Legal moves grouped by kind, one button each (clicking sends the move's text): every move of
 * the context, or the `moves` given (a renderer's leftovers).
 * @param {import("../js/types.js").RenderContext} ctx
 * @param {import("../js/types.js").LegalMove[]} [moves] */
export function actionButtons(ctx, moves = ctx.moves) {
  const box = h("div.actions#actions");
  if (!moves.length) return box;
  const byVerb = new Map();
  for (const m of moves) {
    if (!byVerb.has(m.kind)) byVerb.set(m.kind, []);
    byVerb.get(m.kind).push(m.text);
  }
  for (const [verb, texts] of byVerb) {
    box.append(h("div.verb-group", {}, h("span.verb", { text: label(verb) }),
      texts.map((t) => h("button.action", { text: t, "data-action": t, onclick: () => ctx.act(t) }))));
  }
  return box;
}

export function viewPanels(view) {
  const box = h("div.panels#view");
  if (view === null || typeof view !== "object" || Array.isArray(view)) {
    box.append(h("div.panel", {}, value(view)));
    return box;
  }
  for (const [key, v] of Object.entries(view)) {
    box.append(h("section.panel.view-part", { "data-key": key }, h("h4", { text: label(key) }), value(v)));
  }
  return box;
}

const LONG = 12;  // longer lists fold away behind a summary so a big map does not swamp the page

function value(v, depth = 0) {
  if (v === null || v === undefined) return h("span.muted", { text: "—" });
  if (typeof v === "boolean") return h("span", { text: v ? "yes" : "no" });
  if (typeof v !== "object") return h("span", { text: String(v) });
  if (Array.isArray(v)) {
    if (!v.length) return h("span.muted", { text: "none" });
    if (v.every((x) => x === null || typeof x !== "object")) {
      const chips = h("div.chips", {}, v.map((x) => h("span.chip", { text: x === null ? "—" : String(x) })));
      return v.length > LONG * 3 ? folded(`${v.length} entries`, chips) : chips;
    }
    if (depth > 3) return h("code", { text: JSON.stringify(v) });
    const list = h("ol.items", { start: 0 }, v.map((x) => h("li", {}, value(x, depth + 1))));
    return v.length > LONG ? folded(`${v.length} entries`, list) : list;
  }
  if (depth > 3) return h("code", { text: JSON.stringify(v) });
  return h("dl.fields", {}, Object.entries(v).map(([k, x]) => [h("dt", { text: label(k) }), h("dd", {}, value(x, depth + 1))]));
}

function folded(summary, content) {
  return h("details.folded", {}, h("summary", { text: summary }), content);
}
