import {
  AMR_MESSAGES,
  FIELD_MESSAGES,
  ASSIGN_MESSAGES,
  BREAK_MESSAGES,
  INSPECTION_MESSAGES,
  INSPECTION_QUERY_MESSAGES,
  isTemplated,
  LOAD_MESSAGES,
  PHOTO_MESSAGES,
  PUSH_MESSAGES,
  ROBOT_NOT_READY,
  SCAN_MESSAGES,
  SERVICE_MESSAGES,
  STEP_NOTES,
  TEMPLATED_MESSAGES,
  type Templated,
} from '@plantride/schemas';

/**
 * The server's message sets a person may read on a screen (issue #34 item 4), beside MESSAGES and
 * SERVER_MESSAGES: each entry is plain English or a template with names and numbers in it. The webhook
 * set is left out: only the plant's systems read it, through the API.
 */
export const SERVER_TEXTS = {
  templated: TEMPLATED_MESSAGES,
  scan: SCAN_MESSAGES,
  inspection: INSPECTION_MESSAGES,
  inspectionQuery: INSPECTION_QUERY_MESSAGES,
  break: BREAK_MESSAGES,
  assign: ASSIGN_MESSAGES,
  photo: PHOTO_MESSAGES,
  push: PUSH_MESSAGES,
  load: LOAD_MESSAGES,
  amr: AMR_MESSAGES,
  robotNotReady: ROBOT_NOT_READY,
  service: SERVICE_MESSAGES,
  stepNotes: STEP_NOTES,
  // Last: refusals naming a field are the loosest shapes (translateMessage takes the first template that fits).
  field: FIELD_MESSAGES,
} as const;

type Sets = typeof SERVER_TEXTS;
type Entry = string | Templated<readonly string[]>;

/** The catalogue's shape for them: every entry a string, templates written with their {{placeholders}}. */
export type ServerTexts = { [S in keyof Sets]: { [K in keyof Sets[S]]: string } };

/** English's catalogue of them: the schemas' own words. */
export const serverTextsEn = Object.fromEntries(
  Object.entries(SERVER_TEXTS).map(([set, entries]) => [
    set,
    Object.fromEntries(
      Object.entries(entries as Record<string, Entry>).map(([key, entry]) => [key, isTemplated(entry) ? entry.template : entry]),
    ),
  ]),
) as ServerTexts;

/** Each entry as (catalogue key, entry), for translateMessage to find. */
export const serverTextEntries = (): Array<[key: string, entry: Entry]> =>
  Object.entries(SERVER_TEXTS).flatMap(([set, entries]) =>
    Object.entries(entries as Record<string, Entry>).map(([key, entry]): [string, Entry] => [`server.${set}.${key}`, entry]),
  );
