import { VEHICLE_TYPES } from '@plantride/schemas';
import { hashPassword } from '../../engine/src/auth/password';
import { openDatabase } from '../../engine/src/database/database';
import { inParallel, signIn } from '../support/api-client';
import { DATABASE_URL, type BenchStore } from '../support/bench-modes';
import { fillStore } from '../replay/fill-store';
import type { People } from '../load/load-people';

const PASSWORD = 'bench-pass-1';
/** Cheap scrypt parameters for the seeded accounts (the real ones, N 2^15, cost ~100 ms a hash by design). */
const SEEDED_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

/** Who the seeded store holds; `signInSeeded` turns it into people with sessions. */
export interface SeededPlant {
  requesters: string[];
  drivers: Array<{ tokenNo: string; vehicleType: (typeof VEHICLE_TYPES)[number] }>;
  events: number;
  ms: number;
}

/**
 * Before the engine starts: the plant's accounts written straight into a fresh store — the events a
 * sign-up writes (requesters; drivers with the admin's driver records and their vehicle types; a
 * maintenance head) — with one password hash of cheap scrypt parameters, so signing 1,800 people in
 * takes seconds instead of the minutes real sign-ups and sign-ins would (about 100 ms of CPU each).
 * The engine folds them into its read models when it starts, like any history.
 */
export async function seedPlant(store: BenchStore, requesters: number, drivers: number): Promise<SeededPlant> {
  const database = await openDatabase(
    store.mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir },
  );
  try {
    const passwordHash = await hashPassword(PASSWORD, SEEDED_SCRYPT);
    const filled = await fillStore(database, {
      rides: 0,
      people: { requesters, driversPerType: Math.ceil(drivers / VEHICLE_TYPES.length), passwordHash },
    });
    const { history } = filled;
    return {
      requesters: history.requesters,
      drivers: [...history.drivers].flatMap(([vehicleType, ids]) => ids.map((tokenNo) => ({ tokenNo, vehicleType }))),
      events: filled.events,
      ms: filled.ms,
    };
  } finally {
    await database.close();
  }
}

/** Everyone of a seeded plant signs in through the API (the real route, a cheap hash to check). */
export async function signInSeeded(url: string, admin: { tokenNo: string; password: string }, plant: SeededPlant): Promise<People> {
  const adminToken = await signIn(url, admin.tokenNo, admin.password);
  const sign = (tokenNo: string) => signIn(url, tokenNo, PASSWORD);
  const requesterTokens = await inParallel(plant.requesters, 8, sign);
  const driverTokens = await inParallel(plant.drivers, 8, (d) => sign(d.tokenNo));
  return {
    admin: { tokenNo: admin.tokenNo, token: adminToken },
    head: { tokenNo: 'MH01', token: await sign('MH01') },
    requesters: plant.requesters.map((tokenNo, i) => ({ tokenNo, token: requesterTokens[i]! })),
    drivers: plant.drivers.map((d, i) => ({ ...d, token: driverTokens[i]! })),
  };
}
