import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICE_MESSAGES,
  createServiceAccountBodySchema,
  commandAnswerSchema,
  rotateServiceKeyBodySchema,
  serviceAccountIdParamsSchema,
  serviceAccountsAnswerSchema,
  serviceKeyAnswerSchema,
  setTriggerBodySchema,
  triggerParamsSchema,
  type ServiceAccountRow,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle, readState, type CommandResult } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { issueKey, newServiceId } from './api-keys';
import { readCursors, subscriptionState, type Cursor } from '../webhooks/delivery-log';
import { openKeys, serviceAccountCommand, serviceAccountsStream, type ServiceAccount } from './service-account.decider';

/*
 * The admin's service accounts (issue #33 item 1): list them, create one (its key shown once), rotate
 * a key with an overlap, revoke at once, and set or remove the machine triggers its key may press.
 */

function row(account: ServiceAccount, lastUsedAt: string | null, cursors: Map<string, Cursor>, now: Date): ServiceAccountRow {
  const { accountId, name, scopes, createdAt, revokedAt, triggers, webhooks } = account;
  return {
    accountId,
    name,
    scopes: [...scopes],
    createdAt,
    revokedAt,
    keys: openKeys(account, now).map(({ keyId, issuedAt, validUntil }) => ({ keyId, issuedAt, validUntil })),
    lastUsedAt,
    triggers: Object.values(triggers).map((trigger) => ({ ...trigger })),
    webhooks: Object.values(webhooks).map(({ subscriptionId, url, replays }) => ({
      subscriptionId,
      url,
      state: subscriptionState(cursors.get(subscriptionId), replays).state,
    })),
  };
}

/**
 * The answer of a command that issued a key, from the key it stored: a repeated request (the same
 * Idempotency-Key) answers the first one's account and key ids, without the key, which is not kept.
 */
function keyAnswer(result: CommandResult, apiKey: string, message: string) {
  const issued = result.events.find((event) => event.type === 'ServiceKeyIssued');
  if (issued?.type !== 'ServiceKeyIssued') throw new Error('a key command issued no key');
  const { accountId, keyId, previousValidUntil } = issued.data;
  const shown = result.duplicate ? { message: SERVICE_MESSAGES.keyNotShownAgain } : { message, apiKey };
  return { ...shown, accountId, keyId, previousValidUntil, position: result.position };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.get('/api/service-accounts', { onRequest: admin, schema: { response: { 200: serviceAccountsAnswerSchema } } }, async () => {
    const [accounts, uses] = await Promise.all([readState(app.eventStore, serviceAccountsStream()), app.keyUses.lastUses()]);
    const subscriptions = Object.values(accounts).flatMap((account) => Object.keys(account.webhooks));
    const cursors = await readCursors(app.database.db, subscriptions);
    const now = new Date();
    return {
      accounts: Object.values(accounts)
        .map((account) => row(account, uses.get(account.accountId) ?? null, cursors, now))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });

  app.post(
    '/api/service-accounts',
    { onRequest: admin, schema: { body: createServiceAccountBodySchema, response: { 200: serviceKeyAnswerSchema } } },
    async (request) => {
      const accountId = newServiceId('sa');
      const key = issueKey(accountId);
      const { name, scopes } = request.body;
      const result = await handle(
        app.eventStore,
        serviceAccountCommand,
        { type: 'CreateServiceAccount', data: { accountId, name, scopes, keyId: key.keyId, secretHash: key.secretHash } },
        httpCommandContext(request, currentUser(request)),
      );
      return keyAnswer(result, key.apiKey, SERVICE_MESSAGES.accountCreated);
    },
  );

  app.post(
    '/api/service-accounts/:accountId/rotate',
    {
      onRequest: admin,
      schema: { params: serviceAccountIdParamsSchema, body: rotateServiceKeyBodySchema, response: { 200: serviceKeyAnswerSchema } },
    },
    async (request) => {
      const { accountId } = request.params;
      const key = issueKey(accountId);
      const result = await handle(
        app.eventStore,
        serviceAccountCommand,
        {
          type: 'RotateServiceKey',
          data: { accountId, keyId: key.keyId, secretHash: key.secretHash, overlapMinutes: request.body.overlapMinutes },
        },
        httpCommandContext(request, currentUser(request)),
      );
      return keyAnswer(result, key.apiKey, SERVICE_MESSAGES.keyIssued);
    },
  );

  app.delete(
    '/api/service-accounts/:accountId',
    { onRequest: admin, schema: { params: serviceAccountIdParamsSchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const result = await handle(
        app.eventStore,
        serviceAccountCommand,
        { type: 'RevokeServiceAccount', data: { accountId: request.params.accountId } },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: SERVICE_MESSAGES.accountRevokedNow, position: result.position };
    },
  );

  app.put(
    '/api/service-accounts/:accountId/triggers/:triggerId',
    { onRequest: admin, schema: { params: triggerParamsSchema, body: setTriggerBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const { accountId, triggerId } = request.params;
      const { fromLocation, toLocation, vehicleType, priority, windowSeconds, requester } = request.body;
      const result = await handle(
        app.eventStore,
        serviceAccountCommand,
        {
          type: 'SetServiceTrigger',
          data: { accountId, triggerId, fromLocation, toLocation, vehicleType, priority, windowSeconds, requesterId: requester ?? null },
        },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: SERVICE_MESSAGES.triggerSaved, position: result.position };
    },
  );

  app.delete(
    '/api/service-accounts/:accountId/triggers/:triggerId',
    { onRequest: admin, schema: { params: triggerParamsSchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const { accountId, triggerId } = request.params;
      const result = await handle(
        app.eventStore,
        serviceAccountCommand,
        { type: 'RemoveServiceTrigger', data: { accountId, triggerId } },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: SERVICE_MESSAGES.triggerRemoved, position: result.position };
    },
  );
};

export const serviceAccountsRoutes = fp(routes, {
  name: 'service-accounts',
  dependencies: ['database', 'auth', 'service-auth', 'webhook-worker'],
});
