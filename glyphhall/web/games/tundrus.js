// @ts-check
// Glyph (tundrus): the two Tribes' champion boards (Health, Armor and Energy tracks, Items, Stash,
// tokens, abilities), the Active Dice Pool, the Tribal Pools, the Spoils of War and the Stock.
// Click a champion to pick, activate or target it; a die to mark, hold or store it; an ability, an
// Item slot or a Spoils card to use it; a coloured die in the Replenish panel to take it. When a
// click could mean several moves a short chooser offers them. The plain action buttons stay below.
import { h } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { byField, gameData, isLegal, moveWords, useStyles } from "./shared.js";

const GLYPH = {
  war: "⚔", defense: "⬟", power: "⚡", wealth: "◆", arcana: "✶", destruction: "☠",
  double_war: "⚔⚔", double_defense: "⬟⬟", double_power: "⚡⚡", double_wealth: "◆◆",
};
const FACE_NAMES = { war: "War", defense: "Defense", power: "Power", wealth: "Wealth", arcana: "Arcana", destruction: "Destruction" };
const PHASE_HELP = {
  draft: "Draft: pick a champion for your Tribe (each of a different Class).",
  activate: "Choose which of your champions takes its Turn.",
  replenish: "Replenish: take dice into the Active Dice Pool (4 free, 2 more per Energy), then roll.",
  lamb: "Sacrificial Lamb: give dice to the ally, then done.",
  reroll: "Reroll: mark the dice to roll again (all together, once), or keep them.",
  main: "Primary Action: attack, use an ability or an Item; hold dice to keep them out of it.",
  secondary: "Secondary actions: acquire from the Spoils, equip, consume, store dice; then end.",
  place: "Place the Item you acquired: stash it, equip it or consume it.",
  feud: "Blood Feud: mark an enemy.",
  chest: "Choose the colour for the chest.",
  release: "Release stored dice, or end the Turn.",
  energy: "End of Round: where does this champion's Energy Cube go?",
  over: "The game is over.",
};
const PRIMARY = new Set(["roll", "reroll", "keep", "end", "done", "equip", "stash", "consume"]);

let sel = { key: null, choices: null, where: null, takes: null };
// Several dice chosen at once go as one move per state: the next is sent when the state that
// follows the last one arrives, as long as it is still legal there.
let queue = { key: null, texts: [] };

function takeSeveral(ctx, texts) {
  queue = { key: ctx.stateKey, texts: texts.slice(1) };
  if (texts.length) ctx.act(texts[0]);
}

function sendQueued(ctx) {
  if (!queue.texts.length || queue.key === ctx.stateKey) return;
  const next = queue.texts.shift();
  queue.key = ctx.stateKey;
  if (isLegal(ctx.moves, next)) ctx.act(next); else queue.texts = [];  // the table moved on: stop
}
// The game's public data: champions, abilities, items, tokens, by id.
const byId = (list) => byField(list, "id");
const reference = gameData("tundrus", ["champions", "items", "tokens"],
  ([c, i, t]) => ({ champions: byId(c.champion), abilities: byId(c.champion_ability), items: byId(i.item), itemAbilities: byId(i.item_ability), tokens: byId(t.token) }),
  { champions: {}, abilities: {}, items: {}, itemAbilities: {}, tokens: {} }, render);

const pretty = (id) => String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
function nameOf(id) {
  const data = reference.data;
  if (!data) return pretty(id);
  const x = data.champions[id] || data.abilities[id] || data.items[id] || data.itemAbilities[id];
  return x ? x.name : pretty(id);
}
/** A move's words (kind, then arguments) as a player reads them: ids become names
 * (ability shield_bash warlord -> "Shield Bash → Warlord"). */
function describe(w) {
  const names = w.slice(1).map(nameOf);
  switch (w[0]) {
    case "ability": return `${names[0]}${names.length > 1 ? " → " + names.slice(1).join(", ") : ""}`;
    case "attack": return `Basic Attack → ${names[0]}${w[2] === "arcana" ? " (with Arcana)" : ""}`;
    case "item": return `${pretty(w[1])} Item${names.length > 1 ? " → " + names.slice(1).join(", ") : ""}`;
    case "take": return `take ${w[1]} (${w[2]})`;
    default: return [w[0], ...names].join(" ");
  }
}

function die(colour, glyph, attrs = {}, extra = "") {
  return h(`span.td-die.c-${colour}${extra}`, { title: `${colour} die${glyph ? ": " + pretty(glyph) : ""}`, ...attrs }, glyph ? GLYPH[glyph] || glyph : "");
}
function diceCounts(counts, attrs) {
  const out = [];
  for (const [colour, n] of Object.entries(counts || {})) for (let i = 0; i < n; i++) out.push(die(colour, null, attrs));
  return out.length ? out : [h("span.muted", { text: "none" })];
}
function track(label, filled, squares, cls, extra = []) {
  const box = h("div.td-track", {}, h("span.td-track-label", { text: label }));
  const row = h("span.td-squares");
  for (let i = 0; i < squares; i++) row.append(h("span.td-sq." + cls + (i < filled ? ".on" : "")));
  box.append(row, h("span.td-track-n", { text: `${filled}/${squares}` }), ...extra);
  return box;
}

export function render(root, ctx) {
  useStyles("tundrus");
  reference.use(root, ctx);
  const { view, legal } = ctx;
  if (sel.key !== ctx.stateKey) sel = { key: ctx.stateKey, choices: null, where: null, takes: null };
  sendQueued(ctx);
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  // The moves as words (the kind, then the arguments as text: a die's number as its digits).
  const acts = ctx.moves.map(moveWords).map((m) => ({ text: m.text, w: m.words }));
  const used = new Set();
  const offer = (found, where) => {
    found.forEach((a) => used.add(a.text));
    return () => {
      if (found.length === 1) ctx.act(found[0].text);
      else if (found.length > 1) { sel.choices = found; sel.where = where; rerender(); }
    };
  };
  const myTribe = view.you ? view.you.tribe : null;
  const champs = view.champions || [];
  const active = champs.find((c) => c.id === view.active) || null;
  const wrap = h("div.td", { "data-phase": view.phase });

  // --- status: round, phase, whose turn
  let who;
  // A Tribe by its players' names ("Ann", "Ann and Cy"), the way the log says it.
  const tribeOf = (n) => ((view.tribe_seats || [])[n - 1] || []).map((x) => ctx.seatName(x)).join(" and ") || `Tribe ${n}`;
  if (view.winner) who = view.winner === myTribe ? "Your Tribe wins!" : `${tribeOf(view.winner)} wins`;
  else if (active) who = `${active.seat === ctx.you ? "Your" : ctx.seatName(active.seat) + "'s"} ${active.name} takes its Turn`;
  else if (view.phase === "draft") who = legal.length ? "Your pick" : "The other Tribe picks";
  else who = legal.length ? "Your decision" : "Waiting for the other Tribe";
  wrap.append(h("div.td-status#td-status", {},
    h("b.td-who", { text: who }),
    h("span", { text: legal.length ? PHASE_HELP[view.phase] || view.phase : `step: ${view.phase}` }),
    h("span.muted", { text: `round ${view.round} · ${tribeOf(view.initiative)} has the Initiative` + (myTribe ? ` · you are Tribe ${myTribe}` : "") }),
    h("span.td-legend#td-legend", { title: "the six Glyph faces of the dice; two marks are a Double" },
      Object.entries(FACE_NAMES).map(([g, name]) => h("span.td-face", {}, h("b", { text: GLYPH[g] }), ` ${name}`)))));

  // --- prompt: chooser, then the moves that are not clicks on the boards
  const prompt = h("div.td-prompt#prompt");
  wrap.append(prompt);

  // --- the Active Dice Pool
  if ((view.pool || []).length || active) {
    const pool = h("div.td-pool#td-pool");
    (view.pool || []).forEach((d, i) => {
      const n = String(i + 1);
      const found = acts.filter((a) => (["mark", "hold", "empower", "give", "fate"].includes(a.w[0]) && a.w[1] === n) || (a.w[0] === "store" && a.w[2] === n));
      const cls = (d.used ? ".used" : "") + (d.marked ? ".marked" : "") + (d.lent ? ".lent" : "") + (found.length ? ".clickable" : "");
      const el = die(d.colour, d.glyph, { "data-die": n, onclick: offer(found, `die ${n}`) }, cls);
      pool.append(h("span.td-pool-slot", {}, el, h("small", { text: n + (d.used ? " used" : d.marked ? " marked" : "") })));
    });
    if (!(view.pool || []).length) pool.append(h("span.muted", { text: "no dice rolled yet" }));
    const t = view.turn || {};
    wrap.append(h("section.td-panel.td-pool-box", {}, h("h4", { text: "Active Dice Pool" }), pool,
      h("div.muted.td-turn", { text: `free dice ${t.free_dice ?? "?"} · taken ${t.counted ?? "?"} · bought ${t.bought ?? 0}` + (t.primary_done ? " · Primary Action done" : "") +
        (t.extra_war ? ` · +${t.extra_war} War` : "") + (t.extra_defense ? ` · +${t.extra_defense} Defense` : "") })));
  }

  // --- Replenish: the dice that may be taken, by where they come from
  const takes = acts.filter((a) => a.w[0] === "take");
  if (takes.length) {
    const bySource = new Map();
    for (const a of takes) {
      if (!bySource.has(a.w[2])) bySource.set(a.w[2], []);
      bySource.get(a.w[2]).push(a);
      used.add(a.text);
    }
    // A click takes one die; "Choose several" turns clicks into a choice sent as one move after
    // another; "Take all" takes a row's dice the same way.
    const from = (source) => (source === "own" ? "the champion's own dice" : source === "tribal" ? "the Tribal Pool" : source);
    const chosen = sel.takes || [];
    const toggle = (key) => { sel.takes = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]; rerender(); };
    const rows = [...bySource].map(([source, list]) => h("div.td-take-row", {}, h("span.td-take-from", { text: `from ${from(source)}` }),
      list.map((a, i) => {
        const key = `${source}:${i}`;
        return die(a.w[1], null, { "data-action": a.text, "data-key": key, title: `take this ${a.w[1]} die`,
          onclick: () => (sel.takes ? toggle(key) : ctx.act(a.text)) }, ".clickable" + (chosen.includes(key) ? ".chosen" : ""));
      }),
      list.length > 1 ? h("button.td-take-all", { text: `Take all ${list.length}`, "data-source": source, onclick: () => takeSeveral(ctx, list.map((a) => a.text)) }) : null));
    const byKey = Object.fromEntries([...bySource].flatMap(([source, list]) => list.map((a, i) => [`${source}:${i}`, a.text])));
    wrap.append(h("section.td-panel.td-take#td-take", {}, h("h4", { text: sel.takes ? "Replenish: click the dice you want, then take them" : "Replenish: click a die to take it" }),
      rows, h("div.td-take-actions", {},
        sel.takes
          ? [h("button.primary#td-take-chosen", { text: `Take the ${chosen.length} chosen`, disabled: !chosen.length, onclick: () => takeSeveral(ctx, chosen.map((k) => byKey[k])) }),
            h("button#td-take-cancel", { text: "Cancel", onclick: () => { sel.takes = null; rerender(); } })]
          : h("button#td-take-several", { text: "Choose several", onclick: () => { sel.takes = []; rerender(); } }))));
  }

  // --- the Tribes: yours first
  const tribes = [...new Set(champs.map((c) => c.tribe))].sort((a, b) => (a === myTribe ? -1 : b === myTribe ? 1 : a - b));
  const field = h("div.td-tribes");
  for (const tribe of tribes) {
    const box = h("section.td-tribe" + (tribe === myTribe ? ".mine" : ""), { "data-tribe": String(tribe) },
      h("h4", {}, tribe === myTribe ? `Your Tribe (${tribe})` : `Tribe ${tribe}`,
        h("span.muted", { text: ` · ${(view.tribe_seats[tribe - 1] || []).map((s) => ctx.seatName(s)).join(", ")}` }),
        h("span.td-pool-inline", {}, h("span.muted", { text: " · Tribal Pool " }), ...diceCounts((view.tribal_pools || [])[tribe - 1]))));
    const row = h("div.td-boards");
    for (const c of champs.filter((x) => x.tribe === tribe)) row.append(board(c, view, ctx, acts, offer, myTribe));
    box.append(row);
    field.append(box);
  }
  if (champs.length) wrap.append(field);

  // --- the draft
  if (view.phase === "draft") {
    const avail = h("div.td-boards#td-draft");
    for (const id of (view.draft && view.draft.available) || []) {
      const d = (reference.data && reference.data.champions[id]) || { name: pretty(id) };
      const found = acts.filter((a) => a.w[0] === "pick" && a.w[1] === id);
      const abil = reference.data ? Object.values(reference.data.abilities).filter((a) => a.champion === id) : [];
      avail.append(h("div.td-board.draft" + (found.length ? ".clickable" : ""), { "data-champion": id, onclick: offer(found, d.name) },
        h("div.td-board-head", {}, h("b", { text: d.name }), h("span.td-class", { text: d.class || "" })),
        d.health_solid !== undefined ? h("div.td-small", { text: `Health ${d.health_solid + d.health_hollow} · Armor ${d.armor_solid}+${d.armor_hollow} · Energy ${d.energy_solid}+${d.energy_hollow}` }) : null,
        h("div.td-small", {}, "starting dice ", ...(d.starting_dice || []).map((c) => die(c, null))),
        abil.map((a) => h("div.td-ability", { title: a.effect }, h("b", { text: a.name }), h("small", { text: " " + comboText(a) })))));
    }
    // The choice first, right under the prompt, the Tribes drafted so far below it (a phone's first screen).
    prompt.after(h("section.td-panel", {}, h("h4", { text: "Champions to draft" + ((view.draft.to_pick || []).length ? ` · next: ${tribeOf(view.draft.to_pick[0][0])}` : "") }), avail));
  }

  // --- the Spoils of War and the Stock
  const spoils = h("div.td-spoils#td-spoils");
  for (const id of (view.spoils && view.spoils.face_up) || []) {
    const found = acts.filter((a) => a.w[0] === "acquire" && a.w[1] === id);
    spoils.append(itemCard(id, { onclick: offer(found, nameOf(id)), "data-item": id }, found.length ? ".clickable" : ""));
  }
  const st = view.stock || {};
  wrap.append(h("div.td-bottom", {},
    h("section.td-panel", {}, h("h4", { text: `Spoils of War (${view.spoils.face_up.length}/${view.spoils.max}) · deck ${view.spoils.deck} · discard ${view.spoils.discard.length}` }), spoils),
    h("section.td-panel.td-stock", {}, h("h4", { text: "Stock" }),
      h("div.td-dice-line", {}, Object.entries(st.dice || {}).map(([colour, n]) => h("span.td-count", {}, die(colour, null), ` ×${n}`))),
      h("div.td-small", { text: `cubes: Health ${st.health} · Armor ${st.armor} · Energy ${st.energy}` }))));

  // --- fill the prompt: the Item being placed, the chooser, then the remaining moves as readable buttons
  const pendingItem = view.turn && view.turn.pending_item;
  if (pendingItem) prompt.append(h("div.td-pending", {}, h("span", { text: "Acquired: " }), itemCard(pendingItem, { "data-item": pendingItem })));
  if (sel.choices) {
    prompt.append(h("div.td-chooser#chooser", {}, h("span", { text: `${sel.where}: ` }),
      sel.choices.map((a) => h("button.primary", { text: describe(a.w), title: a.text, "data-action": a.text, onclick: () => ctx.act(a.text) })),
      h("button", { text: "Cancel", onclick: () => { sel.choices = null; rerender(); } })));
  }
  for (const a of acts.filter((x) => !used.has(x.text))) {
    prompt.append(h("button.td-act" + (PRIMARY.has(a.w[0]) ? ".primary" : ""), { text: describe(a.w), title: a.text, "data-action": a.text, onclick: () => ctx.act(a.text) }));
  }
  if (legal.length) wrap.append(h("details.folded.td-all", {}, h("summary", { text: `Every legal move as a button (${legal.length})` }), actionButtons(ctx)));
  root.append(wrap);
}

function comboText(a) {
  const combo = Object.entries(a.combo || {}).map(([g, n]) => (GLYPH[g] || g).repeat(n)).join("");
  const cost = Object.entries(a.cost || {}).map(([k, n]) => `${n} ${k}`).join(", ");
  return [combo, cost ? `cost ${cost}` : ""].filter(Boolean).join(" · ");
}

function itemCard(id, attrs = {}, cls = "") {
  const d = (reference.data && reference.data.items[id]) || { name: pretty(id) };
  const ab = d.ability && reference.data ? reference.data.itemAbilities[d.ability] : null;
  return h("div.td-item" + cls + (d.type ? ".t-" + d.type : ""), { title: ab ? ab.effect : d.name, ...attrs },
    h("b", { text: d.name }), h("small.td-class", { text: d.type || "" }),
    (d.equip_cost || []).length ? h("div.td-small", {}, "cost ", ...d.equip_cost.map((c) => die(c, null))) : null,
    (d.gain_dice || []).length ? h("div.td-small", {}, `gain${d.gain_to === "tribal" ? " (Tribal Pool)" : ""} `, ...d.gain_dice.map((c) => die(c, null))) : null,
    ab ? h("div.td-small.td-ab", { text: ab.name + (d.cost ? ` (${Object.entries(d.cost).map(([k, n]) => `${n} ${k}`).join(", ")})` : "") }) : null);
}

function board(c, view, ctx, acts, offer, myTribe) {
  const mine = c.tribe === myTribe;
  const isActive = view.active === c.id;
  // Clicking the board: pick, activate, or target this champion (attack, abilities, items, tokens...).
  const onMe = acts.filter((a) => a.w.slice(1).includes(c.id) && a.w[0] !== "ability" && a.w[0] !== "item");
  const aimed = acts.filter((a) => (a.w[0] === "ability" || a.w[0] === "item") && a.w.slice(2).includes(c.id));
  const found = [...onMe, ...aimed];
  const cls = (mine ? ".mine" : "") + (isActive ? ".active" : "") + (c.defeated ? ".defeated" : "") + (c.activated ? ".activated" : "") + (found.length ? ".clickable" : "");
  const el = h("div.td-board" + cls, { "data-champion": c.id, "data-name": c.name, onclick: offer(found, c.name) });
  // A part of the board with moves of its own takes the click; any other part leaves it to the board.
  const inner = (use, where) => {
    const run = offer(use, where);
    return (ev) => { if (use.length) { ev.stopPropagation(); run(); } };
  };
  el.append(h("div.td-board-head", {}, h("b", { text: c.name }), h("span.td-class", { text: c.class }),
    isActive ? h("span.td-badge.on", { text: "turn" }) : null,
    c.activated ? h("span.td-badge", { text: "activated" }) : null,
    c.defeated ? h("span.td-badge.dead", { text: "defeated" }) : null,
    h("span.muted.td-seat", { text: ctx.seatName(c.seat) })));
  const a = c.armor, e = c.energy;
  el.append(track("Health", c.health, c.health_max, "hp"),
    track("Armor", a.permanent + a.temporary.length, a.solid_squares + a.hollow_squares, "ar",
      [a.temporary.length ? h("span.td-small", {}, " temp ", ...a.temporary.map((d) => d.cube ? h("span.td-cube", { title: d.item ? `from the ${d.item}` : "cube" }) : die(d.colour, null))) : null,
        a.shadow ? h("span.td-small", { text: ` shadow ${a.shadow}` }) : null].filter(Boolean)),
    track("Energy", e.cubes, e.squares, "en",
      [e.stored.length ? h("span.td-small", {}, " stored ", ...e.stored.map((d) => d.cube ? h("span.td-cube") : die(d.colour, null))) : null,
        e.on_items ? h("span.td-small", { text: ` +${e.on_items} on Items` }) : null].filter(Boolean)));
  // Items in the three slots.
  const slots = h("div.td-slots");
  for (const [slot, it] of Object.entries(c.items || {})) {
    const use = isActive ? acts.filter((x) => x.w[0] === "item" && x.w[1] === slot) : [];
    if (use.length) el.classList.add("has-moves");
    const cell = h("div.td-slot" + (use.length ? ".clickable" : ""), { "data-slot": slot, onclick: inner(use, `${slot} Item`) },
      h("small.muted", { text: slot }),
      it ? h("div", {}, h("b", { text: it.name }), Object.keys(it.dice || {}).length ? h("div", {}, ...diceCounts(it.dice)) : null, it.energy ? h("small", { text: ` ${it.energy} energy` }) : null)
        : h("span.muted", { text: "empty" }));
    slots.append(cell);
  }
  el.append(slots);
  if (c.stash) {
    el.append(h("div.td-small", {}, "Stash: ", c.stash.length ? c.stash.map((id) => {
      const use = acts.filter((x) => (x.w[0] === "equip" || x.w[0] === "consume") && x.w[1] === id);
      return h("span.chip.td-stash" + (use.length ? ".clickable" : ""), { "data-item": id, onclick: inner(use, nameOf(id)) }, nameOf(id));
    }) : h("span.muted", { text: "empty" })));
  } else if (c.stash_size) el.append(h("div.td-small", { text: `Stash: ${c.stash_size} face down` }));
  const tokens = Object.entries(c.tokens || {});
  if (tokens.length) el.append(h("div.td-tokens", {}, tokens.map(([t, v]) => h("span.chip.td-token", { title: reference.data && reference.data.tokens[t] ? reference.data.tokens[t].effect : t }, `${reference.data && reference.data.tokens[t] ? reference.data.tokens[t].name : pretty(t)}${v && v !== 1 ? " " + v : ""}`))));
  if ((c.beside || []).length) el.append(h("div.td-small", { text: "beside the board: " + c.beside.map(nameOf).join(", ") }));
  if (Object.keys(c.chest_dice || {}).length) el.append(h("div.td-small", {}, "chest ", ...diceCounts(c.chest_dice)));
  if ((c.lent_dice || []).length) el.append(h("div.td-small", {}, "lent ", ...c.lent_dice.map((col) => die(col, null))));
  el.append(h("div.td-small", {}, "own dice ", ...diceCounts(c.starting_dice)));
  // Abilities, with their Glyph Combo and cost; the usable ones are buttons.
  const abil = h("div.td-abilities");
  for (const id of c.abilities || []) {
    const d = reference.data && reference.data.abilities[id];
    const use = isActive ? acts.filter((x) => x.w[0] === "ability" && x.w[1] === id) : [];
    abil.append(h("div.td-ability" + (use.length ? ".clickable" : "") + (d && d.ultimate ? ".ultimate" : ""), {
      "data-ability": id, title: d ? d.effect : id, onclick: inner(use, nameOf(id)),
    }, h("b", { text: nameOf(id) }), d ? h("small", { text: " " + comboText(d) }) : null));
  }
  el.append(abil);
  return el;
}
