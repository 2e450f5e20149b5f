// @ts-check
// Glyphs from the keyboard: the whole turn (predict, confirm or withdraw, pass, perform or study,
// the builder's keys) and a help overlay on "?". Keys act only when no text field has the focus.
import { h } from "../js/dom.js";
import { builder, builderKey } from "./glyphs_builder.js";
import { glyphText } from "./glyphs_draw.js";
import { findMove, hasMove } from "./shared.js";

/** The help overlay's sections: a title and its rows of [key, what it does].
 * @type {[string, [string, string][]][]} */
export const KEYS = [
  ["Predicting", [["A", "predict approved"], ["X", "predict rejected"]]],
  ["Your glyph", [["P", "perform it (everyone predicts)"], ["S", "study it (the mage just marks it)"], ["B", "build it (duel)"]]],
  ["Guessing", [["G", "type a guess (Tab takes a completion, Enter puts it on the table)"], ["C or Enter", "confirm the guess on the table (pays one coin)"],
    ["W or Esc", "withdraw it (free)"], ["P", "pass: no (more) guesses this turn"]]],
  ["The builder", [["click / N", "place a shape / the next shape beside the selected one"], ["1-7", "choose the shape"],
    ["drag", "move the selected shapes (mouse, pen or finger)"], ["Ctrl+click", "select more shapes"], ["Ctrl+A", "select all"],
    ["arrows", "nudge half a unit"], ["R / Shift+R", "turn 45° anticlockwise / clockwise"], ["Ctrl+C / Ctrl+X / Ctrl+V", "copy / cut / paste"],
    ["Ctrl+D", "duplicate"], ["Ctrl+G / Ctrl+Shift+G", "group / ungroup (a group is selected and moved together)"], ["Delete", "delete the selected shapes"],
    ["Ctrl+Z / Ctrl+Y", "undo / redo (the history lists every step)"], ["Esc", "select nothing"]]],
  ["The board", [["Tab, then Enter", "copy the focused board glyph into the builder"], ["Ctrl+C", "copy the focused board glyph (Ctrl+V pastes it)"],
    ["Ctrl+Alt+J / Ctrl+Alt+K", "draw the board's glyphs smaller / larger, to make room"]]],
  ["Not here, and why", [["Alt+arrows, Shift+rotate", "turns other than 45° steps: shapes keep to the rulebook's \"nice\" angles"],
    ["Shift+arrows, resizing a shape", "shapes sit on a half-unit grid and never change size (About Glyphs)"],
    ["Ctrl+↑ / Ctrl+↓", "front and back mean nothing: shapes are drawn see-through and overlap either way"]]],
];

export const page = { ctx: null, rerender: null, help: false, tileSize: 110 };

function helpOverlay() {
  const close = () => { page.help = false; page.rerender(); };
  return h("div.help-overlay#help", { role: "dialog", "aria-label": "keys", onclick: (e) => { if (e.target.id === "help") close(); } },
    h("div.help-card", {}, h("h3", { text: "Keys" }), h("button.close", { text: "Close (Esc)", onclick: close }),
      KEYS.map(([title, rows]) => h("section", {}, h("h4", { text: title }),
        h("dl", {}, rows.map(([k, what]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: what })]))))));
}

export function helpIfOpen() { return page.help ? helpOverlay() : null; }

/** The phase's own keys; true when one acted. */
function turnKey(e, ctx) {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const moves = ctx.moves;
  const approve = findMove(moves, "predict", "approved"), reject = findMove(moves, "predict", "rejected");
  const confirm = findMove(moves, "confirm"), withdraw = findMove(moves, "withdraw"), pass = findMove(moves, "pass");
  const can = (verb) => hasMove(moves, verb);
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (key === "a" && approve) ctx.act(approve.text);
  else if (key === "x" && reject) ctx.act(reject.text);
  else if ((key === "c" || key === "Enter") && confirm) ctx.act(confirm.text);
  else if ((key === "w" || key === "Escape") && withdraw) ctx.act(withdraw.text);
  else if (key === "p" && pass) ctx.act(pass.text);
  else if (key === "g" && document.getElementById("guess-text")) document.getElementById("guess-text").focus();
  else if (["p", "s", "b"].includes(key) && builder.shapes.length) {
    const verb = { p: "perform", s: "study", b: "build" }[key];
    if (!can(verb)) return false;
    ctx.act(`${verb} ${glyphText(builder.shapes)}`);
  } else return false;
  return true;
}

function onKey(e) {
  const ctx = page.ctx;
  if (!ctx || !document.querySelector(".glyphs")) return;
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if ((tag === "BUTTON" || tag === "SUMMARY") && (e.key === "Enter" || e.key === " ")) return;  // the button's own press
  if (e.key === "?") { page.help = !page.help; page.rerender(); e.preventDefault(); return; }
  if (page.help) { if (e.key === "Escape") { page.help = false; page.rerender(); e.preventDefault(); } return; }
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.altKey && (e.key === "j" || e.key === "k" || e.code === "KeyJ" || e.code === "KeyK")) {
    const smaller = e.key === "j" || e.code === "KeyJ";
    page.tileSize = Math.max(60, Math.min(170, page.tileSize + (smaller ? -25 : 25)));
    page.rerender();
    e.preventDefault();
    return;
  }
  const tile = e.target && e.target.closest && e.target.closest(".glyph-tile");
  if (tile && tile.dataset.glyph && ((ctrl && e.key.toLowerCase() === "c") || e.key === "Enter")) {
    tile.dispatchEvent(new CustomEvent(ctrl ? "glyph-copy" : "glyph-load"));
    e.preventDefault();
    return;
  }
  if (turnKey(e, ctx)) { e.preventDefault(); return; }
  if (document.getElementById("builder") && builderKey(e)) { e.preventDefault(); page.rerender(); }
}
document.addEventListener("keydown", onKey);
