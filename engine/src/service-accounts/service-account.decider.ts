import {
  SERVICE_ACCOUNTS_STREAM_ID,
  SERVICE_MESSAGES,
  type ServiceAccountEvent,
  type ServiceAccountEventOf,
  type ServiceScope,
  type Actor,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../commands/errors';
import { bookedRoute, siteStream } from '../site/site.decider';
import type { SiteState } from '@plantride/schemas';

/*
 * Service accounts (issue #33 item 1): who a machine's key is, what it may do (its scopes), and which
 * of its keys open it now. The key check (`keyOpens`) and every admin change decide here, on the one
 * stream every account's facts are on.
 */

export interface ServiceKey {
  keyId: string;
  secretHash: string;
  issuedAt: string;
  /** Null: the current key. A key a rotation replaced opens the account until then. */
  validUntil: string | null;
}

export type ServiceTrigger = Omit<ServiceAccountEventOf<'ServiceTriggerSet'>['data'], 'accountId'>;

/** A webhook subscription (issue #33 item 3) as its events tell it. */
export interface WebhookSubscription {
  subscriptionId: string;
  url: string;
  eventTypes: readonly string[];
  subscribedAt: string;
  /** Sealed signing secrets, newest first: the current one (validUntil null) and one still in its overlap. */
  secrets: ReadonlyArray<{ sealed: string; validUntil: string | null }>;
  /** Where delivery starts after, and how many replays moved it (the worker restarts from `from` when it has seen fewer). */
  from: { transactionId: string; position: number };
  replays: number;
}

export interface ServiceAccount {
  accountId: string;
  name: string;
  scopes: readonly ServiceScope[];
  createdAt: string;
  revokedAt: string | null;
  keys: readonly ServiceKey[];
  triggers: Readonly<Record<string, ServiceTrigger>>;
  webhooks: Readonly<Record<string, WebhookSubscription>>;
}

/** Every service account, by id. */
export type ServiceAccountsState = Readonly<Record<string, ServiceAccount>>;

function withAccount(state: ServiceAccountsState, accountId: string, change: (account: ServiceAccount) => ServiceAccount) {
  const account = state[accountId];
  return account ? { ...state, [accountId]: change(account) } : state;
}

const earlier = (a: string | null, b: string): string => (a !== null && a < b ? a : b);

export function evolveServiceAccounts(state: ServiceAccountsState, event: ServiceAccountEvent): ServiceAccountsState {
  switch (event.type) {
    case 'ServiceAccountCreated': {
      const { accountId, name, scopes, createdAt } = event.data;
      return { ...state, [accountId]: { accountId, name, scopes, createdAt, revokedAt: null, keys: [], triggers: {}, webhooks: {} } };
    }
    case 'ServiceKeyIssued': {
      const { keyId, secretHash, issuedAt, previousValidUntil } = event.data;
      return withAccount(state, event.data.accountId, (account) => ({
        ...account,
        keys: [
          { keyId, secretHash, issuedAt, validUntil: null },
          ...account.keys.map((key) => ({ ...key, validUntil: earlier(key.validUntil, previousValidUntil ?? issuedAt) })),
        ],
      }));
    }
    case 'ServiceAccountRevoked':
      return withAccount(state, event.data.accountId, (account) => ({ ...account, revokedAt: event.data.revokedAt }));
    case 'ServiceTriggerSet': {
      const { accountId: _account, ...trigger } = event.data;
      return withAccount(state, event.data.accountId, (account) => ({
        ...account,
        triggers: { ...account.triggers, [trigger.triggerId]: trigger },
      }));
    }
    case 'ServiceTriggerRemoved':
      return withAccount(state, event.data.accountId, (account) => {
        const { [event.data.triggerId]: _removed, ...triggers } = account.triggers;
        return { ...account, triggers };
      });
    case 'WebhookSubscribed': {
      const { subscriptionId, url, eventTypes, sealedSecret, from, subscribedAt } = event.data;
      const subscription = {
        subscriptionId,
        url,
        eventTypes,
        subscribedAt,
        secrets: [{ sealed: sealedSecret, validUntil: null }],
        from,
        replays: 0,
      };
      return withAccount(state, event.data.accountId, (account) => ({
        ...account,
        webhooks: { ...account.webhooks, [subscriptionId]: subscription },
      }));
    }
    case 'WebhookSecretRotated':
      return withWebhook(state, event.data, (subscription) => ({
        ...subscription,
        secrets: [
          { sealed: event.data.sealedSecret, validUntil: null },
          ...subscription.secrets
            .map((secret) => ({ ...secret, validUntil: earlier(secret.validUntil, event.data.previousValidUntil) }))
            .slice(0, 1),
        ],
      }));
    case 'WebhookReplayRequested':
      return withWebhook(state, event.data, (subscription) => ({
        ...subscription,
        from: event.data.from,
        replays: subscription.replays + 1,
      }));
    case 'WebhookUnsubscribed':
      return withAccount(state, event.data.accountId, (account) => {
        const { [event.data.subscriptionId]: _ended, ...webhooks } = account.webhooks;
        return { ...account, webhooks };
      });
    default:
      return state;
  }
}

function withWebhook(
  state: ServiceAccountsState,
  { accountId, subscriptionId }: { accountId: string; subscriptionId: string },
  change: (subscription: WebhookSubscription) => WebhookSubscription,
): ServiceAccountsState {
  return withAccount(state, accountId, (account) => {
    const subscription = account.webhooks[subscriptionId];
    return subscription ? { ...account, webhooks: { ...account.webhooks, [subscriptionId]: change(subscription) } } : account;
  });
}

/**
 * The service account acting: the actor is that account, it still stands (not revoked) and it has
 * `scope`. The route's key check said the same a moment before; this is the decision's own.
 */
export function callingAccount(actor: Actor, accounts: ServiceAccountsState, accountId: string, scope: ServiceScope): ServiceAccount {
  if (!('service' in actor) || actor.service !== accountId) throw forbidden();
  const account = accountIn(accounts, accountId);
  if (!account || account.revokedAt !== null) throw unauthorized(SERVICE_MESSAGES.keyRefused);
  if (!account.scopes.includes(scope)) throw forbidden(SERVICE_MESSAGES.scopeMissing(scope));
  return account;
}

/** The account `accountId` names, or null (an id from a request is never read off the object's prototype). */
export const accountIn = (state: ServiceAccountsState, accountId: string): ServiceAccount | null =>
  Object.hasOwn(state, accountId) ? state[accountId]! : null;

export type ServiceAccountsRef = StreamRef<ServiceAccountsState, ServiceAccountEvent>;
export const serviceAccountsStream = (): ServiceAccountsRef => ({
  id: SERVICE_ACCOUNTS_STREAM_ID,
  initial: () => ({}),
  evolve: evolveServiceAccounts,
});

/** The keys that open an account at `now`: none once it is revoked. */
export function openKeys(account: ServiceAccount, now: Date): ServiceKey[] {
  if (account.revokedAt !== null) return [];
  const at = now.toISOString();
  return account.keys.filter((key) => key.validUntil === null || key.validUntil > at);
}

/**
 * The account a presented key opens at `now`, or null: its account is not revoked, the key is one of
 * its open keys and the secret's hash matches (`sameHash`, a constant-time compare, is the caller's).
 */
export function keyOpens(
  state: ServiceAccountsState,
  presented: { accountId: string; keyId: string; secretHash: string },
  now: Date,
  sameHash: (a: string, b: string) => boolean,
): ServiceAccount | null {
  const account = accountIn(state, presented.accountId);
  if (!account) return null;
  const key = openKeys(account, now).find((candidate) => candidate.keyId === presented.keyId);
  return key && sameHash(key.secretHash, presented.secretHash) ? account : null;
}

/** The account `accountId` names, refusing a missing one (404) or a revoked one (409) for any change. */
export function liveAccount(state: ServiceAccountsState, accountId: string): ServiceAccount {
  const account = accountIn(state, accountId);
  if (!account) throw notFound(SERVICE_MESSAGES.accountNotFound);
  if (account.revokedAt !== null) throw conflict(SERVICE_MESSAGES.accountRevoked);
  return account;
}

export type ServiceAccountCommand =
  | { type: 'CreateServiceAccount'; data: { accountId: string; name: string; scopes: ServiceScope[]; keyId: string; secretHash: string } }
  | { type: 'RotateServiceKey'; data: { accountId: string; keyId: string; secretHash: string; overlapMinutes: number } }
  | { type: 'RevokeServiceAccount'; data: { accountId: string } }
  | { type: 'SetServiceTrigger'; data: ServiceTrigger & { accountId: string } }
  | { type: 'RemoveServiceTrigger'; data: { accountId: string; triggerId: string } };

function decideAccounts(
  command: ServiceAccountCommand,
  state: ServiceAccountsState,
  site: SiteState | null,
  now: Date,
): ServiceAccountEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateServiceAccount': {
      const { accountId, name, scopes, keyId, secretHash } = command.data;
      if (accountIn(state, accountId)) throw conflict();
      const taken = Object.values(state).some((account) => account.revokedAt === null && account.name.toLowerCase() === name.toLowerCase());
      if (taken) throw conflict(`A service account named "${name}" exists already.`);
      return [
        { type: 'ServiceAccountCreated', data: { accountId, name, scopes, createdAt: at } },
        { type: 'ServiceKeyIssued', data: { accountId, keyId, secretHash, issuedAt: at, previousValidUntil: null } },
      ];
    }
    case 'RotateServiceKey': {
      const { accountId, keyId, secretHash, overlapMinutes } = command.data;
      const account = liveAccount(state, accountId);
      if (account.keys.some((key) => key.keyId === keyId)) throw conflict();
      const previousValidUntil = new Date(now.getTime() + overlapMinutes * 60_000).toISOString();
      return [{ type: 'ServiceKeyIssued', data: { accountId, keyId, secretHash, issuedAt: at, previousValidUntil } }];
    }
    case 'RevokeServiceAccount': {
      const account = accountIn(state, command.data.accountId);
      if (!account) throw notFound(SERVICE_MESSAGES.accountNotFound);
      // Revoked already: nothing changes, and the answer is the same.
      return account.revokedAt === null ? [{ type: 'ServiceAccountRevoked', data: { accountId: account.accountId, revokedAt: at } }] : [];
    }
    case 'SetServiceTrigger': {
      const { accountId } = command.data;
      const account = liveAccount(state, accountId);
      if (!account.scopes.includes('orders:write')) throw badRequest('A trigger books rides: its account needs the scope "orders:write".');
      // Between places the site knows, named as the site spells them (a press books by the same rule).
      const { fromLocation, toLocation } = bookedRoute(site, command.data.fromLocation, command.data.toLocation);
      return [{ type: 'ServiceTriggerSet', data: { ...command.data, fromLocation, toLocation } }];
    }
    case 'RemoveServiceTrigger': {
      const { accountId, triggerId } = command.data;
      const account = liveAccount(state, accountId);
      if (!Object.hasOwn(account.triggers, triggerId)) throw notFound(SERVICE_MESSAGES.triggerNotFound);
      return [{ type: 'ServiceTriggerRemoved', data: { accountId, triggerId } }];
    }
  }
}

/** The admin's changes to service accounts: create (with its first key), rotate a key, revoke, set or remove a trigger. */
export const serviceAccountCommand: CommandHandler<
  ServiceAccountCommand,
  { accounts: ServiceAccountsRef; site: ReturnType<typeof siteStream> }
> = {
  streams: () => ({ accounts: serviceAccountsStream(), site: siteStream() }),
  decide(command, { accounts, site }, { now, actor }) {
    requireActor(actor, 'admin');
    return { accounts: decideAccounts(command, accounts, site, now) };
  },
};
