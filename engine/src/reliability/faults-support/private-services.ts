import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../deploy/engine-process';

/**
 * A PostgreSQL and a Redis of the test's own, on spare loopback ports, so stopping them never
 * disturbs the machine's shared services (5432, 6379). PostgreSQL refuses to run as root: as root
 * its binaries run as the `postgres` user through runuser.
 */

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or null. */
export function postgresBinaries(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(join(PG_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Why the fault tests cannot run here, or null when they can. */
export function missingBinaries(): string | null {
  const missing = [
    postgresBinaries() ? null : `PostgreSQL's initdb (looked in ${PG_ROOT}/*/bin)`,
    redisServerBinary() ? null : 'redis-server (not on PATH)',
  ].filter(Boolean);
  return missing.length ? `not installed: ${missing.join(', ')}` : null;
}

const asRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]): { status: number | null; output: string } {
  const [command, commandArgs] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

export interface PrivatePostgres {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  start(): Promise<void>;
  /** Stops it; `immediate` is a crash-like stop (no checkpoint), `fast` ends sessions cleanly. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
  log(): string;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(`PostgreSQL binaries not found in ${PG_ROOT}/*/bin`);
  const folder = mkdtempSync(join(tmpdir(), 'plantride-pg-'));
  if (asRoot())
    chownSync(
      folder,
      Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    );
  const data = join(folder, 'data');
  const logFile = join(folder, 'postgres.log');
  const user = asRoot() ? 'postgres' : userInfo().username;
  const init = run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', user, '--no-sync', '-E', 'UTF8']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const port = await freePort();
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  let running = false;
  const service: PrivatePostgres = {
    port,
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    async start() {
      // fsync off: the test stops the server, it never cuts the machine's power.
      const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
      const started = pgCtl('-o', options, '-l', logFile, '-w', '-t', '60', 'start');
      if (started.status !== 0) throw new Error(`pg_ctl start failed:\n${started.output}\n${service.log()}`);
      running = true;
    },
    async stop(mode = 'fast') {
      const stopped = pgCtl('-m', mode, '-w', '-t', '60', 'stop');
      if (stopped.status !== 0) throw new Error(`pg_ctl stop failed:\n${stopped.output}`);
      running = false;
    },
    async dispose() {
      if (running) await service.stop('immediate').catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
    log() {
      return spawnSync('tail', ['-n', '40', logFile], { encoding: 'utf8' }).stdout ?? '';
    },
  };
  return service;
}

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  /** Kills it (SIGKILL): every key is gone, as nothing is saved. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createPrivateRedis(): Promise<PrivateRedis> {
  const bin = redisServerBinary();
  if (!bin) throw new Error('redis-server not found on PATH');
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const ping = () =>
    spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
  const service: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
      const deadline = Date.now() + 30_000;
      while (!ping()) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },
    async dispose() {
      await service.stop();
    },
  };
  return service;
}
