import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server } from 'socket.io';
import type { ServerToClientEvents } from '@plantride/schemas';
import type { SessionLock } from '../database/database';
import type { Checkpoint } from '../event-store/event-store';
import { LiveGateway, send, type CatchUpTarget } from './live-gateway';
import { publishInOrder } from './publish-in-order';
import { RedisLink } from './redis-link';
import type { LiveDelivery, LiveDeliveryOptions } from './live-delivery';
import type { LiveClientEvents, LiveSocket, LiveSocketData } from './live-socket';

interface CatchUpRequest {
  requestId: string;
  socketId: string;
  /** The rooms the socket is to be in; the leader joins it to them once it has caught up. */
  rooms: string[];
  lastPosition: number;
}

interface CatchUpAnswer {
  requestId: string;
  state: 'accepted' | 'done' | 'failed';
}

/** Messages between engine processes (socket.io server-side emits over Redis). */
interface ServerSideEvents {
  liveCatchUp(request: CatchUpRequest): void;
  liveCatchUpAnswer(answer: CatchUpAnswer): void;
}

type ClusterServer = Server<LiveClientEvents, ServerToClientEvents, ServerSideEvents, LiveSocketData>;

// A takeover resumes where the last sender stopped if that was this recent; else at the head (nobody is listening to older events).
const CHECKPOINT_TTL_MS = 10 * 60_000;
const RESEND_MS = 1000;

/**
 * Several engine processes, one socket.io through the Redis Streams adapter. If every process sent
 * what it read from `$all` through the shared adapter, each socket would get every event once per
 * process; so one process, holding the `live-gateway` session lock, reads `$all` and sends to every process's
 * sockets, and another takes over (from the checkpoint it left in Redis) when it dies. Each
 * process still authenticates its own sockets and places them in rooms.
 *
 * A socket catching up is the exception: only the sender knows which live events it held back
 * from the socket meanwhile, so the sender does the catch-up (as for its own sockets). The
 * socket's process leaves it out of its rooms and asks; the sender replays to the socket's id,
 * sends what it held back, then joins it to its rooms. Those all travel in the adapter's one
 * ordered stream, so the socket gets each event once, in order.
 *
 * What the sender publishes while Redis is away reaches its own sockets only. So when any of this
 * process's Redis connections drops, it closes its sockets' connections (not a server-side
 * disconnect, which a client takes for the end of its session): their clients reconnect with the
 * last position they heard and catch up from the store. Until Redis is back, a process that does
 * not send cannot hear the sender, so it closes each socket that connects at once rather than keep
 * it connected and deaf; the sender's own sockets catch up and go on locally.
 */
export async function startClusterDelivery(options: LiveDeliveryOptions & { redisUrl: string }): Promise<LiveDelivery> {
  const { io, database, redisPrefix } = options;
  const cluster = io as unknown as ClusterServer;
  const onError = options.gateway.onError;
  const leaseRetryMs = options.leaseRetryMs ?? 2000;
  const catchUpTimeoutMs = options.catchUpTimeoutMs ?? 60_000;
  // While Redis is away a command fails after one reconnect attempt instead of twenty, so nothing
  // (a socket's join, a catch-up request) waits on it for long.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  // The adapter publishes server-side messages (a catch-up request or answer, a fetchSockets) with
  // PUBLISH and drops the promise: while Redis is away its rejection would end the process.
  const publish = redis.publish.bind(redis) as (channel: string, message: Buffer) => Promise<number>;
  redis.publish = ((channel: string, message: Buffer) => {
    const answer = publish(channel, message);
    answer.catch(() => undefined);
    return answer;
  }) as typeof redis.publish;
  let stopped = false;
  const link = new RedisLink((up) => {
    if (!up && !stopped) closeLocalSockets();
  });
  // The adapter reads its stream and subscribes on clients it duplicates from this one: all three are
  // watched. Those two wait an outage out instead of failing their commands: ioredis keeps a channel only
  // once Redis confirms it, so a SUBSCRIBE it sent again after a reconnect and failed by a second drop left
  // the subscriber subscribed to nothing, and this process deaf to catch-up answers (session 26, ten
  // outages in a row). Unfailed, the command is sent again on the next connection.
  const redisAdapter = link.watchingDuplicates(
    link.watch(redis),
    () => createAdapter(redis, { streamName: `${redisPrefix}:socket.io`, channelPrefix: `${redisPrefix}:socket.io`, blockTimeInMs: 1000 }),
    { maxRetriesPerRequest: null },
  );
  // socket.io calls this with `new`: a function (not an arrow) returning the adapter.
  io.adapter(function orderedAdapter(nsp: Parameters<typeof redisAdapter>[0]) {
    return publishInOrder(redisAdapter(nsp));
  } as typeof redisAdapter);
  const checkpointKey = `${redisPrefix}:checkpoint`;

  let lock: SessionLock | null = null;
  let gateway: LiveGateway | undefined;
  /** Whether this process's sockets hear the store's events: it sends them, or it hears the sender. */
  const hearing = () => gateway !== undefined || link.up();
  /** Makes every socket of this process reconnect, so its client catches up from the last position it heard. */
  function closeLocalSockets(): void {
    for (const socket of [...cluster.of('/').sockets.values()]) socket.conn.close();
  }
  let changing = Promise.resolve();
  const serially = (change: () => Promise<void>) => (changing = changing.then(change, change).catch(onError));

  const remember = (checkpoint: Checkpoint) =>
    void redis.set(checkpointKey, JSON.stringify(checkpoint), 'PX', CHECKPOINT_TTL_MS).catch(onError);
  const lastSent = async (): Promise<Checkpoint | undefined> => {
    const stored = await redis.get(checkpointKey);
    return stored ? (JSON.parse(stored) as Checkpoint) : undefined;
  };

  let yielding: () => boolean = () => false;
  const lead = () =>
    serially(async () => {
      if (stopped || lock || yielding()) return;
      const taken = await database.tryLock('live-gateway');
      if (!taken) return;
      const next = new LiveGateway({ ...options.gateway, io, scope: 'cluster', onDelivered: remember });
      try {
        // Written at once: a successor must not start past events nobody has sent yet.
        remember(await next.start(await lastSent()));
      } catch (error) {
        await next.stop();
        await taken.release();
        throw error;
      }
      lock = taken;
      gateway = next;
      void taken.lost.then(() =>
        serially(async () => {
          if (lock !== taken) return;
          lock = null;
          gateway = undefined;
          await next.stop();
          // Its sockets heard it alone while Redis was away; the next sender cannot reach them yet.
          if (!hearing()) closeLocalSockets();
        }),
      );
    });

  /** Stops sending and lets go of the lock; the checkpoint it left is where the next sender resumes. */
  const stepDown = () =>
    serially(async () => {
      const [current, held] = [gateway, lock];
      if (!current || !held) return;
      gateway = undefined;
      lock = null;
      await current.stop();
      await held.release();
    });

  let retry: NodeJS.Timeout | undefined;
  const keepLeading = () => {
    retry = setTimeout(() => {
      if (stopped) return;
      // The leader keeps its resume point alive (or leaves the lead to a process preferred to it); the others try for the lock.
      if (gateway && yielding()) void stepDown();
      else if (gateway) void redis.pexpire(checkpointKey, CHECKPOINT_TTL_MS).catch(onError);
      else void lead();
      keepLeading();
    }, leaseRetryMs).unref();
  };

  // The sender's side: catch a socket of another process up.
  // A request is sent again until accepted; the ids seen lately keep a repeat from being replayed twice.
  const seen = new Set<string>();
  cluster.of('/').on('liveCatchUp', (request) => {
    const current = gateway;
    if (!current || seen.has(request.requestId)) return;
    seen.add(request.requestId);
    if (seen.size > 10_000) seen.delete(seen.values().next().value as string);
    const answer = (state: CatchUpAnswer['state']) => cluster.serverSideEmit('liveCatchUpAnswer', { requestId: request.requestId, state });
    answer('accepted');
    const target: CatchUpTarget = {
      id: request.socketId,
      rooms: new Set(request.rooms),
      disconnected: false,
      send: (emit) => send(io.to(request.socketId), emit),
      resumeLive: () => io.in(request.socketId).socketsJoin(request.rooms),
    };
    current.catchUp(target, request.lastPosition).then(
      (completed) => answer(completed ? 'done' : 'failed'),
      (error: unknown) => {
        onError(error);
        answer('failed');
      },
    );
  });

  // A process that cannot hear the sender keeps no socket connected (after the plugin's own
  // 'connection' listener has run, so the socket leaves the rooms that one joined it to).
  cluster.of('/').on('connection', (socket) => {
    if (!hearing()) queueMicrotask(() => socket.conn.close());
  });

  // The socket's side: wait for the sender's answer.
  const waiting = new Map<string, (answer: CatchUpAnswer['state']) => void>();
  cluster.of('/').on('liveCatchUpAnswer', (answer) => waiting.get(answer.requestId)?.(answer.state));

  async function askSender(socket: LiveSocket, lastPosition: number): Promise<boolean> {
    const rooms = leaveRooms(socket);
    const request: CatchUpRequest = { requestId: randomUUID(), socketId: socket.id, rooms, lastPosition };
    let wasAccepted = false;
    let resend: NodeJS.Timeout | undefined;
    try {
      return await new Promise<boolean>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('no live gateway caught the socket up in time')), catchUpTimeoutMs);
        const settle = (outcome: () => void) => {
          clearTimeout(deadline);
          outcome();
        };
        waiting.set(request.requestId, (state) => {
          if (state === 'accepted') wasAccepted = true;
          else if (state === 'done') settle(() => resolve(!socket.disconnected));
          else settle(() => reject(new Error('the live gateway could not catch the socket up')));
        });
        const ask = () => {
          if (socket.disconnected) return settle(() => resolve(false));
          if (wasAccepted) return;
          // During a takeover nobody may be sending yet, or this process may have become the sender.
          if (gateway) {
            waiting.delete(request.requestId);
            return settle(() => void gateway!.catchUp(clusterTarget(socket, rooms), lastPosition).then(resolve, reject));
          }
          cluster.serverSideEmit('liveCatchUp', request);
          resend = setTimeout(ask, RESEND_MS);
        };
        ask();
      });
    } finally {
      clearTimeout(resend);
      waiting.delete(request.requestId);
    }
  }

  /**
   * Takes a socket out of its rooms until it has caught up (no live event can come in between: same
   * tick). A broadcast reaches this process's sockets only once its publish to Redis has answered,
   * and goes to whoever is in the rooms then; a socket joined at once would also get the live
   * events sent just before it connected, which its catch-up replays too.
   */
  function leaveRooms(socket: LiveSocket): string[] {
    const rooms = [...socket.rooms].filter((room) => room !== socket.id);
    for (const room of rooms) void socket.leave(room);
    return rooms;
  }

  // The sender's own sockets are caught up like the others': sent to by id, and joined to their rooms
  // through the adapter, whose messages are applied in the order they were published.
  const clusterTarget = (socket: LiveSocket, rooms: string[]): CatchUpTarget => ({
    id: socket.id,
    rooms: new Set(rooms),
    get disconnected() {
      return socket.disconnected;
    },
    send: (emit) => send(io.to(socket.id), emit),
    resumeLive: () => io.in(socket.id).socketsJoin(rooms),
  });

  await lead();
  keepLeading();

  return {
    leading: () => gateway !== undefined,
    yieldLeadWhile: (condition) => {
      yielding = condition;
    },
    catchUp: (socket, lastPosition) => {
      if (gateway) return gateway.catchUp(clusterTarget(socket, leaveRooms(socket)), lastPosition);
      // Nobody could send it anything: false has its connection closed, and its client tries again.
      return hearing() ? askSender(socket, lastPosition) : Promise.resolve(false);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await serially(async () => {
        const [current, held] = [gateway, lock];
        gateway = undefined;
        lock = null;
        await current?.stop();
        await held?.release();
      });
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
