import { Readable } from 'node:stream';
import {
  MESSAGES,
  RIDE_REPORT_CSV_COLUMNS,
  formatPlantInstant,
  formatReportGap,
  formatReportSlaMet,
  reportLoadCells,
  type RideReportFilter,
} from '@plantride/schemas';
import {
  rideReportExportAfter,
  rideReportsAfter,
  type ReadModels,
  type RideReportCursor,
  type RideReportExportRecord,
  type RideReportRecord,
} from '@plantride/projections';
import type { Kysely } from 'kysely';
import { gapMinutesBetween, toRideReportServerRow } from './report-rows';
import { csvText } from '../exports/csv';

/** Rows per keyset batch of an export: one batch is the most an export holds, one chunk of text what it writes at a time. */
export const REPORT_EXPORT_BATCH = 2000;

/**
 * Every matching row in page order, a keyset batch at a time, so an export of a million rides never
 * holds more than one batch. The first batch is read before anything is sent, so a failing
 * database still gets a proper error answer. The next batch is read only when the previous one has
 * been taken (the streams below are pulled by the socket, so a slow client slows the reads).
 */
async function keysetBatches<Row>(
  read: (after: RideReportCursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => RideReportCursor,
  batchSize: number,
): Promise<AsyncGenerator<Row[]>> {
  let first: Row[] | null = await read(null, batchSize);
  async function* batches(): AsyncGenerator<Row[]> {
    let batch = first!;
    first = null;
    for (;;) {
      if (batch.length > 0) yield batch;
      const last = batch.at(-1);
      if (batch.length < batchSize || last === undefined) return;
      const after = cursorOf(last);
      // Let go of the batch written before reading the next: rows still held while the next batch is
      // read and parsed live through more scavenges and are promoted to the old generation.
      batch = [];
      batch = await read(after, batchSize);
    }
  }
  return batches();
}

/** The matching rows as rideReportsAfter reads them (what AllRides writes), a keyset batch at a time. */
export function reportBatches(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  batchSize = REPORT_EXPORT_BATCH,
): Promise<AsyncGenerator<RideReportRecord[]>> {
  return keysetBatches(
    (after, limit) => rideReportsAfter(db, filter, after, limit),
    (row) => ({ createdAt: row.created_at, rideId: row.ride_id }),
    batchSize,
  );
}

/** The matching rows with their times as epoch milliseconds (what the CSV writes), a keyset batch at a time. */
export function reportExportBatches(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  batchSize = REPORT_EXPORT_BATCH,
): Promise<AsyncGenerator<RideReportExportRecord[]>> {
  return keysetBatches(
    (after, limit) => rideReportExportAfter(db, filter, after, limit),
    (row) => ({ createdAt: new Date(row.created_at), rideId: row.ride_id }),
    batchSize,
  );
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

const unknown = (value: string | null) => value || MESSAGES.unknown;
const orNotAvailable = (value: string | null) => value || MESSAGES.notAvailable;
const time = (ms: number | null) => {
  if (ms === null) return MESSAGES.notAvailable;
  return Number.isFinite(ms) ? formatPlantInstant(ms) : MESSAGES.invalidDate;
};
const gap = (from: number | null, to: number | null) =>
  from === null || to === null ? MESSAGES.notAvailable : formatReportGap(gapMinutesBetween(from, to));

const loadCells = (load: RideReportExportRecord['load']) => {
  const cells = reportLoadCells(load);
  return [cells.loadDescription, cells.loadQuantity, cells.loadWeightKg, cells.loadHandling];
};

/**
 * One row of the report CSV: the 27 cells of RIDE_REPORT_CSV_FIELDS with the spec's defaults, read
 * straight from the record. They are what toRideReportCsvRecord(toRideReport(toRideReportServerRow(row)))
 * holds for the same row read with Dates (report-streams.test proves it on awkward rows) without the three
 * objects and the ISO round trip per row.
 */
export function csvRecord(row: RideReportExportRecord): string[] {
  return [
    row.ride_id,
    unknown(row.requester_name),
    row.from_location ?? '',
    row.to_location ?? '',
    unknown(row.vehicle_type),
    unknown(row.vehicle_number),
    unknown(row.forklift_number),
    row.status ?? '',
    time(row.created_at),
    unknown(row.driver_id),
    unknown(row.driver_name),
    time(row.started_at),
    time(row.ended_at),
    time(row.picked_at),
    time(row.dropped_at),
    gap(row.picked_at, row.dropped_at),
    gap(row.started_at, row.picked_at),
    time(row.last_maintenance_date),
    orNotAvailable(row.maintenance_status),
    unknown(row.ride_type),
    row.priority,
    formatReportSlaMet(row.sla_met),
    ...loadCells(row.load),
    row.scan_overrides ?? '',
  ];
}

/**
 * Rows per chunk of CSV text (about 70 KB). A chunk is a string V8 allocates in its young generation and
 * frees at the next scavenge; a whole 2,000-row batch as one string (half a megabyte) went to the
 * large-object space, which only a full collection frees, and the engine grew by ~180 MB over an export.
 */
export const CSV_CHUNK_ROWS = 256;

/** The rows as CSV in the one dialect: a header line, then chunks of text of up to CSV_CHUNK_ROWS lines. */
export function csvStream(batches: AsyncIterable<RideReportExportRecord[]>): Readable {
  async function* chunks() {
    yield csvText([RIDE_REPORT_CSV_COLUMNS]);
    for await (const batch of batches) {
      for (let from = 0; from < batch.length; from += CSV_CHUNK_ROWS) {
        yield csvText(batch.slice(from, from + CSV_CHUNK_ROWS).map(csvRecord));
      }
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
