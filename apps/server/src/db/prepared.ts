import type { Compilable, CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Queries go to PostgreSQL unnamed, parsed and planned at each run (connect.ts says why). The few
 * that run thousands of times a second with one constant text (the session lookup of every
 * signed-in request, the heartbeat batch) are prepared once per connection instead: a statement
 * whose text starts with this comment is sent as pg's named query. Its text must never vary with
 * its values (arrays, not `in (…)` lists), or pg refuses the second text under the same name.
 */
const PREPARED_MARK = /^\/\* prepared: ([a-z_]+) \*\//;

/** A Kysely query marked to run as the named statement `name` on PostgreSQL. */
export function prepared<R>(name: string, query: Compilable<R>): CompiledQuery<R> {
  const compiled = query.compile();
  return { ...compiled, sql: `/* prepared: ${name} */ ${compiled.sql}` };
}

/** The pool Kysely uses, turning marked statements into named ones. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: string | pg.Submittable, values?: readonly unknown[]) =>
        typeof text === 'string'
          ? client.query({
              name: PREPARED_MARK.exec(text)?.[1],
              text,
              values: values && [...values],
            })
          : client.query(text); // a cursor (Kysely's stream())
      // The cast only bridges pg's and Kysely's overloaded signatures of the same call.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
