import { readinessSchema } from '@site/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

describe('health and readiness', () => {
  const ctx = useTestApp();

  it('/healthz answers while the process is up', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready when the database answers and migrations are applied', async () => {
    const res = await ctx.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(readinessSchema.parse(res.json())).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'applied',
    });
  });

  it('/readyz is 503 when a migration has not been applied', async () => {
    const table = sql.id(...(ctx.database.schema ? [ctx.database.schema] : []), 'kysely_migration');
    const rows = await sql<{ name: string; timestamp: string }>`select * from ${table}`.execute(
      ctx.database.db,
    );
    await sql`delete from ${table}`.execute(ctx.database.db);
    try {
      const res = await ctx.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not-ready',
        database: 'up',
        migrations: 'pending',
      });
    } finally {
      for (const row of rows.rows) {
        await sql`insert into ${table} (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
          ctx.database.db,
        );
      }
    }
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
  });
});
