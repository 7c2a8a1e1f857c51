import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = new URL('./service-worker.js', import.meta.url);

/**
 * Emits /sw.js: pwa/service-worker.js with this build's files to precache (the JS and CSS chunks, the
 * manifest and icons) and a VERSION made from their names, so each build's worker differs by a byte and
 * the browser installs it, dropping the old build's cache.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'plantride-service-worker',
    apply: 'build',
    generateBundle(_, bundle) {
      const built = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      const precache = [...built, 'manifest.webmanifest', 'icon-192.png', 'icon-512.png'].map((file) => `/${file}`).sort();
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = '${version}';\n${readFileSync(SOURCE, 'utf8')}`,
      });
    },
  };
}
