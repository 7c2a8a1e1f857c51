import { describe, expect, it } from 'vitest';
import { LOAD_MESSAGES, formatLoadHandling, formatLoadQuantity, formatLoadWeight, loadSchema } from './load';
import { refusalMessage } from './api/refusal-message';

const refusal = (input: unknown) => {
  const parsed = loadSchema.safeParse(input);
  return parsed.success ? null : refusalMessage(parsed.error.issues[0]!);
};

describe('what is being moved (issue #32 item 7)', () => {
  it('given every part, then the load is kept trimmed with its handling notes in their fixed order', () => {
    expect(
      loadSchema.parse({
        description: '  Gear boxes ',
        quantity: 2.5,
        unit: 'litres',
        weightKg: 40,
        handling: ['temperature-controlled', 'fragile'],
      }),
    ).toEqual({ description: 'Gear boxes', quantity: 2.5, unit: 'litres', weightKg: 40, handling: ['fragile', 'temperature-controlled'] });
  });

  it('given nothing said (empty parts, nulls, no notes), then there is no load rather than an empty one', () => {
    expect(loadSchema.parse({})).toBeUndefined();
    expect(loadSchema.parse({ description: '   ', quantity: null, unit: null, weightKg: null, handling: [] })).toBeUndefined();
  });

  it.each([
    [{ quantity: 4 }, LOAD_MESSAGES.quantityWithoutUnit],
    [{ unit: 'drums' }, LOAD_MESSAGES.unitWithoutQuantity],
    [{ quantity: -1, unit: 'drums' }, LOAD_MESSAGES.quantity],
    [{ quantity: 100_001, unit: 'drums' }, LOAD_MESSAGES.quantity],
    [{ quantity: '4', unit: 'drums' }, LOAD_MESSAGES.quantity],
    [{ quantity: 4, unit: 'crates' }, LOAD_MESSAGES.unit],
    [{ weightKg: 0 }, LOAD_MESSAGES.weightKg],
    [{ weightKg: 50_000.5 }, LOAD_MESSAGES.weightKg],
    [{ handling: 'fragile' }, LOAD_MESSAGES.handling],
    [{ handling: ['fragile', 'explosive'] }, LOAD_MESSAGES.handling],
    [{ handling: ['hazardous', 'hazardous'] }, LOAD_MESSAGES.handlingTwice],
    [{ description: 'x'.repeat(201) }, 'Load description must be at most 200 characters.'],
    [{ description: 'a\u0000b' }, 'Load description contains characters that are not allowed.'],
    [[], LOAD_MESSAGES.notALoad],
  ])('given %j, then it is refused in words', (input, message) => {
    expect(refusal(input)).toBe(message);
  });

  it('given the limits themselves, then they are taken', () => {
    expect(loadSchema.parse({ description: 'x'.repeat(200), quantity: 100_000, unit: 'pieces', weightKg: 50_000 })).toMatchObject({
      quantity: 100_000,
      weightKg: 50_000,
    });
  });

  it('words a load for screens and the CSV, and says nothing of a load not given', () => {
    const load = { quantity: 1200, unit: 'bags' as const, weightKg: 12.5, handling: ['fragile' as const, 'hazardous' as const] };
    expect([formatLoadQuantity(load), formatLoadWeight(load), formatLoadHandling(load)]).toEqual([
      '1,200 bags',
      '12.5 kg',
      'fragile, hazardous',
    ]);
    expect([formatLoadQuantity(null), formatLoadWeight(undefined), formatLoadHandling({})]).toEqual(['', '', '']);
  });
});
