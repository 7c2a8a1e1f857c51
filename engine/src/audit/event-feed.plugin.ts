import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import websocket, { type WebSocket } from '@fastify/websocket';
import { AUDIT_FEED_PATH, SERVER_MESSAGES, auditFeedQuerySchema, endsSessions, type AuditFeedQuery } from '@plantride/schemas';
import { bearerToken, currentUser } from '../auth/auth.plugin';
import type { RecordedEvent, Subscription } from '../event-store/event-store';
import { isStaff } from '../rides/ride-access';
import { sameOriginForCookie } from '../auth/cookie-origin';
import { openEventFeed } from './event-feed';

export interface EventFeedPluginOptions {
  pollIntervalMs?: number;
}

const GOING_AWAY = 1001;
const INTERNAL_ERROR = 1011;
const CLOSE_GRACE_MS = 1000;

// Plain string work: a malformed URL must not throw inside the server's upgrade event.
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];

interface OpenFeed {
  socket: WebSocket;
  stop(): Promise<void>;
}

/**
 * The staff audit feed: every store event, in store order, from a position the client gives, then
 * live. Not wrapped in fastify-plugin on purpose: @fastify/websocket's hooks stay inside this scope.
 */
export const eventFeedPlugin: FastifyPluginAsync<EventFeedPluginOptions> = async (app, options) => {
  const server = app.server;
  const others = new Set(server.listeners('upgrade'));
  // Its own preClose would close every socket without a code; ours below says why and stops the reads first.
  await app.register(websocket, { options: { maxPayload: 4096 }, preClose: async () => undefined });
  // socket.io shares this HTTP server: only our path may reach fastify's router, or two servers would answer one upgrade.
  for (const listener of server.listeners('upgrade')) {
    if (others.has(listener)) continue;
    server.removeListener('upgrade', listener as (...args: unknown[]) => void);
    const onlyFeed = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (pathOf(request.url) === AUDIT_FEED_PATH) (listener as (...args: unknown[]) => void).call(server, request, socket, head);
    };
    server.on('upgrade', onlyFeed);
    app.addHook('onClose', async () => void server.removeListener('upgrade', onlyFeed));
  }

  const feeds = new Set<OpenFeed>();

  app.get<{ Querystring: AuditFeedQuery }>(
    AUDIT_FEED_PATH,
    {
      websocket: true,
      onRequest: [app.requireRole('admin', 'maintenanceHead'), sameOriginForCookie],
      schema: { querystring: auditFeedQuerySchema },
    },
    (socket, request) => {
      const user = currentUser(request);
      const token = bearerToken(request) ?? '';
      // The same check as every HTTP call, made again once the user's own account events say the session may have ended.
      const sessionHolds = (event: RecordedEvent) =>
        !endsSessions(event) || (event.data as { tokenNo?: unknown }).tokenNo !== user.tokenNo
          ? true
          : app.authenticate(token).then((now) => now !== null && isStaff(now));
      // The feed only speaks; anything a client sends is ignored.
      socket.on('message', () => undefined);
      const opening: Promise<Subscription | null> = openEventFeed({
        socket,
        store: app.eventStore,
        database: app.database,
        from: request.query.from,
        sessionHolds,
        pollIntervalMs: options.pollIntervalMs,
        onError: (error) => request.log.error({ err: error }, 'audit feed failed on an event; retrying'),
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'audit feed could not start');
        socket.close(INTERNAL_ERROR, SERVER_MESSAGES.internalError);
        return null;
      });
      let stopping: Promise<void> | undefined;
      const feed: OpenFeed = {
        socket,
        stop: () => (stopping ??= opening.then((subscription) => subscription?.close())),
      };
      feeds.add(feed);
      socket.on('close', () => {
        feeds.delete(feed);
        void feed.stop();
      });
    },
  );

  // Open sockets would hold the HTTP server open, and the subscriptions need the store until they stop.
  app.addHook('preClose', async () => {
    const open = [...feeds];
    feeds.clear();
    await Promise.all(
      open.map(async ({ socket, stop }) => {
        const closed = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CLOSE_GRACE_MS);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        socket.close(GOING_AWAY, 'server closing');
        await Promise.all([stop(), closed]);
        socket.terminate();
      }),
    );
    app.websocketServer.close();
  });
};
