import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  changeUserAnswerSchema,
  changeUserBodySchema,
  chooseLanguageAnswerSchema,
  chooseLanguageBodySchema,
  errorAnswerSchema,
  resetCodeAnswerSchema,
  SERVER_MESSAGES,
  userParamsSchema,
  userProfileSchema,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { notFound } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { hashAccessCode, issuedCodeAnswer, newAccessCode, DEFAULT_ACCESS_CODE_TTL_MS } from '../auth/access-code';
import { changeUser, chooseLanguage, issueAccessCode } from './user.decider';
import { loadUser, toProfile } from './user-stream';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

/** GET /api/users/me, PUT /api/users/me/language and, for admins, PUT /api/users/{tokenNo} and POST /api/users/{tokenNo}/reset-code. */
export const usersRoutes: FastifyPluginAsyncZod<{ accessCodeTtlMs?: number }> = async (app, options) => {
  const ttlMs = options.accessCodeTtlMs ?? DEFAULT_ACCESS_CODE_TTL_MS;
  app.get(
    '/api/users/me',
    { onRequest: app.requireRole(), schema: { response: { 200: userProfileSchema, ...errors } } },
    async (request) => {
      const user = await loadUser(app.eventStore, currentUser(request).tokenNo);
      if (!user) throw notFound(MESSAGES.userNotFound);
      return toProfile(user);
    },
  );

  app.put(
    '/api/users/me/language',
    { onRequest: app.requireRole(), schema: { body: chooseLanguageBodySchema, response: { 200: chooseLanguageAnswerSchema, ...errors } } },
    async (request) => {
      const actor = currentUser(request);
      const command = { type: 'ChooseLanguage' as const, data: { tokenNo: actor.tokenNo, language: request.body.language } };
      const result = await handle(app.eventStore, chooseLanguage, command, httpCommandContext(request, actor));
      return { position: result.position, language: request.body.language };
    },
  );

  app.put(
    '/api/users/:tokenNo',
    {
      onRequest: app.requireRole('admin'),
      schema: { params: userParamsSchema, body: changeUserBodySchema, response: { 200: changeUserAnswerSchema, ...errors } },
    },
    async (request) => {
      const { tokenNo } = request.params;
      const { role, assignedVehicleType, name, mobile, is_blocked: isBlocked } = request.body;
      const command = { type: 'ChangeUser' as const, data: { tokenNo, role, assignedVehicleType, name, mobile, isBlocked } };
      const result = await handle(app.eventStore, changeUser, command, httpCommandContext(request, currentUser(request)));
      const user = await loadUser(app.eventStore, tokenNo);
      if (!user) throw notFound(MESSAGES.userNotFound);
      return { position: result.position, user: toProfile(user) };
    },
  );

  // The admin hands the code over in person: a password reset for an account, or a recorded driver's new activation code.
  app.post(
    '/api/users/:tokenNo/reset-code',
    { onRequest: app.requireRole('admin'), schema: { params: userParamsSchema, response: { 200: resetCodeAnswerSchema, ...errors } } },
    async (request) => {
      const { tokenNo } = request.params;
      const code = newAccessCode();
      const command = { type: 'IssueAccessCode' as const, data: { tokenNo, codeHash: hashAccessCode(tokenNo, code), ttlMs } };
      const result = await handle(app.eventStore, issueAccessCode, command, httpCommandContext(request, currentUser(request)));
      const issued = issuedCodeAnswer(result, code);
      const message = issued.activationCode ? SERVER_MESSAGES.accessCodeIssued : SERVER_MESSAGES.accessCodeNotShownAgain;
      return { message, tokenNo, ...issued, position: result.position };
    },
  );
};
