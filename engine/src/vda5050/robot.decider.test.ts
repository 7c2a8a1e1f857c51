import { describe, expect, it } from 'vitest';
import { type Actor, type DomainEvent, type RideEvent } from '@plantride/schemas';
import { NOW, commandSpec } from '../test-support/decider-spec';
import { noteRobotReport, robotBreakdown, robotNotReady, type RobotReport } from './robot.decider';
import { heldOrder, rideOrderFor, robotSteps, type RideOrder } from './robot-steps';
import { header, idleState, type VdaActionState, type VdaActionStatus, type VdaState } from './protocol';
import type { StreamRef } from '../commands/command-handler';
import { driverStream } from '../drivers/driver.decider';
import { rideStream } from '../rides/ride.decider';

const fold = <S, E extends DomainEvent>(ref: StreamRef<S, E>, events: readonly DomainEvent[]): S =>
  events.reduce((state, event) => ref.evolve(state, event as E), ref.initial());

/* Issue #33 item 4, decided without a database or a broker: when a robot takes rides, its breakdown, and its state read as steps. */
const ROBOT = 'AMR-7';
const AS_ROBOT: Actor = { tokenNo: ROBOT, role: 'driver' };
const at = NOW.toISOString();
const record: DomainEvent[] = [
  {
    type: 'DriverAdded',
    data: {
      operatorId: ROBOT,
      serial: 1,
      vehicle: '7',
      name: 'Rover',
      mobile: '',
      role: 'Driver',
      forklift: '',
      status: 'Active',
      comments: '',
      vehicleAssigned: 'AMR',
      createdAt: at,
    },
  },
  { type: 'RobotRegistered', data: { operatorId: ROBOT, manufacturer: 'Acme', serialNumber: '7', registeredAt: at } },
];
const READY: RobotReport = { connection: 'ONLINE', operatingMode: 'AUTOMATIC', batteryCharge: 80, fatal: false };

describe('a robot ready for rides', () => {
  it('given its report, then only online, automatic (or semi-automatic), charged and without a FATAL error is ready', () => {
    expect(robotNotReady(READY, 30)).toBeNull();
    expect(robotNotReady({ ...READY, operatingMode: 'SEMIAUTOMATIC' }, 30)).toBeNull();
    expect(robotNotReady({ ...READY, operatingMode: 'MANUAL' }, 30)).toBe('MANUAL mode');
    expect(robotNotReady({ ...READY, operatingMode: 'SERVICE' }, 30)).toBe('SERVICE mode');
    expect(robotNotReady({ ...READY, batteryCharge: 29.9 }, 30)).toBe('battery below 30 %');
    expect(robotNotReady({ ...READY, batteryCharge: 30 }, 30)).toBeNull();
    expect(robotNotReady({ ...READY, fatal: true }, 30)).toBe('FATAL error');
    expect(robotNotReady({ ...READY, connection: 'CONNECTIONBROKEN' }, 30)).toBe('connection CONNECTIONBROKEN');
    expect(robotNotReady({ ...READY, connection: null }, 30)).toBe('not heard yet');
  });

  const spec = commandSpec(noteRobotReport);
  const report = (r: RobotReport) => ({
    type: 'NoteRobotReport' as const,
    data: { operatorId: ROBOT, report: r, place: 'Canteen' },
    minBattery: 30,
    shiftMs: 3_600_000,
  });
  const started: DomainEvent = {
    type: 'DriverShiftStarted',
    data: { operatorId: ROBOT, location: 'Canteen', startedAt: at, endsAt: new Date(NOW.getTime() + 3_600_000).toISOString() },
  };

  it('given a robot off duty, when it reports ready, then its shift starts where it stands; ready again, nothing', () => {
    spec
      .given({ driver: record })
      .when(report(READY), AS_ROBOT)
      .then({ driver: [started] as never });
    spec
      .given({ driver: [...record, started] })
      .when(report(READY), AS_ROBOT)
      .then({});
  });

  it('given a robot on duty, when it reports MANUAL mode, then its shift ends; a person or another robot may not report for it', () => {
    spec
      .given({ driver: [...record, started] })
      .when(report({ ...READY, operatingMode: 'MANUAL' }), AS_ROBOT)
      .then({ driver: [{ type: 'DriverShiftEnded', data: { operatorId: ROBOT, endedAt: at } }] as never });
    spec.given({ driver: record }).when(report(READY), { tokenNo: 'AMR-8', role: 'driver' }).thenThrows(403, 'Forbidden');
    spec.given({ driver: record }).when(report(READY), { tokenNo: 'AD01', role: 'admin' }).thenThrows(403, 'Forbidden');
    // A person's driver record is no robot.
    spec
      .given({ driver: record.slice(0, 1) })
      .when(report(READY), AS_ROBOT)
      .thenThrows(403, 'Forbidden');
  });
});

describe('a robot breaking down', () => {
  const spec = commandSpec(robotBreakdown);
  const breakdown = (orderId: string | null) => ({
    type: 'RobotBreakdown' as const,
    data: { operatorId: ROBOT, requestId: 'M1', cause: 'fatalError' as const, detail: 'driveError', orderId },
    alternativeDrivers: { AMR: 1 },
  });
  const ride: RideEvent[] = [
    {
      type: 'RideRequested',
      data: {
        rideId: 'R1',
        requesterId: 'RQ01',
        requesterName: 'Asha',
        requesterMobile: '9000000000',
        fromLocation: 'Main Gate',
        toLocation: 'Canteen',
        vehicleType: 'AMR',
        rideType: 'Regular',
        durationMinutes: null,
        estimatedMinutes: 5,
        requestedAt: at,
      },
    } as RideEvent,
    {
      type: 'RideAccepted',
      data: { rideId: 'R1', driverId: ROBOT, driverName: 'Rover', driverMobile: '', vehicleNumber: '7', acceptedAt: at },
    },
  ];
  const holding: DomainEvent[] = [...record, { type: 'DriverAssignedToRide', data: { operatorId: ROBOT, rideId: 'R1' } }];

  it('given a robot holding a ride, then one decision files its request, blocks it, hands the ride on and cancels its order', () => {
    const decided = robotBreakdown.decide(
      breakdown('ride-R1-AMR-7-2'),
      { driver: fold(driverStream(ROBOT), holding), request: null, ride: fold(rideStream('R1'), ride) },
      { now: NOW, actor: AS_ROBOT },
    );
    expect(decided.request!.map((event) => event.type)).toEqual(['MaintenanceRequested']);
    expect(decided.request![0]!.data).toMatchObject({ driverId: ROBOT, vehicleType: 'AMR', rideId: 'R1', breakdownType: 'partial' });
    expect(decided.driver!.map((event) => event.type)).toEqual([
      'DriverBlockedForMaintenance',
      'DriverReleasedFromRide',
      'RobotOrderCancelled',
    ]);
    expect(decided.driver![2]!.data).toMatchObject({ orderId: 'ride-R1-AMR-7-2', cause: 'fatalError', rideId: 'R1' });
    expect(decided.ride!.map((event) => event.type)).toEqual(['RideRedistributed']);
    expect(decided.ride![0]!.data).toMatchObject({ originalDriverId: ROBOT, resumeState: 'accepted', alternativeDrivers: 1 });
  });

  it('given a robot without a ride, then it is blocked with a full breakdown; already blocked, nothing more', () => {
    spec
      .given({ driver: record })
      .when(breakdown(null), AS_ROBOT)
      .then({
        request: [
          {
            type: 'MaintenanceRequested',
            data: {
              requestId: 'M1',
              driverId: ROBOT,
              driverName: 'Rover',
              vehicleType: 'AMR',
              vehicleNumber: '7',
              issue: 'Robot error',
              commentText: 'Robot reported a FATAL error: driveError',
              breakdownType: 'full',
              rideId: null,
              requestedAt: at,
            },
          },
        ] as never,
        driver: [{ type: 'DriverBlockedForMaintenance', data: { operatorId: ROBOT, maintenanceRequestId: 'M1' } }] as never,
      });
    spec
      .given({ driver: [...record, { type: 'DriverBlockedForMaintenance', data: { operatorId: ROBOT, maintenanceRequestId: 'M0' } }] })
      .when(breakdown(null), AS_ROBOT)
      .then({});
  });
});

describe("a robot's state read as its ride's steps", () => {
  const order: RideOrder = { orderId: 'o1', rideId: 'R1', pickActionId: 'o1-pick', dropActionId: 'o1-drop' };
  const state = (over: Partial<VdaState>): VdaState =>
    idleState(header(1, 'Acme', '7', NOW), 'A', {
      orderId: 'o1',
      nodeStates: [{ nodeId: 'B', sequenceId: 2, released: true }],
      actionStates: [
        { actionId: 'o1-pick', actionType: 'pick', actionStatus: 'WAITING' },
        { actionId: 'o1-drop', actionType: 'drop', actionStatus: 'WAITING' },
      ],
      ...over,
    });
  const actions = (pick: VdaActionStatus, drop: VdaActionStatus): VdaActionState[] => [
    { actionId: 'o1-pick', actionType: 'pick', actionStatus: pick },
    { actionId: 'o1-drop', actionType: 'drop', actionStatus: drop },
  ];

  it('given where the ride stands and what the robot did, then the steps between, in order; another order or a finished ride, none', () => {
    expect(robotSteps('accepted', order, state({}))).toEqual([]);
    expect(robotSteps('accepted', order, state({ driving: true }))).toEqual(['StartRide']);
    expect(robotSteps('accepted', order, state({ actionStates: actions('FINISHED', 'WAITING') }) as VdaState)).toEqual([
      'StartRide',
      'PickMaterial',
    ]);
    expect(robotSteps('material picked', order, state({ actionStates: actions('FINISHED', 'FINISHED') }) as VdaState)).toEqual([
      'DropMaterial',
    ]);
    const finished = state({ nodeStates: [], actionStates: actions('FINISHED', 'FINISHED') } as Partial<VdaState>);
    expect(robotSteps('started', order, finished)).toEqual(['PickMaterial', 'DropMaterial', 'EndRide']);
    expect(robotSteps('completed', order, finished)).toEqual([]);
    expect(robotSteps('accepted', order, state({ orderId: 'o2', driving: true }))).toEqual([]);
    // Taken over with the material on board: an order with no pick.
    const dropOnly: RideOrder = { ...order, pickActionId: null };
    expect(robotSteps('material picked', dropOnly, state({ actionStates: actions('WAITING', 'RUNNING') } as Partial<VdaState>))).toEqual(
      [],
    );
  });
});

describe('the order taking a ride', () => {
  const nodes = [
    { placeId: 'main-gate', nodeId: 'G' },
    { placeId: 'canteen', nodeId: 'C' },
  ];
  const ride = { rideId: 'R1', fromLocation: 'main gate', toLocation: 'canteen' };
  const path = (order: ReturnType<typeof rideOrderFor>) =>
    order?.plan.nodes.map((n) => `${n.nodeId}${n.action ? `:${n.action.actionType}` : ''}`);

  it('given where the robot stands, then from there to the pickup to the drop; at the pickup, no first leg; picked already, the drop alone', () => {
    expect(path(rideOrderFor(ride, 'X', nodes, null, 'o1', false))).toEqual(['X', 'G:pick', 'C:drop']);
    expect(path(rideOrderFor(ride, 'G', nodes, null, 'o1', false))).toEqual(['G:pick', 'C:drop']);
    expect(path(rideOrderFor(ride, 'X', nodes, null, 'o1', true))).toEqual(['X', 'C:drop']);
    expect(rideOrderFor(ride, 'X', nodes, null, 'o1', true)?.ride).toEqual({
      orderId: 'o1',
      rideId: 'R1',
      pickActionId: null,
      dropActionId: 'o1-drop',
    });
  });

  it('given a place without a node or a robot nowhere known, then no order; a state naming our order for its ride is read back', () => {
    expect(rideOrderFor({ ...ride, toLocation: 'fgs' }, 'X', nodes, null, 'o1', false)).toBeNull();
    expect(rideOrderFor(ride, '', nodes, null, 'o1', false)).toBeNull();
    const state = idleState(header(1, 'Acme', '7', NOW), 'G', {
      orderId: 'ride-R1-AMR-7-3',
      actionStates: [{ actionId: 'ride-R1-AMR-7-3-drop', actionType: 'drop', actionStatus: 'WAITING' }],
    });
    expect(heldOrder('R1', ROBOT, state)).toEqual({
      orderId: 'ride-R1-AMR-7-3',
      rideId: 'R1',
      pickActionId: null,
      dropActionId: 'ride-R1-AMR-7-3-drop',
    });
    expect(heldOrder('R2', ROBOT, state)).toBeNull();
    expect(heldOrder(null, ROBOT, state)).toBeNull();
  });
});
