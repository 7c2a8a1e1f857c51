import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { firstMessage } from './api/test-support';
import { signUpBodySchema, changeUserBodySchema } from './api/auth.api';
import { bookRideBodySchema } from './api/bookings.api';
import { driverRecordSchema } from './api/drivers.api';
import { maintenanceRequestBodySchema } from './api/maintenance.api';
import { addLocationBodySchema, changeLocationBodySchema } from './api/site.api';
import { checklistBodySchema } from './inspections';
import { holdsInvisible, humanNameField, invisibleCharactersMessage } from './human-text';

const placeMessage = invisibleCharactersMessage('Place name');
const nameLengthMessage = "A place's name is 1 to 60 characters.";
const place = (name: unknown) => ({ name, x: 10, y: 10 });

describe('human names (issue #31 item 4)', () => {
  it.each([
    ['a zero-width space after the name', 'main gate\u200B'],
    ['only zero-width characters', '\u200B\u200C\u200D\uFEFF'],
    ['a right-to-left override', '\u202Eetag niam'],
    ['a direction isolate', 'main \u2066gate\u2069'],
    ['a left-to-right mark', 'main gate\u200E'],
    ['a Hangul filler that shows as nothing', '\u3164'],
    ['a tab inside', 'main\tgate'],
    ['a soft hyphen', 'main gate\u00AD'],
  ])('given a place name with %s, when parsed, then it is refused naming the field', (_, name) => {
    expect(firstMessage(addLocationBodySchema, place(name))).toBe(placeMessage);
    expect(firstMessage(changeLocationBodySchema, { name })).toBe(placeMessage);
  });

  it("given a place name of only spaces, when parsed, then it is refused with the field's length words", () => {
    expect(firstMessage(addLocationBodySchema, place('   '))).toBe(nameLengthMessage);
    expect(firstMessage(addLocationBodySchema, place('\u2800 \u3000'))).toBe(nameLengthMessage);
  });

  it('given "é" written decomposed (e + U+0301), when parsed, then it is stored composed, equal to the composed spelling', () => {
    const decomposed = 'Caf\u0065\u0301 yard';
    const composed = 'Caf\u00E9 yard';
    expect(decomposed).not.toBe(composed);
    expect(addLocationBodySchema.parse(place(decomposed)).name).toBe(composed);
    expect(addLocationBodySchema.parse(place(` ${composed} `)).name).toBe(composed);
  });

  it('given a Cyrillic "а" in a name, when parsed, then the name alone is accepted (the site decider compares it with the places there)', () => {
    expect(addLocationBodySchema.parse(place('m\u0430in gate')).name).toBe('m\u0430in gate');
  });

  it('given names of other scripts, emoji-free, when parsed, then they are accepted, a joiner after a virama included', () => {
    expect(holdsInvisible('चाकण गोदाम')).toBe(false);
    // Marathi "र्‍य": ra, virama, zero-width joiner, ya.
    expect(holdsInvisible('\u0930\u094D\u200D\u092F')).toBe(false);
    expect(holdsInvisible('\u200D\u092F')).toBe(true);
    expect(holdsInvisible('Boiler Bay - 1')).toBe(false);
  });

  it('given a checklist item text with a zero-width space or only invisible characters, when parsed, then it is refused naming the field', () => {
    const message = invisibleCharactersMessage('Item text');
    expect(firstMessage(checklistBodySchema, { items: [{ text: 'Brakes\u200B', critical: true }] })).toBe(message);
    expect(firstMessage(checklistBodySchema, { items: [{ text: '\u200B\u200B', critical: true }] })).toBe(message);
    expect(firstMessage(checklistBodySchema, { items: [{ text: '\u202EsekarB', critical: true }] })).toBe(message);
  });

  it("given people's names with invisible characters, when parsed, then each is refused naming its field", () => {
    expect(firstMessage(signUpBodySchema, { token_no: '1234', password: 'secret1', name: 'Ravi\u200B' })).toBe(
      invisibleCharactersMessage('Name'),
    );
    expect(firstMessage(bookRideBodySchema, { userId: '1234', fromLocation: 'fgs', toLocation: 'canteen', reqName: '\u202Eivar' })).toBe(
      invisibleCharactersMessage('Requester name'),
    );
    expect(firstMessage(maintenanceRequestBodySchema, { driver_id: '1234', driver_name: '\u200B', vehicle_type: 'Forklift' })).toBe(
      invisibleCharactersMessage('Driver name'),
    );
    // The driver form's names keep the spec's own words, which name the field.
    expect(firstMessage(changeUserBodySchema, { name: 'Ravi\u200B' })).toBe(MESSAGES.nameOnlyAlphabets);
    const driver = { operatorId: '1234', name: 'Ravi\u200B', mobile: '9876543210', forklift: '12' };
    expect(firstMessage(driverRecordSchema, driver)).toBe(MESSAGES.nameOnlyAlphabets);
  });

  it("given a person's name of only spaces where the spec lets it be blank, when parsed, then it is blank (''), and a decomposed one is composed", () => {
    const name = humanNameField({ max: 100, label: 'Name' });
    expect(name.parse('   ')).toBe('');
    expect(name.parse('Jose\u0301')).toBe('Jos\u00E9');
    expect(signUpBodySchema.parse({ token_no: '1234', password: 'secret1', name: 'Jose\u0301' }).name).toBe('Jos\u00E9');
  });
});
