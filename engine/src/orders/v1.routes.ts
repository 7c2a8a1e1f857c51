import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  SERVICE_MESSAGES,
  durationToMinutes,
  errorAnswerSchema,
  orderAnswerSchema,
  orderRefParamsSchema,
  placeOrderBodySchema,
  rideIdParamsSchema,
  rideStatusOf,
  siteAnswerSchema,
  triggerIdParamsSchema,
  triggerPressAnswerSchema,
  type OrderAnswer,
  type ServiceAccountEventOf,
} from '@plantride/schemas';
import { handle, readState } from '../commands/command-handler';
import { canonicalJson, httpCommandContext } from '../commands/http-command';
import { notFound } from '../commands/errors';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { rideStream } from '../rides/ride.decider';
import { newRideId } from '../rides/bookings.routes';
import { siteAnswer } from '../site/site.routes';
import { currentService, serviceActor } from '../service-accounts/service-auth.plugin';
import { cancelOrder, orderStream, placeOrder, pressTrigger, triggerStream } from './order.decider';

/*
 * The versioned surface the plant's systems call with a service account's key (issue #33 items 1 and 2):
 * orders, machine triggers, any ride's state, the site. Every call is counted against its account's
 * allowance (429 past it), and every command is written as the account's.
 */

type Placed = ServiceAccountEventOf<'OrderPlaced'>['data'];

/** A ride as `/api/v1` tells it, read from its stream (never behind a read model). */
async function rideAnswer(app: FastifyInstance, rideId: string, placed: Placed | null, position: number | null): Promise<OrderAnswer> {
  const ride = await readState(app.eventStore, rideStream(rideId));
  const status = rideStatusOf(ride);
  if (status === null) throw notFound(SERVER_MESSAGES.rideNotFound);
  const context = ride.context;
  return {
    externalRef: placed?.externalRef ?? null,
    rideId,
    status,
    rideType: context.rideType,
    vehicleType: context.vehicleType,
    fromLocation: context.fromLocation,
    toLocation: context.toLocation,
    priority: context.priority,
    requesterId: context.requesterId,
    costCentre: placed?.costCentre ?? null,
    callbackTag: placed?.callbackTag ?? null,
    driverId: context.driverId,
    requestedAt: context.requestedAt,
    acceptedAt: context.acceptedAt,
    pickedAt: context.pickedAt,
    droppedAt: context.droppedAt,
    endedAt: context.endedAt,
    cancelledAt: context.cancelledAt,
    scheduledFor: context.scheduledFor,
    position,
  };
}

const limited = { 401: errorAnswerSchema, 403: errorAnswerSchema, 429: errorAnswerSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const orderOf = async (accountId: string, externalRef: string) => {
    const { placed } = await readState(app.eventStore, orderStream(accountId, externalRef));
    if (!placed) throw notFound(SERVICE_MESSAGES.orderNotFound);
    return placed;
  };

  app.post(
    '/api/v1/orders',
    {
      onRequest: app.requireScope('orders:write'),
      schema: { body: placeOrderBodySchema, response: { 200: orderAnswerSchema, 201: orderAnswerSchema, ...limited } },
    },
    async (request, reply) => {
      const { accountId } = currentService(request);
      const { externalRef, requester, costCentre, callbackTag, duration, ...booking } = request.body;
      const result = await handle(
        app.eventStore,
        placeOrder,
        {
          type: 'PlaceOrder',
          data: {
            accountId,
            externalRef,
            requestDigest: app.tokens.digest(canonicalJson(request.body)),
            costCentre: costCentre || null,
            callbackTag: callbackTag || null,
            booking: {
              ...booking,
              rideId: newRideId(),
              requesterId: requester ?? accountId,
              requesterName: '',
              requesterMobile: '',
              durationMinutes: duration ? durationToMinutes(duration) || null : null,
            },
          },
          free: freeDriversOf(app),
        },
        httpCommandContext(request, serviceActor(request)),
      );
      const placed = await orderOf(accountId, externalRef);
      // A repeat appends nothing: it answers the ride the first order booked.
      void reply.code(result.events.length > 0 ? 201 : 200);
      return rideAnswer(app, placed.rideId, placed, result.position);
    },
  );

  app.get(
    '/api/v1/orders/:externalRef',
    {
      onRequest: app.requireScope('orders:write', 'rides:read'),
      schema: { params: orderRefParamsSchema, response: { 200: orderAnswerSchema, 404: errorAnswerSchema, ...limited } },
    },
    async (request) => {
      const placed = await orderOf(currentService(request).accountId, request.params.externalRef);
      return rideAnswer(app, placed.rideId, placed, null);
    },
  );

  app.delete(
    '/api/v1/orders/:externalRef',
    {
      onRequest: app.requireScope('orders:write'),
      schema: { params: orderRefParamsSchema, response: { 200: orderAnswerSchema, ...limited } },
    },
    async (request) => {
      const { accountId } = currentService(request);
      const { externalRef } = request.params;
      const result = await handle(
        app.eventStore,
        cancelOrder,
        { type: 'CancelOrder', data: { accountId, externalRef } },
        httpCommandContext(request, serviceActor(request)),
      );
      const placed = await orderOf(accountId, externalRef);
      return rideAnswer(app, placed.rideId, placed, result.position);
    },
  );

  app.post(
    '/api/v1/triggers/:triggerId',
    {
      onRequest: app.requireScope('orders:write'),
      schema: { params: triggerIdParamsSchema, response: { 200: triggerPressAnswerSchema, 201: triggerPressAnswerSchema, ...limited } },
    },
    async (request, reply) => {
      const { accountId } = currentService(request);
      const { triggerId } = request.params;
      const result = await handle(
        app.eventStore,
        pressTrigger,
        { type: 'PressTrigger', data: { accountId, triggerId, rideId: newRideId() }, free: freeDriversOf(app) },
        httpCommandContext(request, serviceActor(request)),
      );
      const { last } = await readState(app.eventStore, triggerStream(accountId, triggerId));
      if (!last) throw notFound(SERVICE_MESSAGES.triggerNotFound);
      const newRide = result.events.length > 0;
      void reply.code(newRide ? 201 : 200);
      return { ...(await rideAnswer(app, last.rideId, null, result.position)), triggerId, newRide };
    },
  );

  app.get(
    '/api/v1/rides/:rideId',
    {
      onRequest: app.requireScope('rides:read'),
      schema: { params: rideIdParamsSchema, response: { 200: orderAnswerSchema, 404: errorAnswerSchema, ...limited } },
    },
    async (request) => rideAnswer(app, request.params.rideId, null, null),
  );

  app.get(
    '/api/v1/site',
    { onRequest: app.requireScope('site:read'), schema: { response: { 200: siteAnswerSchema, ...limited } } },
    async () => siteAnswer(app.site.current(), app.site.version()),
  );
};

export const v1Routes = fp(routes, { name: 'api-v1', dependencies: ['database', 'auth', 'service-auth', 'site-state'] });
