import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { InspectionsTable } from './inspections.table';
import { paged, type Page, type Paged } from '../paging';

export type InspectionRecord = Selectable<InspectionsTable>;

/** An inspection as the staff list shows it: the driver named as his record says now, else his account; '' with neither. */
export interface InspectionListing extends InspectionRecord {
  driver_name: string;
}

/** What the staff list filters by; each one given narrows it, the days both included. */
export interface InspectionFilter {
  operatorId?: string | undefined;
  /** Part of the vehicle number, any case. */
  vehicle?: string | undefined;
  vehicleType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  passed?: boolean | undefined;
}

// LIKE's own characters in what staff type match themselves.
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const inspectionListQuery = (db: Kysely<ReadModels>, filter: InspectionFilter) => {
  let query = db
    .selectFrom('inspections as i')
    .leftJoin('drivers as d', 'd.operator_id', 'i.operator_id')
    .leftJoin('users as u', 'u.token_no', 'i.operator_id')
    .selectAll('i')
    .select(sql<string>`coalesce(nullif(d.name, ''), u.name, '')`.as('driver_name'));
  if (filter.operatorId !== undefined) query = query.where('i.operator_id', '=', filter.operatorId);
  if (filter.vehicle !== undefined) query = query.where(sql<boolean>`lower(i.vehicle_number) like lower(${containing(filter.vehicle)})`);
  if (filter.vehicleType !== undefined) query = query.where('i.vehicle_type', '=', filter.vehicleType);
  if (filter.from !== undefined) query = query.where('i.day', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('i.day', '<=', filter.to);
  if (filter.passed !== undefined) query = query.where('i.passed', '=', filter.passed);
  return query.orderBy('i.inspected_at', 'desc').orderBy('i.inspection_id', 'desc');
};

/** A page of the inspections the filter keeps, newest first, and how many it keeps in all. */
export async function listInspectionsPage(db: Kysely<ReadModels>, filter: InspectionFilter, page: Page): Promise<Paged<InspectionListing>> {
  return paged(inspectionListQuery(db, filter), page);
}

/** The texts of the items that failed, in checklist order. */
export const defectsOf = (row: Pick<InspectionRecord, 'items'>): string[] => row.items.filter((item) => !item.ok).map((item) => item.text);
