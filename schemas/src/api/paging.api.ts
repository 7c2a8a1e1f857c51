import { z } from 'zod';
import { formatCount, wordedMessage } from './text-fields';

/**
 * Page sizes of the list routes (limit: default and largest). A driver's available rides feed a
 * screen of 3 + 10 (SPEC §9); the other lists are read whole by their screens, so theirs are larger.
 * docs/DECISIONS.md records them.
 */
export const PAGE_SIZES = {
  availableRides: { default: 50, max: 100 },
  list: { default: 100, max: 500 },
} as const;

/** Largest `offset` taken; PostgreSQL's OFFSET is a bigint, and no list comes near this. */
export const MAX_PAGE_OFFSET = 1_000_000_000;

/** The header a list answered as a bare array (the spec's shape) carries its total in. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const pageLimitMessage = (max: number) => wordedMessage(`Limit must be a whole number from 1 to ${formatCount(max)}.`);
export const pageOffsetMessage = wordedMessage(`Offset must be a whole number from 0 to ${formatCount(MAX_PAGE_OFFSET)}.`);

const blankAsMissing = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const whole = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(blankAsMissing, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback));

/** `limit` and `offset` of a list route's query: a page size above the largest is refused (400), not clamped. */
export const pageQueryShape = (size: { default: number; max: number }) => ({
  limit: whole(pageLimitMessage(size.max), 1, size.max, size.default).describe(
    `Rows in the page: 1 to ${size.max}, ${size.default} unless given`,
  ),
  offset: whole(pageOffsetMessage, 0, MAX_PAGE_OFFSET, 0).describe('Rows skipped before the page, 0 unless given'),
});

/** What a page answer carries beside its rows: every row of the list in all, and which slice this is. */
export const pageAnswerShape = {
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
};
