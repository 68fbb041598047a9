// The service worker of /play and /room: it keeps a copy of every page
// file and of the games dealt (GET /api/game), so a game once loaded can be
// reloaded and played to its end without the server. Network first: a
// copy is used only when the server cannot be reached, so a new binary's
// page is never hidden behind an old one. Rooms' requests are never kept:
// a room needs its server.

const CACHE = "boggle-play-1";
/** The most games kept; the oldest go first. */
const MAX_GAMES = 20;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
  const games = (await cache.keys()).filter((r) => new URL(r.url).pathname === "/api/game");
  for (const old of games.slice(0, Math.max(0, games.length - MAX_GAMES))) await cache.delete(old);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") && url.pathname !== "/api/game") return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(keep(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request).then((hit) => hit || Response.error())),
  );
});
