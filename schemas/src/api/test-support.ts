import type { z } from 'zod';

// The first issue's text is what the engine answers with, so tests assert on exactly that.
export function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}
