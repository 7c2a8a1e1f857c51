import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { RIDE_REPORT_CSV_COLUMNS, RIDE_REPORT_CSV_FIELDS, toRideReport, toRideReportCsvRecord } from '@plantride/schemas';
import type { RideReportRecord } from '@plantride/projections';
import { toRideReportServerRow } from './report-rows';
import { toRideReportExportRecord } from '../test-support/report-export';
import { csvStream, jsonArrayStream } from './report-streams';
import { CSV_OPTIONS, csvText } from '../exports/csv';

const text = async (stream: Readable) => {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
};

async function* batchesOf<Row>(...batches: Row[][]) {
  for (const batch of batches) yield batch;
}

// Names and places people type, including what a CSV must quote or defuse.
const AWKWARD = [
  'Rao, Asha',
  'say "hi"',
  '=HYPERLINK("x")',
  '+91 98',
  '-5',
  '@home',
  '\tTab',
  'line\nbreak',
  'cr\rhere',
  '＝full',
  '＋plus',
  '－minus',
  '＠at',
  "O'Neil",
  'Ünïcødé',
  '',
  ' lead space',
  'a,b"c\nd',
  "Bob;=cmd|' /C calc'!A0;",
  'x\t=1+1',
  '; -2',
];

// What a spreadsheet takes for a formula at the start of a cell (csv-stringify's escape_formulas list).
const FORMULA = /^[=+\-@\t\r＝＋－＠]/;

/** The cells a spreadsheet splitting on `separator` reads, honouring double quotes as CSV does. */
function spreadsheetCells(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === separator || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    } else {
      cell += c;
    }
  }
  return rows;
}

function record(i: number): RideReportRecord {
  const pick = (offset: number) => AWKWARD[(i + offset) % AWKWARD.length]!;
  // Instants across decades, with milliseconds, some before 1946 (where Intl formats) and around plant midnight.
  const base = Date.UTC(1930 + (i % 120), i % 12, 1 + (i % 28), 18, 29, 59) + (i % 1000);
  const at = (minutes: number | null) => (minutes === null ? null : new Date(base + minutes * 60_000 + i * 7));
  return {
    ride_id: i % 9 === 0 ? pick(0) : `R${i}`,
    requester_name: pick(2),
    from_location: pick(3),
    to_location: pick(4),
    vehicle_type: i % 7 === 0 ? '' : 'Forklift',
    ride_type: pick(5),
    status: i % 8 === 0 ? 'waiting_for_reassignment' : 'completed',
    created_at: at(0)!,
    driver_id: i % 5 === 0 ? null : `D${i}`,
    driver_name: i % 5 === 0 ? null : pick(1),
    vehicle_number: i % 3 === 0 ? null : `MH12 AB ${i}`,
    forklift_number: i % 4 === 0 ? null : String(i % 40),
    started_at: at(i % 2 === 0 ? 5 : null),
    picked_at: at(i % 10 === 0 ? null : 10.5),
    dropped_at: at(i % 2 === 0 ? 22.75 + i / 1000 : null),
    ended_at: at(i % 3 === 0 ? null : 30),
    priority: i % 6 === 0 ? 'urgent' : 'normal',
    sla_met: [true, false, null][i % 3] ?? null,
    // Loads with awkward descriptions, a quantity with a thousands comma, and none at all.
    load:
      i % 4 === 0
        ? null
        : { description: pick(6), quantity: i * 37, unit: 'pallets', weightKg: i + 0.5, handling: i % 2 ? ['fragile', 'hazardous'] : [] },
    maintenance_status: i % 2 === 0 ? null : 'completed',
    last_maintenance_date: i % 2 === 0 ? null : at(-10_000),
    // Issue #34 item 2: a step recorded without its scan, with an awkward reason.
    scan_overrides: i % 5 === 0 ? `Material Picked at ${pick(3)}: ${pick(7)}` : null,
  };
}

describe('report export streams', () => {
  it('writes what the report rows, cells and csv-stringify with escape_formulas write, header first, whatever the batches', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => record(i));
    const oracle = stringify(
      rows.map((r) => toRideReportCsvRecord(toRideReport(toRideReportServerRow(r)))),
      {
        header: true,
        columns: RIDE_REPORT_CSV_FIELDS.map((key, i) => ({ key, header: RIDE_REPORT_CSV_COLUMNS[i] })),
        ...CSV_OPTIONS,
      },
    );
    const exported = rows.map(toRideReportExportRecord);
    expect(await text(csvStream(batchesOf(exported.slice(0, 7), exported.slice(7, 150), exported.slice(150))))).toBe(oracle);
    expect(await text(csvStream(batchesOf()))).toBe(`${RIDE_REPORT_CSV_COLUMNS.join(',')}\n`);
  });

  it.each([',', ';', '\t'])(
    'given a spreadsheet whose list separator is %j, when it opens an export of awkward cells, then each stays one cell with its text and none starts a formula',
    (separator) => {
      const lines = csvText(AWKWARD.map((value) => [value, 'x']));
      const cells = spreadsheetCells(lines, separator);
      expect(cells).toHaveLength(AWKWARD.length);
      cells.forEach((row, i) => {
        const value = AWKWARD[i]!;
        // A comma-separated sheet reads two cells; another reads the line as one, and then it must be the quoted cell whole.
        if (separator === ',') expect(row).toEqual([FORMULA.test(value) ? `'${value}` : value, 'x']);
        for (const cell of row) expect(FORMULA.test(cell), `${JSON.stringify(cell)} of ${JSON.stringify(value)}`).toBe(false);
      });
    },
  );

  it('writes the rows in the server form as one JSON array across batches, and [] for none', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => record(i));
    expect(JSON.parse(await text(jsonArrayStream(batchesOf(rows.slice(0, 1), rows.slice(1, 20), rows.slice(20)))))).toEqual(
      rows.map(toRideReportServerRow),
    );
    expect(await text(jsonArrayStream(batchesOf()))).toBe('[]');
  });
});
