import mqtt, { type MqttClient } from 'mqtt';
import {
  ORDER_REJECTIONS,
  actionEnded,
  connectionMessage,
  fatalErrors,
  header,
  parseVdaPayload,
  vdaTopic,
  type VdaAction,
  type VdaActionState,
  type VdaActionStatus,
  type VdaConnectionState,
  type VdaEdge,
  type VdaError,
  type VdaErrorReference,
  type VdaHeader,
  type VdaNode,
  type VdaOperatingMode,
  type VdaOrder,
  type VdaState,
  type VdaTopicName,
} from './protocol';

/*
 * A robot that speaks VDA 5050 2.1 over a real MQTT broker, for tests and the demo (issue #33 items
 * 4–5): it takes or refuses orders as §6.6 says, drives edge by edge on timers, runs pick and drop
 * actions, obeys cancelOrder, and can be failed, paused, cut off or rebooted on request.
 */

export interface VirtualAgvOptions {
  mqttUrl: string;
  manufacturer: string;
  serialNumber: string;
  startNodeId: string;
  /** Time to drive one edge. */
  stepMs?: number;
  /** Time one node or edge action runs. */
  actionMs?: number;
  batteryCharge?: number;
  operatingMode?: VdaOperatingMode;
  /** Interval of the state published when nothing changes (VDA asks for at most 30 s). */
  stateIntervalMs?: number;
}

/** The state without its header: what the robot changes; the header is stamped on each publication. */
type Body = Omit<VdaState, keyof VdaHeader>;

/** What the robot does next: run one action where it stands, or drive one edge to its end node. */
type Step = { kind: 'action'; action: VdaAction } | { kind: 'drive'; edge: VdaEdge; to: VdaNode };

interface Refusal {
  errorType: string;
  description: string;
  references?: VdaErrorReference[];
}

const AUTOMATIC: readonly VdaOperatingMode[] = ['AUTOMATIC', 'SEMIAUTOMATIC'];

function idleBody(lastNodeId: string, batteryCharge: number, operatingMode: VdaOperatingMode): Body {
  return {
    orderId: '',
    orderUpdateId: 0,
    lastNodeId,
    lastNodeSequenceId: 0,
    nodeStates: [],
    edgeStates: [],
    driving: false,
    paused: false,
    actionStates: [],
    batteryState: { batteryCharge, charging: false },
    operatingMode,
    errors: [],
    safetyState: { eStop: 'NONE', fieldViolation: false },
  };
}

/** §6.6.2 step 3: nodes left to travel, or an action that has not ended. */
function executing(body: Body): boolean {
  return body.nodeStates.length > 0 || body.actionStates.some((action) => !actionEnded(action.actionStatus));
}

function withStatus(actions: VdaActionState[], ids: string[], actionStatus: VdaActionStatus): VdaActionState[] {
  return actions.map((action) => (ids.includes(action.actionId) ? { ...action, actionStatus } : action));
}

/** Reporting an instant action: it takes the place of an earlier state under the same id. */
function recorded(actions: VdaActionState[], action: VdaAction, actionStatus: VdaActionStatus, resultDescription?: string) {
  const state: VdaActionState = { actionId: action.actionId, actionType: action.actionType, actionStatus };
  if (resultDescription) state.resultDescription = resultDescription;
  return [...actions.filter((known) => known.actionId !== action.actionId), state];
}

/** §6.10.2: traversing a node drops it and the edge leading to it from the states. */
function traversed(body: Body, node: VdaNode): Body {
  return {
    ...body,
    lastNodeId: node.nodeId,
    lastNodeSequenceId: node.sequenceId,
    nodeStates: body.nodeStates.filter((state) => state.sequenceId > node.sequenceId),
    edgeStates: body.edgeStates.filter((state) => state.sequenceId > node.sequenceId),
  };
}

function sortedOrder(order: VdaOrder): VdaOrder {
  const bySequence = (a: { sequenceId: number }, b: { sequenceId: number }) => a.sequenceId - b.sequenceId;
  return { ...order, nodes: [...order.nodes].sort(bySequence), edges: [...order.edges].sort(bySequence) };
}

/** What the schema cannot say: the nodes and edges must form one path, numbered 0, 1, 2… from its start. */
function brokenPath(order: VdaOrder): string | null {
  const [first] = order.nodes;
  if (!first) return 'the order has no node';
  if (order.edges.length !== order.nodes.length - 1) return `${order.nodes.length} nodes need ${order.nodes.length - 1} edges`;
  for (const [i, edge] of order.edges.entries()) {
    const from = order.nodes[i]!;
    const to = order.nodes[i + 1]!;
    const numbered = edge.sequenceId === from.sequenceId + 1 && to.sequenceId === from.sequenceId + 2;
    if (!numbered || edge.startNodeId !== from.nodeId || edge.endNodeId !== to.nodeId) {
      return `edge ${edge.edgeId} does not join ${from.nodeId} to ${to.nodeId}`;
    }
  }
  return null;
}

/** §6.6.2 and §6.6.4: why the robot will not take the order, 'duplicate' to ignore it, or null to take it. */
function refusal(body: Body, order: VdaOrder): Refusal | 'duplicate' | null {
  const broken = brokenPath(order);
  if (broken) return { errorType: 'validationError', description: broken };
  const first = order.nodes[0]!;
  const at: VdaErrorReference = { referenceKey: 'nodeId', referenceValue: first.nodeId };
  if (!AUTOMATIC.includes(body.operatingMode)) {
    return { errorType: 'orderError', description: `the AGV is in ${body.operatingMode} mode` };
  }
  if (order.orderId === body.orderId) {
    if (order.orderUpdateId === body.orderUpdateId) return 'duplicate';
    if (order.orderUpdateId < body.orderUpdateId) {
      return { errorType: 'orderUpdateError', description: `update ${order.orderUpdateId} is older than ${body.orderUpdateId}` };
    }
    if (executing(body)) return { errorType: 'orderUpdateError', description: 'this virtual AGV takes no update while it executes' };
    if (first.nodeId !== body.lastNodeId || first.sequenceId !== body.lastNodeSequenceId) {
      return { errorType: 'orderUpdateError', description: `the update does not start where the order ended`, references: [at] };
    }
    return null;
  }
  if (executing(body)) return { errorType: 'orderError', description: `the AGV still executes order ${body.orderId}` };
  if (first.nodeId !== body.lastNodeId) {
    return {
      errorType: 'orderError',
      description: `the order starts at ${first.nodeId}; the AGV is at ${body.lastNodeId}`,
      references: [at],
    };
  }
  return null;
}

/** The released part of the route as steps; an update's first node is the old last one, whose actions ran. */
function planOf(order: VdaOrder, update: boolean): Step[] {
  const released = order.nodes.filter((node) => node.released);
  const steps: Step[] = [];
  for (const [i, node] of released.entries()) {
    const edge = order.edges.find((candidate) => candidate.sequenceId === node.sequenceId - 1);
    if (i > 0 && edge) steps.push({ kind: 'drive', edge, to: node });
    if (i > 0 || !update) steps.push(...node.actions.map((action): Step => ({ kind: 'action', action })));
  }
  return steps;
}

function orderIdIn(payload: Buffer): string | undefined {
  try {
    const message: unknown = JSON.parse(payload.toString('utf8'));
    const orderId = (message as { orderId?: unknown } | null)?.orderId;
    return typeof orderId === 'string' ? orderId : undefined;
  } catch {
    return undefined;
  }
}

export class VirtualAgv {
  private readonly options: Required<VirtualAgvOptions>;
  private body: Body;
  private client: MqttClient | null = null;
  private readonly headerIds = new Map<VdaTopicName, number>();
  private plan: Step[] = [];
  private cursor = 0;
  private stepTimer: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private last: VdaState | undefined;
  private readonly listeners = new Set<(state: VdaState) => void>();

  constructor(options: VirtualAgvOptions) {
    this.options = {
      ...options,
      stepMs: options.stepMs ?? 300,
      actionMs: options.actionMs ?? 200,
      batteryCharge: options.batteryCharge ?? 90,
      operatingMode: options.operatingMode ?? 'AUTOMATIC',
      stateIntervalMs: options.stateIntervalMs ?? 5000,
    };
    this.topic('state'); // throws now, not on start, for an identity that cannot be a topic level
    this.body = idleBody(options.startNodeId, this.options.batteryCharge, this.options.operatingMode);
  }

  topic(name: VdaTopicName): string {
    return vdaTopic(this.options.manufacturer, this.options.serialNumber, name);
  }

  /** Connects with its last will set, says ONLINE, listens for orders and reports its state. */
  async start(): Promise<void> {
    if (this.client) throw new Error(`${this.options.serialNumber} is already started`);
    this.headerIds.clear();
    // The will is fixed at connection time (§6.14), so it takes the id the message after ONLINE gets.
    const will = connectionMessage('CONNECTIONBROKEN', this.stamp('connection', 1));
    const client = await mqtt.connectAsync(
      this.options.mqttUrl,
      { clean: true, will: { topic: this.topic('connection'), payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: true } },
      false,
    );
    this.client = client;
    // mqtt.js reconnects by itself; an 'error' event nobody listens to would end the process instead.
    client.on('error', () => undefined);
    // A reconnection after the broker published the will must say ONLINE again.
    client.on('connect', () => {
      if (this.client === client) this.announce(client, 'ONLINE').catch(() => undefined);
    });
    client.on('message', (topic, payload) => this.receive(topic, payload));
    await this.announce(client, 'ONLINE');
    await client.subscribeAsync([this.topic('order'), this.topic('instantActions')], { qos: 0 });
    this.ticker = setInterval(() => this.publishState(), this.options.stateIntervalMs);
    this.proceed();
    this.publishState();
  }

  /** Graceful: OFFLINE, retained, then a DISCONNECT, so the broker drops the will. */
  async stop(): Promise<void> {
    const client = this.detach();
    if (!client) return;
    try {
      await this.announce(client, 'OFFLINE');
    } finally {
      await client.endAsync();
    }
  }

  /** Abrupt: the socket closes without DISCONNECT, so the broker publishes the will (CONNECTIONBROKEN). */
  async kill(): Promise<void> {
    const client = this.detach();
    if (!client) return;
    client.stream.destroy();
    await client.endAsync(true);
  }

  /** A reboot: cut off, then back with headerIds from 0; without keepOrder it forgot its order. */
  async restart({ keepOrder }: { keepOrder: boolean }): Promise<void> {
    await this.kill();
    if (!keepOrder) {
      this.plan = [];
      this.cursor = 0;
      this.body = idleBody(this.body.lastNodeId, this.body.batteryState.batteryCharge, this.body.operatingMode);
    }
    await this.start();
  }

  /** Raises an error; a FATAL one stops the robot where it is until `clearErrors`. */
  fail(level: 'WARNING' | 'FATAL', errorType = 'driveError'): void {
    const error: VdaError = {
      errorType,
      errorLevel: level,
      errorDescription: `${errorType} raised on the virtual AGV`,
      errorReferences: [{ referenceKey: 'nodeId', referenceValue: this.body.lastNodeId }],
    };
    this.body = { ...this.body, errors: [...this.body.errors, error] };
    if (level === 'FATAL') this.hold();
    this.publishState();
  }

  clearErrors(): void {
    this.body = { ...this.body, errors: [] };
    this.proceed();
    this.publishState();
  }

  setOperatingMode(operatingMode: VdaOperatingMode): void {
    this.body = { ...this.body, operatingMode };
    this.publishState();
  }

  setBattery(batteryCharge: number, charging = false): void {
    this.body = { ...this.body, batteryState: { ...this.body.batteryState, batteryCharge, charging } };
    this.publishState();
  }

  /** The state it last published, or undefined before its first. */
  current(): VdaState | undefined {
    return this.last;
  }

  /** Calls `listener` with every state it publishes; returns the unsubscribe. */
  onState(listener: (state: VdaState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first published state, the last one included, that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (state: VdaState) => boolean, timeoutMs = 5000): Promise<VdaState> {
    if (this.last && predicate(this.last)) return Promise.resolve(this.last);
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => {
        off();
        reject(new Error(`${this.options.serialNumber}: no matching state within ${timeoutMs} ms; last ${JSON.stringify(this.last)}`));
      }, timeoutMs);
      const off = this.onState((state) => {
        if (!predicate(state)) return;
        clearTimeout(timeout);
        off();
        resolve(state);
      });
    });
  }

  private detach(): MqttClient | null {
    const client = this.client;
    this.client = null;
    clearTimeout(this.stepTimer);
    clearInterval(this.ticker);
    this.stepTimer = undefined;
    this.ticker = undefined;
    return client;
  }

  private stamp(topic: VdaTopicName, headerId?: number): VdaHeader {
    const next = this.headerIds.get(topic) ?? 0;
    if (headerId === undefined) this.headerIds.set(topic, next + 1);
    return header(headerId ?? next, this.options.manufacturer, this.options.serialNumber, new Date());
  }

  private async announce(client: MqttClient, connectionState: VdaConnectionState): Promise<void> {
    const message = connectionMessage(connectionState, this.stamp('connection'));
    await client.publishAsync(this.topic('connection'), JSON.stringify(message), { qos: 1, retain: true });
  }

  private publishState(): void {
    const client = this.client;
    if (!client) return;
    const state: VdaState = { ...this.stamp('state'), ...this.body };
    this.last = state;
    // QoS 0 as §6.2 asks; a lost state is made good by the next one.
    client.publish(this.topic('state'), JSON.stringify(state), { qos: 0 }, () => undefined);
    for (const listener of this.listeners) listener(state);
  }

  private receive(topic: string, payload: Buffer): void {
    if (topic === this.topic('order')) this.takeOrder(payload);
    else if (topic === this.topic('instantActions')) this.takeInstantActions(payload);
    this.publishState();
  }

  private takeOrder(payload: Buffer): void {
    const parsed = parseVdaPayload('order', payload);
    if (!parsed.ok) return this.refuse({ errorType: 'validationError', description: parsed.error }, orderIdIn(payload));
    const order = sortedOrder(parsed.message);
    const refused = refusal(this.body, order);
    if (refused === 'duplicate') return;
    if (refused) return this.refuse(refused, order.orderId);
    this.accept(order);
  }

  /** §6.6.4: a warning naming the order, kept until an order is taken; the old order stays. */
  private refuse({ errorType, description, references = [] }: Refusal, orderId: string | undefined): void {
    const named = orderId === undefined ? references : [{ referenceKey: 'orderId', referenceValue: orderId }, ...references];
    const error: VdaError = { errorType, errorLevel: 'WARNING', errorDescription: description };
    if (named.length > 0) error.errorReferences = named;
    const repeated = (known: VdaError) =>
      known.errorType === errorType && JSON.stringify(known.errorReferences ?? []) === JSON.stringify(named);
    this.body = { ...this.body, errors: [...this.body.errors.filter((known) => !repeated(known)), error] };
  }

  private accept(order: VdaOrder): void {
    const update = order.orderId === this.body.orderId;
    const first = order.nodes[0]!;
    const actions = [...order.nodes, ...order.edges].flatMap((part) => (update && part === first ? [] : part.actions));
    const waiting = actions.map((action): VdaActionState => ({
      actionId: action.actionId,
      actionType: action.actionType,
      actionStatus: 'WAITING',
    }));
    clearTimeout(this.stepTimer);
    this.stepTimer = undefined;
    this.plan = planOf(order, update);
    this.cursor = 0;
    const taken: Body = {
      ...this.body,
      orderId: order.orderId,
      orderUpdateId: order.orderUpdateId,
      nodeStates: order.nodes.map(({ nodeId, sequenceId, released }) => ({ nodeId, sequenceId, released })),
      edgeStates: order.edges.map(({ edgeId, sequenceId, released }) => ({ edgeId, sequenceId, released })),
      actionStates: update ? [...this.body.actionStates, ...waiting] : waiting,
      errors: this.body.errors.filter((error) => !ORDER_REJECTIONS.includes(error.errorType) && error.errorType !== 'noOrderToCancel'),
    };
    this.body = traversed(taken, first);
    this.proceed();
  }

  private takeInstantActions(payload: Buffer): void {
    const parsed = parseVdaPayload('instantActions', payload);
    if (!parsed.ok) return this.refuse({ errorType: 'validationError', description: parsed.error }, undefined);
    for (const action of parsed.message.actions) this.instant(action);
  }

  private instant(action: VdaAction): void {
    const report = (status: VdaActionStatus, result?: string) => {
      this.body = { ...this.body, actionStates: recorded(this.body.actionStates, action, status, result) };
    };
    switch (action.actionType) {
      case 'cancelOrder':
        return this.cancel(action);
      case 'startPause':
        this.body = { ...this.body, paused: true };
        this.hold();
        return report('FINISHED');
      case 'stopPause':
        this.body = { ...this.body, paused: false };
        this.proceed();
        return report('FINISHED');
      case 'stateRequest':
        return report('FINISHED');
      default:
        return report('FAILED', `${action.actionType} is not simulated`);
    }
  }

  /** §6.6.3: stop, fail what has not run, keep orderId; with nothing to cancel, FAILED and noOrderToCancel. */
  private cancel(action: VdaAction): void {
    if (!executing(this.body)) {
      const error: VdaError = {
        errorType: 'noOrderToCancel',
        errorLevel: 'WARNING',
        errorReferences: [{ referenceKey: 'actionId', referenceValue: action.actionId }],
      };
      this.body = { ...this.body, errors: [...this.body.errors, error], actionStates: recorded(this.body.actionStates, action, 'FAILED') };
      return;
    }
    clearTimeout(this.stepTimer);
    this.stepTimer = undefined;
    this.plan = [];
    this.cursor = 0;
    const open = this.body.actionStates.filter((state) => !actionEnded(state.actionStatus)).map((state) => state.actionId);
    const failed = withStatus(this.body.actionStates, open, 'FAILED');
    this.body = { ...this.body, driving: false, nodeStates: [], edgeStates: [], actionStates: recorded(failed, action, 'FINISHED') };
  }

  /** Stops where it is: the step under way starts again from its beginning when it may go on. */
  private hold(): void {
    clearTimeout(this.stepTimer);
    this.stepTimer = undefined;
    this.body = { ...this.body, driving: false };
  }

  /** Starts the step at the cursor unless one runs, the robot is held, or it has no connection. */
  private proceed(): void {
    if (this.stepTimer || !this.client) return;
    const step = this.plan[this.cursor];
    if (!step || this.body.paused || fatalErrors(this.body).length > 0) {
      this.body = { ...this.body, driving: false };
      return;
    }
    if (step.kind === 'action') {
      const ids = [step.action.actionId];
      this.body = { ...this.body, driving: false, actionStates: withStatus(this.body.actionStates, ids, 'RUNNING') };
      this.after(this.options.actionMs, (body) => ({ ...body, actionStates: withStatus(body.actionStates, ids, 'FINISHED') }));
    } else {
      const ids = step.edge.actions.map((action) => action.actionId);
      this.body = { ...this.body, driving: true, actionStates: withStatus(this.body.actionStates, ids, 'RUNNING') };
      this.after(this.options.stepMs, (body) =>
        traversed({ ...body, actionStates: withStatus(body.actionStates, ids, 'FINISHED') }, step.to),
      );
    }
  }

  private after(ms: number, done: (body: Body) => Body): void {
    this.stepTimer = setTimeout(() => {
      this.stepTimer = undefined;
      this.body = done(this.body);
      this.cursor += 1;
      this.proceed();
      this.publishState();
    }, ms);
  }
}
