// @ts-check
// Glyphs: the boards of marked glyphs with their approval and rejection tokens, coins,
// predictions, the guess box (read back as you type), the builder, keyboard play ("?" lists the
// keys) and one end screen. Drawing: glyphs_draw.js; builder: glyphs_builder.js; guess box:
// glyphs_guess.js; keys: glyphs_keys.js.
import { h } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { useStyles } from "./shared.js";
import { builder, builderPanel, load } from "./glyphs_builder.js";
import { glyphSvg, loadKinds, markToken, parseGlyph, shapes } from "./glyphs_draw.js";
import { guessBox } from "./glyphs_guess.js";
import { helpIfOpen, page } from "./glyphs_keys.js";

let boardOrder = "table";  // how this page shows the board: as arranged at the table, or sorted locally
let latest = null;  // the last root and context drawn: the page may redraw while the kinds load

const SORTS = {
  table: ["as arranged", () => 0],
  approved: ["approved first", (a, b) => b.approved - a.approved || a.n - b.n],
  rejected: ["rejected first", (a, b) => a.approved - b.approved || a.n - b.n],
  time: ["by time made", (a, b) => a.n - b.n],
};

/** One marked glyph of the board with its token beside it; its "?" token (where the table option
 * allows); a button (or Enter when focused) that copies it into the builder. */
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
  const copy = () => { load(g.shapes, `copy glyph ${g.n}`); rerender(); };
  const fig = h("figure.glyph-tile." + cls + (g.question ? ".questioned" : ""), {
    title: g.glyph, "data-glyph": g.glyph, "data-name": `glyph ${g.n}`, "data-n": String(g.n), tabindex: "0",
    "aria-label": `glyph ${g.n}, ${g.approved ? "approved" : "rejected"}`, style: `width: ${page.tileSize + 20}px`,
  }, token, h("div.tile-body", {}, glyphSvg(g.shapes, page.tileSize), markToken(g.approved, Math.max(18, page.tileSize / 4.5))),
  h("figcaption", {}, h("b", { text: `#${g.n} ${g.approved ? "approved" : "rejected"}` }),
    h("small", { text: g.by >= 0 ? ` by ${ctx.seatName(g.by)} (${g.how})` : ` (${g.how})` }),
    preds ? h("div.preds", { text: preds }) : null,
    canCopy ? h("button.copy", { text: "copy to builder", title: "load this glyph into the builder to change it (Enter)", onclick: copy }) : null));
  if (canCopy) fig.addEventListener("glyph-load", copy);
  fig.addEventListener("glyph-copy", () => { builder.clip = g.shapes.map((x) => [...x]); rerender(); });
  return fig;
}

/** One end screen: who guessed the decree, and the decree. */
function endScreen(view, ctx) {
  const w = view.winner;
  const who = Array.isArray(w) ? w.map((x) => ctx.seatName(x)).join(" and ") : w === null || w === undefined ? null : ctx.seatName(w);
  const headline = who ? `${who} guessed the decree${view.mode === "duel" ? "s and won the duel" : " and won"}!` : "The game is over.";
  const decrees = view.decree ? [view.decree] : (view.decrees || []).flat();
  return h("section.end-screen#end-screen", { role: "status" }, h("h2", { text: headline }),
    decrees.length ? h("p", {}, h("span.muted", { text: decrees.length > 1 ? "The decrees were: " : "The decree was: " }),
      h("b.decree-text", { text: decrees.join(" · ") })) : null,
    view.note && !who ? h("p.muted", { text: view.note }) : null);
}

export function render(root, ctx) {
  const { view, legal } = ctx;
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  latest = { root, ctx };
  Object.assign(page, { ctx, rerender });
  useStyles("glyphs");
  loadKinds(() => { if (latest) { latest.root.replaceChildren(); render(latest.root, latest.ctx); } });
  if (shapes.kinds && !builder.kind) builder.kind = Object.keys(shapes.kinds)[0];
  const wrap = h("div.glyphs");
  const used = new Set();
  const over = view.phase === "over";

  wrap.append(h("div.glyphs-status", {},
    h("span", { text: `${view.mode === "duel" ? "Duel" : "Apprentices"} · level ${view.level}` }),
    view.mage !== undefined ? h("span", { text: `mage: ${view.mage === "computer" ? "the computer" : ctx.seatName(view.mage)}` }) : null,
    h("span.coins", {}, view.coins.map((c, i) => h("span.coin-count", { text: `${ctx.seatName(i)}: ${"●".repeat(c) || "no"} coin${c === 1 ? "" : "s"}` }))),
    h("button.keys-help", { text: "? keys", title: "every key (?)", onclick: () => { page.help = true; rerender(); } })));
  if (over) wrap.append(endScreen(view, ctx));
  else {
    if (view.note) wrap.append(h("div.banner", { text: view.note }));
    if (view.decree) wrap.append(h("div.decree", {}, h("b", { text: "The decree: " }), view.decree));
  }
  if (view.my_decrees && !over) wrap.append(h("div.decree", {}, h("b", { text: "Your decrees: " }), view.my_decrees.join(" · ")));
  if (view.decrees_left && !over) wrap.append(h("div.muted", { text: `Decrees left to solve: ${view.decrees_left.map((n, i) => `${ctx.seatName(i)} ${n}`).join(", ")}` }));
  if (view.guess) {
    wrap.append(h("div.guess#guess-on-table", {}, h("b", { text: "Guess on the table: " }),
      h("span.reading", { text: `A glyph is approved if and only if ${view.guess}.` }),
      legal.includes("confirm") ? h("span.muted", { text: " Confirm (C) pays one coin; withdraw (W) is free." }) : null));
  }
  if (view.pending) {
    wrap.append(h("div.pending#judged", {}, h("b", { text: `Being judged (${view.pending.perform ? "performed" : "studied"}):` }),
      h("figure.glyph-tile.judged", { title: view.pending.glyph }, glyphSvg(parseGlyph(view.pending.glyph), 130)),
      legal.includes("predict approved") ? h("span.predict-keys", {},
        h("button.predict.approve", { text: "Approved (A)", "data-action": "predict approved", onclick: () => ctx.act("predict approved") }, markToken(true, 22)),
        h("button.predict.reject", { text: "Rejected (X)", "data-action": "predict rejected", onclick: () => ctx.act("predict rejected") }, markToken(false, 22))) : null));
    used.add("predict approved").add("predict rejected");
  }
  const preds = Object.entries(view.predictions || {});
  if (preds.length) wrap.append(h("div.predictions", {}, h("b", { text: "Predictions: " }), preds.map(([seat, p]) => h("span.chip", { text: `${ctx.seatName(Number(seat))}: ${p}` }))));

  // the boards of marked glyphs, sorted on this page as the person likes; the table's own
  // arrangement changes only through the "sort" actions the table option allows
  const verbs = ["build", "perform", "study", "counterexample", "place"].filter((v) => legal.some((t) => t.startsWith(v + " ")));
  wrap.append(h("div.sort-bar", {}, h("span.muted", { text: "Show the board " }),
    h("select#board-order", { onchange: (e) => { boardOrder = e.target.value; rerender(); } },
      Object.entries(SORTS).map(([k, [label]]) => h("option", { value: k, text: label, selected: boardOrder === k }))),
    h("button#smaller", { text: "smaller", title: "draw the board's glyphs smaller, to make room (Ctrl+Alt+J)", onclick: () => { page.tileSize = Math.max(60, page.tileSize - 25); rerender(); } }),
    h("button#larger", { text: "larger", title: "Ctrl+Alt+K", onclick: () => { page.tileSize = Math.min(170, page.tileSize + 25); rerender(); } }),
    legal.filter((t) => t.startsWith("sort ")).map((t) => {
      used.add(t);
      return h("button.action", { text: `arrange the table's board: ${t.slice(5)}`, "data-action": t, onclick: () => ctx.act(t) });
    })));
  view.boards.forEach((board, i) => {
    const title = view.boards.length > 1 ? `Board ${i + 1}` : "The board";
    const shown = boardOrder === "table" ? board : [...board].sort(SORTS[boardOrder][1]);
    wrap.append(h("section.glyph-board", { "data-board": String(i) }, h("h4", { text: `${title} (${board.length} glyphs)` }),
      h("div.tiles", {}, shown.map((g) => tile(g, ctx, verbs.length > 0 && shapes.kinds, rerender)))));
  });
  for (const t of legal) if (t.startsWith("question ")) used.add(t);

  if (verbs.length && shapes.kinds) wrap.append(builderPanel(ctx, verbs, rerender));
  for (const t of legal) if (verbs.some((v) => t.startsWith(v + " "))) used.add(t);

  if (legal.some((t) => t.startsWith("guess "))) {
    wrap.append(guessBox(ctx, "guess", "Guess (1 coin on confirm)"));
    const guesses = legal.filter((t) => t.startsWith("guess "));
    guesses.forEach((t) => used.add(t));
    wrap.append(h("details.folded", {}, h("summary", { text: `${guesses.length} suggested guesses` }), actionButtons({ ...ctx, legal: guesses })));
  }
  if (legal.some((t) => t.startsWith("decree "))) {
    wrap.append(guessBox(ctx, "decree", "Set"));
    const decrees = legal.filter((t) => t.startsWith("decree "));
    decrees.forEach((t) => used.add(t));
    wrap.append(h("details.folded", {}, h("summary", { text: `${decrees.length} decrees from the catalogue` }), actionButtons({ ...ctx, legal: decrees })));
  }
  const keyed = { pass: "Pass (P)", confirm: "Confirm (C)", withdraw: "Withdraw (W)" };
  const rest = legal.filter((t) => !used.has(t));
  const plain = rest.filter((t) => !keyed[t]);
  const withKeys = rest.filter((t) => keyed[t]);
  if (withKeys.length) wrap.append(h("div.actions.turn-keys", {}, withKeys.map((t) => h("button.action" + (t === "confirm" ? ".primary" : ""), { text: keyed[t], "data-action": t, onclick: () => ctx.act(t) }))));
  if (plain.length) wrap.append(actionButtons({ ...ctx, legal: plain }));
  const help = helpIfOpen();
  if (help) wrap.append(help);
  root.append(wrap);
}
