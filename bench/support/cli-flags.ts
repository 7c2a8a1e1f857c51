import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

const COMMON = {
  mode: { type: 'string' },
  quick: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

/** The bench's flags plus the common ones (--mode embedded|services|both, --quick); --help prints `usage`. */
export function flags(usage: string, options: Options): Record<string, string | boolean | undefined> & { mode?: string; quick: boolean } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { ...COMMON, ...options }, strict: true }) as {
      values: Record<string, string | boolean | undefined>;
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return { ...values, mode: values.mode as string | undefined, quick: values.quick === true };
}

/** A whole-number flag, or the fallback; anything else stops the bench with the usage. */
export function count(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, not ${String(value)}`);
  return n;
}
