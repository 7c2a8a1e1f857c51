import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { CommandContext } from '../commands/command-handler';

// Fixed namespace: the same command always derives the same follow-up ids, across processes and restarts.
const FOLLOW_UP_NAMESPACE = 'c3a5e0f4-52a8-4d0e-9a57-1f6b8c2d7e91';

/**
 * The context of a command that another one causes (block the driver, redistribute his ride, unblock
 * him). Its id derives from the cause's, so a retried cause finds each follow-up already done
 * instead of doing it twice.
 */
export function followUp(cause: CommandContext, step: string): CommandContext {
  return {
    ...cause,
    commandId: uuidv5(`${cause.commandId}/${step}`, FOLLOW_UP_NAMESPACE),
    correlationId: cause.correlationId ?? cause.commandId,
    causationId: cause.commandId,
    idempotent: true,
  };
}

/** A maintenance request's id, derived from the command that files it, so a retry files the same request. */
export function requestIdFor(commandId: string): string {
  return `M${createHash('sha256').update(commandId).digest().readUIntBE(0, 5).toString(36).toUpperCase().padStart(8, '0')}`;
}
