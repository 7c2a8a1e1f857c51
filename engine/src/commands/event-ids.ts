import { v5 as uuidv5 } from 'uuid';

// Fixed namespace: the same command id always yields the same event ids, across processes and restarts.
const PLANTRIDE_NAMESPACE = '6f1c1d2e-8a43-4c57-9b0e-3f5b2f7a9c10';

export function eventIdFor(commandId: string, index: number): string {
  return uuidv5(`${commandId}/${index}`, PLANTRIDE_NAMESPACE);
}

/** A command id from a client's Idempotency-Key, scoped to who sent it so keys never collide across users. */
export function commandIdFromKey(scope: string, idempotencyKey: string): string {
  return uuidv5(`${scope}\u0000${idempotencyKey}`, PLANTRIDE_NAMESPACE);
}
