import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHECKLISTS,
  INSPECTION_MESSAGES,
  MESSAGES,
  SERVER_MESSAGES,
  plantDayOf,
  type Actor,
  type DomainEvent,
  type DriverEvent,
  type InspectionAnswerItem,
} from '@plantride/schemas';
import { NOW, commandSpec, type Given } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import { evolveDriver, initialDriverState } from '../drivers/driver.decider';
import { acceptRide, takeOverRide } from '../rides/ride.decider';
import { changeChecklist, changeInspectionSettings, derivedId, inspectVehicle, type InspectVehicleCommand } from './inspection.decider';

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const driver: Actor = { tokenNo: 'D001', role: 'driver' };
const DAY = 24 * 3_600_000;

const checklist = [
  { id: 'brakes', text: 'Brakes work', critical: true },
  { id: 'horn', text: 'Horn sounds', critical: false },
];
const checklistChanged = { type: 'ChecklistChanged', data: { vehicleType: 'Forklift', items: checklist } } as const;
const streams = (more: DomainEvent[] = []): Given => ({
  driver: [driverEvents.added('D001'), ...more],
  account: [userEvents.signedUp('D001', { role: 'driver' }), userEvents.roleChanged('D001', 'driver', 'Forklift')],
  checklist: [checklistChanged],
});
const inspect = (items: InspectionAnswerItem[], operatorId = 'D001'): InspectVehicleCommand => ({
  type: 'InspectVehicle',
  data: { inspectionId: 'I1', operatorId, items },
  maintenanceRequestId: 'M1',
});
const inspected = (passed: boolean, items: Array<{ ok: boolean; note: string | null }>, at = NOW): DriverEvent => ({
  type: 'VehicleInspected',
  data: {
    inspectionId: 'I1',
    operatorId: 'D001',
    vehicleType: 'Forklift',
    vehicleNumber: 'MH12 D001',
    day: plantDayOf(at),
    items: checklist.map((item, i) => ({ ...item, ...items[i]! })),
    passed,
    inspectedAt: at.toISOString(),
  },
});

// A failed critical item names the request it filed, so staff lists can link the two.
const withRequest = (event: DriverEvent, maintenanceRequestId: string): DriverEvent =>
  event.type === 'VehicleInspected' ? { ...event, data: { ...event.data, maintenanceRequestId } } : event;

describe('checklists', () => {
  const spec = commandSpec(changeChecklist);
  const change = (items: Array<{ id?: string; text: string; critical: boolean }>) =>
    ({ type: 'ChangeChecklist', data: { vehicleType: 'Forklift', items }, commandId: 'C1' }) as const;

  it('given the defaults, when an admin saves a list with a new item, then ids sent are kept and the new one gets an id from the command', () => {
    const id = derivedId('i-', 'C1', 1);
    expect(id).toMatch(/^i-[0-9a-z]{8}$/);
    spec
      .given({})
      .when(
        change([
          { id: 'brakes', text: ' Brakes work ', critical: true },
          { text: 'Mirror clean', critical: false },
        ]),
        admin,
      )
      .then({
        checklist: [
          {
            type: 'ChecklistChanged',
            data: {
              vehicleType: 'Forklift',
              items: [
                { id: 'brakes', text: 'Brakes work', critical: true },
                { id, text: 'Mirror clean', critical: false },
              ],
            },
          },
        ],
      });
  });

  it('given a saved list, when the same list is saved again, then nothing is appended; the defaults unchanged, neither', () => {
    spec
      .given({ checklist: [checklistChanged] })
      .when(change(checklist), admin)
      .then({});
    spec.given({}).when(change(DEFAULT_CHECKLISTS.Forklift), admin).then({});
  });

  it('given a list with an id twice, or a caller who is not an admin, then it is refused', () => {
    spec
      .given({})
      .when(
        change([
          { id: 'a', text: 'x', critical: true },
          { id: 'a', text: 'y', critical: false },
        ]),
        admin,
      )
      .thenThrows(400, INSPECTION_MESSAGES.duplicateItemId);
    spec.given({}).when(change(checklist), driver).thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe('inspection settings', () => {
  const spec = commandSpec(changeInspectionSettings);
  const set = (inspectionRequired: boolean) => ({ type: 'ChangeInspectionSettings', data: { inspectionRequired } }) as const;

  it('given the default (off), when an admin turns it on, then it is on; on again, nothing; by a driver, refused', () => {
    spec
      .given({})
      .when(set(true), admin)
      .then({ settings: [{ type: 'InspectionSettingsChanged', data: { inspectionRequired: true } }] });
    spec.given({}).when(set(false), admin).then({});
    spec
      .given({ settings: [{ type: 'InspectionSettingsChanged', data: { inspectionRequired: true } }] })
      .when(set(true), admin)
      .then({});
    spec.given({}).when(set(true), driver).thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe("the driver's daily inspection", () => {
  const spec = commandSpec(inspectVehicle);

  it('given a driver, when every item is ok, then his inspection passes with the items as they read', () => {
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: true },
          { id: 'horn', ok: true },
        ]),
        driver,
      )
      .then({
        driver: [
          inspected(true, [
            { ok: true, note: null },
            { ok: true, note: null },
          ]),
        ],
      });
  });

  it('given a driver, when a non-critical item fails with a note, then it still passes, the defect recorded', () => {
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: true },
          { id: 'horn', ok: false, note: ' quiet ' },
        ]),
        driver,
      )
      .then({
        driver: [
          inspected(true, [
            { ok: true, note: null },
            { ok: false, note: 'quiet' },
          ]),
        ],
      });
  });

  it('given a driver, when a critical item fails, then in one decision the inspection fails, he is blocked and a full-breakdown request is filed with the failed items', () => {
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: false, note: 'soft pedal' },
          { id: 'horn', ok: false, note: 'silent' },
        ]),
        driver,
      )
      .then({
        driver: [
          withRequest(
            inspected(false, [
              { ok: false, note: 'soft pedal' },
              { ok: false, note: 'silent' },
            ]),
            'M1',
          ),
          plain(driverEvents.blockedForMaintenance('D001', 'M1')),
        ],
        request: [
          {
            type: 'MaintenanceRequested',
            data: {
              requestId: 'M1',
              driverId: 'D001',
              driverName: 'Driver D001',
              vehicleType: 'Forklift',
              vehicleNumber: 'MH12 D001',
              issue: 'Daily inspection failed: Brakes work; Horn sounds',
              commentText: 'Brakes work: soft pedal\nHorn sounds: silent',
              breakdownType: 'full',
              rideId: null,
              requestedAt: NOW.toISOString(),
            },
          },
        ],
      });
  });

  it('given no saved checklist, when he inspects, then the defaults of his vehicle type are the checklist', () => {
    const answers = DEFAULT_CHECKLISTS.Forklift.map((item) => ({ id: item.id, ok: true }));
    const { checklist: _none, ...noChecklist } = streams();
    spec
      .given(noChecklist)
      .when(inspect(answers), driver)
      .then({
        driver: [
          {
            ...inspected(true, []),
            data: { ...inspected(true, []).data, items: DEFAULT_CHECKLISTS.Forklift.map((item) => ({ ...item, ok: true, note: null })) },
          } as DriverEvent,
        ],
      });
  });

  it('given a failed item without a note, an item not on the checklist, or items missing or twice, then it is refused with a clear message', () => {
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: true },
          { id: 'horn', ok: false, note: ' ' },
        ]),
        driver,
      )
      .thenThrows(400, INSPECTION_MESSAGES.noteRequired);
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: true },
          { id: 'wipers', ok: true },
        ]),
        driver,
      )
      .thenThrows(400, INSPECTION_MESSAGES.unknownItem);
    spec
      .given(streams())
      .when(inspect([{ id: 'brakes', ok: true }]), driver)
      .thenThrows(400, INSPECTION_MESSAGES.answerEveryItem);
    spec
      .given(streams())
      .when(
        inspect([
          { id: 'brakes', ok: true },
          { id: 'brakes', ok: true },
        ]),
        driver,
      )
      .thenThrows(400, INSPECTION_MESSAGES.answerEveryItem);
  });

  it('given someone not a driver, another driver, or no driver record, then it is refused', () => {
    const answers = [
      { id: 'brakes', ok: true },
      { id: 'horn', ok: true },
    ];
    spec.given(streams()).when(inspect(answers), admin).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given(streams()).when(inspect(answers), { tokenNo: 'D002', role: 'driver' }).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({}).when(inspect(answers), driver).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });

  it('given a driver blocked for maintenance or holding a ride, when he inspects, then 409 says why', () => {
    const answers = [
      { id: 'brakes', ok: true },
      { id: 'horn', ok: true },
    ];
    spec
      .given(streams([driverEvents.blockedForMaintenance('D001', 'M0')]))
      .when(inspect(answers), driver)
      .thenThrows(409, INSPECTION_MESSAGES.blockedCannotInspect);
    spec
      .given(streams([driverEvents.assignedToRide('D001', 'R1')]))
      .when(inspect(answers), driver)
      .thenThrows(409, INSPECTION_MESSAGES.midRideCannotInspect);
  });

  it("given a passed inspection today, when he inspects again (after a repair), then it is recorded too; a failed one keeps today's pass", () => {
    const answers = [
      { id: 'brakes', ok: true },
      { id: 'horn', ok: true },
    ];
    spec
      .given(
        streams([
          inspected(true, [
            { ok: true, note: null },
            { ok: true, note: null },
          ]),
        ]),
      )
      .when(inspect(answers), driver)
      .then({
        driver: [
          inspected(true, [
            { ok: true, note: null },
            { ok: true, note: null },
          ]),
        ],
      });
    const state = [
      plain(driverEvents.added('D001')),
      inspected(true, [
        { ok: true, note: null },
        { ok: false, note: 'quiet' },
      ]),
    ].reduce(evolveDriver, initialDriverState());
    expect(state).toMatchObject({ lastPassedInspectionDay: plantDayOf(NOW), lastInspection: { passed: true, defects: ['Horn sounds'] } });
    const failed = evolveDriver(
      state,
      inspected(false, [
        { ok: false, note: 'x' },
        { ok: true, note: null },
      ]),
    );
    expect(failed).toMatchObject({ lastPassedInspectionDay: plantDayOf(NOW), lastInspection: { passed: false, defects: ['Brakes work'] } });
  });
});

describe('the inspection gate on taking a ride', () => {
  const R = 'R1';
  const accept = commandSpec(acceptRide);
  const takeOver = commandSpec(takeOverRide);
  const acceptCommand = { type: 'AcceptRide', data: { rideId: R, driverId: 'D001' } } as const;
  /** The plant's setting as its stream tells it (absent: never set, not required). */
  const setting = (inspectionRequired?: boolean) => ({
    inspection:
      inspectionRequired === undefined ? [] : [{ type: 'InspectionSettingsChanged', data: { inspectionRequired } } as DomainEvent],
  });
  const requested = [plain(rideEvents.requested(R, 'AB12'))];
  const passedAt = (at: Date) =>
    inspected(
      true,
      [
        { ok: true, note: null },
        { ok: true, note: null },
      ],
      at,
    );
  const accepted = { ride: [plain(rideEvents.accepted(R, 'D001', 0))], driver: [plain(driverEvents.assignedToRide('D001', R))] };

  it("given the setting on and no inspection today, when he accepts, then 403 with the message; yesterday's pass does not count", () => {
    accept
      .given({ ride: requested, ...streams(), ...setting(true) })
      .when(acceptCommand, driver)
      .thenThrows(403, INSPECTION_MESSAGES.inspectionRequired);
    accept
      .given({ ride: requested, ...streams([passedAt(new Date(NOW.getTime() - DAY))]), ...setting(true) })
      .when(acceptCommand, driver)
      .thenThrows(403, "Complete today's vehicle inspection before accepting rides.");
  });

  it("given the setting on and today's inspection passed, when he accepts, then the ride is his", () => {
    accept
      .given({ ride: requested, ...streams([passedAt(NOW)]), ...setting(true) })
      .when(acceptCommand, driver)
      .then(accepted);
  });

  it('given the setting off or absent, when he accepts with no inspection, then the ride is his (the spec unchanged)', () => {
    accept
      .given({ ride: requested, ...streams(), ...setting(false) })
      .when(acceptCommand, driver)
      .then(accepted);
    accept
      .given({ ride: requested, ...streams(), ...setting() })
      .when(acceptCommand, driver)
      .then(accepted);
  });

  it('given the setting on and no inspection today, when he takes over a waiting ride, then he is refused too', () => {
    const waiting = [
      ...requested,
      plain(rideEvents.accepted(R, 'D002')),
      {
        type: 'RideRedistributed',
        data: {
          rideId: R,
          originalDriverId: 'D002',
          originalDriverName: 'Driver D002',
          maintenanceComment: 'leak',
          maintenanceRequestId: 'M9',
          resumeState: 'accepted',
          redistributedAt: NOW.toISOString(),
          openToAll: true,
          alternativeDrivers: 1,
        },
      } as DomainEvent,
    ];
    const command = { type: 'TakeOverRide', data: { rideId: R, driverId: 'D001', resumeState: null } } as const;
    takeOver
      .given({ ride: waiting, ...streams(), ...setting(true) })
      .when(command, driver)
      .thenThrows(403, INSPECTION_MESSAGES.inspectionRequired);
    takeOver
      .given({ ride: waiting, ...streams([passedAt(NOW)]), ...setting(true) })
      .when(command, driver)
      .then({
        ride: [expect.objectContaining({ type: 'RideTakenOver' }) as never],
        driver: [plain(driverEvents.assignedToRide('D001', R))],
      });
  });

  it('given a blocked driver, then the block answers first (the spec message), not the inspection', () => {
    accept
      .given({ ride: requested, ...streams([driverEvents.blockedForMaintenance('D001', 'M1')]), ...setting(true) })
      .when(acceptCommand, driver)
      .thenThrows(403, MESSAGES.blockedCannotAccept);
  });
});
