import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_ENTRY, startEngine, type EngineProcess } from './engine-process';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const DIST = resolve(ROOT, 'engine/dist');
const packageJson = (workspace: string) =>
  JSON.parse(readFileSync(resolve(ROOT, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
  };

interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
}

/** Every JavaScript file of the build, with the packages it leaves to node_modules (esbuild's metafile). */
function externalPackages(): Map<string, Set<string>> {
  const { outputs } = JSON.parse(readFileSync(join(DIST, 'meta.json'), 'utf8')) as Metafile;
  return new Map(
    Object.entries(outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, output]) => [
        relative(DIST, resolve(ROOT, 'engine', file)),
        new Set(
          output.imports
            .filter((entry) => entry.external && !entry.path.startsWith('node:'))
            .map((entry) =>
              entry.path
                .split('/')
                .slice(0, entry.path.startsWith('@') ? 2 : 1)
                .join('/'),
            ),
        ),
      ]),
  );
}

// The production image runs `node engine/dist/server.js` on production dependencies only: no tsx,
// no TypeScript. This builds the engine as the image does and runs it the same way, on this Node.
describe('the compiled engine (npm run build -w engine, then node engine/dist/server.js)', () => {
  let dataDir: string;
  let clientDist: string;
  let engine: EngineProcess | undefined;

  beforeAll(async () => {
    await run('npm', ['run', 'build', '-w', 'engine'], { cwd: ROOT });
    dataDir = mkdtempSync(join(tmpdir(), 'plantride-compiled-'));
    clientDist = mkdtempSync(join(tmpdir(), 'plantride-compiled-client-'));
    mkdirSync(join(clientDist, 'assets'));
    writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>PlantRide</title>');
    writeFileSync(join(clientDist, 'assets/index-abc123.js'), 'console.log(1);');
  });
  afterAll(async () => {
    await engine?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDist, { recursive: true, force: true });
  });

  it('the production start scripts run the build with node, not tsx', () => {
    expect(packageJson('.').scripts?.['start:prod']).toBe(`node ${COMPILED_ENTRY.join(' ')}`);
    expect(packageJson('engine').scripts?.['start:prod']).toBe(`node ${COMPILED_ENTRY.join(' ').replace('engine/', '')}`);
    // The newcomer's command is unchanged.
    expect(packageJson('engine').scripts?.start).toBe('tsx src/server.ts');
  });

  it('bundles the workspace packages (TypeScript sources) and leaves only production dependencies to node_modules', () => {
    const production = new Set(
      ['engine', 'schemas', 'projections'].flatMap((workspace) => Object.keys(packageJson(workspace).dependencies ?? {})),
    );
    const imports = externalPackages();
    expect([...imports.keys()]).toEqual(expect.arrayContaining(['server.js', 'replay.cli.js', 'rebuild.cli.js']));
    for (const [file, packages] of imports) {
      for (const name of packages) {
        expect(name.startsWith('@plantride/'), `${file} imports ${name}`).toBe(false);
        expect(production.has(name), `${file} imports ${name}, not a production dependency`).toBe(true);
      }
    }
  });

  it('starts on the embedded store, answers health, serves the client, and stops cleanly on SIGTERM', async () => {
    engine = await startEngine('compiled', { DATA_DIR: dataDir, CLIENT_DIST: clientDist, LOG_LEVEL: 'warn' }, undefined, COMPILED_ENTRY);
    const health = await fetch(`${engine.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: 'pglite' });
    const page = await fetch(`${engine.url}/signin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>PlantRide</title>');
    const asset = await fetch(`${engine.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    await engine.kill('SIGTERM');
    expect(engine.child.exitCode, engine.output()).toBe(0);
    engine = undefined;
    // Vitest's 30 s default is less than a loaded machine may take to open a fresh PGlite store;
    // startEngine itself waits up to 90 s for health.
  }, 120_000);

  it('the compiled replay command opens the same store once the engine has stopped', async () => {
    const replay = await run(process.execPath, ['engine/dist/replay.cli.js', 'no-such-ride'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(replay.stderr).toContain('Ride not found: no-such-ride');
    expect(replay.code).toBe(1);
  });
});
