// The product modules the campaigns bench drives, loaded as one module graph: two separate tsImport calls
// would each load their own copy of Kysely, and a handle opened by one would not be recognised as
// PostgreSQL by the other (src/server/db/engine.ts tells the engines apart by the adapter's class).
export { buildApp } from '../../../src/server/app';
export { openDatabase, migrateToLatest } from '../../../src/server/db/database';
export { seedDatabase } from '../../../src/server/seed';
export { MIN_HASH_COST } from '../../../src/server/auth/passwords';
export { CAMPAIGNS } from '../../../src/shared/campaigns';
export { sql } from 'kysely';
export { SQLITE_PRAGMAS } from '../../../src/server/db/sqlite-thread';
