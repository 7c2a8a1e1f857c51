import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './report';

// Plain JavaScript, so a compiled script runs without TypeScript's loader.
const PRELOAD = resolve(import.meta.dirname, 'exit-usage.preload.mjs');

export interface ExitUsage {
  maxRssKb: number;
  userMs: number;
  systemMs: number;
}

export interface NodeChild {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly logFile: string;
  readonly exited: Promise<number | null>;
  running(): boolean;
  /** The last part of what it printed. */
  tail(chars?: number): string;
  /** Resident memory now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
  memory(): { rssMb: number; peakMb: number } | null;
  /** Forgets the peak so far (Linux clear_refs), so the next peak is of what follows. */
  resetPeak(): boolean;
  /** User + system CPU seconds so far (/proc/<pid>/stat). */
  cpuSeconds(): number | null;
  /** Its own account of peak memory and CPU, written at exit. */
  exitUsage(): ExitUsage | null;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/**
 * A `node --import tsx <script>` child (plain `node <script>` for a `.js` one) with its output in a
 * log file (so the bench spends nothing reading it).
 */
export function startNode(
  script: string,
  options: { env: Record<string, string>; logFile: string; nodeArgs?: string[]; args?: string[] },
): NodeChild {
  const out = openSync(options.logFile, 'a');
  const usageFile = `${options.logFile}.usage.json`;
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(script.endsWith('.js') ? [] : ['--import', 'tsx']),
      '--import',
      PRELOAD,
      script,
      ...(options.args ?? []),
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env, BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', out, out],
    },
  );
  closeSync(out);
  let alive = true;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => ((alive = false), done(code))));
  const pid = child.pid!;
  return {
    child,
    pid,
    logFile: options.logFile,
    exited,
    running: () => alive,
    tail: (chars = 4000) => (existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8').slice(-chars) : ''),
    memory: () => processMemory(pid),
    resetPeak() {
      try {
        // '5' resets the peak resident set size (VmHWM).
        const fd = openSync(`/proc/${pid}/clear_refs`, 'w');
        try {
          writeSync(fd, '5');
        } finally {
          closeSync(fd);
        }
        return true;
      } catch {
        return false;
      }
    },
    cpuSeconds: () => processCpuSeconds(pid),
    exitUsage() {
      try {
        return JSON.parse(readFileSync(usageFile, 'utf8')) as ExitUsage;
      } catch {
        return null;
      }
    },
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (alive) child.kill(signal);
      const timer = setTimeout(() => alive && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
export function processMemory(pid: number): { rssMb: number; peakMb: number } | null {
  const status = (field: string) => {
    try {
      const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
      return match ? Number(match[1]) / 1024 : null;
    } catch {
      return null;
    }
  };
  const [rss, peak] = [status('VmRSS'), status('VmHWM')];
  return rss === null || peak === null ? null : { rssMb: Math.round(rss * 10) / 10, peakMb: Math.round(peak * 10) / 10 };
}

/** A process's user + system CPU seconds so far (/proc/<pid>/stat). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 (1-based), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
