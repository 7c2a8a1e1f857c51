import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { SERVER_MESSAGES } from '../messages';
import {
  REPORT_PRIORITY_MESSAGE,
  REPORT_SLA_MET_MESSAGE,
  RIDE_REPORT_CSV_COLUMNS,
  RIDE_REPORT_CSV_FIELDS,
  RIDE_REPORT_FIELDS,
  rideReportFilterOf,
  rideReportFiltersQuerySchema,
  rideReportsCsvFileName,
  rideReportsQuerySchema,
  toRideReport,
  toRideReportCsvRecord,
  vehicleNumberKey,
  type RideReportServerRow,
} from './reports.api';

describe('ride reports query', () => {
  it('given dd/MM/yyyy days, when read, then they cover whole plant days with the last one included', () => {
    const filter = rideReportFilterOf(rideReportsQuerySchema.parse({ from: '10/01/2026', to: '12/01/2026' }));
    expect(filter.createdFrom?.toISOString()).toBe('2026-01-09T18:30:00.000Z');
    expect(filter.createdBefore?.toISOString()).toBe('2026-01-12T18:30:00.000Z');
  });

  it('given no page, then the first page of 15 is asked for; blank filters count as none', () => {
    const query = rideReportsQuerySchema.parse({ vehicleType: '', status: ' ', driverName: '' });
    expect(query).toMatchObject({ page: 1, pageSize: 15 });
    expect(rideReportFilterOf(query)).toEqual(Object.fromEntries(Object.keys(rideReportFilterOf(query)).map((key) => [key, undefined])));
  });

  it('given a forklift number, a status bucket and a driver id, then they read as the stored spellings', () => {
    const filter = rideReportFilterOf(rideReportsQuerySchema.parse({ forkliftNumber: '07', status: 'In-Progress', driverId: 'f001 ' }));
    expect(filter.forkliftNumbers).toEqual(['7', '07']);
    expect(filter.statuses).toEqual(['accepted', 'started', 'material picked', 'delivered']);
    expect(filter.driverId).toBe('F001');
    expect(vehicleNumberKey('MH-12 ab 0001')).toBe(vehicleNumberKey('mh12AB0001'));
  });

  it.each([
    [{ priority: 'urgent' }, { priority: 'urgent' }],
    [{ priority: ' Normal ' }, { priority: 'normal' }],
    [{ slaMet: 'true' }, { slaMet: true }],
    [{ slaMet: 'FALSE' }, { slaMet: false }],
    [
      { priority: '', slaMet: ' ' },
      { priority: undefined, slaMet: undefined },
    ],
  ])('given the issue #20 filters %j, then the row filter asks for %j', (query, expected) => {
    expect(rideReportFilterOf(rideReportsQuerySchema.parse(query))).toMatchObject(expected);
  });

  it.each([
    [{ priority: 'high' }, REPORT_PRIORITY_MESSAGE],
    [{ priority: ['urgent', 'normal'] }, REPORT_PRIORITY_MESSAGE],
    [{ slaMet: 'yes' }, REPORT_SLA_MET_MESSAGE],
    [{ slaMet: '1' }, REPORT_SLA_MET_MESSAGE],
  ])('given %j, then it is refused with one clear message', (query, message) => {
    const result = rideReportFiltersQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
    expect(message).toMatch(/^(Priority|slaMet) must be '\w+' or '\w+'\.$/);
    expect(Object.values(SERVER_MESSAGES)).not.toContain(message);
  });
});

describe('ride report CSV record', () => {
  const row: RideReportServerRow = {
    DRIVER_NAME: null,
    REQUESTER_NAME: 'Asha',
    VEHICLE_NUMBER: null,
    FORKLIFT_NUMBER: null,
    VEHICLE_TYPE: 'Forklift',
    START_TIME: '2026-01-10T03:35:00.000Z',
    MATERIAL_PICK_TIME: '2026-01-10T03:40:30.000Z',
    END_TIME: null,
    GAP_PICK_DROP: null,
    GAP_PICK_START: 5.5,
    LAST_MAINTENANCE_DATE: null,
    MAINTENANCE_STATUS: null,
    RIDE_ID: 'R1',
    FROM_LOCATION: 'fgs',
    TO_LOCATION: 'RMS',
    STATUS: 'started',
    CREATED_AT: '2026-01-10T18:45:00.000Z',
    DRIVER_ID: null,
    MATERIAL_DROP_TIME: null,
    RIDE_TYPE: 'Regular',
  };

  it('given a row with gaps and missing values, then the cells are in column order with the spec defaults, mins and plant times', () => {
    const cells = toRideReportCsvRecord(toRideReport(row));
    expect(Object.keys(cells)).toEqual([
      ...RIDE_REPORT_FIELDS,
      'priority',
      'slaMet',
      'loadDescription',
      'loadQuantity',
      'loadWeightKg',
      'loadHandling',
      'scanOverrides',
    ]);
    expect(cells).toMatchObject({
      priority: 'normal',
      // A booking that said nothing of its load: empty cells.
      loadDescription: '',
      loadQuantity: '',
      loadWeightKg: '',
      loadHandling: '',
      // No step recorded without its scan (issue #34 item 2).
      scanOverrides: '',
      slaMet: MESSAGES.notAvailable,
      createdAt: '11 Jan 2026, 12:15:00 am',
      startTime: '10 Jan 2026, 09:05:00 am',
      endTime: MESSAGES.notAvailable,
      gapPickStart: '5.50 mins',
      gapPickDrop: MESSAGES.notAvailable,
      driverName: MESSAGES.unknown,
      forkliftNumber: MESSAGES.unknown,
      lastMaintenanceDate: MESSAGES.notAvailable,
      maintenanceStatus: MESSAGES.notAvailable,
    });
  });

  it('given an urgent ride that missed a target, and a normal one completed in time, then their cells say so', () => {
    expect(toRideReportCsvRecord(toRideReport({ ...row, PRIORITY: 'urgent', SLA_MET: false }))).toMatchObject({
      priority: 'urgent',
      slaMet: 'false',
    });
    expect(toRideReportCsvRecord(toRideReport({ ...row, STATUS: 'completed', PRIORITY: 'normal', SLA_MET: true }))).toMatchObject({
      priority: 'normal',
      slaMet: 'true',
    });
  });

  it('given a ride booked with what is moved, then its four load cells say it: description, quantity with unit, kg, handling notes', () => {
    const load = {
      description: 'Gear boxes',
      quantity: 1200,
      unit: 'boxes' as const,
      weightKg: 350.5,
      handling: ['fragile' as const, 'hazardous' as const],
    };
    expect(toRideReportCsvRecord(toRideReport({ ...row, LOAD: load }))).toMatchObject({
      loadDescription: 'Gear boxes',
      loadQuantity: '1,200 boxes',
      loadWeightKg: '350.5',
      loadHandling: 'fragile, hazardous',
    });
  });

  it("names the CSV columns in upper case as the spec server form does, the screen's 20 then PRIORITY, SLA_MET and the load's four, and dates the file name", () => {
    expect(RIDE_REPORT_FIELDS).toHaveLength(20);
    expect(RIDE_REPORT_CSV_FIELDS).toEqual([
      ...RIDE_REPORT_FIELDS,
      'priority',
      'slaMet',
      'loadDescription',
      'loadQuantity',
      'loadWeightKg',
      'loadHandling',
      'scanOverrides',
    ]);
    expect(RIDE_REPORT_CSV_COLUMNS).toHaveLength(27);
    expect(RIDE_REPORT_CSV_COLUMNS.slice(-8)).toEqual([
      'RIDE_TYPE',
      'PRIORITY',
      'SLA_MET',
      'LOAD_DESCRIPTION',
      'LOAD_QUANTITY',
      'LOAD_WEIGHT_KG',
      'LOAD_HANDLING',
      'SCAN_OVERRIDES',
    ]);
    expect(RIDE_REPORT_CSV_COLUMNS.slice(0, 3)).toEqual(['RIDE_ID', 'REQUESTER_NAME', 'FROM_LOCATION']);
    expect(RIDE_REPORT_CSV_COLUMNS).toEqual(
      expect.arrayContaining(['GAP_PICK_DROP', 'GAP_PICK_START', 'MATERIAL_PICK_TIME', 'LAST_MAINTENANCE_DATE', 'MAINTENANCE_STATUS']),
    );
    expect(rideReportsCsvFileName('2026-11-26')).toBe('ride_reports_2026-11-26.csv');
  });
});
