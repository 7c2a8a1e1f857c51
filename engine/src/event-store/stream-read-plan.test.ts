import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countStatements, PREPARED, type SentStatement } from '../database/database';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import type { EventStore } from './event-store';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const literal = (value: unknown): string =>
  Array.isArray(value)
    ? `array[${value.map(literal).join(', ')}]`
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The plan PostgreSQL keeps for a prepared statement once it settles on a generic one: made while
 * the store is small, it is not made again as the store grows (nothing in the engine analyzes the
 * table). So it must read through the index even when a scan of the whole table is cheaper.
 */
async function genericPlanOf(database: TestDatabase, statement: SentStatement): Promise<PlanNode[]> {
  const text = statement.sql.startsWith(PREPARED) ? statement.sql.slice(PREPARED.length) : statement.sql;
  const name = `plan_${randomUUID().replaceAll('-', '')}`;
  // A utility statement takes no bound parameters: EXECUTE gets them as literals.
  const args = statement.parameters.map(literal).join(', ');
  return database.db.connection().execute(async (connection) => {
    await sql.raw(`set plan_cache_mode = force_generic_plan`).execute(connection);
    try {
      await sql.raw(`prepare ${name} as ${text}`).execute(connection);
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) execute ${sql.raw(name)}(${sql.raw(args)})`.execute(
        connection,
      );
      await sql.raw(`deallocate ${name}`).execute(connection);
      const plan = rows[0]!['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>;
      return nodesOf(top!.Plan);
    } finally {
      await sql.raw(`reset plan_cache_mode`).execute(connection);
    }
  });
}

describe.each(testStoreKinds())('reads of named streams on %s', (kind) => {
  let opened: { database: TestDatabase; store: EventStore } | undefined;
  afterEach(async () => opened?.database.dispose());

  const event = (type: string) => ({ eventId: randomUUID(), type, schemaVersion: 1, data: {} });

  const smallStore = async () => {
    opened = await openTestStore(kind);
    for (const stream of ['driver-1', 'ride-1', 'ride-2']) {
      await opened.store.append(stream, 'any', [event('A'), event('B'), event('C'), event('D')], { correlationId: randomUUID() });
    }
    return opened;
  };

  const readsByIndex = async (database: TestDatabase, statements: SentStatement[]) => {
    expect(statements).toHaveLength(1);
    const onEvents = (await genericPlanOf(database, statements[0]!)).filter((node) => node['Relation Name'] === 'events');
    expect(onEvents.length).toBeGreaterThan(0);
    expect(onEvents.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  };

  it.each([
    ['whole streams', undefined],
    [
      'from the last folded event of each',
      new Map([
        ['driver-1', 3],
        ['ride-1', 2],
      ]),
    ],
  ])(
    'given a small store, when a command reads %s, then the plan kept for the statement reads events by the stream index, never by a scan of every event',
    async (_, from) => {
      const { database, store } = await smallStore();
      const { result, statements } = await countStatements(() => store.readStreams(['driver-1', 'ride-1'], from));
      expect([...result.values()].map((events) => events.length)).toEqual(from ? [2, 3] : [4, 4]);
      await readsByIndex(database, statements);
    },
  );

  it('given a small store, when a route reads one stream, then the plan kept for the statement reads events by the stream index', async () => {
    const { database, store } = await smallStore();
    const { result, statements } = await countStatements(() => store.readStream('ride-2'));
    expect(result.map((recorded) => recorded.type)).toEqual(['A', 'B', 'C', 'D']);
    await readsByIndex(database, statements);
  });
});
