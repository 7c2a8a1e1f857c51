import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { RIDE_REPORT_FIELDS, toRideReport, toRideReportCsvRecord, type RideReportFilter, type RideReportServerRow } from '@plantride/schemas';
import { rideReportsAfter, type ReadModels, type RideReportRecord } from '@plantride/projections';
import type { Kysely } from 'kysely';
import { toRideReportServerRow } from './report-rows';

export const REPORT_EXPORT_BATCH = 1000;

/**
 * Every matching row in page order, read in keyset batches so an export of a million rides never
 * holds more than one batch. The first batch is read before anything is sent, so a failing
 * database still gets a proper error answer.
 */
export async function reportRowStream(db: Kysely<ReadModels>, filter: RideReportFilter, batchSize = REPORT_EXPORT_BATCH): Promise<AsyncGenerator<RideReportServerRow>> {
  const first = await rideReportsAfter(db, filter, null, batchSize);
  async function* rows(): AsyncGenerator<RideReportServerRow> {
    let batch: RideReportRecord[] = first;
    for (;;) {
      for (const row of batch) yield toRideReportServerRow(row);
      const last = batch.at(-1);
      if (batch.length < batchSize || !last) return;
      batch = await rideReportsAfter(db, filter, { createdAt: last.created_at, rideId: last.ride_id }, batchSize);
    }
  }
  return rows();
}

/** The rows as one JSON array, written a row at a time. */
export function jsonArrayStream(rows: AsyncIterable<RideReportServerRow>): Readable {
  async function* chunks() {
    let separator = '[';
    for await (const row of rows) {
      yield `${separator}${JSON.stringify(row)}`;
      separator = ',';
    }
    yield separator === '[' ? '[]' : ']';
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The rows as CSV: a header line, then the 20 report columns with the spec's defaults. */
export function csvStream(rows: AsyncIterable<RideReportServerRow>): Readable {
  async function* records() {
    for await (const row of rows) yield toRideReportCsvRecord(toRideReport(row));
  }
  // escape_formulas: a name or location starting with = + - @ must not run as a spreadsheet formula.
  const csv = stringify({ header: true, columns: RIDE_REPORT_FIELDS.map((key) => ({ key })), escape_formulas: true });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
