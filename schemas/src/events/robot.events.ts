import { z } from 'zod';
import { placeIdSchema } from '../site-plan';
import { isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';

/*
 * The plant's places as its AMR robots know them (issue #33 item 4): each place a robot serves is a
 * node of the robots' map, named by the VDA 5050 `nodeId` the robots' own fleet software gave it. One
 * stream (`vda-nodes`): an admin saves the whole mapping at once. A place has at most one node and a
 * node names one place; a place without a node is one no robot drives to.
 */
export const VDA_NODES_STREAM_ID = 'vda-nodes';

export const vdaNodeSchema = z.object({ placeId: placeIdSchema, nodeId: z.string().min(1) });
export type VdaNode = z.infer<typeof vdaNodeSchema>;

/** An admin saved the places' VDA 5050 nodes: the whole mapping, replacing the one before. */
export const vdaNodesMappedSchema = defineEvent('VdaNodesMapped', {
  nodes: z.array(vdaNodeSchema),
  mappedAt: isoDateTimeSchema,
});

/** Any event of the `vda-nodes` stream. */
export const robotEventSchema = z.discriminatedUnion('type', [vdaNodesMappedSchema]);
export type VdaNodesMapped = z.infer<typeof vdaNodesMappedSchema>;
export type RobotEvent = z.infer<typeof robotEventSchema>;

export const ROBOT_EVENT_SCHEMA_VERSIONS = { VdaNodesMapped: 1 } as const satisfies Record<RobotEvent['type'], number>;
