import { WEBHOOK_MESSAGES, type ServiceAccountEvent } from '@plantride/schemas';
import type { CommandHandler } from '../commands/command-handler';
import { conflict, notFound } from '../commands/errors';
import { callingAccount, serviceAccountsStream, type ServiceAccountsRef } from '../service-accounts/service-account.decider';

/*
 * A service account's webhook subscriptions (issue #33 item 3), decided on the accounts' stream: the
 * account itself (scope `webhooks:manage`) subscribes, rotates a secret, replays and unsubscribes.
 */

type Checkpoint = { transactionId: string; position: number };

export type WebhookCommand =
  | {
      type: 'SubscribeWebhook';
      data: { accountId: string; subscriptionId: string; url: string; eventTypes: string[]; sealedSecret: string; from: Checkpoint };
    }
  | { type: 'RotateWebhookSecret'; data: { accountId: string; subscriptionId: string; sealedSecret: string; overlapMinutes: number } }
  | { type: 'ReplayWebhook'; data: { accountId: string; subscriptionId: string; from: Checkpoint } }
  | { type: 'UnsubscribeWebhook'; data: { accountId: string; subscriptionId: string } };

export const webhookCommand: CommandHandler<WebhookCommand, { accounts: ServiceAccountsRef }> = {
  streams: () => ({ accounts: serviceAccountsStream() }),
  decide(command, { accounts }, { now, actor }) {
    const { data } = command;
    const account = callingAccount(actor, accounts, data.accountId, 'webhooks:manage');
    const at = now.toISOString();
    if (command.type === 'SubscribeWebhook') {
      if (Object.hasOwn(account.webhooks, command.data.subscriptionId)) throw conflict();
      return { accounts: [{ type: 'WebhookSubscribed', data: { ...command.data, subscribedAt: at } }] };
    }
    if (!Object.hasOwn(account.webhooks, data.subscriptionId)) throw notFound(WEBHOOK_MESSAGES.subscriptionNotFound);
    const { accountId, subscriptionId } = data;
    let event: ServiceAccountEvent;
    switch (command.type) {
      case 'RotateWebhookSecret': {
        const previousValidUntil = new Date(now.getTime() + command.data.overlapMinutes * 60_000).toISOString();
        event = {
          type: 'WebhookSecretRotated',
          data: { accountId, subscriptionId, sealedSecret: command.data.sealedSecret, previousValidUntil },
        };
        break;
      }
      case 'ReplayWebhook':
        event = { type: 'WebhookReplayRequested', data: { accountId, subscriptionId, from: command.data.from, requestedAt: at } };
        break;
      case 'UnsubscribeWebhook':
        event = { type: 'WebhookUnsubscribed', data: { accountId, subscriptionId } };
        break;
    }
    return { accounts: [event] };
  },
};
