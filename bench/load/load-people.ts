import { VEHICLE_TYPES, type VehicleType } from '@plantride/schemas';
import { inParallel, must, signIn } from '../support/api-client';

export interface Person {
  tokenNo: string;
  token: string;
}
export interface DriverPerson extends Person {
  vehicleType: VehicleType;
}
export interface People {
  admin: Person;
  head: Person;
  requesters: Person[];
  drivers: DriverPerson[];
}

const PASSWORD = 'bench-pass-1';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Names the driver form accepts: letters and spaces only.
const nameOf = (prefix: string, i: number) =>
  `${prefix} ${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}${LETTERS[Math.floor(i / 676) % 26]}`;
const tokenNo = (prefix: string, i: number) => `${prefix}${String(i + 1).padStart(4, '0')}`;

/**
 * Everyone over the API, as the product creates them: the admin adds the driver records, then every
 * requester and driver signs up (a driver with his record's activation code), a maintenance head is
 * made by the admin, and everyone signs in. Password hashing is slow by design, so a few at a time.
 */
export async function createPeople(
  url: string,
  admin: { tokenNo: string; password: string },
  requesters: number,
  drivers: number,
  log: (text: string) => void,
): Promise<People> {
  const adminToken = await signIn(url, admin.tokenNo, admin.password);
  const driverSpecs = Array.from({ length: drivers }, (_, i) => ({
    tokenNo: tokenNo('D', i),
    vehicleType: VEHICLE_TYPES[i % VEHICLE_TYPES.length]!,
  }));
  const added = await inParallel(driverSpecs, 8, (d, i) =>
    must(url, 'POST', '/api/drivers/add', adminToken, {
      operatorId: d.tokenNo,
      vehicle: `MH12 BX ${String(i + 1).padStart(4, '0')}`,
      name: nameOf('Driver', i),
      mobile: '9876543210',
      forklift: String((i % 99) + 1),
      vehicleAssigned: d.vehicleType,
    }),
  );
  log(`${drivers} driver records added`);
  const accounts = [
    ...Array.from({ length: requesters }, (_, i) => ({ tokenNo: tokenNo('R', i), name: nameOf('Requester', i) })),
    ...driverSpecs.map((d, i) => ({ tokenNo: d.tokenNo, name: nameOf('Driver', i) })),
    { tokenNo: 'MH01', name: 'Maintenance Head' },
  ];
  // A recorded driver signs up with the activation code his record's add showed the admin.
  const codeOf = new Map(driverSpecs.map((d, i) => [d.tokenNo, added[i]?.activationCode]));
  const activation = (tokenNo: string) => (typeof codeOf.get(tokenNo) === 'string' ? { activation_code: codeOf.get(tokenNo) } : {});
  await inParallel(accounts, 4, (a) =>
    must(url, 'POST', '/api/auth/signup', undefined, {
      token_no: a.tokenNo,
      password: PASSWORD,
      name: a.name,
      mobile: '9000000001',
      ...activation(a.tokenNo),
    }),
  );
  log(`${accounts.length} accounts signed up`);
  await must(url, 'PUT', '/api/users/MH01', adminToken, { role: 'maintenanceHead' });
  const tokens = await inParallel(accounts, 4, (a) => signIn(url, a.tokenNo, PASSWORD));
  log(`${accounts.length} accounts signed in`);
  const tokenOf = new Map(accounts.map((a, i) => [a.tokenNo, tokens[i]!]));
  return {
    admin: { tokenNo: admin.tokenNo, token: adminToken },
    head: { tokenNo: 'MH01', token: tokenOf.get('MH01')! },
    requesters: accounts.slice(0, requesters).map((a) => ({ tokenNo: a.tokenNo, token: tokenOf.get(a.tokenNo)! })),
    drivers: driverSpecs.map((d) => ({ ...d, token: tokenOf.get(d.tokenNo)! })),
  };
}
