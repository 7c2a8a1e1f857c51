import { PLAN_EXTENT_METRES, ROUTE_MINUTES_CEILING, placeNameSchema, type SiteLocationAnswer } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** A place's fields as typed: text until checked. */
export interface PlaceDraft {
  name: string;
  x: string;
  y: string;
}

export type PlaceDraftErrors = Partial<Record<keyof PlaceDraft, string>>;

export const emptyPlaceDraft = (): PlaceDraft => ({ name: '', x: '', y: '' });
export const placeDraftOf = (place: SiteLocationAnswer): PlaceDraft => ({ name: place.name, x: String(place.x), y: String(place.y) });

const metresMessage = (axis: 'x' | 'y') =>
  i18n.t(axis === 'x' ? 'staff.site.fields.xInvalid' : 'staff.site.fields.yInvalid', { max: PLAN_EXTENT_METRES });

function metres(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= PLAN_EXTENT_METRES ? value : null;
}

/** The engine's rules for a place (name 1–60 characters, x and y 0–5000 m): the place to send, or a message per field. */
export function checkPlaceDraft(draft: PlaceDraft): { place: { name: string; x: number; y: number } } | { errors: PlaceDraftErrors } {
  const errors: PlaceDraftErrors = {};
  const name = placeNameSchema.safeParse(draft.name);
  // The name's rules are the engine's (placeNameSchema): its message, in the language spoken now where the catalogue has it.
  const issue = name.success ? undefined : name.error.issues[0];
  if (issue) errors.name = translateMessage(issue.message);
  const x = metres(draft.x);
  const y = metres(draft.y);
  if (x === null) errors.x = metresMessage('x');
  if (y === null) errors.y = metresMessage('y');
  if (!name.success || x === null || y === null) return { errors };
  return { place: { name: name.data, x, y } };
}

/** What changed between a place and its edited draft: only those fields go to the engine. */
export function placeChanges(
  place: SiteLocationAnswer,
  checked: { name: string; x: number; y: number },
): { name?: string; x?: number; y?: number } {
  return {
    ...(checked.name !== place.name ? { name: checked.name } : {}),
    ...(checked.x !== place.x ? { x: checked.x } : {}),
    ...(checked.y !== place.y ? { y: checked.y } : {}),
  };
}

/** What a route cell says of minutes it cannot take, in the language spoken now. */
export const minutesMessage = (): string => i18n.t('staff.site.routes.minutesInvalid', { max: ROUTE_MINUTES_CEILING });

/** A route cell as typed: its minutes, or null when the engine would refuse them. */
export function checkMinutes(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= ROUTE_MINUTES_CEILING ? minutes : null;
}

export interface PlanFrame {
  /** The plot drawn: from (0, 0) to the places' furthest reach, in whole hundreds of metres. */
  width: number;
  height: number;
  /** Metres per drawing unit: dots and labels grow with the plot so a large site stays readable. */
  unit: number;
  /** The SVG viewBox, y flipped (north up): a point (x, y) is drawn at (x, -y). */
  viewBox: string;
  /** Grid line spacing in metres. */
  grid: number;
}

/** The plan's frame for these places, with room for the labels that slant up to the right. */
export function planFrame(places: readonly Pick<SiteLocationAnswer, 'x' | 'y'>[]): PlanFrame {
  const reach = (values: number[], floor: number) => Math.max(floor, Math.ceil(Math.max(0, ...values) / 100) * 100);
  const width = reach(
    places.map((place) => place.x),
    500,
  );
  const height = reach(
    places.map((place) => place.y),
    300,
  );
  const unit = Math.max(1, width / 1000, height / 600);
  const [left, right, top, bottom] = [40 * unit, 150 * unit, 150 * unit, 60 * unit];
  return {
    width,
    height,
    unit,
    viewBox: `${-left} ${-(height + top)} ${width + left + right} ${height + top + bottom}`,
    grid: width > 2000 || height > 2000 ? 500 : 100,
  };
}
