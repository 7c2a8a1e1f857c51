import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const OUTPUT_LIMIT = 200_000;

/** How `npm start` runs the engine: its TypeScript through tsx. */
export const TSX_ENTRY = ['--import', 'tsx', 'engine/src/server.ts'];
/** How production runs it (`npm run start:prod`, the image): the build `npm run build -w engine` leaves. */
export const COMPILED_ENTRY = ['--enable-source-maps', 'engine/dist/server.js'];

/** An engine started as its own node process (`entry`: node's arguments, from the repository root), so a test can kill it. */
export interface EngineProcess {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote to stdout and stderr (the last part), for a failing test's report. */
  output(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Ports handed to engines a test starts (which listen seconds later, and again on the same port after a
 * kill): below Linux's ephemeral range (32768–60999), so no connection's own port can take one meanwhile,
 * in a block of its own per vitest worker (VITEST_POOL_ID), so two files running at once are never handed
 * the same one; within a worker, one after another. A port something else listens on is passed over.
 */
const PORT_BLOCK = 1500;
const FIRST_PORT = 21000;
let handedOut = Math.floor(Math.random() * PORT_BLOCK);

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => done(true));
  });
  if (listening) await new Promise<void>((done) => server.close(() => done()));
  return listening;
}

export async function freePort(): Promise<number> {
  const block = Number(process.env.VITEST_POOL_ID ?? 0) % 7;
  for (let tried = 0; tried < PORT_BLOCK; tried++) {
    const port = FIRST_PORT + block * PORT_BLOCK + (handedOut++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT + block * PORT_BLOCK}–${FIRST_PORT + (block + 1) * PORT_BLOCK - 1}`);
}

export async function startEngine(
  name: string,
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
  entry: readonly string[] = TSX_ENTRY,
): Promise<EngineProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => (running = false));

  const engine: EngineProcess = {
    name,
    url,
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (running) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`engine ${name} exited before it was ready:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return engine;
    await new Promise((done) => setTimeout(done, 100));
  }
  await engine.kill('SIGKILL');
  throw new Error(`engine ${name} was not ready within ${readyTimeoutMs} ms:\n${output}`);
}
