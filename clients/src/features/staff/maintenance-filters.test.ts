import { describe, expect, it } from 'vitest';
import { MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';
import {
  checkMaintenanceFilter,
  emptyMaintenanceFilter,
  filterMaintenanceRequests,
  statusCounts,
  type MaintenanceFilterForm,
} from './maintenance-filters';

const form = (patch: Partial<MaintenanceFilterForm>): MaintenanceFilterForm => ({ ...emptyMaintenanceFilter(), ...patch });

const row = (patch: Partial<MaintenanceRequestRow>): MaintenanceRequestRow => ({
  ID: '1',
  DRIVER_ID: 'FL01',
  DRIVER_NAME: 'Ravi Kumar',
  MOBILE_NUMBER: '9876543210',
  ROLE: 'Driver',
  STATUS: 'pending',
  COMMENT_TEXT: '',
  VEHICLE_TYPE: 'Forklift',
  ISSUE: 'Engine Issue',
  // 23:59 on 1 March at the plant (UTC+05:30).
  REQUEST_DATE: '2026-03-01T18:29:00Z',
  LAST_MAINTENANCE_DATE: null,
  BREAKDOWN_TYPE: 'full',
  RIDE_ID: null,
  DRIVER_COMMENT: '',
  HEAD_NOTES: null,
  REJECTION_REASON: null,
  VEHICLE_NUMBER: null,
  OUT_OF_SERVICE: true,
  INSPECTION_DUE: false,
  INSPECTION_DUE_ON_CLOSE: false,
  PHOTO_IDS: [],
  ...patch,
});

describe('maintenance filter bar rules (SPEC §5)', () => {
  it.each([
    [form({}), { filter: 'Filter is mandatory' }],
    [form({ filter: 'date' }), { startDate: MESSAGES.startDateMandatory, endDate: MESSAGES.endDateMandatory }],
    [form({ filter: 'date', startDate: '2026-03-01' }), { endDate: MESSAGES.endDateMandatory }],
    [form({ filter: 'breakdown type' }), { breakdownType: MESSAGES.breakdownTypeMandatory }],
    [form({ filter: 'driver ID', driverId: '  ' }), { driverId: MESSAGES.driverIdMandatory }],
    [form({ filter: 'driver name' }), { driverName: MESSAGES.driverNameMandatory }],
    [form({ filter: 'pending' }), {}],
    [form({ filter: 'driver name', driverName: 'ravi' }), {}],
  ])('given %j, when applied, then the errors are %j', (input, errors) => {
    expect(checkMaintenanceFilter(input)).toEqual(errors);
  });

  const rows = [
    row({ ID: '1' }),
    row({
      ID: '2',
      STATUS: 'accepted',
      DRIVER_ID: 'CR02',
      DRIVER_NAME: 'Asha Rao',
      BREAKDOWN_TYPE: 'partial',
      REQUEST_DATE: '2026-03-01T18:30:00Z',
    }),
    row({ ID: '3', STATUS: 'completed', BREAKDOWN_TYPE: '' }),
  ];
  const ids = (applied: MaintenanceFilterForm | null) => filterMaintenanceRequests(rows, applied).map((r) => r.ID);

  it('given requests, when a status, breakdown, driver or date filter is applied, then only matching rows stay', () => {
    expect(ids(null)).toEqual(['1', '2', '3']);
    expect(ids(form({ filter: 'accepted' }))).toEqual(['2']);
    expect(ids(form({ filter: 'breakdown type', breakdownType: 'full' }))).toEqual(['1']);
    expect(ids(form({ filter: 'driver ID', driverId: 'cr0' }))).toEqual(['2']);
    expect(ids(form({ filter: 'driver name', driverName: 'RAVI' }))).toEqual(['1', '3']);
    // Days are the plant's: 18:30Z on 1 March is already 2 March there.
    expect(ids(form({ filter: 'date', startDate: '2026-03-01', endDate: '2026-03-01' }))).toEqual(['1', '3']);
    expect(ids(form({ filter: 'date', startDate: '2026-03-02', endDate: '2026-03-05' }))).toEqual(['2']);
  });

  it('given requests, when counted, then each status has its number', () => {
    expect(statusCounts(rows)).toEqual({ pending: 1, accepted: 1, completed: 1, rejected: 0 });
  });
});
