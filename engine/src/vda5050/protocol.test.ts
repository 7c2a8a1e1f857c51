import { describe, expect, it } from 'vitest';
import {
  actionStatus,
  buildOrder,
  cancelOrderAction,
  connectionMessage,
  fatalErrors,
  header,
  idleState,
  orderAccepted,
  orderFinished,
  orderRejected,
  parseVdaPayload,
  parseVdaTopic,
  validVdaIdentity,
  validateVda,
  vdaTopic,
  type VdaState,
} from './protocol';

const NOW = new Date('2026-03-01T09:30:00.120Z');
const head = (headerId = 0) => header(headerId, 'PlantRide', 'AMR-1', NOW);

const state = (overrides: Partial<VdaState> = {}): VdaState => idleState(head(), 'A', overrides);

const rejection = (errorType: string, orderId: string) => ({
  errorType,
  errorLevel: 'WARNING' as const,
  errorReferences: [{ referenceKey: 'orderId', referenceValue: orderId }],
});

describe('validating VDA 5050 2.1 messages', () => {
  it('when a state has every required field, then it passes', () => {
    const result = validateVda('state', state({ agvPosition: { x: 1, y: 2, theta: 0, mapId: 'hall', positionInitialized: true } }));
    expect(result).toEqual({ ok: true, message: expect.objectContaining({ lastNodeId: 'A' }) });
  });

  it('when a state lacks safetyState, then the error names the field', () => {
    const { safetyState: _, ...incomplete } = state();
    expect(validateVda('state', incomplete)).toEqual({ ok: false, error: "state must have required property 'safetyState'" });
  });

  it('when an operating mode is not one of the enum, then the error lists the allowed ones', () => {
    const result = validateVda('state', { ...state(), operatingMode: 'AUTO' });
    expect(result).toEqual({
      ok: false,
      error: 'state/operatingMode must be equal to one of the allowed values (AUTOMATIC, SEMIAUTOMATIC, MANUAL, SERVICE, TEACHIN)',
    });
  });

  it('when an error level is wrong deep inside, then the error gives its path', () => {
    const result = validateVda('state', { ...state(), errors: [{ errorType: 'driveError', errorLevel: 'ERROR' }] });
    expect(result.ok === false && result.error).toMatch(/^state\/errors\/0\/errorLevel must be equal to one of the allowed values/);
  });

  it('when a timestamp is not an ISO date-time, then it fails (formats are checked)', () => {
    expect(validateVda('state', { ...state(), timestamp: 'yesterday' })).toEqual({
      ok: false,
      error: 'state/timestamp must match format "date-time"',
    });
  });

  it('when instant actions come under `instantActions`, then 2.1 asks for `actions`', () => {
    const { actions, ...rest } = cancelOrderAction('cancel-1', head());
    expect(validateVda('instantActions', { ...rest, instantActions: actions })).toEqual({
      ok: false,
      error: "instantActions must have required property 'actions'",
    });
  });

  it('when a payload is not JSON, then parsing fails with a readable error', () => {
    const result = parseVdaPayload('state', Buffer.from('{"headerId": 1,'));
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error).toMatch(/^state is not JSON: /);
  });

  it('when a payload is a good state, then parsing returns it', () => {
    expect(parseVdaPayload('state', Buffer.from(JSON.stringify(state({ orderId: 'o-1' }))))).toEqual({
      ok: true,
      message: state({ orderId: 'o-1' }),
    });
  });
});

describe('building messages', () => {
  it('when an order goes A, B (pick), C (drop), then nodes and edges are numbered, released and joined', () => {
    const order = buildOrder(
      {
        orderId: 'o-1',
        orderUpdateId: 0,
        nodes: [
          { nodeId: 'A' },
          { nodeId: 'B', action: { actionType: 'pick', actionId: 'pick-1', parameters: { stationType: 'floor', height: 0.2 } } },
          { nodeId: 'C', action: { actionType: 'drop', actionId: 'drop-1' } },
        ],
      },
      head(7),
    );
    expect(validateVda('order', order)).toEqual({ ok: true, message: order });
    expect(order).toMatchObject({ headerId: 7, version: '2.1.0', manufacturer: 'PlantRide', serialNumber: 'AMR-1', orderId: 'o-1' });
    expect(order.nodes.map((node) => [node.nodeId, node.sequenceId, node.released])).toEqual([
      ['A', 0, true],
      ['B', 2, true],
      ['C', 4, true],
    ]);
    expect(order.edges).toEqual([
      { edgeId: 'A-B', sequenceId: 1, released: true, startNodeId: 'A', endNodeId: 'B', actions: [] },
      { edgeId: 'B-C', sequenceId: 3, released: true, startNodeId: 'B', endNodeId: 'C', actions: [] },
    ]);
    expect(order.nodes[1]?.actions).toEqual([
      {
        actionType: 'pick',
        actionId: 'pick-1',
        blockingType: 'HARD',
        actionParameters: [
          { key: 'stationType', value: 'floor' },
          { key: 'height', value: 0.2 },
        ],
      },
    ]);
    expect(order.nodes[2]?.actions).toEqual([{ actionType: 'drop', actionId: 'drop-1', blockingType: 'HARD' }]);
  });

  it('when an order has one node, then it has no edge and still passes', () => {
    const order = buildOrder({ orderId: 'o-2', orderUpdateId: 3, nodes: [{ nodeId: 'A' }] }, head());
    expect(order.edges).toEqual([]);
    expect(validateVda('order', order).ok).toBe(true);
  });

  it('when an order has no node, then building it throws', () => {
    expect(() => buildOrder({ orderId: 'o-3', orderUpdateId: 0, nodes: [] }, head())).toThrow('order o-3 has no node');
  });

  it('when an order is cancelled, then the instant action passes', () => {
    const cancel = cancelOrderAction('cancel-1', head(2));
    expect(cancel.actions).toEqual([{ actionType: 'cancelOrder', actionId: 'cancel-1', blockingType: 'HARD' }]);
    expect(validateVda('instantActions', cancel).ok).toBe(true);
  });

  it('when a connection state is announced, then each of the three passes', () => {
    for (const connectionState of ['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN'] as const) {
      expect(validateVda('connection', connectionMessage(connectionState, head())).ok).toBe(true);
    }
    expect(validateVda('connection', { ...head(), connectionState: 'GONE' }).ok).toBe(false);
  });

  it('when a header is made, then it carries version 2.1.0 and the given time', () => {
    expect(head(4)).toEqual({
      headerId: 4,
      timestamp: '2026-03-01T09:30:00.120Z',
      version: '2.1.0',
      manufacturer: 'PlantRide',
      serialNumber: 'AMR-1',
    });
  });
});

describe('topics', () => {
  it('when a topic is made and read back, then the robot and topic come back', () => {
    const topic = vdaTopic('PlantRide', 'AMR-1', 'instantActions');
    expect(topic).toBe('uagv/v2/PlantRide/AMR-1/instantActions');
    expect(parseVdaTopic(topic)).toEqual({ manufacturer: 'PlantRide', serialNumber: 'AMR-1', topic: 'instantActions' });
  });

  it('when a topic is of another interface, version, shape or name, then it reads as null', () => {
    for (const topic of [
      'uagv/v1/PlantRide/AMR-1/state',
      'other/v2/PlantRide/AMR-1/state',
      'uagv/v2/PlantRide/state',
      'uagv/v2/P/A/s/x',
      'uagv/v2/P/A/orders',
      'uagv/v2//A/state',
    ]) {
      expect(parseVdaTopic(topic)).toBeNull();
    }
  });

  it('when an identity holds a level separator, a wildcard, space or a control character, then it is not valid', () => {
    expect(['AMR-1', 'KIT', 'amr_1.2:3', 'Götting'].every(validVdaIdentity)).toBe(true);
    expect(['', 'a/b', 'a+', '#', 'a b', 'a\u0000b', '\t'].some(validVdaIdentity)).toBe(false);
    expect(() => vdaTopic('PlantRide', '+', 'order')).toThrow('cannot be VDA 5050 topic levels');
  });
});

describe('reading states', () => {
  it('when the robot holds the order and no rejection names it, then it is accepted', () => {
    expect(orderAccepted(state({ orderId: 'o-1' }), 'o-1')).toBe(true);
    expect(orderRejected(state({ orderId: 'o-1' }), 'o-1')).toBe(false);
    expect(orderAccepted(state({ orderId: 'o-0' }), 'o-1')).toBe(false);
  });

  it('when a rejection names the order, then it is rejected, not accepted, whatever order the robot holds', () => {
    for (const errorType of ['orderError', 'orderUpdateError', 'noRouteError', 'validationError']) {
      const refused = state({ orderId: 'o-0', errors: [rejection(errorType, 'o-1')] });
      expect(orderRejected(refused, 'o-1')).toBe(true);
      expect(orderAccepted(refused, 'o-1')).toBe(false);
      expect(orderRejected(refused, 'o-0')).toBe(false);
    }
    expect(orderAccepted(state({ orderId: 'o-1', errors: [rejection('orderUpdateError', 'o-1')] }), 'o-1')).toBe(false);
  });

  it('when an error that is no rejection names the order, then it neither rejects nor unaccepts it', () => {
    const driving = state({ orderId: 'o-1', errors: [rejection('driveError', 'o-1')] });
    expect(orderRejected(driving, 'o-1')).toBe(false);
    expect(orderAccepted(driving, 'o-1')).toBe(true);
  });

  it('when an action is listed, then its status reads; when not, undefined', () => {
    const running = state({ actionStates: [{ actionId: 'pick-1', actionType: 'pick', actionStatus: 'RUNNING' }] });
    expect(actionStatus(running, 'pick-1')).toBe('RUNNING');
    expect(actionStatus(running, 'drop-1')).toBeUndefined();
  });

  it('when nodes, edges or actions are left, then the order is not finished; when none, it is', () => {
    const done = state({
      orderId: 'o-1',
      actionStates: [
        { actionId: 'pick-1', actionStatus: 'FINISHED' },
        { actionId: 'drop-1', actionStatus: 'FAILED' },
      ],
    });
    expect(orderFinished(done, 'o-1')).toBe(true);
    expect(orderFinished(done, 'o-2')).toBe(false);
    expect(orderFinished({ ...done, nodeStates: [{ nodeId: 'C', sequenceId: 4, released: true }] }, 'o-1')).toBe(false);
    expect(orderFinished({ ...done, edgeStates: [{ edgeId: 'B-C', sequenceId: 3, released: true }] }, 'o-1')).toBe(false);
    expect(orderFinished({ ...done, actionStates: [{ actionId: 'drop-1', actionStatus: 'WAITING' }] }, 'o-1')).toBe(false);
  });

  it('when errors are of both levels, then only the FATAL ones are fatal', () => {
    const fatal = { errorType: 'driveError', errorLevel: 'FATAL' as const };
    expect(fatalErrors(state({ errors: [rejection('orderError', 'o-1'), fatal] }))).toEqual([fatal]);
    expect(fatalErrors(state())).toEqual([]);
  });
});
