import type { Kysely } from 'kysely';
import { ALERT_KINDS, type AlertKind } from '@plantride/schemas';
import type { ReadModels } from '../read-models';

export interface OpenAlertRow {
  alert_id: string;
  kind: string;
  ride_id: string;
  detail: string | null;
  raised_at: Date;
  vehicle_type: string | null;
  from_location: string | null;
  to_location: string | null;
  ride_status: string | null;
}

/** Alerts nobody has acknowledged, newest first, with their ride as the rides read model has it now. */
export async function openAlerts(db: Kysely<ReadModels>): Promise<OpenAlertRow[]> {
  return db
    .selectFrom('alerts as a')
    .leftJoin('rides as r', 'r.ride_id', 'a.ride_id')
    .select([
      'a.alert_id',
      'a.kind',
      'a.ride_id',
      'a.detail',
      'a.raised_at',
      'r.vehicle_type',
      'r.from_location',
      'r.to_location',
      'r.status as ride_status',
    ])
    .where('a.acknowledged_at', 'is', null)
    .orderBy('a.raised_at', 'desc')
    .orderBy('a.alert_id')
    .execute();
}

/** How many open alerts of each kind, and in all. */
export function alertCounts(rows: readonly Pick<OpenAlertRow, 'kind'>[]): Record<AlertKind | 'total', number> {
  const counts = { waitingTooLong: 0, targetMissed: 0, noAlternativeDriver: 0, total: rows.length };
  for (const row of rows) if ((ALERT_KINDS as readonly string[]).includes(row.kind)) counts[row.kind as AlertKind] += 1;
  return counts;
}
