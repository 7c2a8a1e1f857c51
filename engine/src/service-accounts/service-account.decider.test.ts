import { describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES, type Actor, type DomainEvent } from '@plantride/schemas';
import { NOW, commandSpec } from '../test-support/decider-spec';
import { evolveServiceAccounts, keyOpens, serviceAccountCommand, type ServiceAccountsState } from './service-account.decider';

/* Issue #33 item 1, decided without a database: who may change accounts, and which keys open one when. */
const ADMIN: Actor = { tokenNo: 'AD01', role: 'admin' };
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const created = (accountId: string, name: string): DomainEvent[] => [
  { type: 'ServiceAccountCreated', data: { accountId, name, scopes: ['orders:write'], createdAt: NOW.toISOString() } },
  { type: 'ServiceKeyIssued', data: { accountId, keyId: 'k1', secretHash: 'aa', issuedAt: NOW.toISOString(), previousValidUntil: null } },
];
const fold = (events: DomainEvent[]): ServiceAccountsState =>
  events.reduce((state, event) => evolveServiceAccounts(state, event as Parameters<typeof evolveServiceAccounts>[1]), {});
const same = (a: string, b: string) => a === b;

describe('service accounts', () => {
  const spec = commandSpec(serviceAccountCommand);

  it('given no such account, when an admin creates one, then it is created with its first key; anyone else is refused', () => {
    const command = {
      type: 'CreateServiceAccount' as const,
      data: { accountId: 'sa1', name: 'MES', scopes: ['orders:write' as const], keyId: 'k1', secretHash: 'aa' },
    };
    spec
      .given()
      .when(command, ADMIN)
      .then({ accounts: created('sa1', 'MES') as never });
    for (const role of ['requester', 'driver', 'maintenanceHead'] as const)
      spec.given().when(command, { tokenNo: 'X001', role }).thenThrows(403, 'Forbidden');
    spec.given().when(command, { service: 'sa9', name: 'Other' }).thenThrows(403, 'Forbidden');
  });

  it('given an account named MES, when another is created as "mes", then 409; once MES is revoked, the name is free', () => {
    const command = {
      type: 'CreateServiceAccount' as const,
      data: { accountId: 'sa2', name: 'mes', scopes: ['site:read' as const], keyId: 'k2', secretHash: 'bb' },
    };
    spec
      .given({ accounts: created('sa1', 'MES') })
      .when(command, ADMIN)
      .thenThrows(409, 'A service account named "mes" exists already.');
    const revoked: DomainEvent = { type: 'ServiceAccountRevoked', data: { accountId: 'sa1', revokedAt: NOW.toISOString() } };
    expect(() =>
      serviceAccountCommand.decide(
        command,
        { accounts: fold([...created('sa1', 'MES'), revoked]), site: null },
        { now: NOW, actor: ADMIN },
      ),
    ).not.toThrow();
  });

  it('given a key rotated with a 30-minute overlap, then both open the account until it ends and only the new one after; a revoked account opens to none', () => {
    const rotated: DomainEvent = {
      type: 'ServiceKeyIssued',
      data: { accountId: 'sa1', keyId: 'k2', secretHash: 'bb', issuedAt: NOW.toISOString(), previousValidUntil: at(30).toISOString() },
    };
    const state = fold([...created('sa1', 'MES'), rotated]);
    const opens = (keyId: string, secretHash: string, when: Date) =>
      keyOpens(state, { accountId: 'sa1', keyId, secretHash }, when, same) !== null;
    expect([opens('k1', 'aa', at(29)), opens('k2', 'bb', at(29))]).toEqual([true, true]);
    expect([opens('k1', 'aa', at(30)), opens('k2', 'bb', at(30))]).toEqual([false, true]);
    expect(opens('k2', 'aa', at(1))).toBe(false);
    expect(keyOpens(state, { accountId: 'nope', keyId: 'k2', secretHash: 'bb' }, at(1), same)).toBeNull();
    const revoked = fold([
      ...created('sa1', 'MES'),
      rotated,
      { type: 'ServiceAccountRevoked', data: { accountId: 'sa1', revokedAt: at(1).toISOString() } },
    ]);
    expect(keyOpens(revoked, { accountId: 'sa1', keyId: 'k2', secretHash: 'bb' }, at(1), same)).toBeNull();
  });

  it('given a revoked account, then rotating its key is refused, and revoking it again changes nothing', () => {
    const given = {
      accounts: [
        ...created('sa1', 'MES'),
        { type: 'ServiceAccountRevoked', data: { accountId: 'sa1', revokedAt: NOW.toISOString() } } as DomainEvent,
      ],
    };
    spec
      .given(given)
      .when({ type: 'RotateServiceKey', data: { accountId: 'sa1', keyId: 'k2', secretHash: 'bb', overlapMinutes: 60 } }, ADMIN)
      .thenThrows(409, SERVICE_MESSAGES.accountRevoked);
    spec
      .given(given)
      .when({ type: 'RevokeServiceAccount', data: { accountId: 'sa1' } }, ADMIN)
      .then({});
    spec
      .given()
      .when({ type: 'RevokeServiceAccount', data: { accountId: 'sa1' } }, ADMIN)
      .thenThrows(404, SERVICE_MESSAGES.accountNotFound);
  });
});
