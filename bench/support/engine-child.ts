import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '../../engine/src/deploy/engine-process';
import type { BenchStore } from './bench-modes';
import { startNode, type NodeChild } from './child-process';
import { ROOT } from './report';

export interface EngineChild extends NodeChild {
  readonly url: string;
  readonly adminTokenNo: string;
  readonly adminPassword: string;
}

/** The engine runs in production, where /metrics opens only with a token. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface EngineOptions {
  /** Extra environment (LOG_LEVEL, timers…). */
  env?: Record<string, string>;
  /** Writes a V8 CPU profile of the engine into this folder when it stops. */
  cpuProfDir?: string;
  readyTimeoutMs?: number;
}

/** Builds the engine as a deployment runs it (`npm run build -w engine`: plain JavaScript in engine/dist); once per bench. */
let built = false;
function buildEngine(): void {
  if (built) return;
  execFileSync(process.execPath, ['engine/scripts/build.mjs'], { cwd: ROOT, stdio: 'ignore' });
  built = true;
}

/**
 * The engine as a deployment runs it (`node engine/dist/server.js`, as `npm run start:prod`), built
 * from the sources first, on a loopback port of its own. Compiled, it holds about 90 MB less than
 * under tsx (157 against 243 MB resident after start-up on 2026-11-27).
 */
export async function startEngine(store: BenchStore, options: EngineOptions = {}): Promise<EngineChild> {
  buildEngine();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminTokenNo = 'AD01';
  const adminPassword = randomBytes(12).toString('hex');
  const child = startNode('engine/dist/server.js', {
    logFile: join(store.dir, `engine-${port}.log`),
    // BENCH_ENGINE_NODE_ARGS: node flags to try on the engine (e.g. `--trace-gc`, heap sizes), space-separated.
    nodeArgs: [
      '--enable-source-maps',
      ...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []),
      ...(process.env.BENCH_ENGINE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO: '0',
      ADMIN_TOKEN_NO: adminTokenNo,
      ADMIN_PASSWORD: adminPassword,
      CLIENT_DIST: '/nonexistent',
      NODE_ENV: 'production',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      // The bench signs every party in from one address.
      SIGNIN_MAX_PER_ADDRESS: '1000000',
      SIGNIN_MAX_PER_TOKEN: '1000000',
      // Each party commands as fast as the engine answers: the bench measures the engine, not the per-user limit.
      COMMAND_RATE_BURST: '1000000',
      COMMAND_RATE_PER_SEC: '1000000',
      ...options.env,
    },
  });
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (!child.running()) throw new Error(`the engine exited before it was ready:\n${child.tail()}`);
    if (
      await fetch(`${url}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return { ...child, url, adminTokenNo, adminPassword };
    await new Promise((done) => setTimeout(done, 200));
  }
  await child.stop('SIGKILL');
  throw new Error(`the engine was not ready in time:\n${child.tail()}`);
}
