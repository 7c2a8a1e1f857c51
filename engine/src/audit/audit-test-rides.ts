import { expect } from 'vitest';
import type { Role } from '@plantride/schemas';
import type { TestApp } from '../test-support/test-app';
import { seedUsers } from '../test-support/seed';

/** The people every audit suite uses: a requester, three forklift drivers, and both kinds of staff. */
export const AUDIT_PEOPLE: Array<[string, Role]> = [
  ['AB12', 'requester'],
  ['D001', 'driver'],
  ['D002', 'driver'],
  ['D003', 'driver'],
  ['AD01', 'admin'],
  ['MH01', 'maintenanceHead'],
];

export interface RideDriver {
  /** Headers of a call as this user. */
  as(tokenNo: string): Record<string, string>;
  book(): Promise<string>;
  accept(driver: string, rideId: string): Promise<void>;
  steps(driver: string, rideId: string, events: readonly string[]): Promise<void>;
  /** Staff hand the ride of `driver` to others, as after a breakdown. */
  redistribute(staff: string, driver: string, rideId: string): Promise<void>;
  takeOver(driver: string, rideId: string, currentState: string): Promise<void>;
  cancel(rideId: string): Promise<void>;
}

/** Seeds the audit people and drives rides over HTTP the way the clients do. */
export async function rideDriver(t: TestApp): Promise<RideDriver> {
  await seedUsers(
    t.app,
    AUDIT_PEOPLE.map(([tokenNo, role]) => ({
      tokenNo,
      role,
      vehicleType: role === 'driver' ? 'Forklift' : undefined,
      name: `${tokenNo} Name`,
      mobile: '9876543210',
    })),
  );
  const tokens: Record<string, string> = {};
  for (const [tokenNo, role] of AUDIT_PEOPLE) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const call = async (who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const answer = await t.app.inject({ method, url, payload, headers: as(who) });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return answer.json() as { rideId?: string; position: number };
  };
  // The next accept checks the read model for the driver's ongoing ride, so each step waits for it.
  const settled = async (answer: { position: number }) =>
    expect(await t.app.projections.waitForPosition(answer.position, 10_000)).toBe(true);
  return {
    as,
    async book() {
      const answer = await call('AB12', 'POST', '/api/bookings/book-ride', {
        userId: 'AB12',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      });
      await settled(answer);
      return answer.rideId as string;
    },
    async accept(driver, rideId) {
      await settled(await call(driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId }));
    },
    async steps(driver, rideId, events) {
      for (const event of events) await settled(await call(driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event }));
    },
    async redistribute(staff, driver, rideId) {
      await settled(
        await call(staff, 'POST', '/api/maintenance/redistribute-ride', {
          rideId,
          originalDriverId: driver,
          vehicleType: 'Forklift',
          maintenanceComment: 'hydraulics leaking',
        }),
      );
    },
    async takeOver(driver, rideId, currentState) {
      await settled(
        await call(driver, 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: driver, currentState }),
      );
    },
    async cancel(rideId) {
      await settled(await call('AB12', 'DELETE', `/api/bookings/cancel/${rideId}`));
    },
  };
}
