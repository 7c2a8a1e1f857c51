/** A v4 uuid; `crypto.randomUUID` exists only on https and localhost, a plant's http intranet gets the same from random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A 53-bit hash (cyrb53): the key table holds no request bodies (a sign-up's password) longer than the call. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** What makes two sends the same action: the same call with the same body. */
export const actionOf = (method: string, path: string, body: unknown): string => hash(`${method} ${path} ${JSON.stringify(body ?? null)}`);

/**
 * One Idempotency-Key per user action. An action is open from its first send until the server
 * answers it; while it is open, sending the same action again (an automatic retry, or the user
 * tapping again after no answer came) reuses its key, so the engine answers the first result and
 * appends nothing. Once answered, the same call is a new action with a new key.
 */
export class ActionKeys {
  private readonly open = new Map<string, string>();

  constructor(
    private readonly newKey: () => string = newIdempotencyKey,
    private readonly limit = 50,
  ) {}

  keyFor(action: string): string {
    const kept = this.open.get(action);
    if (kept) return kept;
    const key = this.newKey();
    this.open.set(action, key);
    // Actions the user gave up on are forgotten oldest first.
    if (this.open.size > this.limit) this.open.delete(this.open.keys().next().value as string);
    return key;
  }

  /** The server answered this send (done or refused): the action is over. */
  answered(action: string, key: string): void {
    if (this.open.get(action) === key) this.open.delete(action);
  }
}
