import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLIENT_DIST, prepareTemplate, type EngineTemplate } from './support/engine-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder every file's engine starts on a copy of (support/engine-process.ts). */
    engineTemplate: EngineTemplate;
  }
}

/**
 * Builds nothing (`npm run build -w clients` first, as .ci/run does): checks the built client is there.
 * Starts one engine on a fresh folder and stops it: each test file's engine (support/file-engine.ts)
 * starts on a copy of that folder, so files run side by side and share nothing.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(CLIENT_DIST, 'index.html'))) {
    throw new Error(`${CLIENT_DIST}/index.html is missing: run \`npm run build -w clients\` before the browser tests`);
  }
  const template = await prepareTemplate();
  project.provide('engineTemplate', template);
  return () => rmSync(template.dataDir, { recursive: true, force: true });
}
