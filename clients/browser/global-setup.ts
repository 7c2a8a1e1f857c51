import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIST } from './support/engine-process';

/**
 * Builds nothing (`npm run build -w clients` first, as .ci/run does): checks the built client is there.
 * Each test file starts its own engine (support/file-engine.ts), so files run side by side.
 */
export default function setup() {
  if (!existsSync(join(CLIENT_DIST, 'index.html'))) {
    throw new Error(`${CLIENT_DIST}/index.html is missing: run \`npm run build -w clients\` before the browser tests`);
  }
}
