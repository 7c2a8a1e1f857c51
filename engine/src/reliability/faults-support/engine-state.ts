import { PROJECTIONS } from '@plantride/projections';

/** A sample's value in Prometheus text (`labels` as written between the braces), or undefined when absent. */
export const gauge = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

/**
 * Whether the engine at `url` serves again after a fault: its health answers 200 (the pool
 * reaches PostgreSQL), it runs every projection and sends the live events again (its locks are
 * taken anew on a new lock connection).
 */
export async function engineRecovered(url: string): Promise<boolean> {
  const health = await fetch(`${url}/api/health`).catch(() => null);
  if (health?.status !== 200) return false;
  const metrics = await fetch(`${url}/metrics`).then(
    (answer) => (answer.ok ? answer.text() : ''),
    () => '',
  );
  return (
    PROJECTIONS.every(({ name }) => gauge(metrics, 'plantride_projection_leading', `projection="${name}"`) === 1) &&
    gauge(metrics, 'plantride_live_gateway_leading') === 1
  );
}
