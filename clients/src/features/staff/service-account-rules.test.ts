import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, type ServiceAccountRow } from '@plantride/schemas';
import { applyLanguage } from '../../i18n/i18n';
import { mr } from '../../i18n/mr';
import {
  checkNewAccount,
  checkOverlap,
  checkTriggerDraft,
  keysText,
  lastUsedText,
  listOrder,
  webhooksText,
  triggerDraftOf,
  triggerText,
} from './service-account-rules';

const account = (patch: Partial<ServiceAccountRow> = {}): ServiceAccountRow => ({
  accountId: 'sa-1',
  name: 'MES line 3',
  scopes: ['orders:write'],
  createdAt: '2026-12-06T12:26:00.000Z',
  revokedAt: null,
  keys: [{ keyId: 'k2', issuedAt: '2026-12-06T12:26:00.000Z', validUntil: null }],
  lastUsedAt: null,
  triggers: [],
  webhooks: [],
  ...patch,
});

describe('service account rules (issue #33 item 1)', () => {
  it('given an account never called, then its last use reads "never"; once called, the plant time', () => {
    expect(lastUsedText(account())).toBe('never');
    expect(lastUsedText(account({ lastUsedAt: '2026-12-06T12:26:00.000Z' }))).toBe('06 Dec 2026, 17:56');
  });

  it('given webhooks, then the card says how many and names the parked ones (issue #33 item 3)', () => {
    expect(webhooksText(account())).toBe('none');
    const hook = (subscriptionId: string, state: 'live' | 'retrying' | 'parked') => ({
      subscriptionId,
      url: `https://erp.example/${subscriptionId}`,
      state,
    });
    expect(webhooksText(account({ webhooks: [hook('a', 'live'), hook('b', 'live')] }))).toBe('2, delivering');
    expect(webhooksText(account({ webhooks: [hook('a', 'parked'), hook('b', 'retrying'), hook('c', 'live')] }))).toBe(
      '3: 1 parked (https://erp.example/a), 1 retrying',
    );
  });

  it('given a rotation in its overlap, then the keys say until when the previous one works', () => {
    expect(keysText(account())).toBe('1 key');
    const rotated = account({
      keys: [
        { keyId: 'k2', issuedAt: '2026-12-06T12:26:00.000Z', validUntil: null },
        { keyId: 'k1', issuedAt: '2026-12-05T12:26:00.000Z', validUntil: '2026-12-06T13:26:00.000Z' },
      ],
    });
    expect(keysText(rotated)).toBe('2 keys: the previous one works until 06 Dec 2026, 18:56');
    expect(keysText(account({ revokedAt: '2026-12-06T13:00:00.000Z', keys: [] }))).toBe('none: every key is refused');
  });

  it('given revoked and active accounts, then the active ones come first, each in the engine order', () => {
    const a = account({ accountId: 'a', name: 'A', revokedAt: '2026-12-06T13:00:00.000Z' });
    const b = account({ accountId: 'b', name: 'B' });
    const c = account({ accountId: 'c', name: 'C' });
    expect(listOrder([a, b, c]).map((row) => row.accountId)).toEqual(['b', 'c', 'a']);
  });

  it('when the name is blank or no scope is ticked, then each field says so in the schema words', () => {
    expect(checkNewAccount({ name: ' ', scopes: [] })).toEqual({
      errors: { name: 'Name is required.', scopes: 'Give the account at least one scope.' },
    });
    expect(checkNewAccount({ name: 'MES', scopes: ['site:read', 'orders:write'] })).toEqual({
      body: { name: 'MES', scopes: ['orders:write', 'site:read'] },
    });
  });

  it('when the overlap is not whole minutes within a week, then it is refused; 0 stops the old keys now', () => {
    expect(checkOverlap('0')).toEqual({ overlapMinutes: 0 });
    expect(checkOverlap(' 60 ')).toEqual({ overlapMinutes: 60 });
    for (const text of ['', '1.5', '-1', '10081', 'an hour'])
      expect(checkOverlap(text)).toEqual({ error: 'Overlap must be whole minutes from 0 to 10080.' });
  });

  it('when a new trigger has no id, one place, or a window past an hour, then each field says why', () => {
    const draft = { ...triggerDraftOf(null), fromLocation: 'main gate', windowSeconds: '3601' };
    expect(checkTriggerDraft(draft)).toEqual({
      errors: {
        triggerId: 'Trigger ID must be 1 to 80 letters, digits or . _ : -',
        toLocation: MESSAGES.selectBothLocations,
        windowSeconds: 'Window must be whole seconds from 0 to 3600.',
      },
    });
  });

  it('when a trigger is complete, then its id and the body to PUT come out, the requester upper-cased', () => {
    const draft = { ...triggerDraftOf(null), triggerId: 'press-7', fromLocation: 'main gate', toLocation: 'canteen', requester: 'ab123' };
    expect(checkTriggerDraft(draft)).toEqual({
      body: {
        triggerId: 'press-7',
        body: {
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType: 'Forklift',
          priority: 'normal',
          windowSeconds: 120,
          requester: 'AB123',
        },
      },
    });
  });
});

describe('service account rules in Marathi (issue #34 item 4)', () => {
  afterEach(() => applyLanguage('en'));

  it('given Marathi, then the card texts the rules build read in Marathi, names and scope codes as they are', () => {
    applyLanguage('mr');
    const card = mr.staff.machines.card;
    expect(lastUsedText(account())).toBe(card.never);
    expect(keysText(account({ revokedAt: '2026-12-06T13:00:00.000Z', keys: [] }))).toBe(card.noKeys);
    expect(keysText(account())).toBe(card.keyCount_one.replace('{{count}}', '1'));
    expect(webhooksText(account())).toBe(card.noWebhooks);
    const trigger = {
      triggerId: 'press-7',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Crane',
      priority: 'urgent' as const,
      windowSeconds: 300,
      requesterId: 'T1234',
    };
    expect(triggerText(trigger)).toBe(
      [
        'main gate → canteen',
        'Crane',
        mr.common.urgent,
        mr.staff.machines.triggers.window.replace('{{seconds}}', '300'),
        'T1234 साठी',
      ].join(' · '),
    );
  });
});
