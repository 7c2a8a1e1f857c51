import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { isCleanText, isWordedMessage, optionalTextField, textField } from './text-fields';
import { firstMessage } from './test-support';

const comment = textField({ max: 1000, label: 'Comment' });

describe('isCleanText', () => {
  it.each([
    ['plain text', 'Engine Issue', true],
    ['an emoji (a surrogate pair)', 'tyre 🚜 flat', true],
    ['other scripts', 'Ünïcødé 名前 ٣', true],
    ['a lone low surrogate', '\udc00', false],
    ['a lone high surrogate at the end', 'abc\ud83d', false],
    ['a pair followed by a lone surrogate', '🚜\udc00', false],
    ['a NUL', 'a\u0000b', false],
  ])('given %s, then it is %s', (_, text, clean) => {
    expect(isCleanText(text)).toBe(clean);
  });
});

describe('textField', () => {
  it('given clean text with spaces around it, when parsed, then it is trimmed', () => {
    expect(comment.parse('  hydraulic leak  ')).toBe('hydraulic leak');
  });

  it('given a lone surrogate or a NUL, when parsed, then it is refused naming the field', () => {
    expect(firstMessage(comment, 'leak \udc00')).toBe('Comment contains characters that are not allowed.');
    expect(firstMessage(comment, 'leak\u0000')).toBe('Comment contains characters that are not allowed.');
  });

  it('given text one past the limit, when parsed, then it is refused with the limit in words; at the limit it is accepted', () => {
    expect(firstMessage(comment, 'x'.repeat(1001))).toBe('Comment must be at most 1,000 characters.');
    expect(comment.parse('x'.repeat(1000))).toHaveLength(1000);
    // Spaces trimmed away do not count.
    expect(comment.parse(` ${'x'.repeat(1000)} `)).toHaveLength(1000);
  });

  it('given something other than text, when parsed, then it is refused naming the field', () => {
    expect(firstMessage(comment, 42)).toBe('Comment must be text.');
  });

  it("given a field with the spec's message, when its characters are refused, then the spec's message answers; a length past the limit still names the limit", () => {
    const name = textField({ max: 100, label: 'Name', message: MESSAGES.nameOnlyAlphabets });
    expect(firstMessage(name, 'Ravi\udc00')).toBe(MESSAGES.nameOnlyAlphabets);
    expect(firstMessage(name, 'R'.repeat(101))).toBe('Name must be at most 100 characters.');
  });

  it('given a length message, when the text is too long, then that message answers', () => {
    const token = textField({
      max: 5,
      label: 'Token number',
      message: MESSAGES.invalidCredentials,
      lengthMessage: MESSAGES.invalidCredentials,
    });
    expect(firstMessage(token, 'ABCDEF')).toBe(MESSAGES.invalidCredentials);
  });

  it('given trim off, when parsed, then spaces are kept and still counted', () => {
    const password = textField({ max: 4, label: 'Password', trim: false });
    expect(password.parse(' ab ')).toBe(' ab ');
    expect(firstMessage(password, ' abc ')).toBe('Password must be at most 4 characters.');
  });

  it('given every message a text field answers, then each is one a user may read as it is', () => {
    for (const input of [42, '\udc00', 'x'.repeat(1001)]) expect(isWordedMessage(firstMessage(comment, input) ?? '')).toBe(true);
  });
});

describe('optionalTextField', () => {
  const vehicle = optionalTextField({ max: 50, label: 'Vehicle number' });

  it.each([
    ['null', null],
    ['absence', undefined],
    ['blank', '  '],
  ])('given %s, then it reads as empty', (_, input) => {
    expect(vehicle.parse(input)).toBe('');
  });

  it('given text, then it is checked like any text field', () => {
    expect(vehicle.parse(' MH-12 AB 0001 ')).toBe('MH-12 AB 0001');
    expect(firstMessage(vehicle, '\ud800')).toBe('Vehicle number contains characters that are not allowed.');
    expect(firstMessage(vehicle, 'x'.repeat(51))).toBe('Vehicle number must be at most 50 characters.');
  });
});
