import type { ColumnType } from 'kysely';

/** One checklist item as the driver answered it, with the text and criticality it had then. */
export interface InspectedItem {
  id: string;
  text: string;
  critical: boolean;
  ok: boolean;
  note: string | null;
  /** Issue #34: a failed item's photos; absent when it has none. */
  photoIds?: string[];
}

/** One row per vehicle inspection (issue #21), as `VehicleInspected` recorded it; never changed after. */
export interface InspectionsTable {
  inspection_id: string;
  operator_id: string;
  vehicle_type: string;
  vehicle_number: string;
  /** The plant day, yyyy-MM-dd (text compares as dates do). */
  day: string;
  passed: boolean;
  /** jsonb: written as its JSON text, read back as the items. */
  items: ColumnType<InspectedItem[], string, string>;
  inspected_at: Date;
  /** The request a failed critical item filed in the same append, if any. */
  maintenance_request_id: string | null;
}
