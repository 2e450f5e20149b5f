// @ts-check
// Push notifications on this browser: the service worker, the subscription with the hall's key,
// and telling the server about it (or that it is gone).
import { api } from "./dom.js";

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration() {
  return navigator.serviceWorker.register("/sw.js");
}

/** "on", "off", "blocked" (notifications refused) or "unsupported". */
export async function pushState() {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = reg && await reg.pushManager.getSubscription();
  return sub ? "on" : "off";
}

function keyBytes(base64url) {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export async function enablePush() {
  if (await Notification.requestPermission() !== "granted") throw new Error("notifications are not allowed in this browser");
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const { key } = await api("GET", "/api/push/key");
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await api("POST", "/api/push/subscribe", sub.toJSON());
}

export async function disablePush() {
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = reg && await reg.pushManager.getSubscription();
  if (!sub) return;
  await api("POST", "/api/push/unsubscribe", sub.toJSON());
  await sub.unsubscribe();
}
