import { z } from 'zod';
import { placeIdSchema } from '../site-plan';
import { templated } from '../message-template';
import { textField, wordedMessage, wordedTemplate } from './text-fields';
import { DRIVER_PRESENCE_STATES } from './shifts.api';

/*
 * Issue #33 item 4: AMR robots driven over VDA 5050. An admin registers a robot by the identity it
 * has on the MQTT broker and maps the plant's places to the robots' nodes; staff see each robot as
 * the engine last heard it.
 */

/** Why a robot takes no ride (issue #33 item 4), as staff read it on the robot's card. */
export const ROBOT_NOT_READY = {
  notHeard: templated('not heard yet'),
  connection: templated('connection {{state}}', 'state'),
  fatal: templated('FATAL error'),
  mode: templated('{{mode}} mode', 'mode'),
  noMode: templated('no mode'),
  battery: templated('battery below {{min}} %', 'min'),
} as const;

export const AMR_MESSAGES = {
  robotRegistered: 'Robot registered. It takes AMR rides once it reports itself ready over MQTT.',
  robotExists: 'A robot with this manufacturer and serial number, or a driver with its operator id, is already registered.',
  nodesSaved: 'Nodes saved.',
  unknownPlace: templated('There is no place "{{placeId}}" on the site.', 'placeId'),
  placeTwice: wordedMessage('Each place has at most one node.'),
  nodeTwice: wordedMessage('Each node names one place.'),
  identity: wordedTemplate(templated('{{label}} must be 1 to 64 characters, without / + # or spaces.', 'label')),
} as const;

/**
 * A VDA 5050 identity part (manufacturer, serial number, node id): one MQTT topic level, so no `/ + #`,
 * space or control character (MQTT forbids U+0000). The engine's topics (vda5050/protocol.ts) use this too.
 */
export const isVdaIdentity = (value: string): boolean => /^[^\s/+#\p{C}]+$/u.test(value);
const VDA_IDENTITY_MAX = 64;
const vdaIdentity = (label: string) =>
  z
    .string({ error: AMR_MESSAGES.identity(label) })
    .trim()
    .max(VDA_IDENTITY_MAX, AMR_MESSAGES.identity(label))
    .refine(isVdaIdentity, AMR_MESSAGES.identity(label));

/** The operator id a robot's record gets: its serial number behind a prefix no token number has. */
export const robotOperatorId = (serialNumber: string): string => `AMR-${serialNumber}`;

/** POST /api/amrs: register a robot. */
export const registerRobotBodySchema = z.object({
  name: textField({ max: 60, label: 'Name' }).min(1, wordedMessage('Name is required.')),
  manufacturer: vdaIdentity('Manufacturer'),
  serialNumber: vdaIdentity('Serial number'),
});
export type RegisterRobotBody = z.infer<typeof registerRobotBodySchema>;

/** PUT /api/amrs/nodes: the whole mapping of places to VDA 5050 node ids. */
export const vdaNodesBodySchema = z
  .object({ nodes: z.array(z.object({ placeId: placeIdSchema, nodeId: vdaIdentity('Node id') })).max(500) })
  .superRefine(({ nodes }, ctx) => {
    const twice = (values: string[]) => values.some((value, i) => values.indexOf(value) !== i);
    if (twice(nodes.map((node) => node.placeId))) ctx.addIssue({ code: 'custom', path: ['nodes'], message: AMR_MESSAGES.placeTwice });
    if (twice(nodes.map((node) => node.nodeId))) ctx.addIssue({ code: 'custom', path: ['nodes'], message: AMR_MESSAGES.nodeTwice });
  });
export type VdaNodesBody = z.infer<typeof vdaNodesBodySchema>;

/** What the engine last heard from a robot over MQTT; nulls before it heard anything. */
export const robotLinkSchema = z.object({
  connection: z.enum(['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN']).nullable(),
  operatingMode: z.string().nullable(),
  batteryCharge: z.number().nullable(),
  charging: z.boolean().nullable(),
  lastNodeId: z.string().nullable(),
  /** The place its last node maps to, by name; null when unmapped. */
  place: z.string().nullable(),
  orderId: z.string().nullable(),
  driving: z.boolean().nullable(),
  errors: z.array(z.object({ type: z.string(), level: z.string(), description: z.string() })),
  heardAt: z.string().nullable(),
  /** Why it takes no ride now (mode, battery, error, connection), or null when it may. */
  notReady: z.string().nullable(),
});
export type RobotLink = z.infer<typeof robotLinkSchema>;

/** GET /api/amrs: the robots, the node mapping, and whether the engine is connected to MQTT at all. */
export const robotsAnswerSchema = z.object({
  mqtt: z.boolean(),
  robots: z.array(
    z.object({
      operatorId: z.string(),
      name: z.string(),
      manufacturer: z.string(),
      serialNumber: z.string(),
      presence: z.enum(DRIVER_PRESENCE_STATES),
      rideId: z.string().nullable(),
      link: robotLinkSchema,
    }),
  ),
  nodes: z.array(z.object({ placeId: z.string(), place: z.string().nullable(), nodeId: z.string() })),
});
export type RobotsAnswer = z.infer<typeof robotsAnswerSchema>;
