import type { Database } from '../database/database';
import { LiveGateway, localTarget, type LiveGatewayOptions } from './live-gateway';
import { startClusterDelivery } from './live-cluster';
import type { LiveServer, LiveSocket } from './live-socket';

/** Who sends the store's events to sockets, and how a reconnecting socket catches up. */
export interface LiveDelivery {
  /** Whether this process sends the store's events (always, with one process per deployment). */
  leading(): boolean;
  /**
   * While `condition` holds this process leaves sending to another (with Redis; alone it always
   * sends): it does not take the lead, and gives it up if it holds it. SOCKET_PROCESS=1 uses it so the
   * process that serves the sockets also sends, and the command process writes nothing for them.
   */
  yieldLeadWhile(condition: () => boolean): void;
  /**
   * Sends `socket` (of this process, already in its rooms) every event after `lastPosition` its
   * rooms would have received, then live ones. Resolves false when the socket left before the end;
   * rejects when it could not be done, and the caller drops the socket so the client asks again.
   */
  catchUp(socket: LiveSocket, lastPosition: number): Promise<boolean>;
  /** Stops sending (before the store closes). */
  stop(): Promise<void>;
  /** Lets go of Redis (after socket.io has closed its adapter). */
  close(): Promise<void>;
}

export interface LiveDeliveryOptions {
  io: LiveServer;
  database: Database;
  gateway: Omit<LiveGatewayOptions, 'io' | 'scope' | 'onDelivered'>;
  /** REDIS_URL: several engine processes share socket.io through Redis, and one of them sends. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys and channels. */
  redisPrefix: string;
  leaseRetryMs?: number;
  catchUpTimeoutMs?: number;
}

/**
 * Without Redis every engine process reads `$all` and sends to its own sockets (`io.local`):
 * nothing is shared, so nothing is sent twice. With Redis see live-cluster.ts.
 */
export async function startLiveDelivery(options: LiveDeliveryOptions): Promise<LiveDelivery> {
  if (options.redisUrl) return startClusterDelivery({ ...options, redisUrl: options.redisUrl });
  const gateway = new LiveGateway({ ...options.gateway, io: options.io });
  await gateway.start();
  return {
    leading: () => true,
    yieldLeadWhile: () => undefined,
    catchUp: (socket, lastPosition) => gateway.catchUp(localTarget(socket), lastPosition),
    stop: () => gateway.stop(),
    close: async () => undefined,
  };
}
