// @ts-check
// The computer levels' ratings as players read them, for the lobby and the table alike: the
// server words them (`/api/games` levels, `glyphhall/bots/levels.py`); the pages only choose.

/** "rated 1310 (1200-1420)" for a level in a game, or "not yet rated"; with `form` "short", the
 * few words a seat's list or line has room for ("rated 1310", "off the ladder").
 * @param {{ratings?: Object<string, {text: string, short?: string}>}} level
 * @param {string | null | undefined} gameId
 * @param {"text" | "short"} [form] */
export function levelRating(level, gameId, form = "text") {
  const r = gameId && level.ratings ? level.ratings[gameId] : null;
  return r ? r[form] || r.text : "not yet rated";
}
