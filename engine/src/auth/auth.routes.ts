import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  errorAnswerSchema,
  logoutAnswerSchema,
  signInAnswerSchema,
  signInBodySchema,
  signUpAnswerSchema,
  signUpBodySchema,
  userStreamId,
} from '@plantride/schemas';
import { handleCommand } from '../commands/command-handler';
import { conflict, forbidden, unauthorized } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { ConcurrencyError } from '../event-store/event-store';
import { userDecider } from '../users/user.decider';
import { loadUser } from '../users/user-stream';
import { driverRecordOf } from '../users/driver-record';
import { grantDriverRole } from '../drivers/driver-role';
import { currentUser } from './auth.plugin';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { DEFAULT_SIGN_IN_LIMITS, createAuthLimiters, type SharedLimitStore, type SignInLimits } from './sign-in-limiter';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 409: errorAnswerSchema, 429: errorAnswerSchema };

/** POST /api/auth/signup, /signin and /logout (SPEC §7). */
export const authRoutes: FastifyPluginAsyncZod<{ signInLimits?: SignInLimits; sharedLimits?: SharedLimitStore }> = async (app, options) => {
  const limit = await createAuthLimiters(app, options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS, options.sharedLimits);

  app.post(
    '/api/auth/signup',
    { preHandler: limit.signUp, schema: { body: signUpBodySchema, response: { 201: signUpAnswerSchema, ...errors } } },
    async (request, reply) => {
      const { token_no: tokenNo, password, name, mobile } = request.body;
      // An operator the admin already recorded as a driver signs up as that driver.
      const driver = await driverRecordOf(app.eventStore, tokenNo);
      const role = driver ? ('driver' as const) : ('requester' as const);
      const context = httpCommandContext(request, { tokenNo, role });
      // Refused before the slow hash, so a taken token number costs nothing; a retry with its
      // Idempotency-Key goes on to get the first answer back.
      if (!context.idempotent && (await loadUser(app.eventStore, tokenNo))) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
      const data = {
        tokenNo,
        name: name ?? driver?.name ?? '',
        mobile: mobile ?? driver?.mobile ?? '',
        role,
        assignedVehicleType: driver?.vehicleType ?? null,
        passwordHash: await hashPassword(password),
      };
      let position: number;
      try {
        ({ position } = await handleCommand(app.eventStore, userStreamId(tokenNo), userDecider, { type: 'SignUp', data }, context));
      } catch (error) {
        // Two sign-ups racing for one token number: the loser is told it is taken.
        if (error instanceof ConcurrencyError) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
        throw error;
      }
      // An admin may have recorded him as a driver while he signed up: whichever of the two
      // writes second sees the other, so this read (or the admin's) makes him a driver.
      const recorded = driver ? null : await driverRecordOf(app.eventStore, tokenNo);
      const rolePosition = recorded ? await grantDriverRole(app.eventStore, tokenNo, recorded.vehicleType ?? '', { ...context, actor: { system: 'signup' } }) : null;
      return reply.status(201).send({ message: MESSAGES.signupSucceeded, position: Math.max(position, rolePosition ?? 0) });
    },
  );

  app.post(
    '/api/auth/signin',
    { preHandler: limit.signIn, schema: { body: signInBodySchema, response: { 200: signInAnswerSchema, ...errors } } },
    async (request, reply) => {
      const { token_no: tokenNo, password } = request.body;
      const user = await loadUser(app.eventStore, tokenNo);
      const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDecoy(password);
      // One answer for an unknown token number and a wrong password: neither is revealed.
      if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);
      if (user.isBlocked) throw forbidden(MESSAGES.accountBlocked);
      const { token, expiresAt } = await app.tokens.sign({ tokenNo, role: user.role }, { sessionVersion: user.sessionVersion });
      setSessionCookie(request, reply, token, expiresAt);
      return {
        message: SERVER_MESSAGES.signedIn,
        user: { name: user.name, token_no: tokenNo, jwt_token: token, token, role: user.role, is_blocked: false, assignedVehicleType: user.assignedVehicleType },
      };
    },
  );

  await app.register(logoutRoute);
};

const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  // The spec's client sends its JSON content type on logout too, with no body at all.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (body as string).trim() === '' ? done(null, undefined) : json(request, body as string, done),
  );

  app.post(
    '/api/auth/logout',
    { onRequest: app.requireRole(), schema: { response: { 200: logoutAnswerSchema, 401: errorAnswerSchema, 404: errorAnswerSchema } } },
    async (request, reply) => {
      const actor = currentUser(request);
      const result = await handleCommand(
        app.eventStore,
        userStreamId(actor.tokenNo),
        userDecider,
        { type: 'SignOut', data: { tokenNo: actor.tokenNo } },
        httpCommandContext(request, actor),
      );
      clearSessionCookie(request, reply);
      return { message: MESSAGES.logoutSucceeded, position: result.position };
    },
  );
};
