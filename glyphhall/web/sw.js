// Glyph Hall's service worker: shows the pushes the hall sends ("Your turn at Glyfts against
// Bob") and opens the table when the notification is clicked. Served at /sw.js so that its
// scope is the whole hall.
self.addEventListener("push", (event) => {
  let data;
  try { data = event.data.json(); } catch { data = { title: "Glyph Hall", body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(data.title || "Glyph Hall", {
    body: data.body || "", tag: data.tag || "glyphhall", icon: "/static/favicon.svg", data: { url: data.url || "/me" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
    const same = open.find((c) => c.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});
