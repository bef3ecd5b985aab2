// Every table, composed for Drizzle's typed queries. Each domain keeps its tables in db/schema/<domain>.schema.ts.
import * as meta from './schema/meta.schema';

export const tables = { ...meta };
export type Tables = typeof tables;
