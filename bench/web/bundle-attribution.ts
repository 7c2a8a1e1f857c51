import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceMapConsumer as Consumer } from 'source-map-js';

/**
 * Raw bytes of generated JS per npm package (or 'app' for our own sources), read from each chunk's
 * source map the way source-map-explorer does. source-map-js comes with the build tools; without it
 * the attribution is skipped.
 */
export async function bytesByPackage(out: string, files: readonly string[]): Promise<Record<string, number> | null> {
  let SourceMapConsumer: typeof Consumer;
  try {
    ({ SourceMapConsumer } = await import('source-map-js'));
  } catch {
    return null;
  }
  const totals: Record<string, number> = {};
  for (const file of files) {
    let map;
    try {
      map = JSON.parse(readFileSync(join(out, `${file}.map`), 'utf8'));
    } catch {
      continue;
    }
    const lines = readFileSync(join(out, file), 'utf8').split('\n');
    const consumer = new SourceMapConsumer(map);
    let previous: { line: number; column: number; source: string | null } | null = null;
    const credit = (source: string | null, bytes: number) => {
      const pkg = source?.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (source ? 'app' : 'unmapped');
      totals[pkg] = (totals[pkg] ?? 0) + bytes;
    };
    consumer.eachMapping((m) => {
      if (previous && previous.line === m.generatedLine) credit(previous.source, m.generatedColumn - previous.column);
      else if (previous) credit(previous.source, (lines[previous.line - 1]?.length ?? 0) - previous.column);
      previous = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
    });
    if (previous)
      credit(
        (previous as { source: string | null }).source,
        (lines[(previous as { line: number }).line - 1]?.length ?? 0) - (previous as { column: number }).column,
      );
  }
  return totals;
}
