import { z } from 'zod';

// One shape for every domain event so the store, projections and the machine can switch on `type` alone.
export const defineEvent = <T extends string, S extends z.ZodRawShape>(type: T, data: S) =>
  z.object({ type: z.literal(type), data: z.object(data) });
