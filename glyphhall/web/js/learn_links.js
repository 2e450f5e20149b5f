// @ts-check
// The lobby's "Learn to play" bar: a guided first game for each game that has one (/learn/<game>).
import { api, clear, h } from "./dom.js";

async function main() {
  const bar = document.getElementById("learn-links");
  let found;
  try { found = await api("GET", "/api/learn"); } catch { return; }  // the lobby works without
  if (!found.lessons.length) return;
  clear(bar).append(h("b", { text: "New here? Learn to play: " }),
    ...found.lessons.flatMap((l, i) => [i ? " · " : "", h("a.learn-link", { href: l.href, "data-game": l.game, text: `Learn ${l.name}` })]));
  bar.hidden = false;
}

main();
