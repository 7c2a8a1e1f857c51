import { apiError } from '@plantride/schemas';
import { translateMessage } from '../i18n/translate-message';
import { ActionKeys, actionOf } from './idempotency';
import { currentToken, useSession } from './session.store';

/** A failed call: `message` is the spec's 'API Error {status}: {body}', `serverMessage` the server's own text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | null,
  ) {
    super(apiError(status, body));
    this.name = 'ApiError';
  }
}

/** A mutation that got no answer (network down, connection dropped, timed out): it may or may not have been done. */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super('No answer from the server.', { cause });
    this.name = 'NoAnswerError';
  }
}

/** The server's text when the call failed with one, else the fallback; in the language the screens speak when the catalogue knows it. */
export const messageOf = (error: unknown, fallback: string): string =>
  translateMessage(error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback);

/** What checks an answer: a zod schema, or a plain parser where zod should not load. */
export interface AnswerParser<T> {
  parse: (value: unknown) => T;
}

interface CallOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: AnswerParser<T>;
  /** Sign-up and sign-in go without the bearer token. */
  anonymous?: boolean;
  /** False for a mutation that is no command (sign-in): it goes once, without an Idempotency-Key. */
  command?: boolean;
  /** Read-your-writes: the engine waits until its read models include this store position. */
  position?: number | null;
  signal?: AbortSignal;
  /** A command sent again later (the offline queue): the key it was first sent or queued with. */
  idempotencyKey?: string;
}

function withPosition(path: string, position: number | null | undefined): string {
  if (!position) return path;
  return `${path}${path.includes('?') ? '&' : '?'}position=${position}`;
}

function serverMessageOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return null;
}

// A mutation that got no answer, or a 502/503/504, is sent again after these waits, with the same key.
export const RETRY_DELAYS_MS = [300, 1000] as const;
const RETRIED_STATUSES = [502, 503, 504];
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Every mutation's action key; see ActionKeys. */
export const actionKeys = new ActionKeys();

async function exchange(path: string, method: string, options: CallOptions<unknown>, token: string | null, key: string | null) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(withPosition(path, options.position), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  return { response, text: await response.text() };
}

/** A command sent until it is answered (at most 1 + RETRY_DELAYS_MS.length times), always under its action's key. */
async function exchangeCommand(path: string, method: string, options: CallOptions<unknown>, token: string | null) {
  const action = actionOf(method, path, options.body);
  const key = options.idempotencyKey ?? actionKeys.keyFor(action);
  for (let attempt = 0; ; attempt += 1) {
    const delay = RETRY_DELAYS_MS[attempt];
    let answer: Awaited<ReturnType<typeof exchange>>;
    try {
      answer = await exchange(path, method, options, token, key);
    } catch (error) {
      // The action stays open: the user's next tap on it sends the same key.
      if (delay === undefined || options.signal?.aborted) throw new NoAnswerError(error);
      await wait(delay);
      continue;
    }
    if (RETRIED_STATUSES.includes(answer.response.status) && delay !== undefined) {
      await wait(delay);
      continue;
    }
    // A 5xx leaves it unknown whether the command was done, so the action stays open for a retry.
    if (answer.response.status < 500) actionKeys.answered(action, key);
    return answer;
  }
}

export async function api<T>(path: string, options: CallOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const token = options.anonymous ? null : currentToken();
  const { response, text } =
    method === 'GET' || options.command === false
      ? await exchange(path, method, options, token, null)
      : await exchangeCommand(path, method, options, token);
  if (!response.ok) {
    // The session ended on the server (expired, signed out elsewhere, blocked): back to sign-in.
    if (response.status === 401 && token) useSession.getState().end('expired');
    throw new ApiError(response.status, text, serverMessageOf(text));
  }
  return options.schema.parse(text === '' ? {} : JSON.parse(text));
}
