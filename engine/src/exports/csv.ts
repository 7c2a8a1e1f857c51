import { stringify, type Options } from 'csv-stringify/sync';

/**
 * The one CSV dialect of every export (issue #31): comma-separated, one line per row. A cell is
 * quoted when it holds the delimiter, a quote or a line break (csv-stringify's own rule) and also a
 * semicolon or a tab, the list separators of other locales: Excel set to `;` splits an unquoted
 * `Bob;=cmd|' /C calc'!A0` into a second cell that it runs. A cell that starts as a formula would
 * (=, +, -, @, tab, CR, their full-width forms) gets a leading apostrophe (`escape_formulas`).
 */
export const CSV_OPTIONS: Options = { escape_formulas: true, quoted_match: /[;\t]/ };

/** Rows of cells as CSV text, a line each, in the one dialect. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], CSV_OPTIONS);
}
