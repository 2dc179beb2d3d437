import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** The fixed clock the app sees (Unix seconds); tests may move it. */
  now: { value: number };
}

/** 2026-11-22 12:00 Taipei: a fixed moment, so schedules and shelf dates are repeatable. */
export const TEST_NOW = 1_795_320_000;

/**
 * Builds the real app over a fresh database for this test file (beforeAll) and tears both down
 * (afterAll). Read the context inside tests, not at module load.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const ctx = { now: { value: TEST_NOW } } as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://tv.example.test', ...env });
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: () => ctx.now.value,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });
  return ctx;
}
