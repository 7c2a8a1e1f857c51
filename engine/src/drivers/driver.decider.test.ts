import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type AddDriver, type DriverEvent, type UpdateDriver } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { NOW, commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { userEvents } from '../test-support/user-events';
import { evolveUser, type UserState } from '../users/user.decider';
import { assignment, mayDrive, release } from '../rides/ride.decider';
import { addDriver, evolveDriver, initialDriverState, toggleDriverAccess, updateDriver } from './driver.decider';

// The builders' events name their stream; a decision's events do not.
const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;

const record: AddDriver['data'] = {
  operatorId: 'D001',
  vehicle: 'MH12AB1234',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  role: 'Driver',
  forklift: '12',
  status: 'Active',
  comments: '',
  vehicleAssigned: 'Forklift',
};
const added: DriverEvent = { type: 'DriverAdded', data: { ...record, serial: 1, createdAt: NOW.toISOString() } };
const counted = (operatorId: string, vehicleType: 'Forklift' | 'Crane' | null) =>
  ({ type: 'DriverCounted', data: { operatorId, vehicleType } }) as const;
const madeDriver = (assignedVehicleType: 'Forklift' | 'Crane' | null) =>
  ({ type: 'UserRoleChanged', data: { tokenNo: 'D001', role: 'driver', assignedVehicleType } }) as const;

describe('add a driver', () => {
  const spec = commandSpec(addDriver);
  const add = (data: AddDriver['data'] = record) => ({ type: 'AddDriver', data }) as const;
  const issued = (operatorId: string, serial: number) => ({ type: 'DriverSerialIssued', data: { operatorId, serial } }) as const;
  const roster = [issued('D001', 1), counted('D001', 'Forklift')];

  it('given no driver, no account and an empty roster, when an admin adds him, then the record is added with serial 1 and its creation time, and the roster issues serial 1 and counts him for his vehicle type', () => {
    spec
      .given({})
      .when(add())
      .then({ driver: [added], roster });
  });

  it('given an empty roster, when an admin adds a driver Not Active or with no vehicle type, then the roster issues his serial but counts him for no type', () => {
    for (const more of [{ status: 'Not Active' as const }, { vehicleAssigned: '' as const }])
      spec
        .given({})
        .when(add({ ...record, ...more }))
        .then({ driver: [{ ...added, data: { ...added.data, ...more } }], roster: [issued('D001', 1)] });
  });

  it('given a roster that issued serials 1 to 4, when an admin adds a driver, then his serial is 5, on his record and on the roster', () => {
    const withFive: DriverEvent = { type: 'DriverAdded', data: { ...record, serial: 5, createdAt: NOW.toISOString() } };
    spec
      .given({ roster: ['CR01', 'CR02', 'CR03', 'CR04'].map((operatorId, i) => issued(operatorId, i + 1)) })
      .when(add())
      .then({ driver: [withFive], roster: [issued('D001', 5), counted('D001', 'Forklift')] });
  });

  it('given a roster opened at 12 (records of before the roster), when an admin adds a driver, then his serial is 13; after him, the next add takes 14', () => {
    const serialOf = (serial: number): DriverEvent => ({ type: 'DriverAdded', data: { ...record, serial, createdAt: NOW.toISOString() } });
    const opened = { type: 'DriverRosterOpened', data: { lastSerial: 12 } } as const;
    spec
      .given({ roster: [opened] })
      .when(add())
      .then({ driver: [serialOf(13)], roster: [issued('D001', 13), counted('D001', 'Forklift')] });
    spec
      .given({ roster: [opened, issued('CR01', 13)] })
      .when(add())
      .then({ driver: [serialOf(14)], roster: [issued('D001', 14), counted('D001', 'Forklift')] });
  });

  it("given no driver, when an admin adds him with an activation code, then the record and the code's hash with its expiry are recorded together", () => {
    const withCode = { ...add(), activation: { codeHash: 'code-hash', ttlMs: 7 * 24 * 3_600_000 } };
    spec
      .given({})
      .when(withCode)
      .then({
        driver: [
          added,
          {
            type: 'DriverActivationCodeIssued',
            data: { operatorId: 'D001', codeHash: 'code-hash', issuedAt: NOW.toISOString(), expiresAt: '2026-12-02T08:00:00.000Z' },
          },
        ],
        roster,
      });
  });

  it('given a requester account on the operator id, when an admin adds the driver, then the account waits for approval and is not made a driver', () => {
    spec
      .given({ account: [userEvents.signedUp('D001')] })
      .when(add())
      .then({ driver: [added], account: [{ type: 'DriverRegistrationRequested', data: { tokenNo: 'D001' } }], roster });
  });

  it("given a driver account of another vehicle type, when the record is added, then the account takes the record's type; of the same type, nothing changes", () => {
    const driverAccount = (type: 'Forklift' | 'Crane') => [
      userEvents.signedUp('D001', { role: 'driver' }),
      userEvents.roleChanged('D001', 'driver', type),
    ];
    spec
      .given({ account: driverAccount('Crane') })
      .when(add())
      .then({ driver: [added], account: [madeDriver('Forklift')], roster });
    spec
      .given({ account: driverAccount('Forklift') })
      .when(add())
      .then({ driver: [added], roster });
  });

  it.each(['admin', 'maintenanceHead'] as const)(
    'given an %s account on the operator id, when a driver record is added for it, then the account is never made a driver',
    (role) => {
      spec
        .given({ account: [userEvents.signedUp('D001', { role })] })
        .when(add())
        .then({ driver: [added], roster });
    },
  );

  it('given a driver, when he is added again, then it is refused', () => {
    spec
      .given({ driver: [added], roster })
      .when(add())
      .thenThrows(409, SERVER_MESSAGES.driverAlreadyExists);
  });
});

describe('update a driver', () => {
  const spec = commandSpec(updateDriver);
  const update = (data: Partial<UpdateDriver['data']> = {}): UpdateDriver => ({ type: 'UpdateDriver', data: { ...record, ...data } });
  // The roster counts D001 as a Forklift driver, as his add recorded.
  const roster = [counted('D001', 'Forklift')];

  it('given an Active driver, when an admin saves him Not Active, then the record and the status change are recorded, and the roster counts him no more', () => {
    spec
      .given({ driver: [added], roster })
      .when(update({ status: 'Not Active', comments: 'licence expired' }))
      .then({
        driver: [
          {
            type: 'DriverUpdated',
            data: { ...record, status: 'Not Active', comments: 'licence expired', serial: 1, createdAt: NOW.toISOString() },
          },
          { type: 'DriverStatusChanged', data: { operatorId: 'D001', status: 'Not Active' } },
        ],
        roster: [counted('D001', null)],
      });
  });

  it('given a driver, when an admin saves him with the same status and type, then only the record is recorded, keeping its serial and creation time', () => {
    const earlier = driverEvents.added('D001', 30, { serial: 7 });
    spec
      .given({ driver: [earlier], roster })
      .when(update({ name: 'Ravi K' }))
      .then({ driver: [{ type: 'DriverUpdated', data: { ...record, name: 'Ravi K', serial: 7, createdAt: earlier.data.createdAt } }] });
  });

  it("given a Forklift driver's account, when his record is saved as Crane, then the account serves Crane and the roster counts him for Crane", () => {
    spec
      .given({
        roster,
        driver: [added],
        account: [userEvents.signedUp('D001', { role: 'driver' }), userEvents.roleChanged('D001', 'driver', 'Forklift')],
      })
      .when(update({ vehicleAssigned: 'Crane' }))
      .then({
        driver: [{ type: 'DriverUpdated', data: { ...record, vehicleAssigned: 'Crane', serial: 1, createdAt: NOW.toISOString() } }],
        account: [madeDriver('Crane')],
        roster: [counted('D001', 'Crane')],
      });
  });

  it('given a requester account on the operator id, when his record is saved, then the account is left a requester', () => {
    spec
      .given({ driver: [added], account: [userEvents.signedUp('D001')], roster })
      .when({ type: 'UpdateDriver', data: { ...record, vehicleAssigned: 'Crane' } })
      .then({
        driver: [{ type: 'DriverUpdated', data: { ...record, vehicleAssigned: 'Crane', serial: 1, createdAt: NOW.toISOString() } }],
        roster: [counted('D001', 'Crane')],
      });
  });

  it('given no driver, when an admin updates him, then he is not found', () => {
    spec.given({}).when(update()).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });
});

describe("toggle a driver's access", () => {
  const spec = commandSpec(toggleDriverAccess);
  const toggle = (active: boolean) => ({ type: 'ToggleDriverAccess', data: { operatorId: 'D001', active } }) as const;

  it('given a driver with access, when access is withdrawn, then it is toggled; granted as it is, nothing changes', () => {
    spec
      .given({ driver: [added] })
      .when(toggle(false))
      .then({ driver: [plain(driverEvents.accessToggled('D001', false))] });
    spec
      .given({ driver: [added] })
      .when(toggle(true))
      .then({});
  });

  it('given a driver whose access was withdrawn, when it is granted, then it is toggled back', () => {
    spec
      .given({ driver: [added, driverEvents.accessToggled('D001', false)] })
      .when(toggle(true))
      .then({ driver: [plain(driverEvents.accessToggled('D001', true))] });
  });

  it('given no driver, when his access is toggled, then he is not found', () => {
    spec.given({}).when(toggle(false)).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });
});

const driverState = (...events: DriverEvent[]) => events.reduce(evolveDriver, initialDriverState());
const account = (...events: Parameters<typeof evolveUser>[1][]) => events.reduce<UserState>(evolveUser, null);
const driverAccount = account(userEvents.signedUp('D001', { role: 'driver' }), userEvents.roleChanged('D001', 'driver', 'Forklift'));

/** The refusal a pure rule throws, as status and message. */
function refusal(rule: () => unknown): { status: number; message: string } | undefined {
  try {
    rule();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  return undefined;
}

describe('who may drive', () => {
  it("given an Active driver with access, when he takes or steps a ride, then the ride records his record's details and vehicle type", () => {
    expect(mayDrive(driverAccount, driverState(added), 'accept')).toEqual({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      vehicleNumber: 'MH12AB1234',
      vehicleType: 'Forklift',
    });
    expect(mayDrive(driverAccount, driverState(added), 'step')).toEqual({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      vehicleNumber: 'MH12AB1234',
      vehicleType: 'Forklift',
    });
  });

  it.each([
    ['no account', null, driverState(added), SERVER_MESSAGES.forbidden, SERVER_MESSAGES.forbidden],
    ['a requester account', account(userEvents.signedUp('D001')), driverState(added), SERVER_MESSAGES.forbidden, SERVER_MESSAGES.forbidden],
    [
      'a blocked account',
      account(userEvents.signedUp('D001', { role: 'driver' }), userEvents.blocked('D001')),
      driverState(added),
      MESSAGES.blockedCannotAccept,
      MESSAGES.blockedCannotAccept,
    ],
    ['no driver record', driverAccount, driverState(), SERVER_MESSAGES.driverNotFound, SERVER_MESSAGES.driverNotFound],
    [
      'a block for maintenance',
      driverAccount,
      driverState(added, driverEvents.blockedForMaintenance('D001', 'M1')),
      MESSAGES.blockedCannotAccept,
      SERVER_MESSAGES.driverBlockedForMaintenance,
    ],
    [
      'a Not Active record',
      driverAccount,
      driverState(added, driverEvents.statusChanged('D001', 'Not Active')),
      MESSAGES.blockedCannotAccept,
      SERVER_MESSAGES.driverNotActive,
    ],
    [
      'his access withdrawn',
      driverAccount,
      driverState(added, driverEvents.accessToggled('D001', false)),
      MESSAGES.blockedCannotAccept,
      SERVER_MESSAGES.driverNotActive,
    ],
  ])('given %s, when he accepts or steps, then it is 403 with the toast text or the reason', (_why, user, driver, onAccept, onStep) => {
    expect(refusal(() => mayDrive(user, driver, 'accept'))).toEqual({ status: 403, message: onAccept });
    expect(refusal(() => mayDrive(user, driver, 'step'))).toEqual({ status: 403, message: onStep });
  });

  it('given a driver whose status is set Active again and access granted again, when he accepts, then he may', () => {
    const back = driverState(
      added,
      driverEvents.statusChanged('D001', 'Not Active'),
      driverEvents.accessToggled('D001', false),
      driverEvents.statusChanged('D001', 'Active'),
      driverEvents.accessToggled('D001', true),
    );
    expect(refusal(() => mayDrive(driverAccount, back, 'accept'))).toBeUndefined();
  });
});

describe('one ride per driver', () => {
  const assigned = plain(driverEvents.assignedToRide('D001', 'R1'));
  const released = plain(driverEvents.releasedFromRide('D001', 'R1', 'ended'));

  it('given a free driver, when he takes a ride, then it is assigned to him; taking it again changes nothing', () => {
    expect(assignment(driverState(added), 'D001', 'R1')).toEqual([assigned]);
    expect(assignment(driverState(added, assigned), 'D001', 'R1')).toEqual([]);
  });

  it('given a driver holding a ride, when he takes another, then it is refused until the first is released', () => {
    expect(refusal(() => assignment(driverState(added, assigned), 'D001', 'R2'))).toEqual({
      status: 409,
      message: SERVER_MESSAGES.driverHasOngoingRide,
    });
    expect(release(driverState(added, assigned), 'D001', 'R1', 'ended')).toEqual([released]);
    expect(assignment(driverState(added, assigned, released), 'D001', 'R2')).toEqual([plain(driverEvents.assignedToRide('D001', 'R2'))]);
  });

  it('given a driver not holding the ride, when it is released, then nothing is recorded; a release of another ride leaves his own', () => {
    expect(release(driverState(added), 'D001', 'R1', 'redistributed')).toEqual([]);
    expect(release(driverState(added, assigned), 'D001', 'R9', 'ended')).toEqual([]);
    expect(driverState(added, assigned, plain(driverEvents.releasedFromRide('D001', 'R9'))).ongoingRideId).toBe('R1');
  });

  it('given a driver blocked for maintenance, when he is unblocked, then the block is gone', () => {
    expect(driverState(added, driverEvents.blockedForMaintenance('D001', 'M1')).blockedFor).toBe('M1');
    expect(
      driverState(added, driverEvents.blockedForMaintenance('D001', 'M1'), driverEvents.unblocked('D001', 'maintenance_completed'))
        .blockedFor,
    ).toBeNull();
  });
});
