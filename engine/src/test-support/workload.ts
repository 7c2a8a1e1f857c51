import { DEFAULT_CHECKLISTS, VEHICLE_TYPES, type Role, type VehicleType } from '@plantride/schemas';
import type { App } from '../app';
import { seedUsers } from './seed';
import { seededRandom } from './seeded-random';

type Step = 'start' | 'materialPicked' | 'materialDropped' | 'end';
const STEPS: readonly Step[] = ['start', 'materialPicked', 'materialDropped', 'end'];
const CURRENT_STATE: Record<number, string> = { 0: 'accepted', 1: 'started', 2: 'material_picked', 3: 'material_dropped' };

interface Ride {
  vehicleType: VehicleType;
  requester: string;
  status: 'requested' | 'driving' | 'waiting' | 'done';
  /** Steps already sent while driving. */
  steps: number;
}
interface Driver {
  tokenNo: string;
  vehicleType: VehicleType;
  ride?: string;
  request?: string;
  accessOff?: boolean;
}

export interface WorkloadPeople {
  requesters: string[];
  drivers: Array<{ tokenNo: string; vehicleType: VehicleType }>;
  admin: string;
  head: string;
}

export interface Workload {
  /** Answers by action and status code, e.g. `book 200`. */
  outcomes: Record<string, number>;
}

/** The people of a workload, seeded into the app: `driversPerType` drivers for each vehicle type. */
export async function seedWorkloadPeople(app: App, requesters = 4, driversPerType = 2): Promise<WorkloadPeople> {
  const people: WorkloadPeople = {
    requesters: Array.from({ length: requesters }, (_, i) => `RQ${String(i + 1).padStart(2, '0')}`),
    drivers: VEHICLE_TYPES.flatMap((vehicleType, t) =>
      Array.from({ length: driversPerType }, (_, i) => ({ tokenNo: `D${t}${String(i + 1).padStart(2, '0')}`, vehicleType })),
    ),
    admin: 'AD01',
    head: 'MH01',
  };
  const users: Array<{ tokenNo: string; role: Role; vehicleType?: VehicleType }> = [
    ...people.requesters.map((tokenNo) => ({ tokenNo, role: 'requester' as const })),
    ...people.drivers.map(({ tokenNo, vehicleType }) => ({ tokenNo, role: 'driver' as const, vehicleType })),
    { tokenNo: people.admin, role: 'admin' },
    { tokenNo: people.head, role: 'maintenanceHead' },
  ];
  await seedUsers(
    app,
    users.map((user) => ({ ...user, name: `Person ${user.tokenNo.replace(/\d/g, '')}`, mobile: '9876543210' })),
  );
  return people;
}

/**
 * Plays `commands` mixed calls over HTTP, as the product's users would: bookings of both ride
 * types, cancels, accepts and every ride step, breakdowns mid-ride with take-overs, maintenance
 * handled by the head, admin edits of driver records, and daily vehicle inspections (a failed
 * critical item files a request). Refused calls are part of the mix.
 */
export async function runWorkload(
  app: App,
  people: WorkloadPeople,
  tokenOf: (tokenNo: string) => Promise<string>,
  commands: number,
  seed = 1,
): Promise<Workload> {
  const rng = seededRandom(seed);
  const rides = new Map<string, Ride>();
  const drivers = people.drivers.map<Driver>((d) => ({ ...d }));
  const openRequests: Array<{ id: string; driver: Driver; accepted: boolean }> = [];
  const outcomes: Record<string, number> = {};
  const tokens = new Map<string, string>();

  async function call(action: string, who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    if (!tokens.has(who)) tokens.set(who, await tokenOf(who));
    const answer = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.get(who)}` } });
    const key = `${action} ${answer.statusCode}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    if (answer.statusCode >= 500) throw new Error(`${action} answered ${answer.statusCode}: ${answer.body}`);
    return answer.statusCode === 200 ? (answer.json() as Record<string, unknown>) : null;
  }
  const free = (d: Driver) => !d.ride && !d.request && !d.accessOff;
  const ridesWhere = (status: Ride['status'], vehicleType?: VehicleType) =>
    [...rides].filter(([, r]) => r.status === status && (!vehicleType || r.vehicleType === vehicleType));

  const actions: Array<[number, () => Promise<unknown>]> = [
    [
      28,
      async () => {
        const requester = rng.pick(people.requesters)!;
        const vehicleType = rng.pick(VEHICLE_TYPES)!;
        const special = rng.next() < 0.25;
        const body = {
          userId: requester,
          fromLocation: 'main gate',
          toLocation: rng.pick(['canteen', 'car parking', 'RMS', 'scrap yard'])!,
          vehicleType,
          rideType: special ? 'Special Task' : 'Regular',
          ...(special ? { duration: { hours: 0, minutes: 30 } } : {}),
        };
        const answer = await call('book', requester, 'POST', '/api/bookings/book-ride', body);
        if (answer) rides.set(String(answer.rideId), { vehicleType, requester, status: 'requested', steps: 0 });
      },
    ],
    [
      5,
      async () => {
        const [rideId, ride] = rng.pick(ridesWhere('requested')) ?? [];
        if (rideId && ride && (await call('cancel', ride.requester, 'DELETE', `/api/bookings/cancel/${rideId}`))) ride.status = 'done';
      },
    ],
    [
      22,
      async () => {
        const driver = rng.pick(drivers.filter(free));
        if (!driver) return;
        const waiting = rng.pick(ridesWhere('waiting', driver.vehicleType));
        if (waiting) {
          const [rideId, ride] = waiting;
          const answer = await call('take over', driver.tokenNo, 'POST', '/api/maintenance/accept-redistributed-ride', {
            rideId,
            newDriverId: driver.tokenNo,
            currentState: CURRENT_STATE[ride.steps],
          });
          if (answer) [ride.status, driver.ride] = ['driving', rideId];
          return;
        }
        const [rideId, ride] = rng.pick(ridesWhere('requested', driver.vehicleType)) ?? [];
        if (
          rideId &&
          ride &&
          (await call('accept', driver.tokenNo, 'POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId }))
        )
          [ride.status, driver.ride] = ['driving', rideId];
      },
    ],
    [
      30,
      async () => {
        const driver = rng.pick(drivers.filter((d) => d.ride));
        const ride = driver && rides.get(driver.ride!);
        if (!driver || !ride) return;
        if (await call('step', driver.tokenNo, 'PUT', '/api/bookings/update-timestamps', { rideId: driver.ride, event: STEPS[ride.steps] }))
          ride.steps += 1;
        if (ride.steps === STEPS.length) [ride.status, driver.ride] = ['done', undefined];
      },
    ],
    [
      5,
      async () => {
        const driver = rng.pick(drivers.filter((d) => d.ride));
        if (!driver) return;
        const body = {
          driver_id: driver.tokenNo,
          driver_name: 'Person D',
          vehicle_type: driver.vehicleType,
          issue: '',
          comment_text: 'stopped mid-ride',
          status: 'pending',
          breakdown_type: null,
          ride_id: driver.ride,
        };
        const answer = await call('breakdown', driver.tokenNo, 'POST', '/api/requests/maintenanceReq', body);
        if (!answer) return;
        rides.get(driver.ride!)!.status = 'waiting';
        [driver.ride, driver.request] = [undefined, String(answer.id)];
        openRequests.push({ id: driver.request, driver, accepted: false });
      },
    ],
    [
      3,
      async () => {
        const driver = rng.pick(drivers.filter(free));
        if (!driver) return;
        const body = {
          driver_id: driver.tokenNo,
          driver_name: 'Person D',
          vehicle_type: driver.vehicleType,
          issue: rng.pick(['Engine Issue', 'Hydraulic Problem', 'Tire Replacement'])!,
          comment_text: '',
          status: 'pending',
          breakdown_type: rng.pick(['partial', 'full'])!,
          ride_id: null,
        };
        const answer = await call('maintenance', driver.tokenNo, 'POST', '/api/requests/maintenanceReq', body);
        if (answer) openRequests.push({ id: (driver.request = String(answer.id)), driver, accepted: false });
      },
    ],
    [
      6,
      async () => {
        const request = rng.pick(openRequests);
        if (!request) return;
        const reject = !request.accepted && rng.next() < 0.3;
        const body = reject
          ? { status: 'rejected', maintenance_date: null, reason: 'not needed' }
          : request.accepted
            ? { status: 'completed', maintenance_date: '2026-11-25T12:00:00.000Z' }
            : { status: 'accepted', maintenance_date: null };
        if (!(await call('resolve', people.head, 'PUT', `/api/requests/${request.id}/status`, body))) return;
        if (body.status === 'accepted') return void (request.accepted = true);
        openRequests.splice(openRequests.indexOf(request), 1);
        request.driver.request = undefined;
      },
    ],
    [
      3,
      async () => {
        const driver = rng.pick(drivers.filter(free));
        if (!driver) return;
        // The default checklist (the workload saves none); now and then a fault, sometimes on a critical item.
        const items = DEFAULT_CHECKLISTS[driver.vehicleType].map((item) =>
          rng.next() < 0.08 ? { id: item.id, ok: false, note: 'worn' } : { id: item.id, ok: true },
        );
        const answer = await call('inspect', driver.tokenNo, 'POST', '/api/inspections', { items });
        if (answer?.maintenanceRequestId)
          openRequests.push({ id: (driver.request = String(answer.maintenanceRequestId)), driver, accepted: false });
      },
    ],
    [
      4,
      async () => {
        const driver = rng.pick(drivers)!;
        if (rng.next() < 0.5 && !driver.ride) {
          const active = Boolean(driver.accessOff);
          if (
            await call('toggle access', people.admin, 'PUT', '/api/drivers/toggle-access', {
              driverId: driver.tokenNo,
              active: active ? 1 : 0,
            })
          )
            driver.accessOff = !active;
          return;
        }
        const record = {
          operatorId: driver.tokenNo,
          vehicle: `MH12 ${driver.tokenNo}`,
          name: 'Person D',
          mobile: '9876543210',
          forklift: String(1 + Math.floor(rng.next() * 99)),
          comments: `checked ${Math.floor(rng.next() * 1000)}`,
          vehicleAssigned: driver.vehicleType,
        };
        await call('edit driver', people.admin, 'PUT', '/api/drivers/update', record);
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
  for (let i = 0; i < commands; i += 1) {
    let roll = rng.next() * totalWeight;
    const [, act] = actions.find(([weight]) => (roll -= weight) < 0) ?? actions[0]!;
    await act();
  }
  return { outcomes };
}
