import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { gracefulShutdown } from '../../src/shutdown.js';
import { createTestDatabase } from '../support/index.js';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database and exits 0', async () => {
    const database = await createTestDatabase();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database,
      extend(app) {
        app.get('/ajax/ajaxTestSlow.do', async () => {
          release();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { status: { code: '0', message: '' }, data: { finished: true } };
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/ajax/ajaxTestSlow.do`);
    await started;
    const exits: number[] = [];
    await gracefulShutdown(app, database, 5_000, (code) => exits.push(code))('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { finished: true } });
    expect(exits).toEqual([0]);
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await database.drop();
  });
});
