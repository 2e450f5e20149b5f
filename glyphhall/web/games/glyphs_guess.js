// @ts-check
// Glyphs' guess box: what is typed is read back in plain words as you type (the server's reading
// of the decree, or what to change) with completions; Tab or a click takes a completion, Enter
// puts the guess on the table, where it is read back again before the coin is paid (confirm).
import { api, h } from "../js/dom.js";

const MAX = 300;  // the server reads at most this many characters
// module state: the page redraws on every table message, and a new box takes over from the old
const box = { text: "", reading: null, problem: null, completions: [], pick: 0, asked: "", redraw: () => {} };
let timer = null;

async function ask(text) {
  box.asked = text;
  try {
    const got = await api("GET", `/api/games/glyphs/decree?text=${encodeURIComponent(text)}`);
    if (box.asked !== text) return;  // an older answer: the text changed meanwhile
    Object.assign(box, { reading: got.reading, problem: text.trim() ? got.problem : null, completions: got.completions, pick: 0 });
  } catch {
    Object.assign(box, { reading: null, problem: null, completions: [] });
  }
  box.redraw();  // the box on the page now, which may not be the one that asked
}

/** The guess form; `verb` is "guess" (or "decree" for a person mage), `label` its button. */
export function guessBox(ctx, verb, label) {
  const reading = h("div.reading-back#guess-reading", { "aria-live": "polite" });
  const list = h("ul.completions#guess-completions", { role: "listbox" });
  const redraw = () => {
    // a half-typed decree that a suggestion continues is not an error yet
    const typing = box.problem && box.completions.length;
    reading.replaceChildren(box.reading ? h("span", {}, h("b", { text: "Reads as: " }), box.reading)
      : typing ? h("span.muted", { text: "Keep typing, or take a suggestion (Tab, or ↑ ↓ to choose)." })
        : box.problem ? h("span.problem", { text: box.problem }) : h("span.muted", { text: "Type a decree; it is read back here before any coin is paid." }));
    list.replaceChildren(...box.completions.map((c, k) => h("li" + (k === box.pick ? ".on" : ""), { role: "option" },
      h("button.completion", { type: "button", text: c, onclick: () => take(c) }))));
  };
  const input = h("input#guess-text", { value: box.text, maxlength: MAX, autocomplete: "off", spellcheck: false,
    placeholder: "e.g. at least one oval · there is a triangle · every square is upright", "aria-describedby": "guess-reading" });
  const take = (c) => { box.text = input.value = c; input.focus(); schedule(); };
  const schedule = () => { clearTimeout(timer); timer = setTimeout(() => ask(box.text), 120); };
  input.addEventListener("input", () => { box.text = input.value; schedule(); });
  // a redraw replaces the input: the new one takes the focus once the redraw has put it on the
  // page, in the same task, so no key typed meanwhile reaches the page's hotkeys (P passes) and
  // the Enter is not lost. Removing the old one blurs it while it is still on the page, so
  // whether the person left the box is judged once the redraw is done.
  input.addEventListener("focus", () => { box.focused = true; });
  input.addEventListener("blur", () => queueMicrotask(() => { if (input.isConnected) box.focused = false; }));
  if (box.focused) queueMicrotask(() => { if (input.isConnected) { input.focus(); input.setSelectionRange(input.value.length, input.value.length); } });
  input.addEventListener("keydown", (e) => {
    const n = box.completions.length;
    if (e.key === "Tab" && n && !e.shiftKey) { e.preventDefault(); take(box.completions[box.pick]); }
    else if (e.key === "ArrowDown" && n) { e.preventDefault(); box.pick = (box.pick + 1) % n; redraw(); }
    else if (e.key === "ArrowUp" && n) { e.preventDefault(); box.pick = (box.pick + n - 1) % n; redraw(); }
    else if (e.key === "Escape") { e.preventDefault(); box.focused = false; input.blur(); }
  });
  const form = h("form.typed.guess-box#guess-form", { onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    Object.assign(box, { text: "", reading: null, problem: null, completions: [], focused: false });
    input.blur();  // the turn's keys (C to confirm) act at once, even before the answer redraws the page
    ctx.act(`${verb} ${text}`);
  } }, h("label", { for: "guess-text", text: verb === "guess" ? "Guess the decree (G): " : "Set a decree: " }), input, h("button", { text: label }));
  box.redraw = redraw;
  redraw();
  if (!box.asked && !box.completions.length) ask(box.text);
  return h("div.guess-panel", {}, form, reading, list);
}
