/**
 * The door pages' service worker (issue 32), served from /admin/check-in/door-sw.js with the scope
 * /admin/check-in/: it keeps what the door page needs to open without a network, and nothing else of
 * the site. The attendee list and the queued check-ins are not here but in the page's IndexedDB
 * (door-store.ts); the worker keeps the page itself and its scripts, styles and fonts.
 *
 * - The door page tells the worker what it loaded (`{ type: "keep", build, urls }`, offline-door.tsx):
 *   the worker fetches what it does not have yet into the cache named after the build (a hash of the
 *   page's script addresses), and drops the caches of earlier builds, so a new release replaces the
 *   shell at the next visit with the network.
 * - An event's door page is kept as its shell (`?shell`: the page without anyone's name or address,
 *   which the phone's own list fills offline). A door page is fetched from the network; without one the
 *   kept shell of that event answers (whatever the query: the page's script shows the ticket or search),
 *   or a short page saying it was not saved on this phone.
 * - The build's files (/_next/static/, named by their content) come from the cache once kept.
 * - Everything else (the list's JSON, the sync, sign-in) goes to the network untouched.
 *
 * Plain JavaScript in a string: it runs in the worker as it is, and its bytes change only when this
 * code does, which is when browsers should install it again.
 */
export const DOOR_SERVICE_WORKER = String.raw`"use strict";
const PREFIX = "vva-door-";
const DOOR_PAGE = /^\/admin\/check-in\/\d+\/?$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function currentCache() {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
  return names.length > 0 ? caches.open(names[names.length - 1]) : undefined;
}

async function keep(build, urls) {
  const name = PREFIX + build;
  for (const old of await caches.keys()) if (old.startsWith(PREFIX) && old !== name) await caches.delete(old);
  const cache = await caches.open(name);
  for (const url of urls) {
    if (await cache.match(url, { ignoreVary: true })) continue;
    const response = await fetch(DOOR_PAGE.test(url) ? url + "?shell" : url, { credentials: "same-origin" });
    if (!response.ok || response.redirected) throw new Error(url + " answered " + response.status);
    await cache.put(url, response);
  }
}

self.addEventListener("message", (event) => {
  const data = event.data;
  const port = event.ports[0];
  if (!data || data.type !== "keep" || typeof data.build !== "string" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === "string" && url.startsWith("/") && !url.startsWith("//"));
  event.waitUntil(
    keep(data.build, urls).then(
      () => port && port.postMessage({ kept: true }),
      (error) => port && port.postMessage({ kept: false, error: String(error) }),
    ),
  );
});

function notSaved() {
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Offline: page not saved</title></head><body style=\"font-family: system-ui, sans-serif; margin: 2rem; max-width: 40rem\">" +
    "<h1>You are offline</h1><p>This page was not saved on this phone. An event's door page opened once with the network works offline: go back to it.</p></body></html>";
  return new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

async function page(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await currentCache();
    const kept = cache && (await cache.match(url.pathname, { ignoreVary: true }));
    return kept || notSaved();
  }
}

async function buildFile(request) {
  const cache = await currentCache();
  const kept = cache && (await cache.match(request, { ignoreVary: true }));
  if (kept) return kept;
  const response = await fetch(request);
  if (cache && response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname.startsWith("/admin/check-in/")) event.respondWith(page(request, url));
  else if (url.pathname.startsWith("/_next/static/")) event.respondWith(buildFile(request));
});
`;
