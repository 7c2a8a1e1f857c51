import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveChecked, urlProblem, type Resolver } from './outbound-url';

describe('where webhooks may go', () => {
  const policy = { allowedHosts: ['erp.plant.example', '*.mes.example', '169.254.169.254', '127.0.0.1'], allowPrivate: false };

  it('given allowed hosts, then a URL on one is accepted and any other host, scheme or credentials is refused with the reason', () => {
    expect(urlProblem('https://erp.plant.example/hooks/plantride', policy)).toBeNull();
    expect(urlProblem('https://line4.mes.example/in', policy)).toBeNull();
    expect(urlProblem('https://mes.example.evil.com/in', policy)).toContain('mes.example.evil.com');
    expect(urlProblem('https://erp.plant.example.evil.com/', policy)).toContain('may not go to');
    expect(urlProblem('ftp://erp.plant.example/x', policy)).toBe('url must be an absolute http or https URL.');
    expect(urlProblem('not a url', policy)).toBe('url must be an absolute http or https URL.');
    expect(urlProblem('https://user:pw@erp.plant.example/', policy)).toBe('url must not carry a user name or password.');
  });

  it('given loopback, private, link-local or metadata addresses, then they are refused even when listed, unless private addresses are allowed', () => {
    expect(urlProblem('http://169.254.169.254/latest/meta-data', policy)).toContain('private or local');
    expect(urlProblem('http://127.0.0.1:9000/hook', policy)).toContain('private or local');
    expect(urlProblem('http://127.0.0.1:9000/hook', { ...policy, allowPrivate: true })).toBeNull();
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '203.0.113.7', '2001:db8::1']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('given a name that resolves to a local address, then delivery is refused at send time', async () => {
    await expect(resolveChecked('http://localhost:9000/hook', policy)).rejects.toThrow(/private or local/);
    await expect(resolveChecked('http://localhost:9000/hook', { ...policy, allowPrivate: true })).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });

  it('given a name with a public and a private address, then every address is checked and it is refused', async () => {
    const resolve: Resolver = async () => [
      { address: '203.0.113.7', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(resolveChecked('https://erp.plant.example/hook', policy, resolve)).rejects.toThrow('(10.0.0.5)');
    const publicOnly: Resolver = async () => [{ address: '203.0.113.7', family: 4 }];
    await expect(resolveChecked('https://erp.plant.example/hook', policy, publicOnly)).resolves.toEqual({
      address: '203.0.113.7',
      family: 4,
    });
  });
});
