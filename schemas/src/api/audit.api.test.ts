import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../messages';
import { auditFeedQuerySchema, parseAuditTime, rideTimelineQuerySchema } from './audit.api';
import { firstMessage } from './test-support';

describe('audit times', () => {
  it.each([
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30:00.123+05:30', '2026-03-01T04:00:00.123Z'],
    ['2026-03-01T15:00:00.5-02:00', '2026-03-01T17:00:00.500Z'],
    // Without a zone: plant time, Asia/Kolkata (UTC+05:30).
    ['2026-03-01T09:30', '2026-03-01T04:00:00.000Z'],
    ['2026-03-01T00:15:30.250', '2026-02-28T18:45:30.250Z'],
    [' 2026-03-01T09:30:00Z ', '2026-03-01T09:30:00.000Z'],
  ])('given %s, then it is the instant %s', (text, iso) => {
    expect(parseAuditTime(text)?.toISOString()).toBe(iso);
  });

  it.each(['', 'noon', '2026-03-01', '2026-02-30T10:00:00Z', '2026-13-01T10:00', '1714000000000', '2026-03-01 09:30'])(
    'given %j, then it is no time',
    (text) => {
      expect(parseAuditTime(text)).toBeNull();
    },
  );

  it('given a timeline query with a bad time, then the message says how to write one', () => {
    expect(firstMessage(rideTimelineQuerySchema, { at: 'soon' })).toBe(SERVER_MESSAGES.invalidAuditTime);
    expect(firstMessage(rideTimelineQuerySchema, { at: ['2026-03-01T09:30:00Z', '2026-03-01T09:31:00Z'] })).toBe(
      SERVER_MESSAGES.invalidAuditTime,
    );
    expect(rideTimelineQuerySchema.parse({})).toEqual({});
  });

  it('given a feed query, then from is a whole position of 0 or more, 0 when left out', () => {
    expect(auditFeedQuerySchema.parse({})).toEqual({ from: 0 });
    expect(auditFeedQuerySchema.parse({ from: '42' })).toEqual({ from: 42 });
    for (const from of ['-1', '1.5', 'abc']) expect(firstMessage(auditFeedQuerySchema, { from })).toBe(SERVER_MESSAGES.invalidFeedPosition);
  });
});
