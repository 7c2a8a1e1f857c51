import {
  MAINTENANCE_STATUSES,
  MESSAGES,
  plantDayOf,
  type BreakdownType,
  type MaintenanceFilter,
  type MaintenanceRequestRow,
  type MaintenanceStatus,
} from '@plantride/schemas';
import { formatPlantDay } from '../../lib/format-date';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** The maintenance filter bar as typed; dates as the date inputs write them (yyyy-MM-dd). */
export interface MaintenanceFilterForm {
  filter: MaintenanceFilter | '';
  startDate: string;
  endDate: string;
  breakdownType: BreakdownType | '';
  driverId: string;
  driverName: string;
}

export type MaintenanceFilterErrors = Partial<Record<keyof MaintenanceFilterForm, string>>;

export const emptyMaintenanceFilter = (): MaintenanceFilterForm => ({
  filter: '',
  startDate: '',
  endDate: '',
  breakdownType: '',
  driverId: '',
  driverName: '',
});

const isStatus = (filter: string): filter is MaintenanceStatus => (MAINTENANCE_STATUSES as readonly string[]).includes(filter);

/** The selected filter needs its value (SPEC §5); no errors means the filter can be applied. */
export function checkMaintenanceFilter(form: MaintenanceFilterForm): MaintenanceFilterErrors {
  switch (form.filter) {
    case '':
      return { filter: i18n.t('staff.requests.filterMandatory') };
    case 'date': {
      const errors: MaintenanceFilterErrors = {};
      if (!form.startDate) errors.startDate = translateMessage(MESSAGES.startDateMandatory);
      if (!form.endDate) errors.endDate = translateMessage(MESSAGES.endDateMandatory);
      return errors;
    }
    case 'breakdown type':
      return form.breakdownType ? {} : { breakdownType: translateMessage(MESSAGES.breakdownTypeMandatory) };
    case 'driver ID':
      return form.driverId.trim() ? {} : { driverId: translateMessage(MESSAGES.driverIdMandatory) };
    case 'driver name':
      return form.driverName.trim() ? {} : { driverName: translateMessage(MESSAGES.driverNameMandatory) };
    default:
      return {};
  }
}

/** The applied filter in words, e.g. 'Date: 01 Mar 2026 – 05 Mar 2026'. */
export function describeMaintenanceFilter(form: MaintenanceFilterForm): string {
  switch (form.filter) {
    case 'date':
      return i18n.t('staff.requests.describeDate', { start: formatPlantDay(form.startDate), end: formatPlantDay(form.endDate) });
    case 'breakdown type':
      return i18n.t('staff.requests.describeBreakdownType', {
        type: form.breakdownType ? i18n.t(`staff.common.breakdownTypes.${form.breakdownType}`) : '',
      });
    case 'driver ID':
      return i18n.t('staff.requests.describeDriverId', { id: form.driverId.trim() });
    case 'driver name':
      return i18n.t('staff.requests.describeDriverName', { name: form.driverName.trim() });
    default:
      return i18n.t('staff.requests.describeStatus', {
        status: isStatus(form.filter) ? i18n.t(`staff.common.statuses.${form.filter}`) : form.filter,
      });
  }
}

/** The rows an applied filter keeps; request dates count on the plant's calendar. */
export function filterMaintenanceRequests(
  rows: readonly MaintenanceRequestRow[],
  applied: MaintenanceFilterForm | null,
): MaintenanceRequestRow[] {
  if (!applied || applied.filter === '') return [...rows];
  const { filter } = applied;
  if (isStatus(filter)) return rows.filter((row) => row.STATUS === filter);
  switch (filter) {
    case 'date':
      return rows.filter((row) => {
        const day = plantDayOf(row.REQUEST_DATE);
        return day >= applied.startDate && day <= applied.endDate;
      });
    case 'breakdown type':
      return rows.filter((row) => row.BREAKDOWN_TYPE === applied.breakdownType);
    case 'driver ID': {
      const id = applied.driverId.trim().toUpperCase();
      return rows.filter((row) => row.DRIVER_ID.toUpperCase().includes(id));
    }
    case 'driver name': {
      const name = applied.driverName.trim().toLowerCase();
      return rows.filter((row) => row.DRIVER_NAME.toLowerCase().includes(name));
    }
  }
  return [...rows];
}

/** How many requests are in each status, for the summary above the table. */
export function statusCounts(rows: readonly MaintenanceRequestRow[]): Record<MaintenanceStatus, number> {
  const counts = Object.fromEntries(MAINTENANCE_STATUSES.map((s) => [s, 0])) as Record<MaintenanceStatus, number>;
  for (const row of rows) counts[row.STATUS] += 1;
  return counts;
}
