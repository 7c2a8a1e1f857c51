import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** The built client the engines serve: clients/dist, or BROWSER_CLIENT_DIST (a build of one's own while others rebuild clients/dist). */
export const CLIENT_DIST = process.env.BROWSER_CLIENT_DIST ? resolve(process.env.BROWSER_CLIENT_DIST) : join(REPO_ROOT, 'clients/dist');

export interface RunningEngine {
  baseUrl: string;
  adminTokenNo: string;
  adminPassword: string;
  /** Stops it (SIGTERM) and removes its data folder, unless `keep`. */
  stop: (options?: { keep?: boolean }) => Promise<void>;
}

/**
 * The port the engine bound, from its start line. It binds port 0 (the system picks a free one) rather
 * than a port picked here and handed over: between the pick and the engine's listen, which takes seconds,
 * the file running beside this one could be handed the same port and its engine would answer our health
 * check, our admin's sign-in then refused (a CI failure on record, docs/RELIABILITY.md).
 */
async function boundPort(child: ChildProcess, log: () => string): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The engine exited with ${child.exitCode}:\n${log()}`);
    const started = /"port":(\d+),"msg":"PlantRide engine on port/.exec(log());
    if (started) return Number(started[1]);
    await new Promise((next) => setTimeout(next, 100));
  }
  throw new Error(`The engine did not say which port it listens on within 2 minutes:\n${log()}`);
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The engine exited with ${child.exitCode}:\n${log()}`);
    try {
      const answer = await fetch(`${baseUrl}/api/health`);
      if (answer.ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((next) => setTimeout(next, 250));
  }
  throw new Error(`The engine did not answer /api/health within a minute of listening:\n${log()}`);
}

/**
 * A data folder an engine has started on and stopped: its store migrated, its projections built and its
 * admin account made. Each file's engine starts on a copy (global-setup.ts makes it once per run), which
 * skips a first start's set-up on every file; what a first start does is the engine tests' business.
 */
export interface EngineTemplate {
  dataDir: string;
  adminTokenNo: string;
  adminPassword: string;
}

/** The data folder the global set-up prepares: an engine started on a fresh folder, then stopped. */
export async function prepareTemplate(): Promise<EngineTemplate> {
  const template = {
    dataDir: mkdtempSync(join(tmpdir(), 'plantride-template-')),
    adminTokenNo: 'AD77',
    adminPassword: randomBytes(9).toString('base64url'),
  };
  const engine = await startEngine(template, { copy: false });
  await engine.stop({ keep: true });
  return template;
}

/**
 * The real engine on its own embedded store (a copy of `template`'s folder, or the template's folder
 * itself when `copy` is false), serving the built client, with one admin account.
 */
export async function startEngine(
  template: EngineTemplate,
  { copy = true, env = {} }: { copy?: boolean; env?: Record<string, string> } = {},
): Promise<RunningEngine> {
  const dataDir = copy ? mkdtempSync(join(tmpdir(), 'plantride-browser-')) : template.dataDir;
  if (copy) cpSync(template.dataDir, dataDir, { recursive: true });
  const { adminTokenNo, adminPassword } = template;
  let output = '';
  // The embedded store and in-process timers, whatever the shell running the tests points at.
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) delete inherited[name];
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['engine/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO: '0',
      ADMIN_TOKEN_NO: adminTokenNo,
      ADMIN_PASSWORD: adminPassword,
      // Info, for the start line that names the bound port (boundPort).
      LOG_LEVEL: 'info',
      // Every test signs in from 127.0.0.1.
      SIGNIN_MAX_PER_ADDRESS: '100000',
      SIGNIN_MAX_PER_TOKEN: '100000',
      // Set-up steps run faster than people click; the per-user command limit is tested in the engine.
      COMMAND_RATE_BURST: '100000',
      COMMAND_RATE_PER_SEC: '100000',
      // A file's own settings (a second engine of its own, say with Web Push set up).
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The output a failure shows: warnings and errors, the start line, and anything not a log line.
  let partial = '';
  const keep = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    const kept = lines.filter((line) => !/^\{"level":[1-3]0,/.test(line) || line.includes('"msg":"PlantRide engine on port'));
    if (kept.length > 0) output = (output + kept.join('\n') + '\n').slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${await boundPort(child, () => output)}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    adminTokenNo,
    adminPassword,
    stop: async ({ keep = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
