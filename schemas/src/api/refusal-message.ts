import { SERVER_MESSAGES } from '../messages';
import { FIELD_MESSAGES as F, formatCount, isWordedMessage, notTextMessage, tooLongMessage } from './text-fields';

/** What a refusal needs of a validation issue (zod's, or as Fastify hands it on). */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
  values?: readonly unknown[];
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  format?: string;
  /** A union's issues, one list per option. */
  errors?: readonly (readonly IssueLike[])[];
}

// Field names whose words are not simply the name split up.
const LABELS: Record<string, string> = {
  token_no: 'Token number',
  tokenNo: 'Token number',
  reqName: 'Requester name',
  reqMobileNo: 'Requester mobile number',
  mobile: 'Mobile number',
  fromLocation: 'Pickup location',
  toLocation: 'Drop location',
  FROM_LOCATION: 'Pickup location',
  TO_LOCATION: 'Drop location',
  hours: 'Duration hours',
  minutes: 'Duration minutes',
  vehicle: 'Vehicle number',
  forklift: 'Sticker number',
  active: 'Access',
  comment_text: 'Comment',
  custom_issue: 'Issue',
  maintenance_date: 'Maintenance date',
  currentState: 'Ride state',
  is_blocked: 'Blocked',
  assignedVehicleType: 'Vehicle type',
  id: 'Request ID',
  COMPLETED_AT: 'Completion time',
};

const ACRONYMS = new Set(['id']);

/** A field name in words: 'maintenance_date' → 'Maintenance date', 'rideId' → 'Ride ID', 'RIDE_ID' → 'Ride ID'. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'This field';
}

/** The field an issue is about: the last name on its path (array positions skipped); null for the body as a whole. */
function fieldOf(path: readonly PropertyKey[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string' && key !== '' && !/^\d+$/.test(key)) return key;
  }
  return null;
}

const listed = (values: readonly unknown[]) => values.map((value) => (value === null ? 'empty' : String(value))).join(', ');
const count = (n: number | bigint | undefined) => formatCount(Number(n));

/**
 * The message a refusal answers for a validation issue: the issue's own when it was written for
 * people (the spec's, ours), otherwise words naming the field — never a validator's own text
 * ('Invalid input: expected number, received string').
 */
export function refusalMessage(issue: IssueLike): string {
  if (isWordedMessage(issue.message)) return issue.message;
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    // The option the input came closest to: the fewest issues.
    const closest = [...issue.errors].filter((option) => option.length > 0).sort((a, b) => a.length - b.length)[0];
    const first = closest?.[0];
    if (first) return refusalMessage({ ...first, path: [...issue.path, ...first.path] });
  }
  const field = fieldOf(issue.path);
  if (field === null) return SERVER_MESSAGES.invalidRequest;
  const label = fieldLabel(field);
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return F.required(label);
      if (issue.expected === 'string') return notTextMessage(label);
      if (issue.expected === 'int') return F.wholeNumber(label);
      if (issue.expected === 'number' || issue.expected === 'bigint') return F.number(label);
      if (issue.expected === 'boolean') return F.trueOrFalse(label);
      if (issue.expected === 'array') return F.list(label);
      break;
    case 'invalid_value':
      if (issue.values?.length === 1) return F.exactly(label, listed(issue.values));
      if (issue.values?.length) return F.oneOf(label, listed(issue.values));
      break;
    case 'too_big':
      if (issue.origin === 'string') return tooLongMessage(label, Number(issue.maximum));
      if (issue.origin === 'array') return F.atMostItems(label, count(issue.maximum));
      if (issue.maximum !== undefined) return F.atMost(label, count(issue.maximum));
      break;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? F.required(label) : F.atLeastCharacters(label, count(issue.minimum));
      if (issue.origin === 'array') return F.atLeastItems(label, count(issue.minimum));
      if (issue.minimum !== undefined) return F.atLeast(label, count(issue.minimum));
      break;
    case 'invalid_format':
      if (issue.format === 'datetime') return F.isoDateTime(label);
      return F.format(label);
  }
  return F.notValid(label);
}
