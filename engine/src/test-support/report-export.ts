import type { RideReportExportRecord, RideReportRecord } from '@plantride/projections';

/** The record with its times as epoch milliseconds, as rideReportExportAfter reads it. */
export function toRideReportExportRecord(row: RideReportRecord): RideReportExportRecord {
  const ms = (date: Date | null) => (date === null ? null : date.getTime());
  return {
    ...row,
    created_at: row.created_at.getTime(),
    started_at: ms(row.started_at),
    picked_at: ms(row.picked_at),
    dropped_at: ms(row.dropped_at),
    ended_at: ms(row.ended_at),
    last_maintenance_date: ms(row.last_maintenance_date),
  };
}
