// @ts-check
// The lobby's bar for newcomers: a guided first game for each game that has one (/learn/<game>)
// and the puzzles (/puzzles/<game>), shown to someone who has not played a game yet; once they
// have, only a short line of puzzles stays. "Played" is the account's games for a signed-in
// person, and this browser's seats (localStorage) for a guest.
import { api, clear, h, playedHere } from "./dom.js";
import { whoAmI } from "./account.js";

/** Whether this person has played: a table of theirs started (account) or a seat taken here (guest). */
async function hasPlayed() {
  const me = await whoAmI();
  if (!me.user) return playedHere();
  try {
    const mine = await api("GET", "/api/me/games");
    return mine.tables.some((t) => t.status !== "open");
  } catch { return playedHere(); }
}

async function main() {
  const bar = document.getElementById("learn-links");
  const [lessons, puzzles, played] = await Promise.all([
    api("GET", "/api/learn").then((r) => r.lessons, () => []),  // the lobby works without
    api("GET", "/api/puzzles").then((r) => r.games, () => []),
    hasPlayed(),
  ]);
  clear(bar);
  bar.dataset.newcomer = played ? "no" : "yes";
  if (!played && lessons.length) {
    bar.append(h("p.learn-line", {}, h("b", { text: "New here? Learn to play: " }),
      ...lessons.flatMap((l, i) => [i ? " · " : "", h("a.learn-link", { href: l.href, "data-game": l.game, text: `Learn ${l.name}` })])));
  }
  if (puzzles.length) {
    bar.append(h("p.learn-line.puzzle-line", {}, h("b", { text: played ? "Puzzles: " : "Then sharpen your play with puzzles: " }),
      ...puzzles.flatMap((p, i) => [i ? " · " : "", h("a.puzzle-link", { href: p.href, "data-game": p.game, text: `${p.name} puzzles` })])));
  }
  bar.hidden = !bar.childElementCount;
}

main();
