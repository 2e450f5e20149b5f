// @ts-check
// The map gallery's 3D preview (/maps): each map's "See it in 3D" button shows that battlefield in
// the table page's 3D view (heroscape3d.js, the same colours as the table), in a pane above the
// gallery, to turn and zoom before playing it. No figures, nothing to pick. Without WebGL the
// buttons stay hidden (the gallery's flat pictures remain).
import { seatColour, shade } from "./heroscape.js";

function webgl() {
  try {
    const c = document.createElement("canvas");
    return !!(window.WebGLRenderingContext && (c.getContext("webgl2") || c.getContext("webgl")));
  } catch { return false; }
}

/** @param {string} key @param {string} name */
async function show(key, name) {
  const pane = /** @type {HTMLElement} */ (document.getElementById("map-3d-pane"));
  const status = document.createElement("p");
  status.className = "muted";
  status.textContent = `Loading ${name} in 3D…`;
  const close = document.createElement("button");
  close.type = "button"; close.id = "map-3d-close"; close.textContent = "Close the 3D view";
  close.onclick = () => { pane.hidden = true; pane.replaceChildren(); };
  const title = document.createElement("h2");
  title.textContent = `${name} in 3D`;
  pane.replaceChildren(title, close, status);
  pane.hidden = false;
  pane.scrollIntoView({ block: "start" });
  try {
    const [answer, { battlefield3d }] = await Promise.all([fetch(`/api/heroscape/maps/${encodeURIComponent(key)}/board`),
      import("./heroscape3d.js")]);
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
    const board = await answer.json();
    const maxLevel = Math.max(1, ...board.hexes.map((x) => x[3]));
    /** @type {Record<number, string>} */
    const zoneColours = {};
    for (const x of board.hexes) if (x[5] >= 0) zoneColours[x[5]] = seatColour(x[5]);
    const viewer = battlefield3d();
    viewer.update({
      hexes: board.hexes, walls: board.walls, ladders: board.ladders, overhangs: board.overhangs, zoneColours, ownZone: null,
      terrainColour: (/** @type {string} */ terrain, /** @type {number} */ level) => shade(terrain, level, maxLevel),
      glyphs: [], figures: [], targets: new Set(), tailOptions: [], selectedPath: null, aims: {}, aimAt: null,
      pathTo: () => [], reachable: () => false, pick: () => {}, say: (/** @type {string} */ x) => x,
    });
    status.textContent = "Drag to turn, wheel or pinch to zoom, Shift-drag or two fingers to pan.";
    pane.append(viewer.element);
  } catch (e) {
    status.textContent = `The 3D view could not load (${e instanceof Error ? e.message : e}); the flat picture below shows the map.`;
  }
}

if (webgl()) {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button.map-3d"))) {
    const name = button.closest("figure")?.querySelector("strong")?.textContent || "the map";
    button.hidden = false;
    button.onclick = () => show(button.dataset.map || "", name);
  }
}
