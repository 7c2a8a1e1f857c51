import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  WEBHOOK_MESSAGES,
  commandAnswerSchema,
  errorAnswerSchema,
  replayWebhookBodySchema,
  rotateWebhookSecretBodySchema,
  subscribeWebhookBodySchema,
  webhookDeliveriesAnswerSchema,
  webhookEventTypes,
  webhookIdParamsSchema,
  webhookListAnswerSchema,
  webhookSecretAnswerSchema,
} from '@plantride/schemas';
import { handle, readState, type CommandResult } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { badRequest, notFound } from '../commands/errors';
import type { Checkpoint } from '../event-store/event-store';
import { newServiceId } from '../service-accounts/api-keys';
import { accountIn, serviceAccountsStream } from '../service-accounts/service-account.decider';
import { currentService, serviceActor } from '../service-accounts/service-auth.plugin';
import { readCursors, recentDeliveries, subscriptionState } from './delivery-log';
import { urlProblem, type OutboundPolicy } from './outbound-url';
import { webhookCommand } from './webhook.decider';
import type { AnyDb } from '../database/migrate';

/*
 * `/api/v1/webhooks` (scope webhooks:manage, issue #33 item 3): a service account subscribes a URL to
 * event types, lists its subscriptions with where their delivery stands, reads a delivery log, rotates
 * a signing secret with an overlap, replays from a position, and unsubscribes.
 */

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const limited = { 401: errorAnswerSchema, 403: errorAnswerSchema, 429: errorAnswerSchema };

/** The answer of a command that issued a secret: a repeated request (same Idempotency-Key) does not show it again. */
function secretAnswer(result: CommandResult, subscriptionId: string, secret: string, message: string) {
  const shown = result.duplicate ? { message: WEBHOOK_MESSAGES.secretNotShownAgain } : { message, secret };
  return { ...shown, subscriptionId, position: result.position };
}

const routes: FastifyPluginAsyncZod<{ policy: OutboundPolicy }> = async (app, { policy }) => {
  const manage = app.requireScope('webhooks:manage');
  const db = app.database.db as AnyDb;

  const subscriptionOf = async (accountId: string, subscriptionId: string) => {
    const account = accountIn(await readState(app.eventStore, serviceAccountsStream()), accountId);
    const subscription = account && Object.hasOwn(account.webhooks, subscriptionId) ? account.webhooks[subscriptionId] : undefined;
    if (!subscription) throw notFound(WEBHOOK_MESSAGES.subscriptionNotFound);
    return subscription;
  };

  /**
   * Just before the first event, in the readers' order (writing transaction, then position), among those at
   * `position` or after: no event from there on is skipped (the store's head when there is none).
   */
  const checkpointAt = async (position: number): Promise<Checkpoint> => {
    const { rows } = await sql<{ transaction_id: string; global_position: string | number }>`
      select transaction_id::text as transaction_id, global_position from events where global_position >= ${position}
      order by events.transaction_id, events.global_position limit 1`.execute(db);
    const first = rows[0];
    return first ? { transactionId: first.transaction_id, position: Number(first.global_position) - 1 } : app.eventStore.headCheckpoint();
  };

  app.post(
    '/api/v1/webhooks',
    { onRequest: manage, schema: { body: subscribeWebhookBodySchema, response: { 200: webhookSecretAnswerSchema, ...limited } } },
    async (request) => {
      const { accountId } = currentService(request);
      const problem = urlProblem(request.body.url, policy);
      if (problem) throw badRequest(problem);
      const subscriptionId = newServiceId('wh');
      const secret = newSecret();
      const result = await handle(
        app.eventStore,
        webhookCommand,
        {
          type: 'SubscribeWebhook',
          data: {
            accountId,
            subscriptionId,
            url: request.body.url,
            eventTypes: webhookEventTypes(request.body.events),
            sealedSecret: app.tokens.seal(secret),
            // From now: events appended after the subscription.
            from: await app.eventStore.headCheckpoint(),
          },
        },
        httpCommandContext(request, serviceActor(request)),
      );
      const subscribed = result.events.find((event) => event.type === 'WebhookSubscribed');
      const id = subscribed?.type === 'WebhookSubscribed' ? subscribed.data.subscriptionId : subscriptionId;
      return secretAnswer(result, id, secret, WEBHOOK_MESSAGES.subscribed);
    },
  );

  app.get(
    '/api/v1/webhooks',
    { onRequest: manage, schema: { response: { 200: webhookListAnswerSchema, ...limited } } },
    async (request) => {
      const account = accountIn(await readState(app.eventStore, serviceAccountsStream()), currentService(request).accountId);
      const subscriptions = Object.values(account?.webhooks ?? {});
      const cursors = await readCursors(
        db,
        subscriptions.map((subscription) => subscription.subscriptionId),
      );
      return {
        subscriptions: subscriptions.map(({ subscriptionId, url, eventTypes, subscribedAt, replays }) => {
          const cursor = cursors.get(subscriptionId);
          const { state, current } = subscriptionState(cursor, replays);
          return {
            subscriptionId,
            url,
            eventTypes: [...eventTypes],
            subscribedAt,
            state,
            deliveredThrough: cursor?.deliveredThrough ?? null,
            attempts: current?.attempts ?? 0,
            nextAttemptAt: current?.nextAttemptAt?.toISOString() ?? null,
            lastError: current?.lastError ?? null,
          };
        }),
      };
    },
  );

  app.get(
    '/api/v1/webhooks/:subscriptionId/deliveries',
    {
      onRequest: manage,
      schema: { params: webhookIdParamsSchema, response: { 200: webhookDeliveriesAnswerSchema, 404: errorAnswerSchema, ...limited } },
    },
    async (request) => {
      const { subscriptionId } = await subscriptionOf(currentService(request).accountId, request.params.subscriptionId);
      const deliveries = await recentDeliveries(db, subscriptionId);
      return { deliveries: deliveries.map(({ subscriptionId: _id, at, ...delivery }) => ({ ...delivery, at: at.toISOString() })) };
    },
  );

  app.post(
    '/api/v1/webhooks/:subscriptionId/rotate-secret',
    {
      onRequest: manage,
      schema: {
        params: webhookIdParamsSchema,
        body: rotateWebhookSecretBodySchema,
        response: { 200: webhookSecretAnswerSchema, ...limited },
      },
    },
    async (request) => {
      const { accountId } = currentService(request);
      const { subscriptionId } = request.params;
      const secret = newSecret();
      const result = await handle(
        app.eventStore,
        webhookCommand,
        {
          type: 'RotateWebhookSecret',
          data: { accountId, subscriptionId, sealedSecret: app.tokens.seal(secret), overlapMinutes: request.body.overlapMinutes },
        },
        httpCommandContext(request, serviceActor(request)),
      );
      return secretAnswer(result, subscriptionId, secret, WEBHOOK_MESSAGES.secretRotated);
    },
  );

  app.post(
    '/api/v1/webhooks/:subscriptionId/replay',
    {
      onRequest: manage,
      schema: { params: webhookIdParamsSchema, body: replayWebhookBodySchema, response: { 200: commandAnswerSchema, ...limited } },
    },
    async (request) => {
      const { accountId } = currentService(request);
      const { subscriptionId } = request.params;
      const result = await handle(
        app.eventStore,
        webhookCommand,
        { type: 'ReplayWebhook', data: { accountId, subscriptionId, from: await checkpointAt(request.body.fromPosition) } },
        httpCommandContext(request, serviceActor(request)),
      );
      return { message: WEBHOOK_MESSAGES.replayed, position: result.position };
    },
  );

  app.delete(
    '/api/v1/webhooks/:subscriptionId',
    { onRequest: manage, schema: { params: webhookIdParamsSchema, response: { 200: commandAnswerSchema, ...limited } } },
    async (request) => {
      const { accountId } = currentService(request);
      const result = await handle(
        app.eventStore,
        webhookCommand,
        { type: 'UnsubscribeWebhook', data: { accountId, subscriptionId: request.params.subscriptionId } },
        httpCommandContext(request, serviceActor(request)),
      );
      return { message: WEBHOOK_MESSAGES.unsubscribed, position: result.position };
    },
  );
};

export const webhooksRoutes = fp(routes, { name: 'webhooks', dependencies: ['database', 'auth', 'service-auth', 'webhook-worker'] });
