import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { en } from './en';
import { hi } from './hi';
import { mr } from './mr';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as 'namespace.key' → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = leaves(en);

describe.each([
  ['Marathi', mr],
  ['Hindi', hi],
])('the %s catalogue (issue #34 item 4)', (_language, catalogue) => {
  const translated = leaves(catalogue);

  it('given the English catalogue, then it has every key of English and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('given each text, then none is empty and each names the same {{placeholders}} as English', () => {
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('given the texts a person reads, then they are not English left untranslated (names and codes aside)', () => {
    const same = [...translated]
      .filter(([key, text]) => text === english.get(key) && /[a-z]{3}/.test(text.replace(/\{\{\w+\}\}/g, '')))
      .map(([key]) => key);
    expect(same).toEqual(['common.appName']);
  });
});

describe('the messages namespace', () => {
  it("given schemas' spec and server messages, then English's messages are exactly them, word for word", () => {
    expect(en.messages).toEqual({ ...MESSAGES, ...SERVER_MESSAGES });
  });
});
