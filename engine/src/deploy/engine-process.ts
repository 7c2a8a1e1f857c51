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

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
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
