import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = resolve(ROOT, 'bench-results');

type Cell = string | number | null | undefined;

const show = (cell: Cell) => (cell === null || cell === undefined || (typeof cell === 'number' && Number.isNaN(cell)) ? '–' : String(cell));

/** A table for people: a title, then aligned columns (numbers right-aligned). */
export function printTable(title: string, headers: readonly string[], rows: readonly Cell[][]): void {
  const text = rows.map((row) => row.map(show));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[], raw?: readonly Cell[]) =>
    cells
      .map((cell, i) => (typeof raw?.[i] === 'number' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  text.forEach((row, i) => console.log(line(row, rows[i])));
}

/** Writes the bench's figures as JSON under bench-results/: a dated file and `<bench>-latest.json`. */
export function writeResults(bench: string, results: unknown): string {
  mkdirSync(RESULTS, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const body = `${JSON.stringify(results, null, 2)}\n`;
  const file = resolve(RESULTS, `${bench}-${stamp}.json`);
  writeFileSync(file, body);
  writeFileSync(resolve(RESULTS, `${bench}-latest.json`), body);
  console.log(`\nJSON: ${file}`);
  return file;
}
