import { randomInt, randomUUID } from 'node:crypto';
import type { Role, VehicleType } from '@plantride/schemas';
import { hashPassword } from '../auth/password';
import { addDriver } from '../drivers/driver.decider';
import { handle, type CommandContext } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { ConcurrencyError, type EventStore } from '../event-store/event-store';
import type { Config } from '../config';
import { signUp, type SignUpUser } from './user.decider';
import { loadUser } from './user-stream';

export interface NewAccount {
  tokenNo: string;
  password: string;
  name: string;
  mobile: string;
  role: Role;
  assignedVehicleType: VehicleType | null;
}

export type DemoAccount = NewAccount;

const context = (system: string): CommandContext => ({ now: new Date(), actor: { system }, commandId: randomUUID() });

/** Creates an account as the system; false when its token number is already taken (also by a racing process). */
async function createAccount(store: EventStore, account: NewAccount, system: string): Promise<boolean> {
  const { password, ...profile } = account;
  const command: SignUpUser = { type: 'SignUp', data: { ...profile, passwordHash: await hashPassword(password) } };
  try {
    await handle(store, signUp, command, context(system));
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError || (error instanceof DomainError && error.status === 409)) return false;
    throw error;
  }
}

/**
 * The ADMIN_TOKEN_NO / ADMIN_PASSWORD admin: created once, left alone when it exists. A token number
 * someone else holds (signed up before the admin was configured) is 'held': the caller must not
 * serve as if the plant had its admin.
 */
export async function ensureAdmin(store: EventStore, admin: { tokenNo: string; password: string }): Promise<'created' | 'exists' | 'held'> {
  const existing = await loadUser(store, admin.tokenNo);
  if (existing) return existing.role === 'admin' ? 'exists' : 'held';
  const created = await createAccount(
    store,
    { ...admin, name: 'Administrator', mobile: '', role: 'admin', assignedVehicleType: null },
    'bootstrap',
  );
  if (created) return 'created';
  return (await loadUser(store, admin.tokenNo))?.role === 'admin' ? 'exists' : 'held';
}

const VEHICLE_CODES: Record<VehicleType, string> = { Forklift: 'FL', Crane: 'CR', AMR: 'AM', 'Cherry Picker': 'CP' };

// One admin, one maintenance head, two requesters and two drivers per vehicle type.
const DEMO_PEOPLE: Array<Omit<NewAccount, 'password'>> = [
  { tokenNo: 'AD01', name: 'Priya Sharma', mobile: '9820011001', role: 'admin', assignedVehicleType: null },
  { tokenNo: 'MH01', name: 'Rajesh Kulkarni', mobile: '9820011002', role: 'maintenanceHead', assignedVehicleType: null },
  { tokenNo: 'RQ01', name: 'Ananya Iyer', mobile: '9820011003', role: 'requester', assignedVehicleType: null },
  { tokenNo: 'RQ02', name: 'Vikram Deshmukh', mobile: '9820011004', role: 'requester', assignedVehicleType: null },
  ...(
    [
      ['Forklift', 'Suresh Patil', 'Manoj Yadav'],
      ['Crane', 'Arjun Reddy', 'Harpreet Singh'],
      ['AMR', 'Karthik Nair', 'Deepak Joshi'],
      ['Cherry Picker', 'Sanjay Gupta', 'Imran Shaikh'],
    ] as const
  ).flatMap(([vehicle, ...names], v) =>
    names.map((name, i) => ({
      tokenNo: `${VEHICLE_CODES[vehicle]}0${i + 1}`,
      name,
      mobile: `98765${43210 + v * 10 + i}`,
      role: 'driver' as const,
      assignedVehicleType: vehicle,
    })),
  ),
];

// No look-alikes (0/O, 1/l/I), so a password read off a terminal is typed right.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';
const demoPassword = () => Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** The admin's record of a demo driver, so he can take rides and bookings for his vehicle type can be made. */
async function createDriverRecord(store: EventStore, driver: Omit<NewAccount, 'password'>, serial: number): Promise<void> {
  const record = {
    operatorId: driver.tokenNo,
    vehicle: `MH14 ${driver.tokenNo.slice(0, 2)} ${String(1000 + serial)}`,
    name: driver.name,
    mobile: driver.mobile,
    role: 'Driver' as const,
    forklift: String(serial),
    status: 'Active' as const,
    comments: '',
    vehicleAssigned: driver.assignedVehicleType ?? ('' as const),
  };
  try {
    await handle(store, addDriver, { type: 'AddDriver', data: record }, context('demo'));
  } catch (error) {
    // Already recorded (also by a racing process): the record stands as it is.
    if (!(error instanceof ConcurrencyError || (error instanceof DomainError && error.status === 409))) throw error;
  }
}

async function createDemoAccounts(store: EventStore, except: string | undefined): Promise<DemoAccount[]> {
  const people = DEMO_PEOPLE.filter((person) => person.tokenNo !== except);
  const drivers = people.filter((person) => person.role === 'driver');
  // One after another: each takes the roster's next serial, so they number 1, 2, ... in this order.
  for (const [i, driver] of drivers.entries()) await createDriverRecord(store, driver, i + 1);
  const accounts = people.map((person) => ({ ...person, password: demoPassword() }));
  const created = await Promise.all(accounts.map((account) => createAccount(store, account, 'demo')));
  return accounts.filter((_, i) => created[i]);
}

/** Creates the demo accounts, each with a fresh random password, and returns them; null unless the store is empty. */
export async function seedDemoUsers(store: EventStore): Promise<DemoAccount[] | null> {
  return (await store.headPosition()) === 0 ? createDemoAccounts(store, undefined) : null;
}

/** The demo set is for trying the product: the embedded store, not production, not turned off with DEMO=0. */
export function demoWanted(config: Pick<Config, 'DATABASE_URL' | 'DEMO' | 'NODE_ENV'>): boolean {
  return !config.DATABASE_URL && config.DEMO !== '0' && config.NODE_ENV !== 'production';
}

export function demoTable(accounts: DemoAccount[]): string {
  const rows = [
    ['role', 'token', 'password', 'name', 'mobile', 'vehicle'],
    ...accounts.map((a) => [a.role, a.tokenNo, a.password, a.name, a.mobile, a.assignedVehicleType ?? '']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    'Demo accounts (created on this empty store; the passwords are shown only now):',
    line(rows[0]!),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.slice(1).map(line),
  ].join('\n');
}

export interface BootstrapResult {
  admin: 'created' | 'exists' | 'held' | 'not configured';
  demo: DemoAccount[] | null;
}

/** Start-up accounts: the configured admin, then (on an empty store, when wanted) the demo set, printed once. */
export async function bootstrapUsers(
  store: EventStore,
  config: Pick<Config, 'ADMIN_TOKEN_NO' | 'ADMIN_PASSWORD' | 'DATABASE_URL' | 'DEMO' | 'NODE_ENV'>,
  print: (text: string) => void,
): Promise<BootstrapResult> {
  // Emptiness is judged before the admin is written, so the admin does not rule out the demo.
  const empty = (await store.headPosition()) === 0;
  const { ADMIN_TOKEN_NO: tokenNo, ADMIN_PASSWORD: password } = config;
  const admin = tokenNo && password ? await ensureAdmin(store, { tokenNo, password }) : 'not configured';
  let demo: DemoAccount[] | null = null;
  if (empty && demoWanted(config)) {
    // The configured admin keeps its own password even if it shares a demo token number.
    demo = await createDemoAccounts(store, tokenNo);
    if (demo.length > 0) print(demoTable(demo));
  }
  return { admin, demo };
}
