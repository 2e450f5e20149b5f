// @ts-check
// An orbit camera for the 3D battlefield: drag to turn, wheel or pinch to zoom, right-drag,
// Shift-drag or two fingers to pan, and a reset. Pointer events only (mouse, pen and touch alike).
// A pointer that barely moved between down and up is a pick, not a drag: `onPick` gets it.
import * as THREE from "../vendor/three/three.module.min.js";

const DRAG_PX = 6;  // moved less than this between down and up: a click or tap

export class OrbitCamera {
  constructor(camera, element, onChange, onPick) {
    this.camera = camera;
    this.element = element;
    this.onChange = onChange;
    this.onPick = onPick;
    this.target = new THREE.Vector3();
    this.home = { target: new THREE.Vector3(), radius: 20, theta: 0, phi: 0.9 };
    this.radius = 20; this.theta = 0; this.phi = 0.9;
    this.minRadius = 3; this.maxRadius = 200;
    this.pointers = new Map();
    this.moved = 0;
    element.style.touchAction = "none";
    element.addEventListener("pointerdown", (e) => this.down(e));
    element.addEventListener("pointermove", (e) => this.move(e));
    element.addEventListener("pointerup", (e) => this.up(e));
    element.addEventListener("pointercancel", (e) => this.pointers.delete(e.pointerId));
    element.addEventListener("wheel", (e) => { e.preventDefault(); this.zoom(Math.exp(e.deltaY * 0.0015)); }, { passive: false });
    element.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  /** Frame a battlefield: its centre and size (world units) become the home the reset returns to. */
  frame(centre, size, theta = 0) {
    this.size = size;
    this.home = { target: centre.clone(), radius: this.fitRadius(), theta, phi: 0.85 };
    this.maxRadius = Math.max(40, size * 4);
    this.reset();
  }

  /** Far enough to see the whole battlefield across the view's width (a phone's is narrow). */
  fitRadius() {
    return Math.max(6, (this.size || 20) * 1.05 * Math.max(1, 1.3 / (this.camera.aspect || 1)));
  }

  /** The view changed shape: the home distance follows, and so does the camera if still at home. */
  refit() {
    const atHome = this.radius === this.home.radius && this.theta === this.home.theta && this.phi === this.home.phi
      && this.target.equals(this.home.target);
    this.home.radius = this.fitRadius();
    if (atHome) this.reset();
  }

  reset() {
    this.target.copy(this.home.target);
    this.radius = this.home.radius; this.theta = this.home.theta; this.phi = this.home.phi;
    this.apply();
  }

  /** Turn around the target (radians): the bench and the keyboard use it as a drag does. */
  turn(dTheta, dPhi = 0) {
    this.theta += dTheta;
    this.phi = Math.min(1.45, Math.max(0.12, this.phi + dPhi));
    this.apply();
  }

  zoom(factor) {
    this.radius = Math.min(this.maxRadius, Math.max(this.minRadius, this.radius * factor));
    this.apply();
  }

  pan(dx, dy) {
    // screen pixels -> world units on the ground plane, along the camera's right and forward
    const scale = this.radius / Math.max(200, this.element.clientHeight);
    const right = new THREE.Vector3(Math.cos(this.theta), 0, -Math.sin(this.theta));
    const forward = new THREE.Vector3(Math.sin(this.theta), 0, Math.cos(this.theta));
    this.target.addScaledVector(right, -dx * scale).addScaledVector(forward, -dy * scale);
    this.apply();
  }

  apply() {
    const sinPhi = Math.sin(this.phi);
    this.camera.position.set(
      this.target.x + this.radius * sinPhi * Math.sin(this.theta),
      this.target.y + this.radius * Math.cos(this.phi),
      this.target.z + this.radius * sinPhi * Math.cos(this.theta));
    this.camera.lookAt(this.target);
    this.onChange();
  }

  down(e) {
    this.element.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, button: e.button, shift: e.shiftKey });
    if (this.pointers.size === 1) this.moved = 0;
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    this.moved += Math.abs(dx) + Math.abs(dy);
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0 && after > 0) this.zoom(before / after);
      this.pan(dx / 2, dy / 2);
      return;
    }
    p.x = e.clientX; p.y = e.clientY;
    if (this.moved < DRAG_PX) return;
    if (p.button === 2 || p.shift || e.shiftKey) this.pan(dx, dy);
    else this.turn(-dx * 0.008, -dy * 0.006);
  }

  up(e) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (p && this.pointers.size === 0 && this.moved < DRAG_PX && p.button !== 2) this.onPick(e);
  }
}
