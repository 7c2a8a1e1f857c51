import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { i18n } from './i18n';

type MessageKey = keyof typeof MESSAGES | keyof typeof SERVER_MESSAGES;

// English text → its key. Two keys with the same English (the report's and the KPIs' reversed range) say the same.
const KEYS = new Map<string, MessageKey>(
  Object.entries({ ...MESSAGES, ...SERVER_MESSAGES }).map(([key, english]) => [english, key as MessageKey]),
);

/**
 * A server's (or the spec's) English message in the language the screens speak now. The API keeps
 * the spec's English as `message`; the client chooses the translation. Texts not in the catalogue
 * (those the server builds with a name or a number in them) stay as the server wrote them.
 */
export function translateMessage(english: string): string {
  const key = KEYS.get(english);
  return key ? i18n.t(`messages.${key}`) : english;
}
