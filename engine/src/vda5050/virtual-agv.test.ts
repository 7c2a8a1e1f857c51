import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import {
  actionStatus,
  buildOrder,
  cancelOrderAction,
  fatalErrors,
  header,
  orderAccepted,
  orderFinished,
  orderRejected,
  parseVdaPayload,
  parseVdaTopic,
  vdaTopic,
  type OrderPlan,
  type VdaConnection,
  type VdaHeader,
  type VdaState,
  type VdaTopicName,
} from './protocol';
import { VirtualAgv, type VirtualAgvOptions } from './virtual-agv';

const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MANUFACTURER = 'PlantRide';
/** What the robot publishes; the orders and instant actions on its topics are the test's own, some malformed on purpose. */
const PUBLISHED = ['state', 'connection'] as const;

interface Heard {
  topic: VdaTopicName;
  message: VdaHeader;
}

/** Master control's side of the broker: every message on one robot's topics, each checked against its schema. */
class Watcher {
  readonly heard: Heard[] = [];
  readonly invalid: string[] = [];
  private readonly wakers = new Set<() => void>();
  private headerId = 0;

  private constructor(
    private readonly client: MqttClient,
    readonly serialNumber: string,
  ) {
    client.on('message', (topic, payload) => {
      const kind = PUBLISHED.find((name) => name === parseVdaTopic(topic)?.topic);
      if (!kind) return;
      const parsed = parseVdaPayload(kind, payload);
      if (!parsed.ok) this.invalid.push(parsed.error);
      else this.heard.push({ topic: kind, message: parsed.message });
      for (const wake of this.wakers) wake();
    });
  }

  static async of(serialNumber: string): Promise<Watcher> {
    const client = await mqtt.connectAsync(MQTT_URL, { clean: true }, false);
    const watcher = new Watcher(client, serialNumber);
    await client.subscribeAsync(`uagv/v2/${MANUFACTURER}/${serialNumber}/+`, { qos: 1 });
    return watcher;
  }

  states(): VdaState[] {
    return this.messages<VdaState>('state');
  }

  connections(): VdaConnection[] {
    return this.messages<VdaConnection>('connection');
  }

  messages<T extends VdaHeader>(topic: VdaTopicName): T[] {
    return this.heard.filter((heard) => heard.topic === topic).map((heard) => heard.message as T);
  }

  /** Resolves with what `find` finds, looked for again at each message heard. */
  until<T>(what: string, find: () => T | undefined, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = find();
        if (found === undefined) return;
        this.wakers.delete(look);
        clearTimeout(timeout);
        resolve(found);
      };
      const timeout = setTimeout(() => {
        this.wakers.delete(look);
        reject(new Error(`${what}: not heard within ${timeoutMs} ms; last state ${JSON.stringify(this.states().at(-1))}`));
      }, timeoutMs);
      this.wakers.add(look);
      look();
    });
  }

  /** The first state from `from` on (an index into states()) that matches, with its index. */
  state(what: string, matches: (state: VdaState) => boolean, from = 0): Promise<{ state: VdaState; at: number }> {
    return this.until(what, () => {
      const at = this.states().findIndex((state, i) => i >= from && matches(state));
      return at < 0 ? undefined : { state: this.states()[at]!, at };
    });
  }

  async send(topic: 'order' | 'instantActions', message: object | string): Promise<void> {
    const payload = typeof message === 'string' ? message : JSON.stringify(message);
    await this.client.publishAsync(vdaTopic(MANUFACTURER, this.serialNumber, topic), payload);
  }

  head(): VdaHeader {
    return header(this.headerId++, MANUFACTURER, this.serialNumber, new Date());
  }

  sendOrder(plan: OrderPlan): Promise<void> {
    return this.send('order', buildOrder(plan, this.head()));
  }

  sendCancel(actionId: string): Promise<void> {
    return this.send('instantActions', cancelOrderAction(actionId, this.head()));
  }

  /** Unsubscribes first, so that clearing the retained connection message is not heard as a message. */
  async close(): Promise<void> {
    await this.client.unsubscribeAsync(`uagv/v2/${MANUFACTURER}/${this.serialNumber}/+`);
    await this.client.publishAsync(vdaTopic(MANUFACTURER, this.serialNumber, 'connection'), '', { qos: 1, retain: true });
    await this.client.endAsync();
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function robot(options: Partial<VirtualAgvOptions> = {}) {
  const serialNumber = `AMR-${randomUUID().slice(0, 8)}`;
  const watcher = await Watcher.of(serialNumber);
  const agv = new VirtualAgv({
    mqttUrl: MQTT_URL,
    manufacturer: MANUFACTURER,
    serialNumber,
    startNodeId: 'A',
    stepMs: 150,
    actionMs: 50,
    ...options,
  });
  cleanups.push(async () => {
    await agv.stop();
    await watcher.close();
    expect(watcher.invalid).toEqual([]);
  });
  await agv.start();
  return { agv, watcher };
}

const PICK_AND_DROP: OrderPlan = {
  orderId: 'o-1',
  orderUpdateId: 0,
  nodes: [
    { nodeId: 'A' },
    { nodeId: 'B', action: { actionType: 'pick', actionId: 'pick-1' } },
    { nodeId: 'C', action: { actionType: 'drop', actionId: 'drop-1' } },
  ],
};

function rising(headerIds: number[]): boolean {
  return headerIds.every((id, i) => i === 0 || id > headerIds[i - 1]!);
}

describe('a virtual AGV over MQTT', () => {
  it('when it is sent A → B (pick) → C (drop), then it takes the order, picks at B, drops at C and finishes', async () => {
    const { agv, watcher } = await robot();
    await watcher.sendOrder(PICK_AND_DROP);

    const taken = await watcher.state('taken', (state) => orderAccepted(state, 'o-1'));
    expect(taken.state).toMatchObject({
      lastNodeId: 'A',
      lastNodeSequenceId: 0,
      nodeStates: [
        { nodeId: 'B', sequenceId: 2, released: true },
        { nodeId: 'C', sequenceId: 4, released: true },
      ],
      edgeStates: [
        { edgeId: 'A-B', sequenceId: 1, released: true },
        { edgeId: 'B-C', sequenceId: 3, released: true },
      ],
      actionStates: [
        { actionId: 'pick-1', actionType: 'pick', actionStatus: 'WAITING' },
        { actionId: 'drop-1', actionType: 'drop', actionStatus: 'WAITING' },
      ],
      driving: true,
    });
    const picking = await watcher.state('picking at B', (s) => s.lastNodeId === 'B' && actionStatus(s, 'pick-1') === 'RUNNING', taken.at);
    expect(picking.state).toMatchObject({
      driving: false,
      lastNodeSequenceId: 2,
      nodeStates: [{ nodeId: 'C' }],
      edgeStates: [{ edgeId: 'B-C' }],
    });
    const picked = await watcher.state('picked at B', (s) => s.lastNodeId === 'B' && actionStatus(s, 'pick-1') === 'FINISHED', picking.at);
    expect(actionStatus(picked.state, 'drop-1')).toBe('WAITING');
    const dropped = await watcher.state('dropped at C', (s) => s.lastNodeId === 'C' && actionStatus(s, 'drop-1') === 'FINISHED', picked.at);
    expect(dropped.state).toMatchObject({ driving: false, nodeStates: [], edgeStates: [], lastNodeSequenceId: 4, errors: [] });
    expect(orderFinished(dropped.state, 'o-1')).toBe(true);
    expect(agv.current()).toMatchObject({ orderId: 'o-1', lastNodeId: 'C', driving: false });

    expect(watcher.states()[0]?.headerId).toBe(0);
    expect(rising(watcher.states().map((state) => state.headerId))).toBe(true);
    expect(watcher.connections()).toEqual([expect.objectContaining({ connectionState: 'ONLINE', headerId: 0 })]);
  });

  it('when it is stopped, then it says OFFLINE, retained for whoever subscribes later', async () => {
    const { agv, watcher } = await robot();
    await agv.stop();
    const offline = await watcher.until('OFFLINE', () => watcher.connections().find((c) => c.connectionState === 'OFFLINE'));
    expect(offline.headerId).toBe(1);

    const late = await mqtt.connectAsync(MQTT_URL, { clean: true }, false);
    try {
      const retained = new Promise<VdaConnection>((resolve) =>
        late.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await late.subscribeAsync(agv.topic('connection'));
      expect(await retained).toMatchObject({ connectionState: 'OFFLINE' });
    } finally {
      await late.endAsync();
    }
  });

  it('when cancelOrder arrives mid-drive, then it stops, fails what is left, keeps the orderId and takes a new order', async () => {
    const { watcher } = await robot({ stepMs: 3000 });
    await watcher.sendOrder(PICK_AND_DROP);
    const driving = await watcher.state('driving to B', (s) => orderAccepted(s, 'o-1') && s.driving);
    await watcher.sendCancel('cancel-1');

    const cancelled = await watcher.state('cancelled', (s) => actionStatus(s, 'cancel-1') === 'FINISHED', driving.at);
    expect(cancelled.state).toMatchObject({ orderId: 'o-1', lastNodeId: 'A', driving: false, nodeStates: [], edgeStates: [] });
    expect(cancelled.state.actionStates).toEqual([
      { actionId: 'pick-1', actionType: 'pick', actionStatus: 'FAILED' },
      { actionId: 'drop-1', actionType: 'drop', actionStatus: 'FAILED' },
      { actionId: 'cancel-1', actionType: 'cancelOrder', actionStatus: 'FINISHED' },
    ]);
    expect(orderFinished(cancelled.state, 'o-1')).toBe(true);

    await watcher.sendCancel('cancel-2');
    const nothing = await watcher.state('nothing to cancel', (s) => actionStatus(s, 'cancel-2') === 'FAILED', cancelled.at);
    expect(nothing.state.errors).toEqual([
      { errorType: 'noOrderToCancel', errorLevel: 'WARNING', errorReferences: [{ referenceKey: 'actionId', referenceValue: 'cancel-2' }] },
    ]);

    await watcher.sendOrder({ orderId: 'o-2', orderUpdateId: 0, nodes: [{ nodeId: 'A' }] });
    const next = await watcher.state('the next order', (s) => orderFinished(s, 'o-2'), nothing.at);
    expect(next.state).toMatchObject({ errors: [], actionStates: [] });
  });

  it('when a FATAL error is raised on the way, then it stands still until the error is cleared, then finishes', async () => {
    const { agv, watcher } = await robot({ stepMs: 300, actionMs: 400, stateIntervalMs: 50 });
    await watcher.sendOrder(PICK_AND_DROP);
    // Raised as the robot reports B, in the same turn of the event loop: it cannot have gone on yet.
    await agv.waitFor((s) => s.lastNodeId === 'B');
    agv.fail('FATAL');

    // The periodic states while it is held span longer than the pick or an edge take: nothing moves.
    const held = await watcher.state('held', (s) => fatalErrors(s).length > 0);
    await watcher.until('twelve held states', () => (watcher.states().length >= held.at + 12 ? true : undefined));
    const whileHeld = watcher.states().slice(held.at, held.at + 12);
    expect(whileHeld.every((s) => !s.driving && s.lastNodeId === 'B' && actionStatus(s, 'drop-1') === 'WAITING')).toBe(true);
    expect(held.state.errors).toEqual([
      expect.objectContaining({
        errorType: 'driveError',
        errorLevel: 'FATAL',
        errorReferences: [{ referenceKey: 'nodeId', referenceValue: 'B' }],
      }),
    ]);

    agv.clearErrors();
    const done = await watcher.state('finished', (s) => orderFinished(s, 'o-1'), held.at);
    expect(done.state).toMatchObject({ lastNodeId: 'C', errors: [], driving: false });
    expect(actionStatus(done.state, 'pick-1')).toBe('FINISHED');
  });

  it('when it is killed, then the broker publishes its will: CONNECTIONBROKEN', async () => {
    const { agv, watcher } = await robot();
    await agv.kill();
    const broken = await watcher.until('the will', () => watcher.connections().find((c) => c.connectionState === 'CONNECTIONBROKEN'));
    expect(broken).toMatchObject({ headerId: 1, manufacturer: MANUFACTURER, serialNumber: watcher.serialNumber, version: '2.1.0' });
  });

  it('when it reboots mid-order, then its headerIds start again at 0 and it has forgotten the order', async () => {
    const { agv, watcher } = await robot({ stepMs: 3000 });
    await watcher.sendOrder(PICK_AND_DROP);
    const driving = await watcher.state('driving', (s) => orderAccepted(s, 'o-1') && s.driving);
    await agv.restart({ keepOrder: false });

    const rebooted = await watcher.state('rebooted', (s) => s.headerId === 0, driving.at);
    expect(rebooted.state).toMatchObject({
      orderId: '',
      orderUpdateId: 0,
      lastNodeId: 'A',
      nodeStates: [],
      edgeStates: [],
      actionStates: [],
      driving: false,
    });
    await watcher.until('ONLINE again', () => (watcher.connections().length === 3 ? true : undefined));
    expect(watcher.connections().map((c) => [c.connectionState, c.headerId])).toEqual([
      ['ONLINE', 0],
      ['CONNECTIONBROKEN', 1],
      ['ONLINE', 0],
    ]);
    expect(
      rising(
        watcher
          .states()
          .slice(rebooted.at)
          .map((s) => s.headerId),
      ),
    ).toBe(true);
  });

  it('when it reboots keeping its order, then it drives on to the end', async () => {
    const { agv, watcher } = await robot({ stepMs: 300 });
    await watcher.sendOrder(PICK_AND_DROP);
    const driving = await watcher.state('driving', (s) => orderAccepted(s, 'o-1') && s.driving);
    await agv.restart({ keepOrder: true });

    const rebooted = await watcher.state('rebooted', (s) => s.headerId === 0, driving.at);
    expect(rebooted.state).toMatchObject({ orderId: 'o-1', driving: true });
    const done = await watcher.state('finished', (s) => orderFinished(s, 'o-1'), rebooted.at);
    expect(done.state.actionStates.map((a) => a.actionStatus)).toEqual(['FINISHED', 'FINISHED']);
  });

  it('when an order starts at another node than where it stands, then it refuses it with an orderError naming the order', async () => {
    const { watcher } = await robot();
    await watcher.sendOrder({ orderId: 'o-9', orderUpdateId: 0, nodes: [{ nodeId: 'B' }, { nodeId: 'C' }] });

    const refused = await watcher.state('refused', (s) => orderRejected(s, 'o-9'));
    expect(refused.state).toMatchObject({ orderId: '', lastNodeId: 'A', nodeStates: [], driving: false });
    expect(refused.state.errors).toEqual([
      {
        errorType: 'orderError',
        errorLevel: 'WARNING',
        errorDescription: 'the order starts at B; the AGV is at A',
        errorReferences: [
          { referenceKey: 'orderId', referenceValue: 'o-9' },
          { referenceKey: 'nodeId', referenceValue: 'B' },
        ],
      },
    ]);
    expect(orderAccepted(refused.state, 'o-9')).toBe(false);
  });

  it('when an order is malformed, then it refuses it with a validationError until it takes a good one', async () => {
    const { watcher } = await robot();
    await watcher.send('order', { ...watcher.head(), orderId: 'o-bad', orderUpdateId: 0, nodes: 'A', edges: [] });
    const refused = await watcher.state('refused', (s) => orderRejected(s, 'o-bad'));
    expect(refused.state.errors).toEqual([
      expect.objectContaining({ errorType: 'validationError', errorDescription: 'order/nodes must be array' }),
    ]);

    await watcher.send('order', '{ not json');
    const unreadable = await watcher.state('unreadable', (s) => s.errors.length === 2, refused.at);
    expect(unreadable.state.errors[1]).toMatchObject({
      errorType: 'validationError',
      errorDescription: expect.stringMatching(/^order is not JSON/),
    });

    await watcher.sendOrder({ orderId: 'o-2', orderUpdateId: 0, nodes: [{ nodeId: 'A' }, { nodeId: 'B' }] });
    const taken = await watcher.state('taken', (s) => orderAccepted(s, 'o-2'), unreadable.at);
    expect(taken.state.errors).toEqual([]);
  });

  it('when a second order comes while it drives, then it refuses that one and drives on', async () => {
    const { watcher } = await robot({ stepMs: 600 });
    await watcher.sendOrder(PICK_AND_DROP);
    await watcher.state('driving', (s) => orderAccepted(s, 'o-1') && s.driving);
    await watcher.sendOrder({ orderId: 'o-2', orderUpdateId: 0, nodes: [{ nodeId: 'A' }] });

    const refused = await watcher.state('refused', (s) => orderRejected(s, 'o-2'));
    expect(refused.state.orderId).toBe('o-1');
    expect(refused.state.errors[0]).toMatchObject({ errorType: 'orderError', errorDescription: 'the AGV still executes order o-1' });
    await watcher.state('finished', (s) => orderFinished(s, 'o-1'), refused.at);
  });
});
