import { z } from 'zod';
import { TEXT_LIMITS, formatCount, textField, wordedMessage } from './api/text-fields';

/*
 * What is being moved (issue #32 item 7): a booking may say what the load is, how much of it, its weight
 * and how it must be handled. All of it is optional: the spec's booking says none of it, and a requester
 * in a hurry need not either. The driver reads it on the offer and his cards; reports and the CSV carry it.
 */

export const LOAD_UNITS = ['pieces', 'pallets', 'boxes', 'bags', 'drums', 'litres'] as const;
export type LoadUnit = (typeof LOAD_UNITS)[number];

/** Handling notes, in the order every screen and the CSV list them. */
export const LOAD_HANDLING = ['fragile', 'hazardous', 'temperature-controlled'] as const;
export type LoadHandling = (typeof LOAD_HANDLING)[number];

export const LOAD_LIMITS = { quantity: 100_000, weightKg: 50_000 } as const;

export const LOAD_MESSAGES = {
  notALoad: wordedMessage('Load must be an object with description, quantity, unit, weightKg and handling.'),
  quantity: wordedMessage(`Quantity must be a number above 0 and at most ${formatCount(LOAD_LIMITS.quantity)}.`),
  unit: wordedMessage(`Unit must be one of: ${LOAD_UNITS.join(', ')}.`),
  unitWithoutQuantity: wordedMessage('Give a quantity with the unit.'),
  quantityWithoutUnit: wordedMessage('Give a unit with the quantity.'),
  weightKg: wordedMessage(`Weight must be a number of kg above 0 and at most ${formatCount(LOAD_LIMITS.weightKg)}.`),
  handling: wordedMessage(`Handling must be a list of: ${LOAD_HANDLING.join(', ')}.`),
  handlingTwice: wordedMessage('Handling lists each note once.'),
} as const;

/**
 * A load as a RideRequested event and the read models keep it: only the parts given, a quantity always
 * with its unit, handling notes in LOAD_HANDLING order. Never an empty object: no load is no field.
 */
export const rideLoadSchema = z.object({
  description: z.string().optional(),
  quantity: z.number().positive().optional(),
  unit: z.enum(LOAD_UNITS).optional(),
  weightKg: z.number().positive().optional(),
  handling: z.array(z.enum(LOAD_HANDLING)).optional(),
});
export type RideLoad = z.infer<typeof rideLoadSchema>;

const positive = (max: number, message: string) => z.number({ error: message }).positive(message).max(max, message);

/**
 * The load of a booking (POST /api/bookings/book-ride `load`, and the booking form): every part optional;
 * a description is clean text of at most 200 characters, trimmed; a quantity goes with its unit and a unit
 * with its quantity. Parsed, it is the {@link RideLoad} to record, or undefined when nothing was given.
 */
export const loadSchema = z
  .object(
    {
      description: textField({ max: TEXT_LIMITS.loadDescription, label: 'Load description' }).nullish(),
      quantity: positive(LOAD_LIMITS.quantity, LOAD_MESSAGES.quantity).nullish(),
      unit: z.enum(LOAD_UNITS, { error: LOAD_MESSAGES.unit }).nullish(),
      weightKg: positive(LOAD_LIMITS.weightKg, LOAD_MESSAGES.weightKg).nullish(),
      handling: z
        .array(z.enum(LOAD_HANDLING, { error: LOAD_MESSAGES.handling }), { error: LOAD_MESSAGES.handling })
        .refine((notes) => new Set(notes).size === notes.length, LOAD_MESSAGES.handlingTwice)
        .nullish(),
    },
    { error: LOAD_MESSAGES.notALoad },
  )
  .superRefine((load, ctx) => {
    const quantity = load.quantity != null;
    const unit = load.unit != null;
    if (quantity && !unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: LOAD_MESSAGES.quantityWithoutUnit });
    if (unit && !quantity) ctx.addIssue({ code: 'custom', path: ['quantity'], message: LOAD_MESSAGES.unitWithoutQuantity });
  })
  .transform((load): RideLoad | undefined => {
    const out: RideLoad = {};
    if (load.description) out.description = load.description;
    if (load.quantity != null && load.unit != null) {
      out.quantity = load.quantity;
      out.unit = load.unit;
    }
    if (load.weightKg != null) out.weightKg = load.weightKg;
    const handling = LOAD_HANDLING.filter((note) => load.handling?.includes(note));
    if (handling.length > 0) out.handling = handling;
    return Object.keys(out).length > 0 ? out : undefined;
  });

/** '12 pallets', '' without a quantity. */
export const formatLoadQuantity = (load: RideLoad | null | undefined): string =>
  load?.quantity === undefined ? '' : `${formatCount(load.quantity)} ${load.unit ?? ''}`.trim();

/** '350 kg', '' without a weight. */
export const formatLoadWeight = (load: RideLoad | null | undefined): string =>
  load?.weightKg === undefined ? '' : `${formatCount(load.weightKg)} kg`;

/** 'fragile, hazardous', '' without notes. */
export const formatLoadHandling = (load: RideLoad | null | undefined): string => (load?.handling ?? []).join(', ');
