import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'kysely';
import {
  canApply,
  resumeStateOf,
  rideStatusOf,
  type Actor,
  type RideEvent,
  type RideSnapshot,
  type RobotLink,
  type SiteState,
  type VdaNode,
} from '@plantride/schemas';
import { handle, readState, readVersionedState, type CommandHandler, type Streams } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { commandIdFromKey } from '../commands/event-ids';
import { watchAppends } from '../event-store/store-watch';
import type { RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { presenceOf } from '../drivers/driver-roster';
import { onShift, type DriverState } from '../drivers/driver.decider';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { acceptRide, declineOffer, rideStep, rideStream, takeOverRide } from '../rides/ride.decider';
import { requestIdFor } from '../maintenance/maintenance.decider';
import {
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
  type VdaHeader,
  type VdaState,
} from './protocol';
import { noteRobotReport, placeOfNode, robotBreakdown, robotNotReady, vdaNodesStream, type RobotReport } from './robot.decider';
import { heldOrder, pickedAlready, rideOrderFor, rideOrderId, robotSteps, type RideOrder } from './robot-steps';
import { linkView, newLink, reportOf, type Link } from './robot-links';
import type { AnyDb } from '../database/migrate';

/*
 * The VDA 5050 bridge (issue #33 item 4): the AMR robots' "driver app". It hears each registered
 * robot's `state` and `connection` on the MQTT broker, gives it orders for AMR rides it may take, and
 * turns what it reports into the very commands a driver's phone sends (accept, take over, start,
 * picked, dropped, end), acting as the robot's record: the ride's statechart and the deciders judge
 * every one, so a robot follows the rules a driver does. Its own decisions are in robot.decider.ts:
 * whether it is ready for rides (mode, battery, errors, connection) and its breakdown. Every command
 * it sends has an id derived from what it answers, so a message heard twice appends once.
 *
 * One engine drives the robots: with several engines on one PostgreSQL, set MQTT_URL on one of them.
 */

export interface VdaBridgeOptions {
  mqttUrl: string | undefined;
  minBattery: number;
  graceMs: number;
  shiftMs: number;
  /** How long a robot may take to show or refuse an order in its state before the order counts as refused. */
  orderAnswerMs?: number;
}

const ORDER_ANSWER_MS = 10_000;
const RIDE_CANDIDATES = 20;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the engine last heard of each robot over MQTT, for staff (GET /api/amrs); `connected`: MQTT_URL set and the broker reached. */
    robotLinks: { connected(): boolean; of(operatorId: string, minBattery: number): RobotLink };
  }
}

export const vdaBridgePlugin = fp<VdaBridgeOptions>(
  async (app, options) => {
    const links = new Map<string, Link>();
    let client: MqttClient | null = null;
    // The place each node names, refreshed with every order built (staff's view reads it).
    const placeCache = new Map<string, string>();

    app.decorate('robotLinks', {
      connected: () => client?.connected ?? false,
      of: (operatorId: string, minBattery: number): RobotLink => linkView(links.get(operatorId), placeCache, minBattery),
    });
    if (!options.mqttUrl) return;

    const db = app.database.db as AnyDb;
    const orderAnswerMs = options.orderAnswerMs ?? ORDER_ANSWER_MS;
    let closed = false;

    const robotOf = (operatorId: string): DriverState | undefined =>
      app.driverRoster.robots().find((robot) => robot.record!.operatorId === operatorId);
    const robotNamed = (manufacturer: string, serialNumber: string): DriverState | undefined =>
      app.driverRoster.robots().find((robot) => robot.robot!.manufacturer === manufacturer && robot.robot!.serialNumber === serialNumber);
    const linkOf = (operatorId: string): Link => {
      const link = links.get(operatorId) ?? newLink(operatorId);
      links.set(operatorId, link);
      return link;
    };
    /** Work on one robot after what is already under way for it; a failure is logged, never lost in silence. */
    const enqueue = (link: Link, work: () => Promise<void>) => {
      link.queue = link.queue
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error, robot: link.operatorId }, 'VDA 5050 bridge'));
      return link.queue;
    };

    const actorOf = (operatorId: string): Actor => ({ tokenNo: operatorId, role: 'driver' });
    /** A robot's command, its id derived from `key`: heard twice, it appends once; a refusal is the answer, not an error. */
    async function command<C extends { type: string }, R extends Streams>(
      operatorId: string,
      key: string,
      handler: CommandHandler<C, R>,
      cmd: C,
    ): Promise<boolean> {
      try {
        await handle(app.eventStore, handler, cmd, {
          now: new Date(),
          actor: actorOf(operatorId),
          commandId: commandIdFromKey(`robot:${operatorId}`, key),
          idempotent: true,
        });
        return true;
      } catch (error) {
        if (error instanceof DomainError) {
          app.log.info({ robot: operatorId, command: cmd.type, refused: error.message }, 'VDA 5050 robot command refused');
          return false;
        }
        throw error;
      }
    }

    let headerCounter = 0;
    /** A message to the robot, under a header of this engine's own count (VDA 5050 counts per topic and sender). */
    const publish = async (robot: DriverState, topic: 'order' | 'instantActions', message: (head: VdaHeader) => object) => {
      const { manufacturer, serialNumber } = robot.robot!;
      const head = header(headerCounter++, manufacturer, serialNumber, new Date());
      await client!.publishAsync(vdaTopic(manufacturer, serialNumber, topic), JSON.stringify(message(head)), { qos: 1 });
    };
    const cancelOrder = async (robot: DriverState, link: Link, orderId: string) => {
      if (link.cancelled.has(orderId)) return;
      link.cancelled.add(orderId);
      await publish(robot, 'instantActions', (head) => cancelOrderAction(`${orderId}-cancel`, head));
    };

    /** The ride's steps its robot's state shows, each through the driver's step command. */
    async function followSteps(robot: DriverState, state: VdaState, order: RideOrder) {
      const operatorId = robot.record!.operatorId;
      const ride = await readState(app.eventStore, rideStream(order.rideId));
      for (const step of robotSteps(rideStatusOf(ride), order, state)) {
        const done = await command(operatorId, `${order.orderId}:${step}`, rideStep, {
          type: step,
          data: { rideId: order.rideId, driverId: operatorId },
        });
        if (!done) return;
      }
    }

    /** A state heard: readiness, a pending order's answer, the ride's steps, a breakdown, an order no longer ours. */
    async function onState(robot: DriverState, link: Link, state: VdaState) {
      const operatorId = robot.record!.operatorId;
      link.state = state;
      link.heardAt = new Date().toISOString();
      const fatal = fatalErrors(state);
      if (fatal.length > 0 && !robot.blockedFor) {
        await breakdown(
          robot,
          link,
          'fatalError',
          fatal.map((error) => `${error.errorType}: ${error.errorDescription ?? ''}`.trim()).join('; '),
        );
        return;
      }
      await noteReadiness(robot, link);
      const pending = link.pending;
      if (pending) await answerPending(robot, link, pending, state);
      const current = robotOf(operatorId) ?? robot;
      const order = heldOrder(current.ongoingRideId, current.record!.operatorId, state);
      if (order) await followSteps(current, state, order);
      else if (current.ongoingRideId && !link.pending && state.nodeStates.length === 0) await resumeHeld(current, link, state);
      else if (state.orderId && !link.pending && !link.cancelled.has(state.orderId) && !orderFinished(state, state.orderId)) {
        // An order of ours the robot still works on, for a ride no longer its (handed on, taken back): stop it.
        if (state.orderId.startsWith('ride-') && state.nodeStates.length > 0) await cancelOrder(current, link, state.orderId);
      }
      if (!current.ongoingRideId && !link.pending) scheduleOffers();
    }

    /**
     * A robot holding a ride with no order of it (it rebooted and forgot it): the rest of the ride as a new
     * order from where it stands; a ride it had delivered already, ended. Sent again only after the answer time.
     */
    async function resumeHeld(robot: DriverState, link: Link, state: VdaState) {
      if (link.resumedAt !== null && Date.now() - link.resumedAt < orderAnswerMs) return;
      const operatorId = robot.record!.operatorId;
      const rideId = robot.ongoingRideId!;
      const { state: ride, version } = await readVersionedState(app.eventStore, rideStream(rideId));
      const resume = resumeStateOf(ride);
      if (resume === 'delivered') {
        await command(operatorId, `ride-${rideId}-${version}:end`, rideStep, { type: 'EndRide', data: { rideId, driverId: operatorId } });
        return;
      }
      if (!resume) return;
      const nodes = await readState(app.eventStore, vdaNodesStream());
      const order = orderFor(ride, state, nodes, app.site.current(), operatorId, version, pickedAlready(resume));
      if (!order) return;
      link.resumedAt = Date.now();
      await publish(robot, 'order', order.message);
    }

    async function answerPending(robot: DriverState, link: Link, pending: NonNullable<Link['pending']>, state: VdaState) {
      const operatorId = robot.record!.operatorId;
      const refused = orderRejected(state, pending.orderId) || Date.now() - pending.sentAt > orderAnswerMs;
      if (refused) {
        link.pending = null;
        if (pending.offered) {
          await command(operatorId, `${pending.orderId}:decline`, declineOffer, {
            type: 'DeclineOffer',
            data: { rideId: pending.rideId, driverId: operatorId },
            free: freeDriversOf(app),
          });
        }
        return;
      }
      if (!orderAccepted(state, pending.orderId)) return;
      link.pending = null;
      const data = { rideId: pending.rideId, driverId: operatorId };
      const taken = pending.takeOver
        ? await command(operatorId, `${pending.orderId}:take`, takeOverRide, { type: 'TakeOverRide', data: { ...data, resumeState: null } })
        : await command(operatorId, `${pending.orderId}:take`, acceptRide, { type: 'AcceptRide', data });
      // Someone else took it first: the robot stops.
      if (!taken) await cancelOrder(robot, link, pending.orderId);
    }

    /** The robot's report to its decider when it would change whether it takes rides (the decider's rule, asked first here to spare a command per message). */
    async function noteReadiness(robot: DriverState, link: Link) {
      const operatorId = robot.record!.operatorId;
      const report = reportOf(link);
      if ((robotNotReady(report, options.minBattery) === null) === onShift(robot, new Date())) return;
      const nodes = await readState(app.eventStore, vdaNodesStream());
      const place = link.state ? placeOfNode(nodes, app.site.current(), link.state.lastNodeId) : null;
      await command(operatorId, randomUUID(), noteRobotReport, {
        type: 'NoteRobotReport',
        data: { operatorId, report, place },
        minBattery: options.minBattery,
        shiftMs: options.shiftMs,
      });
    }

    async function breakdown(robot: DriverState, link: Link, cause: 'fatalError' | 'connectionBroken', detail: string) {
      const operatorId = robot.record!.operatorId;
      const key = `breakdown:${randomUUID()}`;
      const commandId = commandIdFromKey(`robot:${operatorId}`, key);
      const orderId = link.state?.orderId || null;
      await command(operatorId, key, robotBreakdown, {
        type: 'RobotBreakdown',
        data: { operatorId, requestId: requestIdFor(commandId), cause, detail, orderId },
        alternativeDrivers: app.driverRoster.alternativeDrivers(operatorId),
      });
      link.pending = null;
    }

    function onConnection(robot: DriverState, link: Link, connectionState: RobotReport['connection'], timestamp: string) {
      if (connectionState === 'ONLINE') {
        // A newer ONLINE: the robot (re)started, and counts its header ids from 0 again.
        if (link.onlineAt !== null && timestamp <= link.onlineAt) return;
        link.onlineAt = timestamp;
        link.lastHeaderId = -1;
        // An order it was told to cancel while away is told again if it still holds it.
        link.cancelled.clear();
        link.connection = 'ONLINE';
        if (link.grace) clearTimeout(link.grace);
        link.grace = null;
        return;
      }
      link.connection = connectionState;
      void enqueue(link, () => noteReadiness(robotOf(link.operatorId) ?? robot, link));
      // Mid-ride, a robot gone from the broker gets AMR_RECONNECT_GRACE_MS to come back before it is a breakdown.
      if (!link.grace && (robotOf(link.operatorId) ?? robot).ongoingRideId) {
        link.grace = setTimeout(() => {
          link.grace = null;
          const now = robotOf(link.operatorId);
          if (closed || !now || link.connection === 'ONLINE' || !now.ongoingRideId) return;
          void enqueue(link, () => breakdown(now, link, 'connectionBroken', `connection ${link.connection ?? 'lost'}`));
        }, options.graceMs);
        link.grace.unref();
      }
    }

    function onMessage(topic: string, payload: Buffer) {
      const where = parseVdaTopic(topic);
      if (!where) return;
      const robot = robotNamed(where.manufacturer, where.serialNumber);
      if (!robot) return;
      const link = linkOf(robot.record!.operatorId);
      if (where.topic === 'connection') {
        const parsed = parseVdaPayload('connection', payload);
        if (!parsed.ok) return void app.log.warn({ robot: link.operatorId, error: parsed.error }, 'VDA 5050 connection message refused');
        onConnection(robot, link, parsed.message.connectionState, parsed.message.timestamp);
        return;
      }
      if (where.topic !== 'state') return;
      const parsed = parseVdaPayload('state', payload);
      if (!parsed.ok) return void app.log.warn({ robot: link.operatorId, error: parsed.error }, 'VDA 5050 state message refused');
      // Duplicates and stale messages change nothing (a restart's new ONLINE resets the count).
      if (parsed.message.headerId <= link.lastHeaderId) return;
      link.lastHeaderId = parsed.message.headerId;
      const state = parsed.message;
      void enqueue(link, () => onState(robotOf(link.operatorId) ?? robot, link, state));
    }

    // Offers: a free, ready robot with no order pending gets the first AMR ride it may take.
    // One pass at a time: a pass asked for while one runs follows it.
    let offersDue: NodeJS.Timeout | null = null;
    let passing: Promise<void> | null = null;
    let again = false;
    const heardRides = new Set<string>();
    function scheduleOffers() {
      if (closed) return;
      if (passing) {
        again = true;
        return;
      }
      if (offersDue) return;
      offersDue = setTimeout(() => {
        offersDue = null;
        passing = offerPass()
          .catch((error: unknown) => app.log.error({ err: error }, 'VDA 5050 bridge: offers'))
          .finally(() => {
            passing = null;
            if (again) {
              again = false;
              scheduleOffers();
            }
          });
      }, 20);
      offersDue.unref();
    }

    async function candidateRides(): Promise<string[]> {
      const { rows } = await sql<{ ride_id: string }>`
        select ride_id from rides
        where vehicle_type = 'AMR' and ride_type <> 'Special Task' and status in ('requested', 'waiting_for_reassignment')
        order by (priority = 'urgent') desc, requested_at asc
        limit ${RIDE_CANDIDATES}`.execute(db);
      const ids = new Set([...heardRides, ...rows.map((row) => row.ride_id)]);
      heardRides.clear();
      return [...ids];
    }

    const probe = (type: 'RideAccepted' | 'RideTakenOver', rideId: string, driverId: string) =>
      ({ type, data: { rideId, driverId } }) as unknown as RideEvent;

    async function offerPass() {
      const now = new Date();
      const free = app.driverRoster
        .robots()
        .filter((robot) => presenceOf(robot.record!.operatorId, robot, now).state === 'free')
        .map((robot) => ({ robot, link: linkOf(robot.record!.operatorId) }))
        .filter(({ link }) => link.connection === 'ONLINE' && link.state !== null && link.pending === null);
      if (free.length === 0) return;
      const nodes = await readState(app.eventStore, vdaNodesStream());
      const site = app.site.current();
      const claimed = new Set<string>();
      for (const rideId of await candidateRides()) {
        const { state: ride, version } = await readVersionedState(app.eventStore, rideStream(rideId));
        const c = ride.context;
        if (c.vehicleType !== 'AMR' || c.rideType === 'Special Task' || claimed.has(rideId)) continue;
        const resume = resumeStateOf(ride) ?? c.resumeState;
        const takeOver = ride.value === 'waitingForReassignment';
        const offeredTo = c.offer?.driverId ?? null;
        const takers = free.filter(
          ({ robot, link }) =>
            link.pending === null &&
            canApply(ride, probe(takeOver ? 'RideTakenOver' : 'RideAccepted', rideId, robot.record!.operatorId)) &&
            (offeredTo === null || offeredTo === robot.record!.operatorId),
        );
        const taker = takers[0];
        if (!taker) continue;
        const order = orderFor(ride, taker.link.state!, nodes, site, taker.robot.record!.operatorId, version, pickedAlready(resume));
        if (!order) {
          // Offered to this robot, and its places have no node (or it is nowhere known): it says no at once.
          if (offeredTo === taker.robot.record!.operatorId) {
            await command(offeredTo, `ride-${rideId}-${version}:decline`, declineOffer, {
              type: 'DeclineOffer',
              data: { rideId, driverId: offeredTo },
              free: freeDriversOf(app),
            });
          }
          continue;
        }
        claimed.add(rideId);
        taker.link.pending = { ...order.ride, takeOver, offered: offeredTo !== null, sentAt: Date.now() };
        await publish(taker.robot, 'order', order.message);
      }
    }

    /** The order taking a ride, its message under this engine's header; the places' names of the nodes kept for staff's view. */
    function orderFor(
      ride: RideSnapshot,
      state: VdaState,
      nodes: readonly VdaNode[],
      site: SiteState | null,
      operatorId: string,
      version: number,
      picked: boolean,
    ) {
      for (const node of nodes) {
        const place = placeOfNode(nodes, site, node.nodeId);
        if (place) placeCache.set(node.nodeId, place);
      }
      const order = rideOrderFor(
        ride.context,
        state.lastNodeId,
        nodes,
        site,
        rideOrderId(ride.context.rideId, operatorId, version),
        picked,
      );
      return order && { ride: order.ride, message: (head: VdaHeader) => buildOrder(order.plan, head) };
    }

    // The engine's own decisions about robots, heard from the store: a cancelled order is told to the robot; rides moving wake the offers.
    const watch = await watchAppends(app.database, app.eventStore, (events: readonly RecordedEvent[]) => {
      for (const event of events) {
        if (event.type === 'RobotOrderCancelled') {
          const { operatorId, orderId } = toDomainEvent(event).data as { operatorId: string; orderId: string };
          const robot = robotOf(operatorId);
          if (robot) void enqueue(linkOf(operatorId), () => cancelOrder(robot, linkOf(operatorId), orderId));
        } else if (event.streamId.startsWith('ride-')) {
          heardRides.add(event.streamId.slice('ride-'.length));
          scheduleOffers();
        } else if (event.streamId.startsWith('driver-')) scheduleOffers();
      }
    });

    client = await mqtt.connectAsync(options.mqttUrl, {
      clientId: `plantride-engine-${randomUUID().slice(0, 8)}`,
      clean: true,
      reconnectPeriod: 1_000,
    });
    client.on('message', onMessage);
    client.on('error', (error) => app.log.warn({ err: error }, 'VDA 5050 bridge: MQTT'));
    await client.subscribeAsync(['uagv/v2/+/+/state', 'uagv/v2/+/+/connection'], { qos: 1 });
    app.log.info({ robots: app.driverRoster.robots().length }, 'VDA 5050 bridge connected');

    app.addHook('onClose', async () => {
      closed = true;
      if (offersDue) clearTimeout(offersDue);
      for (const link of links.values()) if (link.grace) clearTimeout(link.grace);
      await watch.close();
      await passing;
      await Promise.all([...links.values()].map((link) => link.queue));
      await client?.endAsync();
    });
  },
  { name: 'vda-bridge', dependencies: ['driver-roster'] },
);
