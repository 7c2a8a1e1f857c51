import { z } from 'zod';
import { SCAN_STEPS, SITE_WIDE } from '../place-code';
import { placeIdSchema } from '../site-plan';

/*
 * Scan-proof hand-over's calls (issue #34 item 2), for admins: the places' codes for their printable
 * sheets, and which steps need a scan. Drivers never read codes: one who could would type any place's.
 */

/** A place and its code: the QR code's text and the short code under it (null until issued). */
export const placeCodeAnswerSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  retired: z.boolean(),
  qrText: z.string().nullable(),
  shortCode: z.string().nullable(),
});
export type PlaceCodeAnswer = z.infer<typeof placeCodeAnswerSchema>;

/** The steps needing a scan for one place, or for every place (`placeId` '*'). */
export const scanRuleAnswerSchema = z.object({ placeId: z.string(), steps: z.array(z.enum(SCAN_STEPS)) });
export type ScanRuleAnswer = z.infer<typeof scanRuleAnswerSchema>;

/** GET /api/site/place-codes. */
export const placeCodesAnswerSchema = z.object({ places: z.array(placeCodeAnswerSchema), rules: z.array(scanRuleAnswerSchema) });
export type PlaceCodesAnswer = z.infer<typeof placeCodesAnswerSchema>;

/** PUT /api/site/scan-rules: whether one step needs a scan at one place, or at every place. */
export const setScanRuleBodySchema = z.object({
  placeId: z.union([placeIdSchema, z.literal(SITE_WIDE)]),
  step: z.enum(SCAN_STEPS),
  required: z.boolean(),
});
export type SetScanRuleBody = z.infer<typeof setScanRuleBodySchema>;
export const setScanRuleAnswerSchema = setScanRuleBodySchema.extend({ position: z.number() });
