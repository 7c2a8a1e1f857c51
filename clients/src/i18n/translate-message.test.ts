import { afterEach, describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  isTemplated,
  notAllowedMessage,
  tooLongMessage,
  MESSAGES,
  wordedMessages,
  noDriversAssigned,
  SCAN_MESSAGES,
  SERVER_MESSAGES,
  serviceTargetMissed,
} from '@plantride/schemas';
import { applyLanguage } from './i18n';
import { hi } from './hi';
import { mr } from './mr';
import { SERVER_TEXTS } from './server-texts';
import { patternOf, translateMessage } from './translate-message';

afterEach(() => applyLanguage('en'));

describe('server messages on screens (issue #34 item 4)', () => {
  it('given English, then a known message is shown word for word as the API sent it', () => {
    applyLanguage('en');
    expect(translateMessage(SERVER_MESSAGES.rideNotAvailable)).toBe(SERVER_MESSAGES.rideNotAvailable);
    expect(translateMessage(MESSAGES.accountBlocked)).toBe(MESSAGES.accountBlocked);
  });

  it("given Marathi or Hindi, then a known message is shown in the catalogue's words for its key", () => {
    applyLanguage('mr');
    expect(translateMessage(SERVER_MESSAGES.rideNotAvailable)).toBe(mr.messages.rideNotAvailable);
    expect(translateMessage(MESSAGES.invalidCredentials)).toBe(mr.messages.invalidCredentials);
    applyLanguage('hi');
    expect(translateMessage(SERVER_MESSAGES.rideNotAvailable)).toBe(hi.messages.rideNotAvailable);
  });

  it('given a text the server builds with a name in it, then its template is translated with the names as sent', () => {
    applyLanguage('mr');
    expect(translateMessage(noDriversAssigned('Cherry Picker'))).toBe('Cherry Picker साठी एकही ड्रायव्हर नेमलेला नाही. कृपया दुसरे वाहन निवडा.');
    expect(translateMessage(SCAN_MESSAGES.wrongPlace('Car parking', 'Main gate'))).toBe(
      'हा कोड Car parking चा आहे, Main gate चा नाही. Main gate येथील कोड स्कॅन करा.',
    );
    expect(translateMessage(notAllowedMessage('Place name'))).toBe('ठिकाणाचे नाव मध्ये परवानगी नसलेली अक्षरे आहेत.');
    expect(translateMessage(tooLongMessage('Comment', 1000))).toBe('टिप्पणी जास्तीत जास्त 1,000 अक्षरांचे असावे.');
    applyLanguage('hi');
    const missed = serviceTargetMissed({ rideId: 'R-17', priority: 'urgent', fromLocation: 'Stores (A)', toLocation: 'Line 2' }, 'deliver');
    expect(translateMessage(missed)).toBe('ज़रूरी राइड R-17 (Stores (A) → Line 2) तय समय में नहीं पहुँची।');
  });

  it('given a template whose repeated name differs in the text, or a text in no catalogue, then it stays as sent', () => {
    applyLanguage('mr');
    const mismatched = 'This code belongs to Car parking, not Main gate. Scan the code at Stores.';
    expect(translateMessage(mismatched)).toBe(mismatched);
    expect(translateMessage('Something only the server says')).toBe('Something only the server says');
  });

  it.each([
    ['Marathi', 'mr', mr],
    ['Hindi', 'hi', hi],
  ] as const)(
    'given %s, then every worded message of every set a screen may show is found and translated',
    (_name, language, catalogue) => {
      applyLanguage(language);
      for (const [set, entries] of Object.entries(SERVER_TEXTS)) {
        for (const [key, entry] of Object.entries(entries as Record<string, unknown>)) {
          const translated = (catalogue.server as Record<string, Record<string, string>>)[set]?.[key];
          if (isTemplated(entry)) {
            const values = entry.params.map((name, index) => `${name.toUpperCase()}-${index}`);
            const expected = entry.params.reduce(
              (text, name, index) => text.replaceAll(`{{${name}}}`, values[index] ?? ''),
              translated ?? '',
            );
            expect(translateMessage(entry(...values)), `${set}.${key}`).toBe(expected);
          } else if (typeof entry === 'string' && !Object.values({ ...MESSAGES, ...SERVER_MESSAGES }).includes(entry as never)) {
            expect(translateMessage(entry), `${set}.${key}`).toBe(translated);
          }
        }
      }
    },
  );

  it('given a language chosen, then <html lang> and the device remember it', () => {
    applyLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('language')).toBe('hi');
  });
});

/**
 * Worded refusals only the plant's systems read, through the API: they name its fields in code
 * (acceptSeconds, externalRef, url) or its webhooks, which no screen manages.
 */
const API_ONLY = [
  /^(acceptSeconds|deliverSeconds|offerSeconds|releaseLeadMinutes|mode|slaMet|externalRef|url|fromPosition) /,
  /^(Offset|Limit) must be a whole number/,
  /^Active must be 1 or 0/,
  /^Events must be groups/,
  /^No such webhook subscription/,
];

describe('every worded refusal a person may read (issue #34 item 4)', () => {
  it.each([
    ['Marathi', 'mr'],
    ['Hindi', 'hi'],
  ] as const)('given %s, then each is translated, and each field it names is in the labels catalogue', (_name, language) => {
    applyLanguage(language);
    const shown = wordedMessages().filter((message) => !API_ONLY.some((pattern) => pattern.test(message)));
    expect(shown.length).toBeGreaterThan(200);
    expect(shown.filter((message) => translateMessage(message) === message)).toEqual([]);
    // A refusal naming a field: its translation says the field in the language too (fieldLabels), not in English.
    const fieldShapes = Object.entries(FIELD_MESSAGES)
      .filter(([key]) => key !== 'exactly')
      .map(([, { template }]) => patternOf(template));
    const unknownLabels = shown.flatMap((message) =>
      fieldShapes.flatMap((shape) => {
        const label = shape.exec(message)?.groups?.label;
        // Code names (inspectionRequired) stay as they are, in any language.
        return label && !/^LABEL-|^[a-z]/.test(label) && translateMessage(message).includes(label) ? [`${label} (${message})`] : [];
      }),
    );
    expect([...new Set(unknownLabels)]).toEqual([]);
  });
});
