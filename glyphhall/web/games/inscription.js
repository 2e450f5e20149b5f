// @ts-check
// Inscription: the board of 2 x 4 spaces, the scale, candles, bones, hands, items and the bell.
// Click a hand card, then a space; a card that costs blood then asks for its sacrifices.
import { h, s } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { findMove, hasMove, movesOf } from "./shared.js";

const CARD_W = 96, CARD_H = 132;
let glossary = {};  // sigil name -> its rule, from the game's rules (table.js loads them)
let sel = { key: null, card: null, space: null, sacs: [] };
let dragging = 0;  // the hand card being dragged (1-based)

// The loser of a duel makes a death card, kept for later games (Rulebook, Death Cards): one card
// of three for each part, then a name.
const DEATH_CARD_HELP = {
  cost: "The loser makes a death card, a new card kept for later games. First its cost: pick the card whose cost it takes (the other two are discarded).",
  "power and health": "Next its power and health: pick the card whose power and health it takes.",
  sigils: "Last its sigils: pick the card whose sigils it takes.",
  name: "Give the death card a name (30 letters at most), or take one of the suggestions.",
  done: "The death card is made; it can turn up in later games.",
};
// A choice the rules ask for in the middle of a turn (the view's `decision`).
const DECISION_HELP = {
  corpse: (space) => `A creature died in space ${space}: a Corpse Eater in hand may take its place.`,
  hoard: () => "Magpie's Lens: choose any card of your deck to take into your hand.",
};
/** The legal plays: hand card and space (numbered from 1), and the spaces sacrificed (a play's
 * arguments are `card space` or `card space "sacrifice" space...`). */
function playsOf(moves) {
  return movesOf(moves, "play").map((m) => ({ text: m.text, card: m.args[0], space: m.args[1], sacs: m.args.slice(3) }));
}

function costBadge(cost) {
  const m = /^(\d+) (blood|bones)$/.exec(cost || "");
  if (!m) return cost === "free" ? "" : cost || "";
  return m[2] === "blood" ? "♦".repeat(Number(m[1])) : `☠${m[1]}`;
}

/** One card as SVG (a face-down back when `card` is null). */
export function cardSvg(card, attrs = {}) {
  const svg = s("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "card-svg", ...attrs });
  if (!card) {
    svg.append(s("rect", { x: 2, y: 2, width: CARD_W - 4, height: CARD_H - 4, rx: 8, class: "card-back" }),
      s("path", { d: `M${CARD_W / 2} ${CARD_H / 2 - 22} L${CARD_W / 2 + 16} ${CARD_H / 2} L${CARD_W / 2} ${CARD_H / 2 + 22} L${CARD_W / 2 - 16} ${CARD_H / 2} Z`, class: "card-back-glyph" }));
    return svg;
  }
  const cls = ["card-face", card.rare ? "rare" : "", card.death_card ? "death" : "", card.submerged ? "submerged" : ""].join(" ");
  svg.append(s("rect", { x: 2, y: 2, width: CARD_W - 4, height: CARD_H - 4, rx: 8, class: cls }));
  svg.append(s("text", { x: 8, y: 18, class: "card-name" }, card.name.length > 14 ? card.name.slice(0, 13) + "…" : card.name));
  svg.append(s("text", { x: CARD_W - 8, y: 34, "text-anchor": "end", class: "card-cost" }, costBadge(card.cost)));
  (card.sigils || []).slice(0, 3).forEach((sg, i) => {
    svg.append(s("text", { x: CARD_W / 2, y: 62 + i * 14, "text-anchor": "middle", class: "card-sigil" }, sg.length > 16 ? sg.slice(0, 15) + "…" : sg,
      s("title", {}, glossary[sg] ? `${sg}: ${glossary[sg]}` : sg)));
  });
  if (card.rare) svg.append(s("text", { x: 8, y: 30, class: "card-rare" }, "RARE"));
  if (card.item) svg.append(s("text", { x: CARD_W / 2, y: 62, "text-anchor": "middle", class: "card-sigil" }, "item"));
  if (card.power !== undefined) {
    svg.append(s("text", { x: 10, y: CARD_H - 12, class: "card-stat power" }, `⚔${card.power}`));
    const hurt = card.max_health !== undefined && card.health < card.max_health;
    svg.append(s("text", { x: CARD_W - 10, y: CARD_H - 12, "text-anchor": "end", class: "card-stat health" + (hurt ? " hurt" : "") }, `♥${card.health}`));
  }
  svg.append(s("title", {}, `${card.name} — cost ${card.cost}, power ${card.power}, health ${card.health}` +
    (card.sigils || []).map((sg) => `\n${sg}${glossary[sg] ? ": " + glossary[sg] : ""}`).join("")));
  return svg;
}

function candles(n) {
  // Two candles each; a snuffed one is drawn without its flame.
  const svg = s("svg", { viewBox: "0 0 44 30", class: "candles", "aria-label": `${n} candle${n === 1 ? "" : "s"} left` });
  for (let i = 0; i < 2; i++) {
    const x = 8 + i * 20;
    svg.append(s("rect", { x: x - 4, y: 12, width: 8, height: 16, rx: 1.5, class: "candle-wax" }));
    if (i < n) svg.append(s("path", { d: `M${x} 2 C ${x + 5} 8, ${x + 3} 12, ${x} 12 C ${x - 3} 12, ${x - 5} 8, ${x} 2 Z`, class: "candle-flame" }));
  }
  svg.append(s("title", {}, `${n} candle${n === 1 ? "" : "s"} left`));
  return svg;
}

function short(name) {
  return name.length > 10 ? name.slice(0, 9) + "…" : name;
}

function scaleSvg(view, me, ctx) {
  // The scale tips towards the player taking damage; 5 on one side loses a candle.
  const dmgMe = view.damage[me], dmgThem = view.damage[1 - me];
  const nameMe = ctx.seatName(me), nameThem = ctx.seatName(1 - me);
  const tilt = Math.max(-5, Math.min(5, dmgMe - dmgThem)) * 5;
  const svg = s("svg", { viewBox: "0 0 160 120", class: "scale", "aria-label": `scale: ${nameMe} ${dmgMe}, ${nameThem} ${dmgThem}` });
  svg.append(s("line", { x1: 80, y1: 20, x2: 80, y2: 110, class: "scale-post" }),
    s("g", { transform: `rotate(${tilt} 80 30)` },
      s("line", { x1: 15, y1: 30, x2: 145, y2: 30, class: "scale-beam" }),
      s("text", { x: 20, y: 52, class: "scale-text", "text-anchor": "middle" }, `${dmgThem}`),
      s("text", { x: 140, y: 52, class: "scale-text", "text-anchor": "middle" }, `${dmgMe}`)),
    // Names are anchored at the ends so a long one runs inwards, never off the picture.
    s("text", { x: 2, y: 108, class: "scale-label", "text-anchor": "start" }, short(nameThem)),
    s("text", { x: 158, y: 108, class: "scale-label", "text-anchor": "end" }, short(nameMe)),
    s("title", {}, `damage on the scale: ${nameMe} ${dmgMe}, ${nameThem} ${dmgThem}; 5 more on one side than the other puts out a candle`));
  return svg;
}

export function render(root, ctx) {
  const { view, legal } = ctx;
  glossary = ctx.glossary || {};
  if (sel.key !== ctx.stateKey) sel = { key: ctx.stateKey, card: null, space: null, sacs: [] };
  const me = ctx.you ?? 0;
  const them = 1 - me;
  const plays = playsOf(ctx.moves);
  if (sel.card !== null && !plays.some((p) => p.card === sel.card)) sel = { key: ctx.stateKey, card: null, space: null, sacs: [] };
  const used = new Set(plays.map((p) => p.text));
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  const wrap = h("div.insc", { "data-legal": JSON.stringify(legal) });

  // --- the opponent
  const theirHand = h("div.hand.their-hand");
  const known = (view.hands_known && view.hands_known[them]) || [];
  for (let i = 0; i < view.hand_sizes[them]; i++) theirHand.append(cardSvg(known[i] || null, { class: "card-svg small" }));
  wrap.append(h("div.insc-player.them", {},
    h("b", { text: ctx.seatName(them) }), candles(view.candles[them]),
    h("span", { text: `bones ${view.bones[them]}` }), h("span", { text: `deck ${view.deck_sizes[them]}` }),
    h("span", { text: `items ${view.item_counts[them]}` }),
    view.squirrels ? h("span", { text: `squirrels ${view.squirrels[them]}` }) : null, theirHand));

  // --- the board and the scale
  const board = h("div.insc-board");
  const rows = h("div.rows");
  for (const row of [them, me]) {
    const line = h("div.row" + (row === me ? ".mine" : ".theirs"));
    for (let k = 0; k < 4; k++) {
      const space = k + 1;
      const card = view.board[row][k];
      const before = ctx.prevView && ctx.prevView.board ? ctx.prevView.board[row][k] : undefined;
      const changed = before !== undefined && JSON.stringify(before) !== JSON.stringify(card);
      const slot = h("div.slot" + (changed ? ".last-move" : ""), { "data-row": row === me ? "me" : "them", "data-space": String(space) });
      slot.append(card ? cardSvg(card) : h("div.empty", { text: String(space) }));
      if (row === me && sel.card !== null && sel.space === null && plays.some((p) => p.card === sel.card && p.space === space)) {
        slot.classList.add("target");
        slot.addEventListener("click", () => choose(space));
      }
      if (row === me) {
        // Dragging a hand card onto a space is the same as clicking the card, then the space.
        slot.addEventListener("dragover", (e) => {
          const card = Number(e.dataTransfer.types.includes("text/plain") ? dragging : 0);
          if (plays.some((p) => p.card === card && p.space === space)) e.preventDefault();
        });
        slot.addEventListener("drop", (e) => {
          e.preventDefault();
          sel.card = dragging;
          sel.space = null;
          choose(space);
        });
      }
      if (row === me && sel.space !== null && plays.some((p) => p.card === sel.card && p.space === sel.space && p.sacs.includes(space))) {
        slot.classList.add(sel.sacs.includes(space) ? "sacrificing" : "can-sacrifice");
        if (sel.sacs.includes(space)) slot.append(h("span.sac-badge", { text: "sacrifice" }));
        slot.addEventListener("click", () => toggleSac(space));
      }
      line.append(slot);
    }
    rows.append(line);
  }
  const ring = findMove(ctx.moves, "bell");
  const bell = ring
    ? h("button.bell#bell", { title: "ring the bell: your creatures attack", "data-action": ring.text, onclick: () => ctx.act(ring.text) }, "Ring the bell")
    : h("div.bell.idle", { text: "bell" });
  board.append(rows, h("div.scale-box", {}, scaleSvg(view, me, ctx), bell));
  wrap.append(board);

  // --- me
  const mine = h("div.insc-player.me", {}, h("b", { text: ctx.you === null ? ctx.seatName(me) : "You" }), candles(view.candles[me]),
    h("span", { text: `bones ${view.bones[me]}` }), h("span", { text: `deck ${view.deck_sizes[me]}` }),
    view.squirrels ? h("span", { text: `squirrels ${view.squirrels[me]}` }) : null);
  wrap.append(mine);
  if (view.hand) {
    const hand = h("div.hand.my-hand#hand");
    view.hand.forEach((card, i) => {
      const n = i + 1;
      const playable = plays.some((p) => p.card === n);
      const el = h("div.hand-card" + (playable ? ".playable" : "") + (sel.card === n ? ".selected" : ""), { "data-hand": String(n) }, cardSvg(card));
      if (playable) {
        el.addEventListener("click", () => { sel.card = sel.card === n ? null : n; sel.space = null; sel.sacs = []; rerender(); });
        el.draggable = true;
        el.addEventListener("dragstart", (e) => { dragging = n; e.dataTransfer.setData("text/plain", `card ${n}`); });
      }
      hand.append(el);
    });
    if (!view.hand.length) hand.append(h("span.muted", { text: "no cards in hand" }));
    wrap.append(hand);
  } else {
    const hand = h("div.hand.their-hand");
    for (let i = 0; i < view.hand_sizes[me]; i++) hand.append(cardSvg((view.hands_known[me] || [])[i] || null, { class: "card-svg small" }));
    wrap.append(hand);
  }
  if (view.items && view.items.length) {
    wrap.append(h("div.items", {}, h("span.muted", { text: "Items: " }), view.items.map((it) => h("span.chip", { text: it.name }))));
  }

  // --- the prompt: what to do now
  const prompt = h("div.insc-prompt#prompt");
  if (sel.card !== null && sel.space === null) prompt.append(h("span", { text: `Choose a space for ${view.hand[sel.card - 1].name}.` }));
  if (sel.space !== null) {
    const chosen = [...sel.sacs].sort((a, b) => a - b).join(",");
    const want = plays.find((p) => p.card === sel.card && p.space === sel.space && p.sacs.join(",") === chosen);
    prompt.append(h("span", { text: `Choose the creatures to sacrifice for ${view.hand[sel.card - 1].name} (${view.hand[sel.card - 1].cost}). ` }),
      h("button.primary#confirm", { text: "Play it", disabled: !want, onclick: () => want && ctx.act(want.text) }),
      h("button#cancel", { text: "Cancel", onclick: () => { sel.card = sel.space = null; sel.sacs = []; rerender(); } }));
  }
  if (view.draft) {
    prompt.append(h("div.draft", {}, h("span", { text: `Draft, round ${view.draft.round}: take a card.` }),
      h("div.faceup", {}, view.draft.faceup.map((card, i) => {
        const pick = findMove(ctx.moves, "draft", i + 1);
        if (pick) used.add(pick.text);
        return h("div.hand-card" + (pick ? ".playable" : ""), { "data-action": pick ? pick.text : `draft ${i + 1}`, onclick: () => pick && ctx.act(pick.text) }, cardSvg(card));
      }))));
  }
  if (view.death_card) {
    const dc = view.death_card;
    const soFar = dc.so_far ? `So far: ${dc.so_far.cost}, ${dc.so_far.power}/${dc.so_far.health}${dc.so_far.sigils && dc.so_far.sigils.length ? ", " + dc.so_far.sigils.join(" and ") : ""}.` : "";
    prompt.append(h("div.death-card", {}, h("b", { text: `Death card: ${dc.stage}` }),
      h("p.dc-help#dc-help", { text: `${DEATH_CARD_HELP[dc.stage] || ""} ${dc.stage !== "done" && dc.stage !== "cost" ? soFar : ""}`.trim() }),
      h("div.faceup", {}, dc.revealed.map((card, i) => {
        const pick = findMove(ctx.moves, "choose", i + 1);
        if (pick) used.add(pick.text);
        return h("div.hand-card" + (pick ? ".playable" : ""), { "data-action": pick ? pick.text : `choose ${i + 1}`, onclick: () => pick && ctx.act(pick.text) }, cardSvg(card));
      })),
      dc.made ? h("div", {}, "Made: ", cardSvg(dc.made)) : null));
    if (hasMove(ctx.moves, "name")) {
      const input = h("input#card-name", { placeholder: "name your death card", maxlength: 30 });
      prompt.append(h("form.typed", { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) ctx.act(`name ${input.value.trim()}`); } },
        input, h("button", { text: "Name it" })));
    }
  }
  if (view.decision) prompt.append(h("span", { text: DECISION_HELP[view.decision.kind] ? DECISION_HELP[view.decision.kind](view.decision.space) : "A choice is to be made." }));
  if (ring) used.add(ring.text);
  for (const p of plays) used.add(p.text);
  // Every other legal action (draw, items, eat, pass, names...) as a plain button.
  const rest = ctx.moves.filter((m) => !used.has(m.text));
  if (rest.length) prompt.append(actionButtons(ctx, rest));
  // Before the duel (the draft) and after it (the loser's death card) the board asks nothing and
  // the choice is all there is: it goes first, so a phone shows it without scrolling past the board.
  if (view.draft || view.death_card) wrap.prepend(prompt);
  else wrap.append(prompt);
  if (view.winner !== null && view.winner !== undefined) wrap.prepend(h("div.banner", { text: `${ctx.seatName(view.winner)} wins the duel` }));
  root.append(wrap);

  function choose(space) {
    const variants = plays.filter((p) => p.card === sel.card && p.space === space);
    if (variants.length === 1 && !variants[0].sacs.length) { ctx.act(variants[0].text); return; }
    sel.space = space;
    sel.sacs = [];
    rerender();
  }
  function toggleSac(space) {
    sel.sacs = sel.sacs.includes(space) ? sel.sacs.filter((x) => x !== space) : [...sel.sacs, space];
    rerender();
  }
}
