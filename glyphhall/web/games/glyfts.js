// @ts-check
// Glyfts: every player's Combat Circle of hex Creature cards (with the cards face down under them),
// Skill scores, the battle with its revealed cards and dice, a summon in progress, your Sorcery hand
// and your reserve. Click a reserve Creature to deploy or summon it; click a Sorcery card then one of
// your Creatures to place it; click your Creature then an opposing one to attack. The plain action
// buttons stay below, so every move can always be made.
import { h, s } from "../js/dom.js";
import { actionButtons } from "./generic.js";
import { byField, gameData, useStyles } from "./shared.js";

const AFFILIATION = {
  skyborne: { colour: "#7cc4d8", mark: "☁" },
  stonekin: { colour: "#c9a25a", mark: "◆" },
  tidecaller: { colour: "#4f7fc4", mark: "≋" },
  emberfolk: { colour: "#d0603f", mark: "✶" },
};
const STEP_HELP = {
  deploy: "Setup: pick two Creatures from your reserve for the Combat Circle (in secret).",
  place: "Place up to two Sorcery cards face down under your Creatures: click a card, then a Creature.",
  attack: "Attack: click one of your Creatures, then an opposing Creature.",
  battle: "The cards are revealed: roll the battle dice.",
  fortune: "Fortune: reroll your battle die, or keep it.",
  summon: "Summon: click a Creature in your reserve to try to summon it, or stop.",
  summoning: "Play Glyft cards of its affiliation to lower the Roll cost, then roll the die.",
  over: "The game is over.",
};
const PHASE_WORD = { deploy: "setup picks", place: "placing Sorcery cards", attack: "attacks", battle: "battle",
  fortune: "Fortune rerolls", summon: "summoning", summoning: "summoning", over: "game over" };
const DONE_LABEL = { place: "Done placing", attack: "Stop attacking", summon: "Do not summon" };

let sel = { key: null, card: null, attacker: null };
// {creatures: id -> card, sorceries: id -> card}, the game's public card lists
const cards = gameData("glyfts", ["creatures", "sorceries"],
  ([c, k]) => ({ creatures: byField(c.creature, "id"), sorceries: byField(k.sorcery, "id") }),
  { creatures: {}, sorceries: {} }, render);

const pretty = (id) => String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const creatureOf = (id) => (cards.data && cards.data.creatures[id]) || { id, name: pretty(id), affiliation: "", attack: "?", health: "?", skill: "?", roll_cost: "?" };
const sorceryName = (id) => (cards.data && cards.data.sorceries[id] && cards.data.sorceries[id].name) || pretty(id);
const sorceryText = (id) => (cards.data && cards.data.sorceries[id] && cards.data.sorceries[id].text) || "";

/** A hex Creature card as SVG: name, affiliation, Attack, Health, Skill and Roll cost. */
export function creatureSvg(c, small = false) {
  const W = 120, H = 136;
  const aff = AFFILIATION[c.affiliation] || { colour: "#999", mark: "?" };
  const pts = [[W / 2, 2], [W - 3, H / 4], [W - 3, (3 * H) / 4], [W / 2, H - 2], [3, (3 * H) / 4], [3, H / 4]];
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "gf-hex" + (small ? " small" : "") });
  svg.append(
    s("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: "gf-hex-face", style: `stroke:${aff.colour}` }),
    s("polygon", { points: "60,8 112,38 8,38", class: "gf-hex-top", style: `fill:${aff.colour}` }),
    s("text", { x: W / 2, y: 31, "text-anchor": "middle", class: "gf-mark" }, aff.mark),
    s("text", { x: W / 2, y: 56, "text-anchor": "middle", class: "gf-name" }, c.name.length > 15 ? c.name.slice(0, 14) + "…" : c.name),
    s("text", { x: W / 2, y: 70, "text-anchor": "middle", class: "gf-aff" }, c.affiliation),
    s("text", { x: 24, y: 94, "text-anchor": "middle", class: "gf-stat atk" }, `⚔${c.attack}`),
    s("text", { x: W - 24, y: 94, "text-anchor": "middle", class: "gf-stat hp" }, `♥${c.health}`),
    s("text", { x: W / 2, y: 112, "text-anchor": "middle", class: "gf-small" }, `skill ${c.skill} · roll ${c.roll_cost}`),
    s("title", {}, `${c.name} (${c.affiliation}): Attack ${c.attack}, Health ${c.health}, Skill ${c.skill}, Roll cost ${c.roll_cost}`));
  return svg;
}

/** A D6 face (0 = not rolled yet). */
function dieSvg(n, cls = "") {
  const svg = s("svg", { viewBox: "0 0 40 40", class: "gf-die " + cls, "aria-label": n ? `die ${n}` : "die not rolled" });
  svg.append(s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "gf-die-face" }));
  const P = { 1: [[20, 20]], 2: [[11, 11], [29, 29]], 3: [[11, 11], [20, 20], [29, 29]], 4: [[11, 11], [29, 11], [11, 29], [29, 29]],
    5: [[11, 11], [29, 11], [20, 20], [11, 29], [29, 29]], 6: [[11, 10], [29, 10], [11, 20], [29, 20], [11, 30], [29, 30]] };
  if (P[n]) for (const [x, y] of P[n]) svg.append(s("circle", { cx: x, cy: y, r: 3.6, class: "gf-pip" }));
  else svg.append(s("text", { x: 20, y: 27, "text-anchor": "middle", class: "gf-die-q" }, "?"));
  return svg;
}

function cardBacks(n, max = 8) {
  const box = h("span.gf-backs", { title: `${n} card${n === 1 ? "" : "s"}` });
  for (let i = 0; i < Math.min(n, max); i++) box.append(h("span.gf-back"));
  if (n > max) box.append(h("span.muted", { text: `+${n - max}` }));
  return box;
}

/** The legal moves by what they are clicked on: a reserve Creature or a hand card (id -> the
 * move's text), a card and the Creature to hide it under, an attacker and its target; the rest. */
function sortMoves(moves) {
  const out = { deploy: new Map(), summon: new Map(), glyft: new Map(), place: [], attack: [], other: [] };
  for (const m of moves) {
    if (m.kind === "deploy" || m.kind === "summon" || m.kind === "glyft") out[m.kind].set(m.args[0], m.text);
    else if (m.kind === "place") out.place.push({ text: m.text, card: m.args[0], creature: m.args[1] });
    else if (m.kind === "attack") out.attack.push({ text: m.text, attacker: m.args[0], defender: m.args[1] });
    else out.other.push(m.text);
  }
  return out;
}

export function render(root, ctx) {
  useStyles("glyfts");
  cards.use(root, ctx);
  const { view, legal } = ctx;
  if (sel.key !== ctx.stateKey) sel = { key: ctx.stateKey, card: null, attacker: null };
  const me = ctx.you;
  const L = sortMoves(ctx.moves);
  if (sel.card && !L.place.some((p) => p.card === sel.card)) sel.card = null;  // a choice no move uses any more
  const rerender = () => { root.replaceChildren(); render(root, ctx); };
  const attackers = [...new Set(L.attack.map((a) => a.attacker))];
  if (attackers.length === 1 && sel.attacker === null) sel.attacker = attackers[0];
  const wrap = h("div.gf", { "data-phase": view.phase });

  // --- the status line: step, whose turn, deck and goal
  const turnOf = view.active >= 0 && view.phase !== "over" ? view.active : null;
  const who = view.winners.length ? `Winner: ${view.winners.map(ctx.seatName).join(", ")}`
    : view.phase === "deploy" ? "Everyone picks in secret"
      : turnOf === me ? "Your turn" : `${ctx.seatName(turnOf)}'s turn`;
  wrap.append(h("div.gf-status#gf-status", {},
    h("b.gf-who", { text: who }),
    h("span.gf-step", { text: legal.length ? STEP_HELP[view.phase] || view.phase : `step: ${PHASE_WORD[view.phase] || view.phase}` }),
    h("span.muted", { text: `Sorcery deck ${view.deck_count} · first to ${view.skill_to_win} Skill wins` })));

  // --- the moves that are not clicks on cards (done, roll, reroll, keep), up top where the eye is
  const prompt = h("div.gf-prompt#prompt");
  if (sel.card) prompt.append(h("span", { text: `Choose one of your Creatures to hide ${sorceryName(sel.card)} under. ` }),
    h("button#cancel", { text: "Cancel", onclick: () => { sel.card = null; rerender(); } }));
  if (sel.attacker && L.attack.length) prompt.append(h("span", { text: `Attack with ${creatureOf(sel.attacker).name}: click an opposing Creature outlined in red.` }));
  for (const t of L.other) {
    const label = t === "done" ? DONE_LABEL[view.phase] || "Done" : t === "roll" ? "Roll the die" : t === "reroll" ? "Reroll (Fortune)" : t === "keep" ? "Keep the roll" : t;
    prompt.append(h("button.primary.gf-act", { text: label, "data-action": t, onclick: () => ctx.act(t) }));
  }
  wrap.append(prompt);

  // --- the players: the others first, you at the bottom
  const order = view.players.map((p) => p.seat);
  const mineFirst = me === null ? order : [...order.slice(me + 1), ...order.slice(0, me), me];
  const defenders = new Map(L.attack.filter((a) => a.attacker === sel.attacker).map((a) => [a.defender, a.text]));
  const placeTargets = new Map(L.place.filter((p) => p.card === sel.card).map((p) => [p.creature, p.text]));
  for (const seat of mineFirst) {
    const p = view.players[seat];
    const mine = seat === me;
    const area = h("section.gf-player" + (mine ? ".mine" : "") + (seat === turnOf ? ".active" : "") + (p.alive ? "" : ".out"),
      { "data-seat": String(seat) });
    const pct = Math.min(100, (100 * p.skill) / view.skill_to_win);
    area.append(h("div.gf-player-head", {},
      h("b", { text: mine ? `You (${ctx.seatName(seat)})` : ctx.seatName(seat) }),
      seat === turnOf ? h("span.gf-turn", { text: "to play" }) : null,
      p.alive ? null : h("span.gf-out", { text: "eliminated" }),
      h("span.gf-skill", { title: `${p.skill} of ${view.skill_to_win} Skill points` },
        h("span", { text: `Skill ${p.skill}/${view.skill_to_win}` }), h("span.gf-bar", {}, h("span.gf-fill", { style: `width:${pct}%` }))),
      h("span", { text: "hand " }, mine ? `${p.hand_count}` : cardBacks(p.hand_count)),
      h("span", { text: `reserve ${p.reserve_count}` }),
      view.phase === "deploy" ? h("span.muted", { text: `picked ${p.picked}/2` }) : null));
    // The Combat Circle.
    const circle = h("div.gf-circle");
    for (const c of p.circle) {
      const card = h("div.gf-creature", { "data-creature": c.id, "data-seat": String(seat), "data-name": c.name }, creatureSvg(c));
      if (c.fought) card.classList.add("fought");
      const under = h("div.gf-under");
      if (c.cards) under.append(...(c.cards.length ? c.cards.map((k) => h("span.chip.gf-sorc", { text: sorceryName(k), title: sorceryText(k), "data-card": k })) : [h("span.muted", { text: "nothing under" })]));
      else if (c.under) under.append(cardBacks(c.under), h("span.muted", { text: ` ${c.under} face down` }));
      card.append(under);
      if (c.fought) card.append(h("div.gf-fought", { text: "fought this turn" }));
      if (mine && attackers.includes(c.id)) {
        card.classList.add(sel.attacker === c.id ? "selected" : "ready");
        card.addEventListener("click", () => { sel.attacker = sel.attacker === c.id ? null : c.id; rerender(); });
      } else if (!mine && defenders.has(c.id)) {
        card.classList.add("target");
        card.title = `attack ${c.name} with ${creatureOf(sel.attacker).name}`;
        card.addEventListener("click", () => ctx.act(defenders.get(c.id)));
      } else if (mine && placeTargets.has(c.id)) {
        card.classList.add("target");
        card.addEventListener("click", () => ctx.act(placeTargets.get(c.id)));
      }
      circle.append(card);
    }
    if (!p.circle.length) circle.append(h("div.muted.gf-empty", { text: "no Creature in the Combat Circle" }));
    area.append(circle);
    if (p.captured.length) {
      area.append(h("div.gf-captured", {}, h("span.muted", { text: "Captured: " }),
        p.captured.map((c) => h("span.chip.gf-cap", { title: `${c.affiliation}, Skill ${c.skill}`, style: `border-color:${(AFFILIATION[c.affiliation] || {}).colour}` }, `${c.name} (${c.skill})`))));
    }
    if (!mine && p.reserve.length) {
      area.append(h("div.gf-known", {}, h("span.muted", { text: "Seen in their reserve: " }), p.reserve.map((c) => h("span.chip", { text: c.name }))));
    }
    wrap.append(area);
  }

  // --- a battle or a summon in progress: above the prompt, so its cards and dice are read
  // before "Roll the die" (on a phone, on the same screen)
  if (view.battle) prompt.before(battlePanel(view, ctx));
  if (view.summoning) {
    const c = creatureOf(view.summoning);
    prompt.before(h("section.gf-summon#gf-summon", {},
      h("div", {}, creatureSvg(c, true)),
      h("div", {}, h("b", { text: `${ctx.seatName(view.active)} summons ${c.name}` }),
        h("p", { text: `Roll cost now ${view.summon_cost}: the D6 must show ${view.summon_cost} or more.` }),
        L.glyft.size ? h("p.muted#gf-glyft-help", { text: view.summon_cost > 1 ? "Click a Glyft card in your hand to lower the cost by 1."
          : "The Roll cost is already 1: any roll succeeds, so another Glyft card would be wasted. Roll the die." }) : null)));
  }

  // --- your hand and your reserve
  if (view.hand) {
    const hand = h("div.gf-hand#gf-hand");
    for (const k of view.hand) {
      const canPlace = L.place.some((p) => p.card === k.id);
      // A Glyft card played when any roll succeeds already is legal (a ruling) but wasted: not offered by a click.
      const canGlyft = L.glyft.has(k.id) && !(view.summoning && view.summon_cost <= 1);
      const el = h("div.gf-sorcery" + (canPlace || canGlyft ? ".playable" : "") + (sel.card === k.id ? ".selected" : ""),
        { "data-card": k.id, title: sorceryText(k.id) },
        h("b", { text: k.name }), k.count > 1 ? h("span.gf-count", { text: `×${k.count}` }) : null,
        h("small", { text: sorceryText(k.id) }));
      if (canGlyft) el.addEventListener("click", () => ctx.act(L.glyft.get(k.id)));
      else if (canPlace) {
        el.addEventListener("click", () => {
          const targets = L.place.filter((p) => p.card === k.id);
          if (targets.length === 1) { ctx.act(targets[0].text); return; }
          sel.card = sel.card === k.id ? null : k.id;
          rerender();
        });
      }
      hand.append(el);
    }
    if (!view.hand.length) hand.append(h("span.muted", { text: "no Sorcery cards in hand" }));
    wrap.append(h("section.gf-mine", {}, h("h4", { text: "Your Sorcery cards" }), hand));
    const mineP = view.players[me];
    if (mineP) {
      const reserve = h("div.gf-reserve#gf-reserve");
      for (const c of mineP.reserve) {
        const verb = L.deploy.has(c.id) ? "deploy" : L.summon.has(c.id) ? "summon" : null;
        const el = h("div.gf-creature.in-reserve" + (verb ? ".ready" : ""), { "data-creature": c.id, title: verb ? `${verb} ${c.name}` : c.name }, creatureSvg(c, true));
        if (verb) el.addEventListener("click", () => ctx.act(L[verb].get(c.id)));
        reserve.append(el);
      }
      if (!mineP.reserve.length) reserve.append(h("span.muted", { text: "your reserve is empty" }));
      const picked = view.picked && view.picked.length ? h("span.muted", { text: ` · picked: ${view.picked.map((id) => creatureOf(id).name).join(", ")}` }) : null;
      const section = h("section.gf-mine", {}, h("h4", {}, `Your reserve (${mineP.reserve.length})`, picked), reserve);
      // Setting up, the reserve is the whole choice: right under the prompt (a phone's first screen).
      if (view.phase === "deploy") prompt.after(section);
      else wrap.append(section);
    }
  }

  // --- the discard pile, and every legal move as a plain button
  const discard = Object.entries(view.discard || {});
  wrap.append(h("div.gf-discard", {}, h("span.muted", { text: "Discard pile: " }),
    discard.length ? discard.map(([k, n]) => h("span.chip", { text: `${sorceryName(k)} ×${n}` })) : h("span.muted", { text: "empty" })));
  if (legal.length) wrap.append(h("details.folded.gf-all", {}, h("summary", { text: `Every legal move as a button (${legal.length})` }), actionButtons(ctx)));
  root.append(wrap);
}

function battlePanel(view, ctx) {
  const b = view.battle;
  const find = (id) => {
    for (const p of view.players) for (const c of p.circle) if (c.id === id) return [p.seat, c];
    return [null, creatureOf(id)];
  };
  const [aSeat, a] = find(b.attacker);
  const [dSeat, d] = find(b.defender);
  const rolled = b.attacker_die > 0;
  const aTotal = Number(a.attack) + b.attack_bonus + b.attacker_die;
  const dTotal = Number(d.health) + b.health_bonus + b.defender_die;
  const side = (seat, c, cards, die, bonus, base, total, rerolls, captures, role) => h("div.gf-side." + role, {},
    h("div.muted", { text: `${role} · ${ctx.seatName(seat)}` }),
    creatureSvg(c),
    h("div.gf-revealed", {}, cards.length ? cards.map((k) => h("span.chip.gf-sorc" + (b.cancelled && k !== "nullify" ? ".cancelled" : ""), { text: sorceryName(k), title: sorceryText(k) }))
      : h("span.muted", { text: "no cards" })),
    h("div.gf-roll", {}, dieSvg(die, role),
      h("span.gf-sum", { text: rolled ? `${base} + ${bonus} + ${die} = ${total}` : `${base} + ${bonus} + die` }),
      h("small.muted", { text: role === "attacker" ? " Attack" : " Health" })),
    rerolls ? h("div.gf-note", { text: `${rerolls} Fortune reroll${rerolls > 1 ? "s" : ""} left` }) : null,
    captures ? h("div.gf-note.capture", { text: "holds a Capture card" }) : null);
  let outcome = "";
  if (rolled) {
    // As the game judges it: the attacker wins by a greater total or a Capture card, the defender
    // only by a Capture card; both at once is a stalemate.
    const attackerWins = b.attacker_captures || aTotal > dTotal;
    if (attackerWins && b.defender_captures) outcome = "both would capture: stalemate";
    else if (attackerWins) outcome = b.attacker_captures ? "the attacker's Capture card takes the defender" : `${aTotal} beats ${dTotal}: the attacker captures`;
    else if (b.defender_captures) outcome = "the defender's Capture card takes the attacker";
    else outcome = aTotal === dTotal ? "equal totals: nobody is captured" : `${aTotal} against ${dTotal}: the attack fails`;
  }
  return h("section.gf-battle#gf-battle", {},
    h("h4", { text: `Battle: ${a.name} attacks ${d.name}` }),
    b.cancelled ? h("p.gf-note", { text: "Nullify: every other revealed card has no effect." }) : null,
    h("div.gf-sides", {},
      side(aSeat, a, b.attacker_cards, b.attacker_die, b.attack_bonus, a.attack, aTotal, b.attacker_rerolls, b.attacker_captures, "attacker"),
      h("div.gf-vs", { text: "vs" }),
      side(dSeat, d, b.defender_cards, b.defender_die, b.health_bonus, d.health, dTotal, b.defender_rerolls, b.defender_captures, "defender")),
    outcome ? h("p.gf-outcome", { text: `If kept: ${outcome}.` }) : null);
}
