import type { Actor, Role } from '@plantride/schemas';
import { forbidden } from './errors';

/**
 * Whether the actor acts in one of `roles`; the system (timers, start-up) may do what any person may.
 * A service account (issue #33) acts in none: a decider that lets one act says so itself.
 */
export function actsAs(actor: Actor, ...roles: Role[]): boolean {
  return 'system' in actor || ('role' in actor && roles.includes(actor.role));
}

/** Refuses (403) an actor in none of `roles`: the role rule of a command, decided with the rest of it. */
export function requireActor(actor: Actor, ...roles: Role[]): void {
  if (!actsAs(actor, ...roles)) throw forbidden();
}

/** The person acting, by token number; null for the system. */
export const actorTokenNo = (actor: Actor): string | null => ('tokenNo' in actor ? actor.tokenNo : null);

/** Who acted, as one line: a token number, the system part, or a service account by id. */
export const actorName = (actor: Actor): string => ('tokenNo' in actor ? actor.tokenNo : 'system' in actor ? actor.system : actor.service);
