import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What a recorded driver's sign-up sends besides his code. */
export interface DriverSignUp {
  token_no: string;
  password: string;
  name?: string;
  mobile?: string;
}

/**
 * A one-time code for a token number as the admin gets it (POST /api/users/{tokenNo}/reset-code):
 * a recorded driver's activation code before he signs up, a password reset code after.
 */
export async function issueAccessCode(app: FastifyInstance, adminToken: string, tokenNo: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/users/${tokenNo}/reset-code`,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (answer.statusCode !== 200) throw new Error(`reset-code for ${tokenNo} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().activationCode as string;
}

/**
 * The operator the admin recorded signs up as that driver, with the activation code the admin hands
 * him (a fresh one, issued here as the admin): what tests that used to sign a recorded driver up
 * with his token number alone now do.
 */
export async function signUpRecordedDriver(app: FastifyInstance, adminToken: string, body: DriverSignUp): Promise<LightMyRequestResponse> {
  const activation_code = await issueAccessCode(app, adminToken, body.token_no);
  return app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...body, activation_code } });
}
