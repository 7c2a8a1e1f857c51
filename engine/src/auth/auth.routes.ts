import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  errorAnswerSchema,
  logoutAnswerSchema,
  resetPasswordAnswerSchema,
  resetPasswordBodySchema,
  signInAnswerSchema,
  signInBodySchema,
  signUpAnswerSchema,
  signUpBodySchema,
} from '@plantride/schemas';
import { handle } from '../commands/command-handler';
import { forbidden, unauthorized } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { resetPassword, signOut, signUp } from '../users/user.decider';
import { hashAccessCode } from './access-code';
import { loadUser } from '../users/user-stream';
import { currentUser } from './auth.plugin';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { DEFAULT_SIGN_IN_LIMITS, createAuthLimiters, type SignInLimits } from './sign-in-limiter';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 409: errorAnswerSchema, 429: errorAnswerSchema };

/** POST /api/auth/signup, /signin and /logout (SPEC §7), and /reset-password (ours). */
export const authRoutes: FastifyPluginAsyncZod<{ signInLimits?: SignInLimits }> = async (app, options) => {
  // In the engine's limit store (rate-limits.plugin.ts): with Redis, every engine process counts sign-in attempts together.
  const limit = createAuthLimiters(options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS, { store: app.rateLimits.store });

  // A sign-up with an activation code is a guess at a secret, like a password: it counts against the sign-in limits.
  const codeAttempt = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.body as { activation_code?: string }).activation_code !== undefined) await limit.signIn(request, reply);
  };

  app.post(
    '/api/auth/signup',
    { preHandler: [limit.signUp, codeAttempt], schema: { body: signUpBodySchema, response: { 201: signUpAnswerSchema, ...errors } } },
    async (request, reply) => {
      const { token_no: tokenNo, password, name, mobile, activation_code: code } = request.body;
      // Hashed before anything is read, so a taken token number answers as slowly as a new one.
      const data = {
        tokenNo,
        name: name ?? null,
        mobile: mobile ?? null,
        passwordHash: await hashPassword(password),
        ...(code !== undefined ? { activationCodeHash: hashAccessCode(tokenNo, code) } : {}),
      };
      const context = httpCommandContext(request, { tokenNo, role: 'requester' });
      const { position, events } = await handle(app.eventStore, signUp, { type: 'SignUp', data }, context);
      if (code !== undefined) await limit.signedIn(request);
      if (events.some((event) => event.type === 'DriverRegistrationRequested')) {
        return reply.status(201).send({ message: SERVER_MESSAGES.signedUpPendingApproval, pendingApproval: true, position });
      }
      return reply.status(201).send({ message: MESSAGES.signupSucceeded, position });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { preHandler: limit.signIn, schema: { body: resetPasswordBodySchema, response: { 200: resetPasswordAnswerSchema, ...errors } } },
    async (request) => {
      const { token_no: tokenNo, activation_code: code, password } = request.body;
      const data = { tokenNo, codeHash: hashAccessCode(tokenNo, code), passwordHash: await hashPassword(password) };
      const { position } = await handle(
        app.eventStore,
        resetPassword,
        { type: 'ResetPassword', data },
        httpCommandContext(request, { tokenNo, role: 'requester' }),
      );
      await limit.signedIn(request);
      return { message: SERVER_MESSAGES.passwordReset, position };
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
      await limit.signedIn(request);
      if (user.isBlocked) throw forbidden(MESSAGES.accountBlocked);
      const { token, expiresAt } = await app.tokens.sign({ tokenNo, role: user.role }, { sessionVersion: user.sessionVersion });
      setSessionCookie(request, reply, token, expiresAt);
      return {
        message: SERVER_MESSAGES.signedIn,
        user: {
          name: user.name,
          token_no: tokenNo,
          jwt_token: token,
          token,
          role: user.role,
          is_blocked: false,
          assignedVehicleType: user.assignedVehicleType,
        },
        language: user.language,
      };
    },
  );

  await app.register(logoutRoute);
};

const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/logout',
    { onRequest: app.requireRole(), schema: { response: { 200: logoutAnswerSchema, 401: errorAnswerSchema, 404: errorAnswerSchema } } },
    async (request, reply) => {
      const actor = currentUser(request);
      const result = await handle(
        app.eventStore,
        signOut,
        { type: 'SignOut', data: { tokenNo: actor.tokenNo } },
        httpCommandContext(request, actor),
      );
      clearSessionCookie(request, reply);
      return { message: MESSAGES.logoutSucceeded, position: result.position };
    },
  );
};
