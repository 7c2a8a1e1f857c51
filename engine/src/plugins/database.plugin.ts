import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../database/database';
import { migrateEventStore } from '../event-store/migrations';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import type { EventStore } from '../event-store/event-store';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    eventStore: EventStore;
  }
}

export interface DatabasePluginOptions {
  /** An already open database (tests); otherwise one is opened from the options below. */
  database?: Database;
  url?: string;
  dataDir?: string;
  schema?: string;
}

/** Opens the database, brings the schema up to date, and decorates the app with the event store. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const database = options.database ?? (await openDatabase({ url: options.url, dataDir: options.dataDir, schema: options.schema }));
    await migrateEventStore(database.db);
    app.decorate('database', database);
    app.decorate('eventStore', createPostgresEventStore(database));
    // A borrowed database belongs to whoever opened it.
    if (!options.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);
