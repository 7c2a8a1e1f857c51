import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

describe('password hashing', () => {
  it('when a password is hashed, then the hash is not the password, names scrypt and its parameters, and verifies', async () => {
    const hash = await hashPassword('plant-4711');
    expect(hash).not.toContain('plant-4711');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('plant-4711', hash)).toBe(true);
  });

  it('given a hash, when a wrong password is checked, then it does not verify', async () => {
    expect(await verifyPassword('plant-4712', await hashPassword('plant-4711'))).toBe(false);
  });

  it('when one password is hashed twice, then the salts differ and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('given cheaper stored parameters, when checked, then the parameters in the hash are used', async () => {
    const hash = await hashPassword('pass', { N: 1024, r: 8, p: 1 });
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pass', hash)).toBe(true);
  });

  it('given a malformed hash or absurd parameters, then nothing verifies', async () => {
    const good = await hashPassword('pass', { N: 1024, r: 8, p: 1 });
    const [, , , , salt, key] = good.split('$');
    for (const bad of [
      '',
      'pass',
      'bcrypt$x',
      `scrypt$0$8$1$${salt}$${key}`,
      `scrypt$${2 ** 30}$8$1$${salt}$${key}`,
      `scrypt$1024$8$1$${salt}$`,
      `${good}$extra`,
    ]) {
      expect(await verifyPassword('pass', bad)).toBe(false);
    }
  });

  it('when an unknown account is checked against the decoy, then it never verifies', async () => {
    expect(await verifyAgainstDecoy('anything')).toBe(false);
  });
});
