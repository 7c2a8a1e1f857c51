import {
  MESSAGES,
  registerRobotBodySchema,
  vdaNodesBodySchema,
  type RegisterRobotBody,
  type RobotLink,
  type RobotsAnswer,
  type SiteLocationAnswer,
  type VdaNodesBody,
} from '@plantride/schemas';
import type { Catalogue } from '../../../i18n/catalogue';
import { currentLanguage, i18n } from '../../../i18n/i18n';
import { translateMessage } from '../../../i18n/translate-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatPercent } from '../../../lib/format-number';

export type RobotRow = RobotsAnswer['robots'][number];

const CONNECTION_KEYS = { ONLINE: 'online', OFFLINE: 'offline', CONNECTIONBROKEN: 'connectionBroken' } as const satisfies Record<
  NonNullable<RobotLink['connection']>,
  string
>;

// English keeps the spaced '81 %' it always wrote; Marathi and Hindi write the locale's percentage.
const percent = (charge: number) => (currentLanguage() === 'en' ? `${Math.round(charge)} %` : formatPercent(charge / 100));
const notAvailable = () => translateMessage(MESSAGES.notAvailable);

/** Where it is: the place its last node maps to, else the bare node id. */
function placeText(link: RobotLink): string {
  const where = link.place ?? (link.lastNodeId ? i18n.t('staff.machines.robot.node', { node: link.lastNodeId }) : notAvailable());
  return link.driving ? i18n.t('staff.machines.robot.driving', { place: where }) : where;
}

function batteryText(link: RobotLink): string {
  if (link.batteryCharge === null) return notAvailable();
  const charge = percent(link.batteryCharge);
  return link.charging ? i18n.t('staff.machines.robot.charging', { percent: charge }) : charge;
}

export type RobotFact = 'connection' | 'mode' | 'battery' | 'place' | 'ride' | 'last-heard';

/**
 * The card's facts, as the engine last heard the robot ('N/A' before it heard anything): each with a
 * fixed name (its test id) and its label and value in the language spoken now.
 */
export function robotFacts(robot: RobotRow): [fact: RobotFact, label: string, value: string][] {
  const { link } = robot;
  const label = (key: keyof Catalogue['staff']['machines']['robot']) => i18n.t(`staff.machines.robot.${key}`);
  return [
    ['connection', label('connection'), link.connection ? label(CONNECTION_KEYS[link.connection]) : label('notHeardYet')],
    ['mode', label('mode'), link.operatingMode ?? notAvailable()],
    ['battery', label('battery'), batteryText(link)],
    ['place', label('place'), placeText(link)],
    ['ride', label('ride'), robot.rideId ?? label('noRide')],
    ['last-heard', label('lastHeard'), link.heardAt ? formatDateTime(link.heardAt) : label('never')],
  ];
}

export interface RobotDraft {
  name: string;
  manufacturer: string;
  serialNumber: string;
}

export type RobotField = keyof RobotDraft;

export const emptyRobotDraft = (): RobotDraft => ({ name: '', manufacturer: '', serialNumber: '' });

const ROBOT_FIELDS: readonly RobotField[] = ['name', 'manufacturer', 'serialNumber'];

/** The engine's own rule, checked before sending: each field's first refusal in the schema's words. */
export function checkRobotDraft(draft: RobotDraft): { body: RegisterRobotBody } | { errors: Partial<Record<RobotField, string>> } {
  const parsed = registerRobotBodySchema.safeParse(draft);
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<RobotField, string>> = {};
  for (const issue of parsed.error.issues) {
    const at = String(issue.path[0] ?? '');
    const field = (ROBOT_FIELDS as readonly string[]).includes(at) ? (at as RobotField) : 'name';
    errors[field] ??= translateMessage(issue.message);
  }
  return { errors };
}

/** Node ids as typed, by place id. */
export type NodeDrafts = Record<string, string>;

export const savedNodes = (answer: RobotsAnswer): NodeDrafts => Object.fromEntries(answer.nodes.map((node) => [node.placeId, node.nodeId]));

/** The places a node may be given: those in use, in the site's order. */
export const mappablePlaces = (places: readonly SiteLocationAnswer[]): SiteLocationAnswer[] => places.filter((place) => !place.retired);

/** The whole mapping to send: every place in use with a node id typed (an empty field is no node). */
export function checkNodes(
  places: readonly SiteLocationAnswer[],
  drafts: NodeDrafts,
): { body: VdaNodesBody } | { error: string; placeId: string | null } {
  const nodes = mappablePlaces(places)
    .map((place) => ({ placeId: place.id, nodeId: (drafts[place.id] ?? '').trim() }))
    .filter((node) => node.nodeId !== '');
  const parsed = vdaNodesBodySchema.safeParse({ nodes });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0];
  // A bad node id is shown on its own field ['nodes', i, 'nodeId']; a node or place twice on the whole list.
  const at = issue?.path[1];
  return {
    error: issue ? translateMessage(issue.message) : i18n.t('staff.machines.nodes.unreadable'),
    placeId: typeof at === 'number' ? (nodes[at]?.placeId ?? null) : null,
  };
}
