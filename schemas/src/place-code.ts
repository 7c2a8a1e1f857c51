import { z } from 'zod';

/*
 * Scan-proof hand-over (issue #34 item 2): each place has a code — an opaque random token its QR code
 * carries (never its name) and a short code printed under it for typing — and the site says which
 * steps need a scan of the place's code, site-wide or per place. Off by default: no rule, no scan.
 */

/** The steps a scan may be asked for: a Special Task's start (at its place), the pick (from), the drop (to). */
export const SCAN_STEPS = ['start', 'materialPicked', 'materialDropped'] as const;
export type ScanStep = (typeof SCAN_STEPS)[number];

/** A rule's place id for the whole site. */
export const SITE_WIDE = '*';

/** Letters and digits no one mistakes for another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6). */
export const SHORT_CODE_ALPHABET = 'ACDEFHJKMNPRTUVWXY34679';
export const SHORT_CODE_LENGTH = 6;
/** The token's letters (lower-case base32 without look-alikes) and length: about 80 random bits. */
export const TOKEN_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const TOKEN_LENGTH = 16;
/** What a place's QR code reads: this prefix and its token. */
export const QR_PREFIX = 'plantride:place:';

export const placeCodeSchema = z.object({
  placeId: z.string().min(1),
  token: z.string().regex(new RegExp(`^[${TOKEN_ALPHABET}]{${TOKEN_LENGTH}}$`)),
  shortCode: z.string().regex(new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`)),
});
export type PlaceCode = z.infer<typeof placeCodeSchema>;

/** The text a place's QR code carries. */
export const qrTextOf = (code: Pick<PlaceCode, 'token'>) => `${QR_PREFIX}${code.token}`;

/** A short code as printed: two groups of three ("ACD-EFH"). */
export const printedShortCode = (shortCode: string) => `${shortCode.slice(0, 3)}-${shortCode.slice(3)}`;

/** How a step's place was proven: its code read by the camera or typed, or not at all, with the driver's reason. */
export const SCAN_VIAS = ['camera', 'typed', 'override'] as const;
export type ScanVia = (typeof SCAN_VIAS)[number];

/** What a step event records of its scan (absent: the step needed none). */
export const stepScanSchema = z.object({
  placeId: z.string(),
  place: z.string(),
  via: z.enum(SCAN_VIAS),
  /** The driver's reason, for an override only. */
  reason: z.string().optional(),
});
export type StepScan = z.infer<typeof stepScanSchema>;

/** What a driver sends with a step: the code read or typed, or why he cannot scan. */
export type ScanProof = { code: string; via: 'camera' | 'typed' } | { cannotScan: string };

/** A scanned or typed text as the site keeps codes: the token from a QR text, or the short code without spaces and dashes, in capitals. */
export function normalizedCode(text: string): { token: string } | { shortCode: string } {
  const trimmed = text.trim();
  if (trimmed.toLowerCase().startsWith(QR_PREFIX)) return { token: trimmed.slice(QR_PREFIX.length) };
  const short = trimmed.replace(/[\s-]+/g, '').toUpperCase();
  return short.length === SHORT_CODE_LENGTH ? { shortCode: short } : { token: trimmed };
}
