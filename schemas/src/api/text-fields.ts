import { z } from 'zod';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { templated, type TemplateValues, type Templated } from '../message-template';

/**
 * Longest text each kind of API field takes (characters, after trimming). The spec names none
 * but the mobile (10 digits) and token (4–5); docs/DECISIONS.md records these choices.
 */
export const TEXT_LIMITS = {
  name: 100,
  comment: 1000,
  reason: 500,
  place: 100,
  vehicleNumber: 50,
  mobile: 50,
  id: 64,
  password: 200,
  short: 100,
  loadDescription: 200,
} as const;

// Messages every refusal may answer verbatim: the spec's, ours, and those the helpers below word.
const worded = new Set<string>([...Object.values(MESSAGES), ...Object.values(SERVER_MESSAGES)]);

/** Registers `text` as a message a user may read as it is, and returns it. */
export function wordedMessage(text: string): string {
  worded.add(text);
  return text;
}

/** A template whose every filled text is registered as worded (`wordedMessage`). */
export function wordedTemplate<P extends readonly string[]>(message: Templated<P>): Templated<P> {
  const fill = (...values: TemplateValues<P>) => wordedMessage(message(...values));
  return Object.assign(fill, { template: message.template, params: message.params });
}

/** Whether `message` was written for people (the spec's, ours), not a validator's own text. */
export const isWordedMessage = (message: string): boolean => worded.has(message);

/** Every message registered as worded so far (the schemas' modules register theirs as they load). */
export const wordedMessages = (): string[] => [...worded];

/** 1000 → '1,000': limits as people read them. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/**
 * A refusal that names a field by its label ('Place name must be text.'), one template each (issue #34
 * item 4): the client translates the sentence and, where its catalogue knows it, the label.
 */
export const FIELD_MESSAGES = {
  notText: templated('{{label}} must be text.', 'label'),
  notAllowed: templated('{{label}} contains characters that are not allowed.', 'label'),
  tooLong: templated('{{label}} must be at most {{max}} characters.', 'label', 'max'),
  invisible: templated('{{label}} holds invisible or direction-control characters.', 'label'),
  required: templated('{{label}} is required.', 'label'),
  wholeNumber: templated('{{label}} must be a whole number.', 'label'),
  number: templated('{{label}} must be a number.', 'label'),
  trueOrFalse: templated('{{label}} must be true or false.', 'label'),
  list: templated('{{label}} must be a list.', 'label'),
  oneOf: templated('{{label}} must be one of: {{values}}.', 'label', 'values'),
  atMostItems: templated('{{label}} must have at most {{max}} items.', 'label', 'max'),
  atMost: templated('{{label}} must be at most {{max}}.', 'label', 'max'),
  atLeastCharacters: templated('{{label}} must be at least {{min}} characters.', 'label', 'min'),
  atLeastItems: templated('{{label}} must have at least {{min}} items.', 'label', 'min'),
  atLeast: templated('{{label}} must be at least {{min}}.', 'label', 'min'),
  isoDateTime: templated('{{label}} must be an ISO date and time, e.g. 2026-03-01T09:30:00Z.', 'label'),
  format: templated('{{label}} is not in the expected format.', 'label'),
  notValid: templated('{{label}} is not valid.', 'label'),
  // Last: the loosest shape, tried after every other (the client finds a message by the first template it fits).
  exactly: templated('{{label}} must be {{value}}.', 'label', 'value'),
} as const;

export const notAllowedMessage = (label: string) => wordedMessage(FIELD_MESSAGES.notAllowed(label));
export const tooLongMessage = (label: string, max: number) => wordedMessage(FIELD_MESSAGES.tooLong(label, formatCount(max)));
export const notTextMessage = (label: string) => wordedMessage(FIELD_MESSAGES.notText(label));

// With the u flag a string is read by code points, so only a surrogate without its pair is one on its own (Cs).
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text PostgreSQL can store and people can read back: well-formed UTF-16 (a lone surrogate has no
 * UTF-8 form and jsonb refuses its escape) and no NUL (text and jsonb cannot hold U+0000).
 */
export const isCleanText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export interface TextFieldOptions {
  /** Longest accepted text, after trimming. */
  max: number;
  /** The field in words, as a refusal names it: 'Comment', 'Driver name'. */
  label: string;
  /** The spec's message for this field: answered for a wrong type or characters not allowed. */
  message?: string;
  /** Answered for a text too long instead of naming the limit (a spec message that covers it). */
  lengthMessage?: string;
  /** Passwords keep their spaces. */
  trim?: boolean;
}

/**
 * A text field of an API body: a string, clean (see {@link isCleanText}), trimmed, at most `max`
 * characters. Chain further rules (`.min`, `.regex`) with their own messages.
 */
export function textField({ max, label, message, lengthMessage, trim = true }: TextFieldOptions) {
  const base = z.string({ error: message ?? notTextMessage(label) }).refine(isCleanText, message ?? notAllowedMessage(label));
  return (trim ? base.trim() : base).max(max, lengthMessage ?? tooLongMessage(label, max));
}

/** An optional text field where `null`, absence and '' all mean empty (read as ''). */
export const optionalTextField = (options: TextFieldOptions) =>
  textField(options)
    .nullish()
    .transform((v) => v ?? '');
