import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const trustProxyOf = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('when it is unset, blank or 0, then no proxy is trusted', () => {
    expect([trustProxyOf(), trustProxyOf(''), trustProxyOf(' '), trustProxyOf('0')]).toEqual([false, false, false, false]);
  });

  it('when it is a number, then it is a hop count', () => {
    expect(trustProxyOf('2')).toBe(2);
  });

  it('when it lists addresses and ranges, then each is kept as written', () => {
    expect(trustProxyOf(' 10.0.0.1, 172.16.0.0/12,fd00::/8 , loopback,192.168.1.0/255.255.255.0')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
      '192.168.1.0/255.255.255.0',
    ]);
  });

  it.each(['true', '*', 'proxy.plant.local', '10.0.0.0/33', '10.0.0.1/8/8', '-1', '10.0.0.1,nope'])(
    'when it is %j, then the configuration is refused',
    (value) => {
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
    },
  );
});
