import { describe, expect, it } from 'vitest';
import type { Namespace } from 'socket.io';
import { publishInOrder } from './publish-in-order';

/** An adapter whose publishes answer when the test says, in any order. */
function fakeAdapter() {
  const pending: Array<{ message: string; answer: (offset: string) => void; fail: (error: Error) => void }> = [];
  const adapter = {
    nsp: {} as Namespace,
    publishAndReturnOffset: (message: string) =>
      new Promise<string>((answer, fail) => {
        pending.push({ message, answer, fail });
      }),
  };
  return { adapter, pending };
}

describe('publishInOrder (the cluster adapter across a Redis outage)', () => {
  it('given publishes answered out of order (one retried after an outage, later ones failed at once), when they settle, then each is handed over in the order it was issued, and each is sent at once', async () => {
    const { adapter, pending } = fakeAdapter();
    const ordered = publishInOrder(adapter) as unknown as { publishAndReturnOffset: (message: string) => Promise<string> };
    const applied: string[] = [];
    const apply = (name: string) =>
      ordered.publishAndReturnOffset(name).then(
        (offset) => applied.push(`${name}@${offset}`),
        () => applied.push(`${name} (not published)`),
      );
    const all = Promise.all(['40', '43', '44'].map(apply));
    expect(pending.map((p) => p.message)).toEqual(['40', '43', '44']);
    pending[1]!.fail(new Error('Reached the max retries per request limit'));
    pending[2]!.fail(new Error('Reached the max retries per request limit'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(applied).toEqual([]);
    pending[0]!.answer('1-0');
    await all;
    expect(applied).toEqual(['40@1-0', '43 (not published)', '44 (not published)']);
  });
});
