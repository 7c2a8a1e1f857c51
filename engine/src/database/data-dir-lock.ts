import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is a database inside one process: two processes opening one data folder would corrupt it.
 * The engine marks the folder it serves; tools that open the folder check the mark first.
 */
const PID_FILE = 'engine.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function pidIn(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of a live engine process serving this data folder, if any. */
export function engineServing(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = pidIn(file);
  return pid !== null && pid !== process.pid && alive(pid) ? pid : null;
}

export type DataDirLock = { held: true; release: () => void } | { held: false; by: number };

/**
 * Takes the folder for this process before anything opens it: the mark is created exclusively
 * (O_EXCL), so of two engines starting together exactly one gets it; the other learns the pid of
 * the one serving. A mark left by a process that is gone is stale and taken over (two engines
 * finding the same stale mark at the same moment can still both pass: the one case not covered).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, PID_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        if (pidIn(file) === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { held: true, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
    const pid = pidIn(file);
    // No pid yet: the winner has created the mark and is writing it.
    if (pid === null || (pid !== process.pid && alive(pid))) return { held: false, by: pid ?? 0 };
    rmSync(file, { force: true });
  }
}
