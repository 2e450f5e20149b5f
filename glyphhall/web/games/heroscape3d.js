// @ts-check
// Heroscape's battlefield in 3D (three.js, WebGL): hex columns stacked to their level in their
// terrain's colour, start zones, walls and overhangs, glyphs face up or down, figures as tokens in
// their owner's colour with their names and wounds. It draws what heroscape.js gives it and sends
// every pick back to it, so the flat map and this view share one set of rules for what a click
// does (select a figure, move along the shown path, choose an attack target).
//
// One viewer lives for the page (a WebGL context is costly); heroscape.js moves its element into
// each redraw and calls update(). The scene is drawn only when something changed.
import * as THREE from "../vendor/three/three.module.min.js";
import { OrbitCamera } from "./heroscape3d_camera.js";

const SQ3 = Math.sqrt(3);
const LEVEL = 0.4;  // one level's height for a hex of radius 1 (Virtualscape's own proportion)

let viewer = null;
/** The page's one 3D battlefield (made on first use). */
export function battlefield3d() {
  if (!viewer) viewer = new Battlefield3D();
  return viewer;
}

/** What an attack's tag says: the spaces to the target and what height gives either side. */
function aimWords({ spaces, attack_height: up, defense_height: down }) {
  const dice = (n) => `+${n} ${n === 1 ? "die" : "dice"}`;
  const height = up ? `higher, ${dice(up)} to attack` : down ? `lower, ${dice(down)} to defend` : "no height bonus";
  return `${spaces} ${spaces === 1 ? "space" : "spaces"}: ${height}`;
}

const centre = (q, r) => [SQ3 * (q + r / 2), 1.5 * r];
const top = (level) => Math.max(level, 0.25) * LEVEL;

class Battlefield3D {
  constructor() {
    this.element = document.createElement("div");
    this.element.className = "hs-3d";
    this.element.id = "hs-3d";
    /** @type {any} */ (this.element).hs3d = this;  // the bench script turns the camera through it
    // no multisampling: it costs most of a frame where WebGL is drawn in software (the bench)
    this.renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: "high-performance" });
    // The frame's cost is the pixels filled (on a phone's GPU and in software WebGL alike; the
    // render call itself is 2 ms): while the camera moves it draws at one device pixel a CSS pixel,
    // and sharp again (up to 2) once still. movingPixelRatio null: always sharp (the bench's "before").
    this.stillPixelRatio = Math.min(window.devicePixelRatio || 1, 2);
    this.movingPixelRatio = 1;
    this.renderer.setPixelRatio(this.stillPixelRatio);
    this.settle = 0;
    this.coarse = false;
    this.canvas = this.renderer.domElement;
    this.canvas.setAttribute("aria-label", "the battlefield in 3D: drag to turn, wheel or pinch to zoom, Shift-drag or two fingers to pan");
    this.canvas.setAttribute("role", "img");
    this.shownList = document.createElement("ol");
    this.shownList.className = "hs-3d-shown sr-only";
    this.shownList.id = "hs-3d-shown";
    const reset = document.createElement("button");
    reset.className = "hs-3d-reset"; reset.id = "hs-3d-reset"; reset.type = "button"; reset.textContent = "Reset view";
    reset.onclick = () => this.orbit.reset();
    this.element.append(this.canvas, reset, this.shownList);
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color("#1a1713");
    this.camera = new THREE.PerspectiveCamera(45, 1, 0.1, 1000);
    this.scene.add(new THREE.HemisphereLight("#fff6e0", "#3a3024", 1.6));
    const sun = new THREE.DirectionalLight("#ffffff", 1.8);
    sun.position.set(-20, 40, -10);
    this.scene.add(sun);
    this.board = new THREE.Group(); this.marks = new THREE.Group(); this.pieces = new THREE.Group();
    this.scene.add(this.board, this.marks, this.pieces);
    this.orbit = new OrbitCamera(this.camera, this.canvas, () => this.draw(true), (e) => this.pick(e));
    this.raycaster = new THREE.Raycaster();
    this.textures = new Map();
    this.frames = 0;
    this.drawMs = 0;
    this.boardKey = null;
    this.model = null;
    this.pending = false;
    this.canvas.addEventListener("pointermove", (e) => { if (e.pointerType === "mouse" && !this.orbit.pointers.size) this.hover(e); });
    this.canvas.addEventListener("pointerleave", () => this.showPath(this.hoverLine, null));
    new ResizeObserver(() => this.resize()).observe(this.element);
  }

  resize() {
    const w = this.element.clientWidth, h = this.element.clientHeight;
    if (!w || !h) return;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.orbit.refit();
    this.draw();
  }

  /** Draw at this pixel ratio (the drawing buffer is resized only when it changes). */
  pixelRatio(ratio) {
    if (this.renderer.getPixelRatio() === ratio) return;
    this.renderer.setPixelRatio(ratio);
    const w = this.element.clientWidth, h = this.element.clientHeight;
    if (w && h) this.renderer.setSize(w, h, false);
  }

  /** Draw on the next frame (once, however many changes come before it); `moving`: the camera
   * moved, so this frame is drawn coarse and a sharp one follows when it stops. */
  draw(moving = false) {
    if (moving && this.movingPixelRatio) {
      this.coarse = true;
      clearTimeout(this.settle);
      this.settle = setTimeout(() => { this.coarse = false; this.draw(); }, 200);
    }
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.pixelRatio(this.coarse && this.movingPixelRatio ? this.movingPixelRatio : this.stillPixelRatio);
      const t0 = performance.now();
      this.renderer.render(this.scene, this.camera);
      this.drawMs = performance.now() - t0;
      this.frames += 1;
      this.element.dataset.frames = String(this.frames);
    });
  }

  /** Turn the camera (radians), as a drag does: the bench uses it. */
  turn(dTheta) { this.orbit.turn(dTheta); }

  update(model) {
    this.model = model;
    const key = JSON.stringify([model.hexes, model.walls, model.ladders, model.overhangs, model.zoneColours, model.ownZone]);
    if (key !== this.boardKey) { this.buildBoard(model); this.boardKey = key; }
    this.buildPieces(model);
    this.listShown(model);
    this.draw();
  }

  clear(group) {
    for (const child of [...group.children]) {
      group.remove(child);
      child.traverse((o) => { if (o.geometry && !o.geometry.userData.shared) o.geometry.dispose(); if (o.material && !o.material.userData?.shared) o.material.dispose?.(); });
    }
  }

  buildBoard(model) {
    this.clear(this.board);
    const hexes = model.hexes;
    this.at = {};  // hex label -> [x, top y, z]
    this.lastHex = null;  // another battlefield: nothing slides from the last one
    const geo = new THREE.CylinderGeometry(0.97, 0.97, 1, 6);
    geo.translate(0, 0.5, 0);
    const mesh = new THREE.InstancedMesh(geo, new THREE.MeshLambertMaterial(), hexes.length);
    const m = new THREE.Matrix4(), colour = new THREE.Color();
    hexes.forEach(([lab, q, r, level, terrain], i) => {
      const [x, z] = centre(q, r);
      this.at[lab] = [x, top(level), z];
      m.makeScale(1, top(level), 1).setPosition(x, 0, z);
      mesh.setMatrixAt(i, m);
      mesh.setColorAt(i, colour.set(model.terrainColour(terrain, level)));
    });
    mesh.userData.labels = hexes.map((x) => x[0]);
    this.hexMesh = mesh;
    this.board.add(mesh);
    // start zones: a ring of the seat's colour on each hex of its zone
    const zoned = hexes.filter((x) => x[5] >= 0);
    if (zoned.length) {
      const ring = new THREE.RingGeometry(0.72, 0.86, 6, 1, Math.PI / 2);
      ring.rotateX(-Math.PI / 2);
      const zones = new THREE.InstancedMesh(ring, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }), zoned.length);
      zoned.forEach(([lab, , , , , zone], i) => {
        const [x, y, z] = this.at[lab];
        zones.setMatrixAt(i, m.makeTranslation(x, y + 0.01, z));
        zones.setColorAt(i, colour.set(model.zoneColours[zone] || "#999"));
      });
      this.board.add(zones);
    }
    // walls on hex edges (ruins, battlements, road walls): a thin slab up to the wall's top;
    // one instanced mesh for them all (a draw call each would cost more than they draw)
    const walls = (model.walls || []).filter(([a, b]) => this.at[a] && this.at[b]);
    if (walls.length) {
      const box = new THREE.BoxGeometry(1.0, 1, 0.12);
      const mesh = new THREE.InstancedMesh(box, new THREE.MeshLambertMaterial({ color: "#9b8f80" }), walls.length);
      const q = new THREE.Quaternion(), up = new THREE.Vector3(0, 1, 0);
      walls.forEach(([a, b, topLevel], i) => {
        const [ax, , az] = this.at[a], [bx, , bz] = this.at[b];
        q.setFromAxisAngle(up, -Math.atan2(bz - az, bx - ax) + Math.PI / 2);
        m.compose(new THREE.Vector3((ax + bx) / 2, topLevel * LEVEL / 2, (az + bz) / 2), q, new THREE.Vector3(1, topLevel * LEVEL, 1));
        mesh.setMatrixAt(i, m);
      });
      this.board.add(mesh);
    }
    this.buildLadders(model.ladders || []);
    // overhangs (an arch's passage): the slab above the hex, instanced too
    const overhangs = (model.overhangs || []).filter(([lab]) => this.at[lab]);
    if (overhangs.length) {
      const slab = new THREE.CylinderGeometry(0.97, 0.97, 1, 6);
      const mesh = new THREE.InstancedMesh(slab, new THREE.MeshLambertMaterial({ color: "#6f6a62", transparent: true, opacity: 0.55 }), overhangs.length);
      overhangs.forEach(([lab, under, over], i) => {
        const [x, , z] = this.at[lab];
        mesh.setMatrixAt(i, m.makeScale(1, (over - under) * LEVEL, 1).setPosition(x, (under + over) / 2 * LEVEL, z));
      });
      this.board.add(mesh);
    }
    const xs = hexes.map(([lab]) => this.at[lab][0]), zs = hexes.map(([lab]) => this.at[lab][2]);
    const mid = new THREE.Vector3((Math.min(...xs) + Math.max(...xs)) / 2, 0, (Math.min(...zs) + Math.max(...zs)) / 2);
    // the home view looks across the battlefield from the person's own start zone, if any
    const mine = hexes.filter((x) => x[5] === model.ownZone).map(([lab]) => this.at[lab]);
    const theta = mine.length ? Math.atan2(mine.reduce((a, p) => a + p[0], 0) / mine.length - mid.x, mine.reduce((a, p) => a + p[2], 0) / mine.length - mid.z) : 0;
    this.orbit.frame(mid, Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...zs) - Math.min(...zs)), theta);
  }

  /** Castle ladders: on the edge between two hexes, two rails and a rung a level from the lower
   * hex's top to the higher one's, leaning on the higher hex's side (one instanced mesh). */
  buildLadders(ladders) {
    this.ladderEdges = [];
    const parts = [];
    for (const [a, b] of ladders) {
      if (!this.at[a] || !this.at[b]) continue;
      const [lo, hi] = this.at[a][1] <= this.at[b][1] ? [this.at[a], this.at[b]] : [this.at[b], this.at[a]];
      const dx = hi[0] - lo[0], dz = hi[2] - lo[2], len = Math.hypot(dx, dz) || 1;
      // on the edge (half way between the centres), a little off the higher column's side
      const ex = lo[0] + dx * 0.46, ez = lo[2] + dz * 0.46, sx = -dz / len, sz = dx / len;  // sideways, along the edge
      const rise = Math.max(hi[1] - lo[1], LEVEL);
      for (const side of [-0.22, 0.22]) parts.push([ex + sx * side, lo[1] + rise / 2, ez + sz * side, 0.1, rise, 0.1]);
      for (let y = lo[1] + LEVEL / 2; y < lo[1] + rise; y += LEVEL) parts.push([ex, y, ez, 0.08, 0.08, 0.5, Math.atan2(sx, sz)]);
      this.ladderEdges.push([a, b]);
    }
    if (!parts.length) return;
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshLambertMaterial({ color: "#d49a52" }), parts.length);
    const m = new THREE.Matrix4(), q = new THREE.Quaternion(), up = new THREE.Vector3(0, 1, 0);
    parts.forEach(([x, y, z, w, h, d, turn = 0], i) => {
      q.setFromAxisAngle(up, turn);
      mesh.setMatrixAt(i, m.compose(new THREE.Vector3(x, y, z), q, new THREE.Vector3(w, h, d)));
    });
    mesh.userData.ladders = this.ladderEdges.length;
    this.board.add(mesh);
  }

  label(text, colour = "#fff", bg = "rgba(20,16,12,.78)") {
    const key = `${text}|${colour}|${bg}`;
    if (this.textures.has(key)) return this.textures.get(key);
    const c = document.createElement("canvas");
    const px = 28, ctx = c.getContext("2d");
    ctx.font = `bold ${px}px sans-serif`;
    c.width = Math.ceil(ctx.measureText(text).width) + 16; c.height = px + 12;
    ctx.font = `bold ${px}px sans-serif`;
    ctx.fillStyle = bg; ctx.fillRect(0, 0, c.width, c.height);
    ctx.fillStyle = colour; ctx.textBaseline = "middle"; ctx.fillText(text, 8, c.height / 2 + 1);
    const tex = new THREE.CanvasTexture(c);
    tex.colorSpace = THREE.SRGBColorSpace;
    const found = { tex, aspect: c.width / c.height };
    this.textures.set(key, found);
    return found;
  }

  sprite(text, colour, bg, height = 0.42, sizeAttenuation = true) {
    const { tex, aspect } = this.label(text, colour, bg);
    const mat = new THREE.SpriteMaterial({ map: tex, depthTest: false, sizeAttenuation });
    const sp = new THREE.Sprite(mat);
    sp.scale.set(height * aspect, height, 1);
    sp.renderOrder = 10;
    return sp;
  }

  ring(lab, colour, inner = 0.78, outer = 0.95, lift = 0.02) {
    const g = new THREE.RingGeometry(inner, outer, 6, 1, Math.PI / 2);
    g.rotateX(-Math.PI / 2);
    const mesh = new THREE.Mesh(g, new THREE.MeshBasicMaterial({ color: colour, side: THREE.DoubleSide }));
    const [x, y, z] = this.at[lab];
    mesh.position.set(x, y + lift, z);
    return mesh;
  }

  buildPieces(model) {
    this.clear(this.marks); this.clear(this.pieces);
    for (const lab of model.targets) if (this.at[lab]) this.marks.add(this.ring(lab, "#ffe27a", 0.8, 0.97, 0.03));
    for (const t of model.tailOptions || []) if (this.at[t]) this.marks.add(this.ring(t, "#5aa9ff", 0.55, 0.75, 0.04));
    this.pathLine = this.line("#ffe27a"); this.hoverLine = this.line("#fff1b0"); this.aimLine = this.line("#ff5a3c");
    this.marks.add(this.pathLine, this.hoverLine, this.aimLine);
    this.showPath(this.pathLine, model.selectedPath);
    this.glyphMeshes = [];
    for (const g of model.glyphs) {
      if (!this.at[g.hex]) continue;
      const [x, y, z] = this.at[g.hex];
      const disc = new THREE.Mesh(new THREE.CylinderGeometry(0.5, 0.5, 0.08, 24), new THREE.MeshLambertMaterial({ color: g.up ? "#f2d35b" : "#b9a560" }));
      disc.position.set(x, y + 0.04, z);
      disc.userData = { hex: g.hex, glyph: g.glyph, up: g.up };
      const letter = this.sprite(g.up ? g.letter : "?", "#3b2c08", "rgba(242,211,91,.95)", 0.36);
      letter.position.set(x, y + 0.35, z);
      disc.add(letter); letter.position.set(0, 0.3, 0);
      this.pieces.add(disc);
      this.glyphMeshes.push(disc);
    }
    this.figureMeshes = [];
    for (const f of model.figures) {
      if (!this.at[f.hex]) continue;
      const group = new THREE.Group();
      group.userData = { figure: f.name, hex: f.hex, eye: 0.16 + 0.5 + f.height * 0.22 + 0.18 };
      const [x, y, z] = this.at[f.hex];
      const colour = new THREE.Color(f.colour);
      const base = new THREE.Mesh(new THREE.CylinderGeometry(0.62, 0.66, 0.16, 24), new THREE.MeshLambertMaterial({ color: colour }));
      base.position.set(0, 0.08, 0);
      const body = new THREE.Mesh(new THREE.CylinderGeometry(0.26, 0.36, 0.5 + f.height * 0.22, 12), new THREE.MeshLambertMaterial({ color: colour }));
      body.position.set(0, 0.16 + (0.5 + f.height * 0.22) / 2, 0);
      const head = new THREE.Mesh(new THREE.SphereGeometry(0.26, 16, 10), new THREE.MeshLambertMaterial({ color: colour.clone().offsetHSL(0, 0, 0.12) }));
      head.position.set(0, 0.16 + 0.5 + f.height * 0.22 + 0.18, 0);
      group.add(base, body, head);
      const ringColour = f.selected ? "#ffe27a" : f.target ? "#ff5a3c" : f.actor ? "#d9a441" : null;
      if (ringColour) {
        const halo = new THREE.Mesh(new THREE.TorusGeometry(0.72, f.selected ? 0.08 : 0.05, 6, 32), new THREE.MeshBasicMaterial({ color: ringColour }));
        halo.rotation.x = Math.PI / 2; halo.position.y = 0.1;
        group.add(halo);
      }
      const tag = this.sprite(f.wounds ? `${f.label} · ${f.wounds}/${f.life} wounds` : f.label, "#fff", "rgba(20,16,12,.78)");
      tag.position.set(0, head.position.y + 0.6, 0);
      group.add(tag);
      group.position.set(x, y, z);
      if (f.tail && this.at[f.tail]) {
        const [tx, ty, tz] = this.at[f.tail];
        const tail = new THREE.Mesh(new THREE.CylinderGeometry(0.5, 0.55, 0.16, 24), new THREE.MeshLambertMaterial({ color: colour }));
        tail.position.set(tx - x, ty - y + 0.08, tz - z);
        group.add(tail);
      }
      this.pieces.add(group);
      this.figureMeshes.push(group);
      const was = this.lastHex && this.lastHex[f.name];
      if (was && was !== f.hex && this.at[was]) this.slide(group, this.at[was], [x, y, z]);
    }
    this.lastHex = Object.fromEntries(model.figures.map((f) => [f.name, f.hex]));
    this.buildAims(model);
  }

  /** Where a figure's head is (its line of sight starts and ends there), or null. */
  eyeOf(name) {
    const g = (this.figureMeshes || []).find((x) => x.userData.figure === name);
    if (!g || !this.at[g.userData.hex]) return null;
    const [x, y, z] = this.at[g.userData.hex];
    return new THREE.Vector3(x, y + g.userData.eye, z);
  }

  /** The selected figure's attacks, as the engine lists them (in range and in line of sight):
   * a dashed line of sight to every target and a tag over it with the spaces between them and
   * what height gives either side. The target under the pointer (or being chosen) gets the
   * bright line (showAim). */
  buildAims(model) {
    this.aimed = [];
    const from = model.figures.find((f) => f.selected);
    const start = from && this.eyeOf(from.name);
    if (!start) return;
    for (const [target, info] of Object.entries(model.aims || {})) {
      const end = this.eyeOf(target);
      if (!end) continue;
      const sight = new THREE.Line(new THREE.BufferGeometry().setFromPoints([start, end]),
        new THREE.LineDashedMaterial({ color: "#ff8a6a", dashSize: 0.35, gapSize: 0.25, depthTest: false, transparent: true, opacity: 0.85 }));
      sight.computeLineDistances();
      sight.renderOrder = 4;
      const words = aimWords(info);
      // a fixed size on the screen: readable on a phone's small view of the whole battlefield
      const tag = this.sprite(words, "#fff", "rgba(150,40,24,.9)", 0.027, false);
      tag.position.set(end.x, end.y + 1.3, end.z);  // above the name tag
      this.marks.add(sight, tag);
      this.aimed.push({ from: from.name, to: target, info, words });
    }
    if (model.aimAt) this.showAim(model.aimAt);
  }

  /** A figure that moved since the last update slides there (anyone's move, a bot's too). */
  slide(group, from, to, ms = 450) {
    const start = performance.now();
    const lift = 1 + Math.abs(to[1] - from[1]) / 2;
    const step = () => {
      if (group.parent !== this.pieces) return;  // redrawn meanwhile
      const t = Math.min(1, (performance.now() - start) / ms), k = t * t * (3 - 2 * t);
      group.position.set(from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k + Math.sin(Math.PI * k) * lift, from[2] + (to[2] - from[2]) * k);
      this.draw();
      if (t < 1) requestAnimationFrame(step);
    };
    step();
  }

  line(colour) {
    const l = new THREE.Line(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: colour, depthTest: false }));
    l.renderOrder = 5;
    return l;
  }

  /** A path over the hex tops, from the selected figure through each step to `hex`. */
  showPath(line, hex) {
    if (!line) return;
    const steps = hex && this.model ? this.model.pathTo(hex) : [];
    const pts = steps.filter((s) => this.at[s]).map((s) => { const [x, y, z] = this.at[s]; return new THREE.Vector3(x, y + 0.25, z); });
    line.geometry.setFromPoints(pts.length > 1 ? pts : []);
    // a thin line alone is hard to see from afar: a bead on every step too
    for (const bead of [...line.children]) { line.remove(bead); bead.geometry.dispose(); bead.material.dispose(); }
    if (pts.length > 1) {
      for (const p of pts.slice(1)) {
        const bead = new THREE.Mesh(new THREE.SphereGeometry(0.16, 12, 8), new THREE.MeshBasicMaterial({ color: line.material.color, depthTest: false }));
        bead.position.copy(p);
        bead.renderOrder = 6;
        line.add(bead);
      }
    }
    this.draw();
  }

  /** What is under the pointer: {figure, hex} (a figure's own hex, or a glyph's). */
  under(e) {
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const figs = this.raycaster.intersectObjects(this.figureMeshes || [], true).filter((h) => !h.object.isSprite);
    if (figs.length) {
      let o = figs[0].object;
      while (o && !o.userData.figure) o = o.parent;
      if (o) return { figure: o.userData.figure, hex: o.userData.hex };
    }
    const glyph = this.raycaster.intersectObjects(this.glyphMeshes || [], false)[0];
    if (glyph) return { figure: null, hex: glyph.object.userData.hex };
    const hit = this.hexMesh ? this.raycaster.intersectObject(this.hexMesh, false)[0] : null;
    return hit ? { figure: null, hex: this.hexMesh.userData.labels[hit.instanceId] } : null;
  }

  /** Where a hex's top (or the figure on it: `lift` above) is on the screen, in client pixels. */
  screenPoint(hex, lift = 0) {
    if (!this.at || !this.at[hex]) return null;
    const [x, y, z] = this.at[hex];
    const v = new THREE.Vector3(x, y + lift, z).project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    const px = r.left + (v.x + 1) / 2 * r.width, py = r.top + (1 - v.y) / 2 * r.height;
    const inside = px > r.left + 4 && px < r.right - 4 && py > r.top + 4 && py < r.bottom - 4 && px > 0 && py > 0 && px < innerWidth && py < innerHeight;
    return { x: px, y: py, inside };
  }

  /** What a pick at client pixels (x, y) would choose. */
  pickAt(x, y) { return this.under({ clientX: x, clientY: y }); }

  pick(e) {
    const found = this.under(e);
    if (found && this.model) this.model.pick(found.figure, found.hex, e.pointerType);
  }

  hover(e) {
    if (!this.model || !this.model.reachable) return;
    const found = this.under(e);
    this.showPath(this.hoverLine, found && !found.figure && this.model.reachable(found.hex) ? found.hex : null);
    this.showAim(found && found.figure);
  }

  /** A line from the selected figure to a target figure under the pointer (who attacks whom;
   * the rules' line of sight is the engine's, shown by the target being offered at all). */
  showAim(figure) {
    const figs = this.model.figures;
    const from = figs.find((f) => f.selected), to = figure && figs.find((f) => f.name === figure && f.target);
    const pts = from && to ? [this.eyeOf(from.name), this.eyeOf(to.name)].filter(Boolean) : [];
    this.aimLine.geometry.setFromPoints(pts);
    this.draw();
  }

  /** What the scene holds, listed for screen readers (and compared with the flat map by the tests):
   * read back from the objects built, not from the model. */
  listShown(model) {
    const items = [];
    const hexes = this.hexMesh.userData.labels;
    const li = (cls, data, text) => {
      const el = document.createElement("li");
      el.className = cls;
      for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
      el.textContent = text;
      items.push(el);
    };
    // the hexes' items are made again only with the board (hundreds of them, each update else)
    if (this.hexItemsOf !== this.hexMesh) {
      const byLab = Object.fromEntries(model.hexes.map((x) => [x[0], x]));
      for (const lab of hexes) li("hs3d-hex", { hex: lab, level: String(byLab[lab][3]), terrain: byLab[lab][4] }, `${lab}, level ${byLab[lab][3]}`);
      this.hexItems = items.splice(0);
      this.hexItemsOf = this.hexMesh;
    }
    items.push(...this.hexItems);
    for (const g of this.figureMeshes) li("hs3d-figure", { figure: g.userData.figure, hex: g.userData.hex }, `${model.say(g.userData.figure)} on ${g.userData.hex}`);
    for (const [a, b] of this.ladderEdges || []) li("hs3d-ladder", { between: `${a} ${b}` }, `a ladder between ${a} and ${b}`);
    for (const a of this.aimed) li("hs3d-aim", { from: a.from, to: a.to, spaces: String(a.info.spaces), attackHeight: String(a.info.attack_height), defenseHeight: String(a.info.defense_height) }, `${model.say(a.from)} can attack ${model.say(a.to)}: ${a.words}`);
    for (const d of this.glyphMeshes) li("hs3d-glyph", { glyph: d.userData.glyph, hex: d.userData.hex }, `a glyph on ${d.userData.hex}${d.userData.up ? "" : ", face down"}`);
    this.shownList.replaceChildren(...items);
  }
}
