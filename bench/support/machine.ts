import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryMb: number;
  node: string;
  postgres: string | null;
  redis: string | null;
  /** 1-minute load average before the bench began. */
  loadAverage: number;
  /** Share of the CPUs other processes used in the second before the bench began (0–1). */
  busyBefore: number;
  /** True when other work was running: the figures are then depressed. */
  busy: boolean;
}

const quiet = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
  } catch {
    return null;
  }
};

export function cpuTicks(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // idle + iowait
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
}

/** Share of all CPUs busy over `ms`, measured from /proc/stat. */
export async function cpuBusyShare(ms = 1000): Promise<number> {
  const before = cpuTicks();
  await new Promise((done) => setTimeout(done, ms));
  const after = cpuTicks();
  const total = after.total - before.total;
  return total > 0 ? Math.round((1 - (after.idle - before.idle) / total) * 100) / 100 : 0;
}

/** What the figures were taken on, written beside them; measured before the bench starts anything. */
export async function machineInfo(): Promise<MachineInfo> {
  const busyBefore = await cpuBusyShare();
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(totalmem() / 2 ** 20),
    node: process.version,
    postgres: quiet('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'test', '-Atc', 'show server_version']),
    redis: quiet('redis-server', ['--version'])?.match(/v=(\S+)/)?.[1] ?? null,
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
    busyBefore,
    // A quiet machine idles near 0; anything past a fifth of it is someone else's work.
    busy: busyBefore > 0.2 || loadavg()[0]! > availableParallelism() * 0.5,
  };
}
