import { randomBytes } from 'node:crypto';
import type { Role } from '@plantride/schemas';
import { createTokenService } from '../../auth/jwt';
import type { TestApp } from '../../test-support/test-app';
import { seedUsers } from '../../test-support/seed';

export type Caller = 'unauthenticated' | 'requester' | 'driver' | 'maintenanceHead' | 'admin' | 'forged';
export const CALLERS: readonly Caller[] = ['unauthenticated', 'requester', 'driver', 'maintenanceHead', 'admin', 'forged'];

const PEOPLE: Array<{ tokenNo: string; role: Role; vehicleType?: 'Forklift' | 'Crane' }> = [
  { tokenNo: 'FZR1', role: 'requester' },
  { tokenNo: 'FZR2', role: 'requester' },
  { tokenNo: 'FZD1', role: 'driver', vehicleType: 'Forklift' },
  { tokenNo: 'FZD2', role: 'driver', vehicleType: 'Forklift' },
  { tokenNo: 'FZC1', role: 'driver', vehicleType: 'Crane' },
  { tokenNo: 'FZMH', role: 'maintenanceHead' },
  { tokenNo: 'FZAD', role: 'admin' },
];

export interface FuzzWorld {
  /** Ids and names that exist in the store, for the fuzzer to mix into its strings. */
  known: string[];
  /**
   * Authorization header values per caller kind (every person of the role), freshly signed: a fuzzed
   * sign-out ends the sessions issued before it, and the next route should still be reached as each role.
   */
  authorizations(): Promise<Record<Caller, string[]>>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A small plant for the fuzzer: people of every role, rides in several states and a maintenance
 * request, made through the API so the read models hold them; plus forged tokens (wrong secret,
 * `alg: none`, garbage).
 */
export async function seedFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  await seedUsers(
    t.app,
    PEOPLE.map((person) => ({ ...person, name: `Fuzz ${person.tokenNo}`, mobile: '9876543210' })),
  );
  const sign = async () => {
    const signed: Record<string, string> = {};
    for (const person of PEOPLE) signed[person.tokenNo] = await t.tokenFor(person.tokenNo, person.role);
    return signed;
  };
  const tokens = await sign();
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const call = async (tokenNo: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const answer = await t.app.inject({ method, url, payload, headers: as(tokenNo) });
    if (answer.statusCode !== 200) throw new Error(`seeding: ${method} ${url} answered ${answer.statusCode} ${answer.body}`);
    return answer.json() as Record<string, unknown>;
  };
  const book = async (requester: string, vehicleType: string) =>
    String(
      (
        await call(requester, 'POST', '/api/bookings/book-ride', {
          userId: requester,
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType,
          rideType: 'Regular',
        })
      ).rideId,
    );
  const rides: string[] = [];
  rides.push(await book('FZR1', 'Forklift'));
  rides.push(await book('FZR2', 'Crane'));
  const accepted = await book('FZR1', 'Forklift');
  rides.push(accepted);
  await call('FZD1', 'POST', '/api/tracking/accept-ride', { driverId: 'FZD1', rideId: accepted });
  await call('FZD1', 'PUT', '/api/bookings/update-timestamps', { rideId: accepted, event: 'start' });
  const request = await call('FZC1', 'POST', '/api/requests/maintenanceReq', {
    driver_id: 'FZC1',
    driver_name: 'Fuzz FZC1',
    vehicle_type: 'Crane',
    issue: 'Engine Issue',
    comment_text: 'noise',
    breakdown_type: 'partial',
    ride_id: null,
  });
  const { position } = await call('FZAD', 'POST', '/api/bookings/book-ride', {
    userId: 'FZR2',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
  });
  await t.app.projections.waitForPosition(Number(position), 10_000);

  const forger = createTokenService(randomBytes(32).toString('hex'), 3600);
  const wrongSecret = (await forger.sign({ tokenNo: 'FZAD', role: 'admin' })).token;
  const [, payload] = tokens.FZAD!.split('.');
  const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const tampered = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ tokenNo: 'FZAD', role: 'admin', exp: 4102444800 })}.${tokens.FZR1!.split('.')[2]}`;
  return {
    // Not the staff's own ids: a fuzzed admin edit of them (role, block) would lock the staff out of the routes after.
    known: [
      ...PEOPLE.filter((p) => p.role !== 'admin' && p.role !== 'maintenanceHead').map((p) => p.tokenNo),
      'ZZ99',
      ...rides,
      String(request.id),
      'Forklift',
      'Crane',
      'AMR',
      'Cherry Picker',
      'main gate',
      'canteen',
      'RMS',
      'Regular',
      'Special Task',
      'start',
      'materialPicked',
      'materialDropped',
      'end',
      'accepted',
      'completed',
      'rejected',
      'pending',
      'partial',
      'full',
      'requester',
      'driver',
      'admin',
      'maintenanceHead',
      '2026-11-25T12:00:00.000Z',
    ],
    async authorizations() {
      const fresh = await sign();
      const bearer = (...tokenNos: string[]) => tokenNos.map((tokenNo) => `Bearer ${fresh[tokenNo]}`);
      return {
        unauthenticated: [''],
        requester: bearer('FZR1', 'FZR2'),
        driver: bearer('FZD1', 'FZD2', 'FZC1'),
        maintenanceHead: bearer('FZMH'),
        admin: bearer('FZAD'),
        forged: [
          `Bearer ${wrongSecret}`,
          `Bearer ${algNone}`,
          `Bearer ${tampered}`,
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          `bearer ${tokens.FZAD}`,
          tokens.FZAD!,
          `Bearer ${tokens.FZAD}x`,
        ],
      };
    },
  };
}
