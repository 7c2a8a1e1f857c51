/* PlantRide's service worker (built to /sw.js by pwa/service-worker-plugin.ts, which puts PRECACHE and
   VERSION above this text). It keeps the app shell so the driver screen opens in a Wi-Fi dead zone:
   - page loads (navigations): the network first, the cached shell when the network fails, so a new
     build's index.html is always taken when it can be and a stale one is only a fallback;
   - /assets/ (named after their content by Vite): the cache first, they never change;
   - the manifest and icons: the network first, the cache as fallback;
   - /api/ and /socket.io/ are never touched: live data comes from the engine or not at all. */
/* global PRECACHE, VERSION */
const CACHE = `plantride-shell-${VERSION}`;
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('plantride-shell-') && name !== CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (failure) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw failure;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request, request));
});
