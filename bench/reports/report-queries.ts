import { PLANT_TIME_ZONE, VEHICLE_TYPES } from '@plantride/schemas';
import type { Random } from '../../engine/src/test-support/seeded-random';

const DAY = 24 * 3600_000;
const plantDay = new Intl.DateTimeFormat('en-GB', { timeZone: PLANT_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dayText = (ms: number) => plantDay.format(new Date(ms));

export interface ReportQuery {
  kind: string;
  query: string;
}

/**
 * What people ask the ride reports screen: the newest page, pages further back, each filter alone
 * (vehicle type, status, driver id, part of a driver name, vehicle and sticker number, a date range)
 * and combinations, at the screen's page sizes. `days` is how far back the rides go.
 */
export function reportQueries(random: Random, count: number, days: number, driverIds: readonly string[]): ReportQuery[] {
  const now = Date.now();
  const pageSize = () => random.pick([15, 15, 15, 50, 100, 500])!;
  const range = (span: number) => {
    const end = now - Math.floor(random.next() * Math.max(1, days - span)) * DAY;
    return { from: dayText(end - (span - 1) * DAY), to: dayText(end) };
  };
  const makers: Array<[string, () => Record<string, string | number>]> = [
    ['newest page', () => ({ page: 1, pageSize: pageSize() })],
    ['deep page', () => ({ page: 1 + Math.floor(random.next() * 2000), pageSize: 15 })],
    [
      'vehicle type',
      () => ({ vehicleType: random.pick([...VEHICLE_TYPES, 'Other'])!, page: 1 + Math.floor(random.next() * 5), pageSize: pageSize() }),
    ],
    [
      'status',
      () => ({ status: random.pick(['completed', 'cancelled', 'requested', 'in-progress', 'pending', 'started'])!, pageSize: pageSize() }),
    ],
    ['driver id', () => ({ driverId: random.pick(driverIds)!, pageSize: pageSize() })],
    ['driver name', () => ({ driverName: `Driver ${String.fromCharCode(65 + Math.floor(random.next() * 26))}`, pageSize: pageSize() })],
    ['vehicle number', () => ({ vehicleNumber: `MH12 BX ${random.pick(driverIds)!.slice(1)}`, pageSize: pageSize() })],
    ['sticker number', () => ({ forkliftNumber: String(1 + Math.floor(random.next() * 40)), pageSize: pageSize() })],
    ['one day', () => ({ ...range(1), pageSize: pageSize() })],
    ['a month', () => ({ ...range(30), page: 1 + Math.floor(random.next() * 10), pageSize: pageSize() })],
    ['combined', () => ({ vehicleType: random.pick(VEHICLE_TYPES)!, status: 'completed', ...range(7), pageSize: pageSize() })],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [kind, make] = makers[i % makers.length]!;
    return { kind, query: new URLSearchParams(Object.entries(make()).map(([k, v]): [string, string] => [k, String(v)])).toString() };
  });
}
