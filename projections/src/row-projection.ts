import type { Insertable, Kysely, Migration, Updateable } from 'kysely';
import type { DomainEvent, EventType } from '@plantride/schemas';
import type { EventPosition, Projection } from './projection';
import type { ReadModels } from './read-models';

type Table = keyof ReadModels & string;
type RowValues<T extends Table> = Omit<Insertable<ReadModels[T]>, 'last_position'>;

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
  change(event: Exclude<E, { type: C }>, position: EventPosition): Updateable<ReadModels[T]>;
}

/**
 * Rows carry the last stream position applied, so an event delivered twice changes nothing:
 * the create does nothing if the row exists, and a change applies only to an older row.
 */
export function rowProjection<T extends Table, E extends DomainEvent, C extends E['type']>(spec: RowProjectionSpec<T, E, C>): Projection<ReadModels> {
  return {
    name: spec.name,
    handles: spec.handles as readonly EventType[],
    migrations: spec.migrations,
    async apply(domainEvent: DomainEvent, position: EventPosition, db: Kysely<ReadModels>) {
      const event = domainEvent as E;
      // kysely cannot type a query on a table chosen by a type parameter; the spec's types hold instead.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const untyped = db as unknown as Kysely<any>;
      const table: string = spec.table;
      const key: string = spec.key;
      if (event.type === spec.createdBy) {
        await untyped
          .insertInto(table)
          .values({ ...spec.create(event as Extract<E, { type: C }>, position), last_position: position.streamPosition })
          .onConflict((oc) => oc.column(key).doNothing())
          .execute();
        return;
      }
      await untyped
        .updateTable(table)
        .set({ ...(spec.change(event as Exclude<E, { type: C }>, position) as Record<string, unknown>), last_position: position.streamPosition })
        .where(key, '=', spec.keyOf(event))
        .where('last_position', '<', position.streamPosition)
        .execute();
    },
  };
}
