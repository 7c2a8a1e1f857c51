import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACCEPT_TARGET_TOO_LONG,
  DEFAULT_DISPATCH_SETTINGS,
  defaultServiceTargets,
  dispatchSettingsBodySchema,
  dispatchSettingsSchema,
  sameDispatchSettings,
  type DispatchSettings,
} from './dispatch';
import { sameJson } from './same-json';

const defaults = (): DispatchSettings => structuredClone(DEFAULT_DISPATCH_SETTINGS);

describe('dispatch settings an admin may set', () => {
  const withTargets = (priority: 'normal' | 'urgent', acceptSeconds: number, deliverSeconds: number): DispatchSettings => {
    const settings = defaults();
    settings.serviceTargets[priority] = { acceptSeconds, deliverSeconds };
    return settings;
  };

  it.each(['normal', 'urgent'] as const)(
    'given the %s accept target longer than its delivery target, then it is refused on that accept target, in words',
    (priority) => {
      const parsed = dispatchSettingsBodySchema.safeParse(withTargets(priority, 16 * 60, 15 * 60));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [`serviceTargets.${priority}.acceptSeconds`, ACCEPT_TARGET_TOO_LONG[priority]],
      ]);
    },
  );

  it('given an accept target equal to its delivery target, then it may be set', () => {
    expect(dispatchSettingsBodySchema.safeParse(withTargets('urgent', 15 * 60, 15 * 60)).success).toBe(true);
  });

  it('given settings recorded before the rule, then they still read (events and answers are not judged by it)', () => {
    const recorded = withTargets('urgent', 16 * 60, 15 * 60);
    expect(dispatchSettingsSchema.parse(recorded)).toEqual(recorded);
  });
});

describe('dispatch settings compared as parsed', () => {
  it('given the same settings with their keys in another order (as stored JSON may hold them), then they are the same', () => {
    const { serviceTargets, releaseLeadMinutes, offerSeconds, mode } = defaults();
    const reordered = {
      releaseLeadMinutes,
      serviceTargets: { urgent: serviceTargets.urgent, normal: serviceTargets.normal },
      offerSeconds,
      mode,
    };
    expect(sameDispatchSettings(reordered, defaults())).toBe(true);
  });

  it('given one value changed anywhere, then they differ', () => {
    const changes: ((s: DispatchSettings) => void)[] = [
      (s) => (s.mode = 'offer'),
      (s) => (s.offerSeconds += 1),
      (s) => (s.releaseLeadMinutes += 1),
      (s) => (s.serviceTargets.normal.acceptSeconds += 1),
      (s) => (s.serviceTargets.urgent.deliverSeconds += 1),
    ];
    for (const change of changes) {
      const changed = defaults();
      change(changed);
      expect(sameDispatchSettings(changed, defaults()), String(change)).toBe(false);
    }
  });

  it('given a field added to the schema, when two settings differ only in it, then the comparison sees it with no one listing the field', () => {
    const grown = dispatchSettingsSchema.extend({ quietHours: z.array(z.number().int()) });
    const a = grown.parse({ ...defaults(), quietHours: [22, 6] });
    const b = grown.parse({ ...defaults(), quietHours: [23, 6] });
    expect(sameDispatchSettings(a, b)).toBe(false);
    expect(sameDispatchSettings(a, grown.parse({ ...defaults(), quietHours: [22, 6] }))).toBe(true);
  });

  it('given the default targets, then a ride leaves them out; any other target, or one with more to it, is kept', () => {
    expect(defaultServiceTargets(defaults().serviceTargets)).toBe(true);
    const slower = defaults().serviceTargets;
    slower.urgent.acceptSeconds = 150;
    expect(defaultServiceTargets(slower)).toBe(false);
    const more = { ...defaults().serviceTargets, low: { acceptSeconds: 600, deliverSeconds: 3600 } };
    expect(defaultServiceTargets(more)).toBe(false);
  });
});

describe('same JSON', () => {
  it('given arrays, then order counts; given a key holding undefined, then it is no key', () => {
    expect(sameJson([1, 2], [1, 2])).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
