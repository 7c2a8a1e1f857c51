import { randomUUID } from 'node:crypto';
import { defaultSiteDefinition } from '@plantride/schemas';
import { handle } from '../commands/command-handler';
import type { EventStore } from '../event-store/event-store';
import { mapVdaNodes, registerRobot } from './robot.decider';

/** The demo's robots (issue #33 item 5): `npm run agv -- --serial DEMO1 --node N-<place id>` drives one. */
export const DEMO_ROBOTS = [
  { name: 'Demo AMR 1', manufacturer: 'PlantRide', serialNumber: 'DEMO1' },
  { name: 'Demo AMR 2', manufacturer: 'PlantRide', serialNumber: 'DEMO2' },
] as const;

/** A place's node in the demo: `N-` and the place's id. */
export const demoNodeOf = (placeId: string): string => `N-${placeId}`;

/**
 * On the demo's empty store with MQTT_URL set: two robots registered and every place of the spec's
 * plant mapped to a node, so a virtual robot (virtual-agv.cli.ts) takes the AMR rides booked in the app.
 */
export async function seedDemoRobots(store: EventStore): Promise<void> {
  const context = () => ({ now: new Date(), actor: { system: 'demo' }, commandId: randomUUID() });
  for (const robot of DEMO_ROBOTS) await handle(store, registerRobot, { type: 'RegisterRobot', data: robot }, context());
  const nodes = defaultSiteDefinition().places.map((place) => ({ placeId: place.id, nodeId: demoNodeOf(place.id) }));
  await handle(store, mapVdaNodes, { type: 'MapVdaNodes', data: { nodes } }, context());
}
