import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The pid of a live engine process serving this data folder, if any. */
export function engineServing(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Marks the folder as served by this process until it exits. */
export function markServing(dataDir: string): () => void {
  const file = join(dataDir, PID_FILE);
  writeFileSync(file, String(process.pid));
  const unmark = () => rmSync(file, { force: true });
  process.once('exit', unmark);
  return unmark;
}
