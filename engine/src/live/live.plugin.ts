import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import type { FastifyInstance } from 'fastify';
import { createPostgresEventStore, readAllThrough } from '../event-store/postgres-event-store';
import { startLiveDelivery, type LiveDelivery } from './live-delivery';
import { createLiveLookups } from './live-lookups';
import { loadLiveProfile, roomsFor } from './live-rooms';
import { handshakeLastPosition, handshakeToken, type LiveServer, type LiveSocket, type TrackRideAnswer } from './live-socket';
import { trackRide } from './track-ride';
import { originAllowed } from '../auth/cookie-origin';
import { addressedHost, peerTrustedBy } from '../security/forwarded';
import type { TrustProxy } from '../security/trust-proxy';
import { watchSessionExpiry } from './session-expiry';
import { SOCKET_MAX_MESSAGE_BYTES, limitSocketMessages, socketMessageLimiter } from './socket-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server on the engine's HTTP server; rooms and events are the live gateway's. */
    io: LiveServer;
    /** Which process sends the store's events to sockets (see live-delivery.ts). */
    liveDelivery: Pick<LiveDelivery, 'leading' | 'yieldLeadWhile'>;
  }
}

export interface LivePluginOptions {
  /** Browser origins besides the engine's own that may connect with the `token` cookie alone. */
  allowedOrigins: readonly string[];
  /** TRUST_PROXY: whose X-Forwarded-Host names the page's host. */
  trustProxy: TrustProxy;
  pollIntervalMs?: number;
  /** Several engine processes share socket.io through this Redis (REDIS_URL); none, this process alone. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX. */
  redisPrefix: string;
}

class Refused extends Error {}

/** Who may open a socket from a browser page: the engine's own origin and CORS_ORIGINS, as for cookie commands. */
interface OriginRule {
  allowedOrigins: readonly string[];
  peerTrusted: (peerAddress: string | undefined) => boolean;
}

function pageAllowed(socket: LiveSocket, rule: OriginRule): boolean {
  const { headers } = socket.request;
  const host = addressedHost(headers, rule.peerTrusted(socket.request.socket.remoteAddress));
  return originAllowed(headers.origin, host, rule.allowedOrigins);
}

async function authenticate(app: FastifyInstance, socket: LiveSocket, rule: OriginRule): Promise<void> {
  const token = handshakeToken(socket.handshake);
  const viaCookie = token !== null && !(typeof socket.handshake.auth.token === 'string' && socket.handshake.auth.token.trim());
  // The auth feature's check: signature and expiry, and that the account has not ended the session since.
  const verified = token ? await app.authenticate(token) : null;
  if (!verified || (viaCookie && !pageAllowed(socket, rule))) {
    throw new Refused(SERVER_MESSAGES.authenticationRequired);
  }
  const profile = await loadLiveProfile(app.eventStore, verified.tokenNo);
  if (profile?.blocked) throw new Refused(MESSAGES.accountBlocked);
  // The stream says what the role is now; a token may predate a role change.
  const role = profile?.role ?? verified.role;
  const user = { tokenNo: verified.tokenNo, role };
  socket.data.user = user;
  socket.data.rooms = roomsFor(user.tokenNo, { role, assignedVehicleType: profile?.assignedVehicleType ?? null });
  socket.data.expiresAt = token ? (await app.tokens.verify(token))?.expiresAt.getTime() : undefined;
}

/** socket.io on the engine's HTTP server: JWT handshake, rooms by role, spec events from `$all`, catch-up on reconnect. */
export const livePlugin = fp<LivePluginOptions>(
  async (app, options) => {
    const rule: OriginRule = { allowedOrigins: options.allowedOrigins, peerTrusted: peerTrustedBy(options.trustProxy) };
    const io: LiveServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // A page of another origin reads nothing over polling: no CORS answer but to CORS_ORIGINS (the engine's own pages need none).
      cors: { origin: options.allowedOrigins.length > 0 ? [...options.allowedOrigins] : false, credentials: true },
      maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
      // No connection-state recovery: a recovered socket is in its rooms before the (asynchronous)
      // authentication ends but is not yet among the namespace's sockets, so a broadcast then is lost
      // to it. Every reconnect catches up from the store instead, from the `lastPosition` it sends.
    });
    // The gateway reads $all on connections of its own, so a delivery never queues behind commands for one.
    const reader = await app.database.openReader(3);
    // …and so do the process's other readers of $all, in the same statements.
    const stopSharingReads = readAllThrough(app.database, reader.db);
    const gateway = await startLiveDelivery({
      io,
      database: app.database,
      gateway: {
        store: createPostgresEventStore(app.database, { executor: reader.db }),
        lookups: createLiveLookups(app.eventStore),
        pollIntervalMs: options.pollIntervalMs,
        onError: (error) => app.log.error({ err: error }, 'live gateway failed on an event; retrying'),
        // Issue #34 item 1: what the sockets hear also goes to devices as Web Push, from the one process that sends.
        onEmits: app.hasDecorator('pushNotifier') ? (event, emits) => app.pushNotifier.hear(event, emits) : undefined,
      },
      redisUrl: options.redisUrl,
      redisPrefix: `${options.redisPrefix}:${app.database.schema}:live`,
    });
    app.decorate('liveDelivery', { leading: () => gateway.leading(), yieldLeadWhile: (condition) => gateway.yieldLeadWhile(condition) });
    app.decorate('io', io);

    io.use((socket, next) => {
      authenticate(app, socket, rule).then(
        () => next(),
        (error: unknown) => {
          if (!(error instanceof Refused)) app.log.error({ err: error }, 'socket handshake failed');
          next(error instanceof Refused ? error : new Error(SERVER_MESSAGES.internalError));
        },
      );
    });

    const socketMessages = socketMessageLimiter(app.rateLimits.store, app.rateLimits.socketMessages);
    io.on('connection', (socket) => {
      const { rooms } = socket.data;
      void socket.join(rooms);
      if (socket.data.expiresAt !== undefined) watchSessionExpiry(socket, socket.data.expiresAt);
      limitSocketMessages(socket, socketMessages);

      socket.on('trackRide', (request, ack) => {
        // Without an acknowledgement callback the last argument is whatever the client sent.
        const reply = (answer: TrackRideAnswer) => (typeof ack === 'function' ? ack(answer) : undefined);
        trackRide(app.eventStore, socket, request).then(
          (answer) => reply(answer),
          (error: unknown) => {
            app.log.error({ err: error }, 'trackRide failed');
            reply({ ok: false, message: SERVER_MESSAGES.internalError });
          },
        );
      });

      const lastPosition = handshakeLastPosition(socket.handshake);
      if (lastPosition === null) return;
      // Half a catch-up would leave a silent gap (the socket is out of its rooms until the end): closing
      // the connection makes the client reconnect and ask again. Not disconnect(): a client takes a
      // server-side disconnect for the end of its session.
      const reconnectClient = () => {
        if (socket.connected) socket.conn.close();
      };
      gateway.catchUp(socket, lastPosition).then(
        // Not completed while still connected: the sender stopped (lost the lead) before the end.
        (completed) => (completed ? undefined : reconnectClient()),
        (error: unknown) => {
          app.log.warn({ err: error }, 'socket catch-up failed; closing its connection');
          reconnectClient();
        },
      );
    });

    // Open sockets would keep the HTTP server from closing, and the store must outlive the reader.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      await gateway.stop();
    });
    app.addHook('onClose', async () => {
      await io.close();
      await gateway.close();
      stopSharingReads();
      await reader.close();
    });
  },
  { name: 'live', dependencies: ['database', 'auth', 'rate-limits'] },
);
