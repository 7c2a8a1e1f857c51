import type { Actor, Role } from '@plantride/schemas';
import { forbidden } from './errors';

/** Whether the actor acts in one of `roles`; the system (timers, start-up) may do what any person may. */
export function actsAs(actor: Actor, ...roles: Role[]): boolean {
  return 'system' in actor || roles.includes(actor.role);
}

/** Refuses (403) an actor in none of `roles`: the role rule of a command, decided with the rest of it. */
export function requireActor(actor: Actor, ...roles: Role[]): void {
  if (!actsAs(actor, ...roles)) throw forbidden();
}

/** The person acting, by token number; null for the system. */
export const actorTokenNo = (actor: Actor): string | null => ('tokenNo' in actor ? actor.tokenNo : null);
