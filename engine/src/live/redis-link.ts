import type { Redis, RedisOptions } from 'ioredis';

/**
 * Whether this process hears the other engine processes through Redis: every connection the
 * socket.io adapter uses (the publishing one, and the stream reader and subscriber it duplicates
 * from it) is ready. `onChange` is called when that turns false (one of them dropped) and again
 * when it turns true. ioredis sets a client's status at once and emits the event on the next tick,
 * so the status, not the event's name, says where the client is now.
 */
export class RedisLink {
  private readonly clients: Redis[] = [];
  private wasUp = false;

  constructor(private readonly onChange: (up: boolean) => void) {}

  up(): boolean {
    return this.clients.length > 0 && this.clients.every((client) => client.status === 'ready');
  }

  watch(client: Redis): Redis {
    this.clients.push(client);
    const update = () => {
      const up = this.up();
      if (up === this.wasUp) return;
      this.wasUp = up;
      this.onChange(up);
    };
    client.on('ready', update);
    client.on('close', update);
    client.on('end', update);
    return client;
  }

  /**
   * Runs `create` (the adapter's factory) with every client it duplicates from `client` watched too,
   * and made with `options` over the client's own.
   */
  watchingDuplicates<T>(client: Redis, create: () => T, options: Partial<RedisOptions> = {}): T {
    const own = Object.getOwnPropertyDescriptor(client, 'duplicate');
    const duplicate = client.duplicate.bind(client);
    client.duplicate = ((override?: Partial<RedisOptions>) => this.watch(duplicate({ ...options, ...override }))) as Redis['duplicate'];
    try {
      return create();
    } finally {
      if (own) Object.defineProperty(client, 'duplicate', own);
      else delete (client as { duplicate?: unknown }).duplicate;
    }
  }
}
