/**
 * Registers /sw.js (pwa/service-worker.js) in the built app, so the app shell opens on a flaky network
 * and the app can be installed. Not in development: Vite's dev server serves modules the worker would cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the app works as before, online only.
    });
  });
}
