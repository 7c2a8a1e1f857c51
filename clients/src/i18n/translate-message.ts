import { MESSAGES, SERVER_MESSAGES, type Templated } from '@plantride/schemas';
import { en } from './en';
import { currentLanguage, i18n } from './i18n';
import { serverTextEntries } from './server-texts';
import { wordedHi } from './worded.hi';
import { wordedMr } from './worded.mr';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's English as a pattern that finds its values again: `{{place}}` once a group, then the same text. */
export function patternOf(template: string): RegExp {
  const seen = new Set<string>();
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return new RegExp(`^${source}$`, 's');
}

// English text → its catalogue key. Two keys with the same English (the report's and the KPIs' reversed range) say the same.
const KEYS = new Map<string, string>(
  Object.entries({ ...MESSAGES, ...SERVER_MESSAGES }).map(([key, english]) => [english, `messages.${key}`]),
);
const TEMPLATES: Array<{ key: string; pattern: RegExp }> = [];
for (const [key, entry] of serverTextEntries()) {
  if (typeof entry === 'string') {
    if (!KEYS.has(entry)) KEYS.set(entry, key);
  } else if ((entry as Templated<readonly string[]>).params.length === 0) KEYS.set(entry.template, key);
  else TEMPLATES.push({ key, pattern: patternOf(entry.template) });
}

// The refusals' field labels (fieldLabels in the catalogues) by their English; the worded refusals written once in their schema.
const LABEL_KEYS = new Map<string, string>(Object.entries(en.fieldLabels).map(([key, english]) => [english, `fieldLabels.${key}`]));
const WORDED: Partial<Record<ReturnType<typeof currentLanguage>, Readonly<Record<string, string>>>> = { mr: wordedMr, hi: wordedHi };

/** A template's values as the translation takes them: a field's label in the language spoken, the rest as sent. */
function spoken(values: Record<string, string>): Record<string, string> {
  const label = values.label === undefined ? undefined : LABEL_KEYS.get(values.label);
  return label ? { ...values, label: String(i18n.t(label as never)) } : values;
}

/**
 * A server's (or the spec's) English message in the language the screens speak now. The API keeps
 * the spec's English as `message`; the client chooses the translation. A message built with a name or a
 * number in it is found by its template, and its values go into the translation as they came. Texts
 * not in the catalogues stay as the server wrote them.
 */
export function translateMessage(english: string): string {
  const key = KEYS.get(english);
  if (key) return String(i18n.t(key as never));
  for (const { key: templateKey, pattern } of TEMPLATES) {
    const values = pattern.exec(english)?.groups;
    if (values) return String(i18n.t(templateKey as never, spoken(values) as never));
  }
  return WORDED[currentLanguage()]?.[english] ?? english;
}
