import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, noDriversAssigned, SERVER_MESSAGES } from '@plantride/schemas';
import { applyLanguage } from './i18n';
import { hi } from './hi';
import { mr } from './mr';
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

  it('given a text the server builds with a name in it, or one not in the catalogue, then it stays as sent', () => {
    applyLanguage('mr');
    expect(translateMessage(noDriversAssigned('Crane'))).toBe(noDriversAssigned('Crane'));
    expect(translateMessage('Something only the server says')).toBe('Something only the server says');
  });

  it('given a language chosen, then <html lang> and the device remember it', () => {
    applyLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('language')).toBe('hi');
  });
});
