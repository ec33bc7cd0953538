// The product modules the analytics bench drives, loaded as one module graph: two separate tsImport calls
// would each load their own copy of Kysely, and a handle opened by one would not be recognised as
// PostgreSQL by the other (src/server/db/engine.ts tells the engines apart by the adapter's class).
export * as repository from '../../../src/server/modules/analytics/analytics.repository';
export { openDatabase } from '../../../src/server/db/database';
export { ANALYTICS_LIMITS } from '../../../src/shared/analytics';
