import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AMR_MESSAGES,
  commandAnswerSchema,
  registerRobotBodySchema,
  robotsAnswerSchema,
  siteOf,
  vdaNodesBodySchema,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle, readState } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { presenceOf } from '../drivers/driver-roster';
import { mapVdaNodes, registerRobot, vdaNodesStream } from './robot.decider';

/*
 * Issue #33 item 4, the admin's side of AMR robots: register one by its VDA 5050 identity, map the
 * site's places to the robots' nodes, and see each robot as the engine last heard it over MQTT.
 */
const routes: FastifyPluginAsyncZod<{ minBattery: number }> = async (app, options) => {
  const admin = app.requireRole('admin');

  app.get(
    '/api/amrs',
    { onRequest: app.requireRole('admin', 'maintenanceHead'), schema: { response: { 200: robotsAnswerSchema } } },
    async () => {
      const now = new Date();
      const site = siteOf(app.site.current());
      const nodes = await readState(app.eventStore, vdaNodesStream());
      return {
        mqtt: app.robotLinks.connected(),
        robots: app.driverRoster
          .robots()
          .map((robot) => {
            const record = robot.record!;
            const presence = presenceOf(record.operatorId, robot, now);
            return {
              operatorId: record.operatorId,
              name: record.name,
              manufacturer: robot.robot!.manufacturer,
              serialNumber: robot.robot!.serialNumber,
              presence: presence.state,
              rideId: presence.rideId,
              link: app.robotLinks.of(record.operatorId, options.minBattery),
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name)),
        nodes: nodes.map((node) => ({
          ...node,
          place: site.locations.find((place) => place.id === node.placeId)?.name ?? null,
        })),
      };
    },
  );

  app.post(
    '/api/amrs',
    { onRequest: admin, schema: { body: registerRobotBodySchema, response: { 201: commandAnswerSchema } } },
    async (request, reply) => {
      const result = await handle(
        app.eventStore,
        registerRobot,
        { type: 'RegisterRobot', data: request.body },
        httpCommandContext(request, currentUser(request)),
      );
      return reply.code(201).send({ message: AMR_MESSAGES.robotRegistered, position: result.position });
    },
  );

  app.put(
    '/api/amrs/nodes',
    { onRequest: admin, schema: { body: vdaNodesBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const result = await handle(
        app.eventStore,
        mapVdaNodes,
        { type: 'MapVdaNodes', data: { nodes: request.body.nodes } },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: AMR_MESSAGES.nodesSaved, position: result.position };
    },
  );
};

export const amrsRoutes = fp(routes, { name: 'amrs-routes', dependencies: ['vda-bridge'] });
