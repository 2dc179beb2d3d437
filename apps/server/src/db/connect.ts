import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared.js';
import type { Database } from './schema.js';
import { startCheckpointer } from './sqlite-checkpointer.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the tables live in (tests isolate each file in its own). */
  schema: string | undefined;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: put every table in this schema (created when missing). */
  schema?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: plan without parallel workers. Tests set it: their shared database holds
   * hundreds of schemas, which makes catalog lookups big enough to run in parallel, and a
   * parallel worker sometimes fails to resolve a schema created a moment earlier from the
   * search_path ("schema … does not exist" during migrations under load).
   */
  serialPlans?: boolean;
}

const INT8_OID = 20;

/** Which database a Kysely instance (or a transaction of it) talks to. */
export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The database the settings name: DATABASE_URL, and on PostgreSQL the DATABASE_SCHEMA its tables
 * are in. Every process of the site (server, ingest worker, seed, imports and exports) opens it so.
 */
export function connectConfigured(config: {
  DATABASE_URL: string;
  DATABASE_SCHEMA?: string | undefined;
}): DatabaseHandle {
  return connect(
    config.DATABASE_URL,
    config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {},
  );
}

/** Opens `sqlite:<file>` (`sqlite::memory:` too) or `postgres://…`. */
export function connect(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return connectSqlite(url.slice('sqlite:'.length));
  return connectPostgres(url, options);
}

function connectSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  if (file === ':memory:') {
    return { db, dialect: 'sqlite', schema: undefined, close: () => db.destroy() };
  }
  // Checkpoints happen in a worker thread, never inside a request's commit (sqlite-checkpointer.ts).
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file);
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    close: async () => {
      await db.destroy();
      await checkpointer.stop();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a point query. The same
 * SQL text (values are bound parameters) reuses its prepared statement.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function connectPostgres(url: string, options: ConnectOptions): DatabaseHandle {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    ...connectionWithOptions(url, [
      schema ? `-c search_path=${schema}` : '',
      options.serialPlans ? '-c max_parallel_workers_per_gather=0' : '',
    ]),
    max: options.poolSize ?? 10,
    // bigint columns hold Unix seconds, well inside Number's exact range.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Queries go unnamed on purpose: named (prepared) statements let PostgreSQL switch to a generic
  // plan, which for the search reindex's `owner_id in (…)` reads chose a sequential scan of
  // millions of rows per batch (seconds each instead of milliseconds). Only statements marked
  // by prepared.ts are named.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, dialect: 'postgres', schema, close: () => db.destroy() };
}

/**
 * The URL and its `options` (server settings sent at connect) with ours added. pg lets a URL's
 * `options` replace a configured one, so ours are moved out of the URL and joined to its own:
 * an operator's `?options=-c statement_timeout=…` and DATABASE_SCHEMA both hold.
 */
function connectionWithOptions(
  url: string,
  ours: string[],
): { connectionString: string; options?: string } {
  const added = ours.filter(Boolean);
  if (added.length === 0) return { connectionString: url };
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return {
    connectionString: parsed.toString(),
    options: [given ?? '', ...added].filter(Boolean).join(' '),
  };
}

export async function ensureSchema(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'postgres' && handle.schema) {
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  }
}
