import { describe, expect, it } from 'vitest';
import { onThisClock } from './stores/ride-offers';

describe("an offer's expiry on the phone's clock", () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');

  it("given a phone five minutes behind the server, when a 30 s offer arrives, then it expires 30 s from the phone's now", () => {
    const offer = { offeredAt: '2026-11-28T10:05:00.000Z', expiresAt: '2026-11-28T10:05:30.000Z' };
    expect(onThisClock(offer, now)).toBe('2026-11-28T10:00:30.000Z');
  });

  it("given an unreadable offeredAt, then the server's expiresAt is kept; a negative length counts as none", () => {
    expect(onThisClock({ offeredAt: 'soon', expiresAt: '2026-11-28T10:05:30.000Z' }, now)).toBe('2026-11-28T10:05:30.000Z');
    expect(onThisClock({ offeredAt: '2026-11-28T10:06:00.000Z', expiresAt: '2026-11-28T10:05:30.000Z' }, now)).toBe(
      '2026-11-28T10:00:00.000Z',
    );
  });
});
