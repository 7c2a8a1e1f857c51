import Ajv2020, { type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isVdaIdentity } from '@plantride/schemas';
import connectionSchema from './schemas/connection.schema.json' with { type: 'json' };
import instantActionsSchema from './schemas/instantActions.schema.json' with { type: 'json' };
import orderSchema from './schemas/order.schema.json' with { type: 'json' };
import stateSchema from './schemas/state.schema.json' with { type: 'json' };

/*
 * VDA 5050 2.1 (issue #33 items 4–5): the messages PlantRide exchanges with AMRs over MQTT, checked
 * against the official schemas vendored beside this file. Only the fields PlantRide reads or writes are
 * typed; a robot may send more, and validation (not the types) decides whether a message is acceptable.
 */

export const VDA_VERSION = '2.1.0';
export const VDA_INTERFACE = 'uagv';
export const VDA_MAJOR = 'v2';

/** The header every VDA 5050 message starts with; headerId counts per topic and per sender. */
export interface VdaHeader {
  headerId: number;
  timestamp: string;
  version: string;
  manufacturer: string;
  serialNumber: string;
}

export type VdaBlockingType = 'NONE' | 'SOFT' | 'HARD';
export interface VdaActionParameter {
  key: string;
  value: string | number | boolean | unknown[] | Record<string, unknown>;
}
export interface VdaAction {
  actionType: string;
  actionId: string;
  actionDescription?: string;
  blockingType: VdaBlockingType;
  actionParameters?: VdaActionParameter[];
}

export interface VdaNode {
  nodeId: string;
  sequenceId: number;
  released: boolean;
  nodeDescription?: string;
  actions: VdaAction[];
}
export interface VdaEdge {
  edgeId: string;
  sequenceId: number;
  released: boolean;
  startNodeId: string;
  endNodeId: string;
  actions: VdaAction[];
}
export interface VdaOrder extends VdaHeader {
  orderId: string;
  orderUpdateId: number;
  zoneSetId?: string;
  nodes: VdaNode[];
  edges: VdaEdge[];
}

/** In 2.1 the list is `actions` (not `instantActions`), as its schema says. */
export interface VdaInstantActions extends VdaHeader {
  actions: VdaAction[];
}

export type VdaConnectionState = 'ONLINE' | 'OFFLINE' | 'CONNECTIONBROKEN';
export interface VdaConnection extends VdaHeader {
  connectionState: VdaConnectionState;
}

export type VdaActionStatus = 'WAITING' | 'INITIALIZING' | 'RUNNING' | 'FINISHED' | 'FAILED';
export interface VdaActionState {
  actionId: string;
  actionType?: string;
  actionDescription?: string;
  actionStatus: VdaActionStatus;
  resultDescription?: string;
}
export interface VdaErrorReference {
  referenceKey: string;
  referenceValue: string;
}
export interface VdaError {
  errorType: string;
  errorLevel: 'WARNING' | 'FATAL';
  errorDescription?: string;
  errorHint?: string;
  errorReferences?: VdaErrorReference[];
}
export interface VdaNodeState {
  nodeId: string;
  sequenceId: number;
  released: boolean;
  nodeDescription?: string;
}
export interface VdaEdgeState {
  edgeId: string;
  sequenceId: number;
  released: boolean;
  edgeDescription?: string;
}
export interface VdaBatteryState {
  batteryCharge: number;
  charging: boolean;
  batteryVoltage?: number;
  batteryHealth?: number;
  reach?: number;
}
export type VdaOperatingMode = 'AUTOMATIC' | 'SEMIAUTOMATIC' | 'MANUAL' | 'SERVICE' | 'TEACHIN';
export interface VdaSafetyState {
  eStop: 'AUTOACK' | 'MANUAL' | 'REMOTE' | 'NONE';
  fieldViolation: boolean;
}
export interface VdaAgvPosition {
  x: number;
  y: number;
  theta: number;
  mapId: string;
  positionInitialized: boolean;
  mapDescription?: string;
  localizationScore?: number;
  deviationRange?: number;
}
export interface VdaState extends VdaHeader {
  orderId: string;
  orderUpdateId: number;
  zoneSetId?: string;
  lastNodeId: string;
  lastNodeSequenceId: number;
  nodeStates: VdaNodeState[];
  edgeStates: VdaEdgeState[];
  driving: boolean;
  paused?: boolean;
  newBaseRequest?: boolean;
  actionStates: VdaActionState[];
  batteryState: VdaBatteryState;
  operatingMode: VdaOperatingMode;
  errors: VdaError[];
  safetyState: VdaSafetyState;
  agvPosition?: VdaAgvPosition;
}

export type VdaTopicName = 'order' | 'instantActions' | 'state' | 'connection' | 'visualization' | 'factsheet';
const TOPIC_NAMES: readonly string[] = ['order', 'instantActions', 'state', 'connection', 'visualization', 'factsheet'];

/**
 * Whether a manufacturer or serial number can be one MQTT topic level: not empty, and without `/`
 * (a level separator), `+` or `#` (wildcards: a robot named `+` would subscribe to every robot), white
 * space or control characters (MQTT forbids U+0000). VDA 5050 §6.3 narrows serial numbers further to
 * `A-Z a-z 0-9 _ . : -`; robots in the field do not all keep to it, so it is not enforced here.
 */
export const validVdaIdentity = isVdaIdentity;

/** `uagv/v2/<manufacturer>/<serialNumber>/<topic>`; throws on an identity that is not one topic level. */
export function vdaTopic(manufacturer: string, serialNumber: string, topic: VdaTopicName): string {
  if (!validVdaIdentity(manufacturer) || !validVdaIdentity(serialNumber)) {
    throw new Error(`"${manufacturer}/${serialNumber}" cannot be VDA 5050 topic levels`);
  }
  return `${VDA_INTERFACE}/${VDA_MAJOR}/${manufacturer}/${serialNumber}/${topic}`;
}

export interface VdaTopicParts {
  manufacturer: string;
  serialNumber: string;
  topic: VdaTopicName;
}

/** The robot and topic a message arrived on, or null for a topic outside this interface and version. */
export function parseVdaTopic(topic: string): VdaTopicParts | null {
  const levels = topic.split('/');
  if (levels.length !== 5) return null;
  const [prefix, major, manufacturer = '', serialNumber = '', name = ''] = levels;
  if (prefix !== VDA_INTERFACE || major !== VDA_MAJOR || !TOPIC_NAMES.includes(name)) return null;
  if (!validVdaIdentity(manufacturer) || !validVdaIdentity(serialNumber)) return null;
  return { manufacturer, serialNumber, topic: name as VdaTopicName };
}

export interface VdaMessages {
  state: VdaState;
  order: VdaOrder;
  instantActions: VdaInstantActions;
  connection: VdaConnection;
}
export type VdaKind = keyof VdaMessages;
export type VdaValidation<T> = { ok: true; message: T } | { ok: false; error: string };

const SCHEMAS: Record<VdaKind, AnySchemaObject> = {
  state: stateSchema,
  order: orderSchema,
  instantActions: instantActionsSchema,
  connection: connectionSchema,
};

// The vendored schemas carry a keyword of VDA's own ("subtopic"), hence strict: false. Compiled on
// first use, once per kind, so a process that never speaks VDA 5050 pays nothing.
let ajv: Ajv2020 | null = null;
const validators = new Map<VdaKind, ValidateFunction>();
function validatorOf(kind: VdaKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false });
      // The format alone, not the plugin: ajv-formats resolves an Ajv copy of its own (the root holds
      // ajv 6 for ESLint), which neither TypeScript nor its keywords' generated code would take for
      // this one. The schemas use no other format.
      ajv.addFormat('date-time', addFormats.get('date-time'));
    }
    validate = ajv.compile(SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  return validate;
}

/** One line a log reader can act on: where in the message, what is wrong, and the allowed values. */
function explain(kind: VdaKind, error: ErrorObject): string {
  const where = `${kind}${error.instancePath}`;
  const allowed = error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}

/** Checks a decoded message against the VDA 5050 2.1 schema of its kind. */
export function validateVda<K extends VdaKind>(kind: K, message: unknown): VdaValidation<VdaMessages[K]> {
  const validate = validatorOf(kind);
  if (validate(message)) return { ok: true, message: message as VdaMessages[K] };
  const [first] = validate.errors ?? [];
  return { ok: false, error: first ? explain(kind, first) : `${kind} is invalid` };
}

const utf8 = new TextDecoder();

/** Decodes an MQTT payload and validates it; a payload that is not JSON fails the same way. */
export function parseVdaPayload<K extends VdaKind>(kind: K, payload: Uint8Array | string): VdaValidation<VdaMessages[K]> {
  let message: unknown;
  try {
    message = JSON.parse(typeof payload === 'string' ? payload : utf8.decode(payload));
  } catch (error) {
    return { ok: false, error: `${kind} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return validateVda(kind, message);
}

/** The header of a message this side sends; `now` is passed in so the builders stay pure. */
export function header(counter: number, manufacturer: string, serialNumber: string, now: Date): VdaHeader {
  return { headerId: counter, timestamp: now.toISOString(), version: VDA_VERSION, manufacturer, serialNumber };
}

/** A robot standing at `lastNodeId` with no order, charged and in AUTOMATIC mode, as `overrides` change it: where tests start from. */
export function idleState(head: VdaHeader, lastNodeId: string, overrides: Partial<VdaState> = {}): VdaState {
  return {
    ...head,
    orderId: '',
    orderUpdateId: 0,
    lastNodeId,
    lastNodeSequenceId: 0,
    nodeStates: [],
    edgeStates: [],
    driving: false,
    actionStates: [],
    batteryState: { batteryCharge: 90, charging: false },
    operatingMode: 'AUTOMATIC',
    errors: [],
    safetyState: { eStop: 'NONE', fieldViolation: false },
    ...overrides,
  };
}

/** A node of an order PlantRide sends, and the load handling the robot does there. */
export interface OrderStop {
  nodeId: string;
  action?: { actionType: 'pick' | 'drop'; actionId: string; parameters?: Record<string, string | number | boolean> };
}
export interface OrderPlan {
  orderId: string;
  orderUpdateId: number;
  nodes: OrderStop[];
}

/**
 * The whole route released at once (PlantRide sends no horizon): nodes take the even sequenceIds and
 * the edges between them the odd ones, as VDA 5050 §6.6.2 numbers them. Pick and drop block driving
 * (HARD): the robot may not leave with the load half on.
 */
export function buildOrder(plan: OrderPlan, head: VdaHeader): VdaOrder {
  if (plan.nodes.length === 0) throw new Error(`order ${plan.orderId} has no node`);
  const nodes = plan.nodes.map((stop, i): VdaNode => ({
    nodeId: stop.nodeId,
    sequenceId: 2 * i,
    released: true,
    actions: stop.action ? [orderAction(stop.action)] : [],
  }));
  const edges = nodes.slice(1).map((to, i): VdaEdge => {
    const from = nodes[i]!;
    return {
      edgeId: `${from.nodeId}-${to.nodeId}`,
      sequenceId: 2 * i + 1,
      released: true,
      startNodeId: from.nodeId,
      endNodeId: to.nodeId,
      actions: [],
    };
  });
  return { ...head, orderId: plan.orderId, orderUpdateId: plan.orderUpdateId, nodes, edges };
}

function orderAction({ actionType, actionId, parameters }: NonNullable<OrderStop['action']>): VdaAction {
  const action: VdaAction = { actionType, actionId, blockingType: 'HARD' };
  if (parameters) action.actionParameters = Object.entries(parameters).map(([key, value]) => ({ key, value }));
  return action;
}

/** The instant action that stops a robot and drops its order (VDA 5050 §6.6.3). */
export function cancelOrderAction(actionId: string, head: VdaHeader): VdaInstantActions {
  return { ...head, actions: [{ actionType: 'cancelOrder', actionId, blockingType: 'HARD' }] };
}

export function connectionMessage(connectionState: VdaConnectionState, head: VdaHeader): VdaConnection {
  return { ...head, connectionState };
}

/**
 * The warnings a robot refuses an order or an order update with: the three of VDA 5050 §6.6.4, and
 * noRouteError, which robots use for a route they cannot drive though 2.1 does not name it.
 */
export const ORDER_REJECTIONS: readonly string[] = ['validationError', 'orderError', 'orderUpdateError', 'noRouteError'];

function namesOrder(error: VdaError, orderId: string): boolean {
  return (error.errorReferences ?? []).some((ref) => ref.referenceKey === 'orderId' && ref.referenceValue === orderId);
}

/**
 * Whether the robot refused the order. Only a rejection that names the order by an `orderId` reference
 * counts: a robot that cannot even read the order (not JSON) has no id to name, and its caller needs a
 * deadline for that case.
 */
export function orderRejected(state: Pick<VdaState, 'errors'>, orderId: string): boolean {
  return state.errors.some((error) => ORDER_REJECTIONS.includes(error.errorType) && namesOrder(error, orderId));
}

/** The robot holds the order (a robot keeps the id of the order it last took) and no rejection names it. */
export function orderAccepted(state: Pick<VdaState, 'orderId' | 'errors'>, orderId: string): boolean {
  return state.orderId === orderId && !orderRejected(state, orderId);
}

/** FINISHED and FAILED are the ends of an action: nothing more happens to it. */
export function actionEnded(status: VdaActionStatus): boolean {
  return status === 'FINISHED' || status === 'FAILED';
}

export function actionStatus(state: Pick<VdaState, 'actionStates'>, actionId: string): VdaActionStatus | undefined {
  return state.actionStates.find((action) => action.actionId === actionId)?.actionStatus;
}

/**
 * Nothing left of the order: no node or edge to travel and every action ended. Actions end FAILED too,
 * so a cancelled order is finished as well; `actionStatus` tells a delivery from a cancellation.
 */
export function orderFinished(state: Pick<VdaState, 'orderId' | 'nodeStates' | 'edgeStates' | 'actionStates'>, orderId: string): boolean {
  return (
    state.orderId === orderId &&
    state.nodeStates.length === 0 &&
    state.edgeStates.length === 0 &&
    state.actionStates.every((action) => actionEnded(action.actionStatus))
  );
}

/** A FATAL error means the robot cannot run until someone clears it (VDA 5050 §6.10.5). */
export function fatalErrors(state: Pick<VdaState, 'errors'>): VdaError[] {
  return state.errors.filter((error) => error.errorLevel === 'FATAL');
}
