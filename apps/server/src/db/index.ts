export { connect, connectConfigured, type DatabaseHandle, type DialectName } from './connect.js';
export { migrateToLatest, migrationsApplied } from './migrations/index.js';
export type { Database } from './schema.js';
