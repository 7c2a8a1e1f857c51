import type { Role } from '@plantride/schemas';
import { seedUsers } from './seed';
import type { TestApp } from './test-app';

/** Seeds these accounts (drivers of Forklifts with their records) and answers each one's bearer token by token number. */
export async function seedPeople(t: TestApp, people: ReadonlyArray<readonly [string, Role]>): Promise<Record<string, string>> {
  await seedUsers(
    t.app,
    people.map(([tokenNo, role]) => ({ tokenNo, role, vehicleType: role === 'driver' ? 'Forklift' : undefined })),
  );
  const tokens: Record<string, string> = {};
  for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  return tokens;
}
