import { apiError } from '@plantride/schemas';
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

/** The server's text when the call failed with one, else the fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/** What checks an answer: a zod schema, or a plain parser where zod should not load. */
export interface AnswerParser<T> {
  parse: (value: unknown) => T;
}

interface CallOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: AnswerParser<T>;
  /** Sign-up and sign-in go without the bearer token. */
  anonymous?: boolean;
  /** Read-your-writes: the engine waits until its read models include this store position. */
  position?: number | null;
  signal?: AbortSignal;
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

export async function api<T>(path: string, options: CallOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.anonymous ? null : currentToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(withPosition(path, options.position), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    // The session ended on the server (expired, signed out elsewhere, blocked): back to sign-in.
    if (response.status === 401 && token) useSession.getState().end('expired');
    throw new ApiError(response.status, text, serverMessageOf(text));
  }
  return options.schema.parse(text === '' ? {} : JSON.parse(text));
}
