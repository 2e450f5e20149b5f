// @ts-check
// Glyphs: the boards of marked glyphs with their approval and rejection tokens, coins,
// predictions, the guess box (read back as you type), the builder, keyboard play ("?" lists the
// keys) and one end screen. Drawing: glyphs_draw.js; builder: glyphs_builder.js; guess box:
// glyphs_guess.js; keys: glyphs_keys.js.
import { h } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { findMove, hasMove, movesOf, useStyles } from "./shared.js";
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
  const question = findMove(ctx.moves, "question", String(g.n));
  const canQuestion = question !== null;
  const token = g.question || canQuestion
    ? h("button.q-token" + (g.question ? ".on" : ""), {
      text: "?", "data-action": canQuestion ? question.text : undefined, disabled: !canQuestion,
      title: g.question ? "a ? token lies next to this glyph" + (canQuestion ? " (click to take it)" : "") : "put a ? token next to this glyph",
      onclick: () => canQuestion && ctx.act(question.text),
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
  const { view, moves } = ctx;
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
      hasMove(moves, "confirm") ? h("span.muted", { text: " Confirm (C) pays one coin; withdraw (W) is free." }) : null));
  }
  const approve = findMove(moves, "predict", "approved"), reject = findMove(moves, "predict", "rejected");
  if (view.pending) {
    wrap.append(h("div.pending#judged", {}, h("b", { text: `Being judged (${view.pending.perform ? "performed" : "studied"}):` }),
      h("figure.glyph-tile.judged", { title: view.pending.glyph }, glyphSvg(parseGlyph(view.pending.glyph), 130)),
      approve && reject ? h("span.predict-keys", {},
        h("button.predict.approve", { text: "Approved (A)", "data-action": approve.text, onclick: () => ctx.act(approve.text) }, markToken(true, 22)),
        h("button.predict.reject", { text: "Rejected (X)", "data-action": reject.text, onclick: () => ctx.act(reject.text) }, markToken(false, 22))) : null));
    movesOf(moves, "predict").forEach((m) => used.add(m.text));
  }
  const preds = Object.entries(view.predictions || {});
  if (preds.length) wrap.append(h("div.predictions", {}, h("b", { text: "Predictions: " }), preds.map(([seat, p]) => h("span.chip", { text: `${ctx.seatName(Number(seat))}: ${p}` }))));

  // the boards of marked glyphs, sorted on this page as the person likes; the table's own
  // arrangement changes only through the "sort" actions the table option allows
  const verbs = ["build", "perform", "study", "counterexample", "place"].filter((v) => hasMove(moves, v));
  wrap.append(h("div.sort-bar", {}, h("span.muted", { text: "Show the board " }),
    h("select#board-order", { onchange: (e) => { boardOrder = e.target.value; rerender(); } },
      Object.entries(SORTS).map(([k, [label]]) => h("option", { value: k, text: label, selected: boardOrder === k }))),
    h("button#smaller", { text: "smaller", title: "draw the board's glyphs smaller, to make room (Ctrl+Alt+J)", onclick: () => { page.tileSize = Math.max(60, page.tileSize - 25); rerender(); } }),
    h("button#larger", { text: "larger", title: "Ctrl+Alt+K", onclick: () => { page.tileSize = Math.min(170, page.tileSize + 25); rerender(); } }),
    movesOf(moves, "sort").map((m) => {
      used.add(m.text);
      return h("button.action", { text: `arrange the table's board: ${m.args[0]}`, "data-action": m.text, onclick: () => ctx.act(m.text) });
    })));
  view.boards.forEach((board, i) => {
    const title = view.boards.length > 1 ? `Board ${i + 1}` : "The board";
    const shown = boardOrder === "table" ? board : [...board].sort(SORTS[boardOrder][1]);
    wrap.append(h("section.glyph-board", { "data-board": String(i) }, h("h4", { text: `${title} (${board.length} glyphs)` }),
      h("div.tiles", {}, shown.map((g) => tile(g, ctx, verbs.length > 0 && shapes.kinds, rerender)))));
  });
  for (const m of movesOf(moves, "question")) used.add(m.text);

  if (verbs.length && shapes.kinds) wrap.append(builderPanel(ctx, verbs, rerender));
  for (const m of movesOf(moves, verbs)) used.add(m.text);

  if (hasMove(moves, "guess")) {
    wrap.append(guessBox(ctx, "guess", "Guess (1 coin on confirm)"));
    const guesses = movesOf(moves, "guess");
    guesses.forEach((m) => used.add(m.text));
    wrap.append(h("details.folded", {}, h("summary", { text: `${guesses.length} suggested guesses` }), actionButtons(ctx, guesses)));
  }
  if (hasMove(moves, "decree")) {
    wrap.append(guessBox(ctx, "decree", "Set"));
    const decrees = movesOf(moves, "decree");
    decrees.forEach((m) => used.add(m.text));
    wrap.append(h("details.folded", {}, h("summary", { text: `${decrees.length} decrees from the catalogue` }), actionButtons(ctx, decrees)));
  }
  const keyed = { pass: "Pass (P)", confirm: "Confirm (C)", withdraw: "Withdraw (W)" };
  const rest = moves.filter((m) => !used.has(m.text));
  const hasKey = (m) => !m.args.length && keyed[m.kind];
  const plain = rest.filter((m) => !hasKey(m));
  const withKeys = rest.filter(hasKey);
  if (withKeys.length) wrap.append(h("div.actions.turn-keys", {}, withKeys.map((m) => h("button.action" + (m.kind === "confirm" ? ".primary" : ""), { text: keyed[m.kind], "data-action": m.text, onclick: () => ctx.act(m.text) }))));
  if (plain.length) wrap.append(actionButtons(ctx, plain));
  const help = helpIfOpen();
  if (help) wrap.append(help);
  root.append(wrap);
}
