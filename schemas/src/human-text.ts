import { z } from 'zod';
import {
  FIELD_MESSAGES,
  isCleanText,
  notAllowedMessage,
  notTextMessage,
  tooLongMessage,
  wordedMessage,
  type TextFieldOptions,
} from './api/text-fields';

/*
 * Names people read and tell apart: places, checklist items, people (issue #31 item 4). The attack
 * found: "main gate" + U+200B, a name of zero-width characters only, a right-to-left override
 * (U+202E) and a Cyrillic "а" were all accepted for a place, and the list showed two "main gate".
 * A name is stored in NFC, so one spelling has one form, and holds nothing that shows as nothing or
 * turns the text around. Look-alike letters (the Cyrillic "а") are the site decider's to compare: a
 * name alone is not wrong for them, only a second name that reads as the first.
 */

/*
 * Controls (Cc: tab, newline, NEL), format characters (Cf: zero-width space and joiners, the marks,
 * embeddings, overrides and isolates of U+200E–U+200F, U+202A–U+202E, U+2066–U+2069, U+061C, the
 * BOM), line and paragraph separators, and what Unicode says is drawn as nothing
 * (Default_Ignorable_Code_Point: U+3164 Hangul filler, variation selectors, tag characters).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// Indic spelling puts a zero-width joiner or non-joiner after a virama, within a word (IDNA's
// CONTEXTJ rule allows them there); a virama is a combining mark, so between a mark and a letter they stay.
const JOINER_IN_WORD = /(?<=\p{M})[\u200C\u200D](?=\p{L})/gu;
// Trimmed away around a name: white space, and the braille blank U+2800 that shows as one.
const EDGE_BLANKS = /^[\s\u2800]+|[\s\u2800]+$/gu;

/** Whether `text` holds a character that is drawn as nothing or changes the direction of the text around it. */
export const holdsInvisible = (text: string): boolean => INVISIBLE.test(text.replace(JOINER_IN_WORD, ''));

export const invisibleCharactersMessage = (label: string) => wordedMessage(FIELD_MESSAGES.invisible(label));

export interface HumanTextOptions {
  /** The field in words, as a refusal names it: 'Place name', 'Name'. */
  label: string;
  /** Answered for something other than text (else '{label} must be text.'). */
  typeMessage?: string;
  /** The spec's message for this field: answered for any character not allowed, invisible ones too. */
  message?: string;
}

/**
 * The start of every human name's schema: text that PostgreSQL can store, with nothing invisible or
 * direction-changing, in NFC, trimmed (a name of only spaces is ''). Chain `.min()` and `.max()` with the
 * field's own messages.
 */
export function humanText({ label, typeMessage, message }: HumanTextOptions) {
  return z
    .string({ error: typeMessage ?? message ?? notTextMessage(label) })
    .refine(isCleanText, { error: message ?? notAllowedMessage(label), abort: true })
    .refine((text) => !holdsInvisible(text), { error: message ?? invisibleCharactersMessage(label), abort: true })
    .overwrite((text) => text.normalize('NFC').replace(EDGE_BLANKS, ''));
}

/**
 * A human name that may be left empty (see {@link humanText}): trimmed, at most `max` characters;
 * where the spec lets it be blank, only spaces is blank too and reads as ''.
 */
export const humanNameField = ({ max, label, message, lengthMessage }: Omit<TextFieldOptions, 'trim'>) =>
  humanText({ label, message }).max(max, lengthMessage ?? tooLongMessage(label, max));

/** A blankable human name where `null`, absence and '' all mean empty (read as ''). */
export const optionalHumanNameField = (options: Omit<TextFieldOptions, 'trim'>) =>
  humanNameField(options)
    .nullish()
    .transform((v) => v ?? '');
