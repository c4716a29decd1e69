import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

// The database handle knows no tables: modules query their own tables with the query builder
// (`db.select().from(table)`), so this layer depends on no module. The schema aggregator
// (./schema.ts) only lists every table for drizzle-kit's migrations.
type NoTables = Record<string, never>;
/** The database, on either engine; a transaction is also a Db. */
export type Db = PgDatabase<PgQueryResultHKT, NoTables, ExtractTablesWithRelations<NoTables>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoTables, ExtractTablesWithRelations<NoTables>>;
