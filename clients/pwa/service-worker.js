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

/* Web Push (issue #34 item 1). Every push shows a notification: a worker that shows none gets its
   subscription revoked by the browser. The engine sends { kind, title, body, tag, url, expiresAt };
   a payload that cannot be read still shows a plain one. One tag per ride or request, so a later push
   about it replaces the earlier. Tapping opens the page the push names, in an open window if there is one. */
const PUSH_FALLBACK = { title: 'PlantRide', body: 'Open PlantRide to see what changed.', tag: 'plantride', url: '/' };

function pushNotificationOf(data) {
  let note = null;
  try {
    note = data ? data.json() : null;
  } catch {
    note = null;
  }
  if (!note || typeof note.title !== 'string' || !note.title) return PUSH_FALLBACK;
  const url = typeof note.url === 'string' && note.url.startsWith('/') && !note.url.startsWith('//') ? note.url : '/';
  return {
    title: note.title,
    body: typeof note.body === 'string' ? note.body : '',
    tag: typeof note.tag === 'string' && note.tag ? note.tag : PUSH_FALLBACK.tag,
    url,
    // An offer waits for the driver's answer: it stays on the screen until he acts on it.
    requireInteraction: note.kind === 'offer',
  };
}

self.addEventListener('push', (event) => {
  const note = pushNotificationOf(event.data);
  event.waitUntil(
    self.registration.showNotification(note.title, {
      body: note.body,
      tag: note.tag,
      renotify: true,
      requireInteraction: Boolean(note.requireInteraction),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      vibrate: [200, 100, 200],
      data: { url: note.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && 'focus' in client);
      if (!open) return self.clients.openWindow(target);
      return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(target) : client));
    }),
  );
});
