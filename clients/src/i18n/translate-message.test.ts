import { afterEach, describe, expect, it } from 'vitest';
import { isTemplated, MESSAGES, noDriversAssigned, SCAN_MESSAGES, SERVER_MESSAGES, serviceTargetMissed } from '@plantride/schemas';
import { applyLanguage } from './i18n';
import { hi } from './hi';
import { mr } from './mr';
import { SERVER_TEXTS } from './server-texts';
import { translateMessage } from './translate-message';

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
