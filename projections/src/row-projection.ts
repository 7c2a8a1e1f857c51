import type { Insertable, Kysely, Migration, Updateable } from 'kysely';
import type { DomainEvent, EventType } from '@plantride/schemas';
import { batchProjection, type EventPosition, type Projection } from './projection';
import type { ReadModels } from './read-models';
import type { WithTextTimes } from './timestamp';
import { assignDefined, selectWhereIn, upsertRows, type Row } from './batch-writes';

type Table = keyof ReadModels & string;
type RowValues<T extends Table> = WithTextTimes<Omit<Insertable<ReadModels[T]>, 'last_position'>>;

/** A read model of one row per stream: the stream's first event creates it, later ones change it. */
export interface RowProjectionSpec<T extends Table, E extends DomainEvent, C extends E['type']> {
  name: string;
  table: T;
  /** The row's key column; its value is the stream's id. */
  key: keyof ReadModels[T] & string;
  handles: readonly E['type'][];
  migrations: Record<string, Migration>;
  /** The event type that starts the stream and creates the row. */
  createdBy: C;
  keyOf(event: E): string;
  create(event: Extract<E, { type: C }>, position: EventPosition): RowValues<T>;
  /** What the event changes on the row, given the row as the events before it left it. */
  change(event: Exclude<E, { type: C }>, position: EventPosition, row: Readonly<Row>): WithTextTimes<Updateable<ReadModels[T]>>;
  /** The last word on a row the batch changed (the row `create` returned, or the one read), just before it is written. */
  beforeWrite?(row: Row): void;
}

/**
 * Rows carry the last stream position applied, so an event delivered twice changes nothing:
 * the create does nothing if the row exists, and a change applies only to an older row.
 * A batch reads the rows it touches in one statement, folds its events over them in memory
 * and writes the changed rows back in one multi-row upsert.
 */
export function rowProjection<T extends Table, E extends DomainEvent, C extends E['type']>(
  spec: RowProjectionSpec<T, E, C>,
): Projection<ReadModels> {
  return batchProjection<ReadModels>({
    name: spec.name,
    handles: spec.handles as readonly EventType[],
    migrations: spec.migrations,
    async applyBatch(events, db: Kysely<ReadModels>) {
      const keyOf = (event: DomainEvent) => spec.keyOf(event as E);
      const rows = new Map<string, Row>();
      for (const row of await selectWhereIn(
        db,
        spec.table,
        spec.key,
        events.map(({ event }) => keyOf(event)),
      ))
        rows.set(row[spec.key] as string, row);
      const changed = new Set<string>();
      for (const { event, position } of events) {
        const key = keyOf(event);
        const row = rows.get(key);
        if (event.type === spec.createdBy) {
          if (row) continue;
          const created = spec.create(event as Extract<E, { type: C }>, position) as Row;
          created.last_position = position.streamPosition;
          rows.set(key, created);
        } else {
          if (!row || (row.last_position as number) >= position.streamPosition) continue;
          assignDefined(row, spec.change(event as Exclude<E, { type: C }>, position, row));
          row.last_position = position.streamPosition;
        }
        changed.add(key);
      }
      const written = [...changed].map((key) => rows.get(key)!);
      if (spec.beforeWrite) for (const row of written) spec.beforeWrite(row);
      await upsertRows(db, spec.table, [spec.key], written);
    },
  });
}
