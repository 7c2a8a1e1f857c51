import { z } from 'zod';
import { dispatchSettingsSchema } from '../dispatch';

/** An admin replaced the dispatch settings (the whole object, as PUT /api/dispatch/settings sends it). */
export const dispatchSettingsChangedSchema = z.object({ type: z.literal('DispatchSettingsChanged'), data: dispatchSettingsSchema });

/** Any event of the `dispatch` stream. */
export const dispatchEventSchema = z.discriminatedUnion('type', [dispatchSettingsChangedSchema]);

export type DispatchSettingsChanged = z.infer<typeof dispatchSettingsChangedSchema>;
export type DispatchEvent = z.infer<typeof dispatchEventSchema>;
export type DispatchEventType = DispatchEvent['type'];

export const DISPATCH_EVENT_SCHEMA_VERSIONS = { DispatchSettingsChanged: 1 } as const satisfies Record<DispatchEventType, number>;
export const DISPATCH_EVENT_TYPES = Object.keys(DISPATCH_EVENT_SCHEMA_VERSIONS) as DispatchEventType[];
