import { Readable } from 'node:stream';
import { MESSAGES, RIDE_REPORT_FIELDS, formatPlantInstant, formatReportGap, type RideReportFilter } from '@plantride/schemas';
import { rideReportsAfter, type ReadModels, type RideReportRecord } from '@plantride/projections';
import type { Kysely } from 'kysely';
import { gapMinutes, toRideReportServerRow } from './report-rows';

/** Rows per keyset batch of an export: one batch is the most an export holds, one chunk of text what it writes at a time. */
export const REPORT_EXPORT_BATCH = 2000;

/**
 * Every matching row in page order, a keyset batch at a time, so an export of a million rides never
 * holds more than one batch. The first batch is read before anything is sent, so a failing
 * database still gets a proper error answer. The next batch is read only when the previous one has
 * been taken (the streams below are pulled by the socket, so a slow client slows the reads).
 */
export async function reportBatches(db: Kysely<ReadModels>, filter: RideReportFilter, batchSize = REPORT_EXPORT_BATCH): Promise<AsyncGenerator<RideReportRecord[]>> {
  const first = await rideReportsAfter(db, filter, null, batchSize);
  async function* batches(): AsyncGenerator<RideReportRecord[]> {
    let batch: RideReportRecord[] = first;
    for (;;) {
      if (batch.length > 0) yield batch;
      const last = batch.at(-1);
      if (batch.length < batchSize || !last) return;
      batch = await rideReportsAfter(db, filter, { createdAt: last.created_at, rideId: last.ride_id }, batchSize);
    }
  }
  return batches();
}

/** The rows as one JSON array, written a batch at a time. */
export function jsonArrayStream(batches: AsyncIterable<RideReportRecord[]>): Readable {
  async function* chunks() {
    let separator = '[';
    for await (const batch of batches) {
      // The batch's own array without its brackets: its rows joined by commas.
      yield `${separator}${JSON.stringify(batch.map(toRideReportServerRow)).slice(1, -1)}`;
      separator = ',';
    }
    yield separator === '[' ? '[]' : ']';
  }
  return Readable.from(chunks(), { objectMode: false });
}

const NEEDS_QUOTES = /[",\r\n]/;
// escape_formulas of csv-stringify: a cell starting with one of these would run as a spreadsheet formula.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** One CSV cell as csv-stringify writes it with escape_formulas (its output is this function's test oracle). */
export function csvCell(value: string): string {
  if (value === '') return value;
  const cell = FORMULA_STARTS.has(value[0]!) ? `'${value}` : value;
  return NEEDS_QUOTES.test(value) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const unknown = (value: string | null) => value || MESSAGES.unknown;
const orNotAvailable = (value: string | null) => value || MESSAGES.notAvailable;
const time = (date: Date | null) => {
  if (date === null) return MESSAGES.notAvailable;
  const ms = date.getTime();
  return Number.isNaN(ms) ? MESSAGES.invalidDate : csvCell(formatPlantInstant(ms));
};
const gap = (from: Date | null, to: Date | null) => {
  const minutes = gapMinutes(from, to);
  return minutes === null ? MESSAGES.notAvailable : formatReportGap(minutes);
};

/**
 * One line of the report CSV, newline included: the 20 columns of RIDE_REPORT_FIELDS with the spec's
 * defaults, written straight from the record. It is what toRideReportCsvRecord(toRideReport(
 * toRideReportServerRow(row))) through csv-stringify writes (report-streams.test proves it on
 * awkward rows) without the three objects and the ISO round trip per row.
 */
export function csvLine(row: RideReportRecord): string {
  return `${csvCell(row.ride_id)},${csvCell(unknown(row.requester_name))},${csvCell(row.from_location ?? '')},${csvCell(row.to_location ?? '')},${csvCell(unknown(row.vehicle_type))},${csvCell(unknown(row.vehicle_number))},${csvCell(unknown(row.forklift_number))},${csvCell(row.status ?? '')},${time(row.created_at)},${csvCell(unknown(row.driver_id))},${csvCell(unknown(row.driver_name))},${time(row.started_at)},${time(row.ended_at)},${time(row.picked_at)},${time(row.dropped_at)},${gap(row.picked_at, row.dropped_at)},${gap(row.started_at, row.picked_at)},${time(row.last_maintenance_date)},${csvCell(orNotAvailable(row.maintenance_status))},${csvCell(unknown(row.ride_type))}\n`;
}

/** The rows as CSV: a header line, then one chunk of text per batch. */
export function csvStream(batches: AsyncIterable<RideReportRecord[]>): Readable {
  async function* chunks() {
    yield `${RIDE_REPORT_FIELDS.join(',')}\n`;
    for await (const batch of batches) {
      let text = '';
      for (const row of batch) text += csvLine(row);
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
