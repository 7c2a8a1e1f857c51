import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { VdaState } from './protocol';
import { VirtualAgv } from './virtual-agv';

const USAGE = `Usage: npm run agv -- --node <startNodeId> [--url mqtt://127.0.0.1:1883]
       [--manufacturer PlantRide] [--serial AMR-1] [--step-ms 1500] [--action-ms 1000]

Runs a virtual AMR that speaks VDA 5050 2.1 on the broker, standing at <startNodeId>,
and prints a line each time its state changes. Ctrl-C says OFFLINE and stops.
`;

const OPTIONS = {
  url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
  manufacturer: { type: 'string', default: 'PlantRide' },
  serial: { type: 'string', default: 'AMR-1' },
  node: { type: 'string' },
  'step-ms': { type: 'string', default: '1500' },
  'action-ms': { type: 'string', default: '1000' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What an operator watching the demo wants per change; the header is left out so repeats compare equal. */
export function stateLine(state: VdaState): string {
  const actions = state.actionStates.map((action) => `${action.actionType ?? '?'}:${action.actionId}=${action.actionStatus}`);
  const errors = state.errors.map((error) => `${error.errorLevel} ${error.errorType}`);
  return [
    `order=${state.orderId || '-'}/${state.orderUpdateId}`,
    `at=${state.lastNodeId}`,
    state.driving ? 'driving' : 'standing',
    `actions=[${actions.join(' ')}]`,
    ...(errors.length > 0 ? [`errors=[${errors.join(', ')}]`] : []),
    ...(state.paused ? ['paused'] : []),
  ].join(' ');
}

function milliseconds(value: string, name: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`--${name} must be a whole number of milliseconds`);
  return ms;
}

export async function main(argv: readonly string[]): Promise<number> {
  let agv: VirtualAgv;
  let url: string;
  try {
    const { values } = parseArgs({ args: [...argv], options: OPTIONS });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (!values.node) throw new Error('--node is required');
    url = values.url;
    agv = new VirtualAgv({
      mqttUrl: values.url,
      manufacturer: values.manufacturer,
      serialNumber: values.serial,
      startNodeId: values.node,
      stepMs: milliseconds(values['step-ms'], 'step-ms'),
      actionMs: milliseconds(values['action-ms'], 'action-ms'),
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  process.stdout.write(`${url}: ${agv.topic('order')} connecting; Ctrl-C to stop\n`);
  let previous = '';
  agv.onState((state) => {
    const line = stateLine(state);
    if (line !== previous) process.stdout.write(`${state.timestamp} ${line}\n`);
    previous = line;
  });
  try {
    await agv.start();
  } catch (error) {
    process.stderr.write(`Cannot connect to ${url}: ${(error as Error).message}\n`);
    return 1;
  }
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await agv.stop();
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
