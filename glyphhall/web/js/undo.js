// @ts-check
// The Undo button of the table page: takes back your last move of this turn (BGA's policy).
// The server decides what may be taken back and says why not; the button shows that reason.
import { h } from "./dom.js";

/** The Undo button for a seated player (null for spectators and when the server sent no status). */
export function undoButton(undo, send) {
  if (!undo) return null;
  const why = undo.allowed ? "Take back your last move of this turn" : `Undo: ${undo.reason}`;
  return h("div.undo", {},
    h("button#undo", { text: "Undo", disabled: !undo.allowed, title: why, "aria-describedby": "undo-why", onclick: send }),
    undo.allowed ? null : h("span.muted#undo-why", { text: `(${undo.reason})` }));
}
