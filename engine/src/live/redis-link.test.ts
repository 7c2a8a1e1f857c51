import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisLink } from './redis-link';

/** A client as ioredis keeps one: the status set at once, the event emitted after. */
class FakeClient extends EventEmitter {
  status = 'connecting';

  duplicate(): FakeClient {
    return new FakeClient();
  }

  become(status: 'ready' | 'close' | 'reconnecting' | 'end') {
    this.status = status;
    this.emit(status === 'reconnecting' ? 'close' : status);
  }
}

const asRedis = (client: FakeClient) => client as unknown as Redis;

describe('RedisLink', () => {
  it('given the adapter duplicates two clients from the watched one, then it is up only while all three are ready, and says so once per change', () => {
    const changes: boolean[] = [];
    const link = new RedisLink((up) => changes.push(up));
    const main = new FakeClient();
    const duplicates = link.watchingDuplicates(
      link.watch(asRedis(main)),
      () => [main.duplicate(), main.duplicate()] as unknown as FakeClient[],
    );
    // The factory's own duplicate is restored afterwards.
    expect(Object.hasOwn(main, 'duplicate')).toBe(false);

    main.become('ready');
    duplicates[0]!.become('ready');
    expect(link.up()).toBe(false);
    duplicates[1]!.become('ready');
    expect(link.up()).toBe(true);

    // Redis goes: every connection drops, each retries and fails again.
    duplicates[1]!.become('close');
    main.become('close');
    duplicates[0]!.become('close');
    main.become('reconnecting');
    expect(link.up()).toBe(false);

    for (const client of [main, ...duplicates]) client.become('ready');
    expect(changes).toEqual([true, false, true]);
  });

  it('given a client reports ready after it has already dropped again, then the link stays down', () => {
    const changes: boolean[] = [];
    const link = new RedisLink((up) => changes.push(up));
    const main = new FakeClient();
    link.watch(asRedis(main));
    main.status = 'close';
    main.emit('ready');
    expect(link.up()).toBe(false);
    expect(changes).toEqual([]);
  });
});
