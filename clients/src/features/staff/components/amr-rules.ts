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
import { formatDateTime } from '../../../lib/format-date';

export type RobotRow = RobotsAnswer['robots'][number];

/** A robot's presence as a driver's reads on the presence screen. */
const CONNECTION_TEXT: Record<NonNullable<RobotLink['connection']>, string> = {
  ONLINE: 'Online',
  OFFLINE: 'Offline',
  CONNECTIONBROKEN: 'Connection broken',
};

const percent = (charge: number) => `${Math.round(charge)} %`;

/** Where it is: the place its last node maps to, else the bare node id. */
function placeText(link: RobotLink): string {
  const where = link.place ?? (link.lastNodeId ? `node ${link.lastNodeId}` : MESSAGES.notAvailable);
  return link.driving ? `${where}, driving` : where;
}

/** The card's facts, as the engine last heard the robot ('N/A' before it heard anything). */
export function robotFacts(robot: RobotRow): [label: string, value: string][] {
  const { link } = robot;
  return [
    ['Connection', link.connection ? CONNECTION_TEXT[link.connection] : 'Not heard yet'],
    ['Mode', link.operatingMode ?? MESSAGES.notAvailable],
    ['Battery', link.batteryCharge === null ? MESSAGES.notAvailable : `${percent(link.batteryCharge)}${link.charging ? ', charging' : ''}`],
    ['Place', placeText(link)],
    ['Ride', robot.rideId ?? 'none'],
    ['Last heard', link.heardAt ? formatDateTime(link.heardAt) : 'never'],
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
    errors[field] ??= issue.message;
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
    error: issue?.message ?? 'The nodes could not be read.',
    placeId: typeof at === 'number' ? (nodes[at]?.placeId ?? null) : null,
  };
}
