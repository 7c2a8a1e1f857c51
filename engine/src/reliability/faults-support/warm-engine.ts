import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { EngineProcess } from '../../deploy/engine-process';

const ROOT = resolve(import.meta.dirname, '../../../..');
const ENTRY = 'engine/src/reliability/faults-support/warm-entry.ts';
const OUTPUT_LIMIT = 200_000;

/** An engine process whose modules are loaded, waiting to be told to start. */
export interface StandbyEngine {
  /** Resolves once the modules are loaded. */
  readonly loaded: Promise<void>;
  /** Starts the engine and resolves once `/api/health` answers 200. */
  start(readyTimeoutMs?: number): Promise<EngineProcess>;
  /** Ends a standby that was never started. */
  discard(): Promise<void>;
}

/**
 * Spawns `node --import tsx warm-entry.ts`: the engine's real start (server.ts) once `start` is
 * called. Every process of one test gets the same port, so a socket.io client reconnects to the
 * next process where the killed one was; the port is free again as soon as its holder is dead.
 */
export function spawnStandby(name: string, port: number, env: Record<string, string>): StandbyEngine {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let markLoaded!: () => void;
  const loaded = new Promise<void>((done) => (markLoaded = done));
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
    if (output.includes('standby: modules loaded')) markLoaded();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => (running = false));
  const kill = async (signal: NodeJS.Signals) => {
    if (running) child.kill(signal);
    await exited;
  };
  const engine: EngineProcess = { name, url, child, output: () => output, exited, kill };
  const loadedOrExited = Promise.race([
    loaded,
    exited.then(() => Promise.reject(new Error(`standby ${name} exited while loading:\n${output}`))),
  ]);
  // A standby discarded while loading rejects this; nobody may be waiting for it then.
  loadedOrExited.catch(() => undefined);

  return {
    loaded: loadedOrExited,
    async start(readyTimeoutMs = 60_000) {
      await loadedOrExited;
      child.stdin?.write('start\n');
      const deadline = Date.now() + readyTimeoutMs;
      while (Date.now() < deadline) {
        if (!running) throw new Error(`engine ${name} exited before it was ready:\n${output}`);
        const healthy = await fetch(`${url}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        );
        if (healthy) return engine;
        await new Promise((done) => setTimeout(done, 50));
      }
      await kill('SIGKILL');
      throw new Error(`engine ${name} was not ready within ${readyTimeoutMs} ms:\n${output}`);
    },
    discard: () => kill('SIGKILL'),
  };
}
