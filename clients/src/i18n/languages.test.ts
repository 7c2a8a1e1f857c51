import { describe, expect, it } from 'vitest';
import { browserLanguage, deviceLanguage, LANGUAGE_STORAGE_KEY } from './languages';

const storage = (stored: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? stored : null) });

describe('the language before sign-in (issue #34 item 4)', () => {
  it("given the browser's languages, then the first PlantRide speaks wins by its primary subtag, else English", () => {
    expect(browserLanguage(['mr-IN', 'en-US'])).toBe('mr');
    expect(browserLanguage(['fr-FR', 'HI', 'mr'])).toBe('hi');
    expect(browserLanguage(['en-GB', 'hi-IN'])).toBe('en');
    expect(browserLanguage(['ta-IN', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("given a device that chose before, then its choice wins over the browser's; an unknown stored value counts as none", () => {
    expect(deviceLanguage(storage('hi'), ['mr-IN'])).toBe('hi');
    expect(deviceLanguage(storage(null), ['mr-IN'])).toBe('mr');
    expect(deviceLanguage(storage('fr'), ['hi-IN'])).toBe('hi');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(deviceLanguage(refusing, ['mr'])).toBe('mr');
  });
});
