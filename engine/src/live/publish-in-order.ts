import type { Namespace } from 'socket.io';

type Publish = (message: unknown) => Promise<string>;

/**
 * Makes a socket.io cluster adapter apply its own operations locally in the order they were issued.
 *
 * A cluster adapter publishes each broadcast (and each join) to Redis and applies it to this
 * process's sockets once the publish has answered, failed or not. Answers come back in order while
 * Redis is up, but not across an outage: a publish that was in flight when Redis went away is
 * retried when it is back, while those issued meanwhile fail at once, so a socket here could hear a
 * later event before an earlier one. Each publish is still sent at once; its answer is only handed
 * over after the answers of those issued before it.
 */
export function publishInOrder<A extends { nsp: Namespace }>(adapter: A): A {
  const target = adapter as unknown as { publishAndReturnOffset: Publish };
  const publish = target.publishAndReturnOffset.bind(adapter);
  let previous: Promise<unknown> = Promise.resolve();
  target.publishAndReturnOffset = (message) => {
    const answer = publish(message);
    // Its failure is handed over in turn (below); until then it must not count as unhandled.
    answer.catch(() => undefined);
    const inTurn = previous.then(() => answer);
    previous = inTurn.catch(() => undefined);
    return inTurn;
  };
  return adapter;
}
