import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { seed } from '../../src/demo/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { outboxMailbox, setMailbox, type TestMailbox } from './outbox.js';
import { fakeConsoleDist, fakeWebDist } from './web-dist.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** The fixed clock the app sees (Unix seconds); tests may move it. */
  now: { value: number };
}

export interface TestAppOptions {
  /** Settings; a function is read when the app is built (after earlier beforeAll hooks ran). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Load the demo data first. */
  seed?: boolean;
  extend?: AppDependencies['extend'];
  /**
   * Where the test reads the app's messages (a file running an SMTP server passes its own);
   * by default the outboxes, in directories of this file's own.
   */
  mailbox?: (outbox: TestMailbox) => TestMailbox;
  /**
   * Share rate counts and cache changes through the Redis at TEST_REDIS_URL when it is set (CI
   * sets it), under a key prefix of this file's own; false keeps the app on its own memory.
   */
  redis?: boolean;
  /** Logger settings (tests that read the logs pass a stream); silent otherwise. */
  logger?: AppDependencies['logger'];
  /**
   * The clock when the app starts (default: the file's clock); once it is ready the clock is
   * back to the file's.
   * For files that write history before TEST_NOW through the modules: the work an instance does
   * at start (the reports' rollups settle every hour that ended an hour before) must see that
   * history as still to come, as it would in a site that was running while it was written.
   */
  startedAt?: number;
}

/**
 * REDIS_URL and a REDIS_KEY_PREFIX no other app uses when TEST_REDIS_URL is set (files run in
 * parallel against one Redis), else nothing.
 */
export function testRedisSettings(): Record<string, string> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return {};
  return {
    REDIS_URL: url,
    REDIS_KEY_PREFIX: `site-test:${crypto.randomBytes(6).toString('hex')}:`,
  };
}

/** 2026-11-22 12:00 Taipei: a fixed moment, so schedules and shelf dates are repeatable. */
export const TEST_NOW = 1_795_320_000;

/**
 * Builds the real app over a fresh database for this test file (beforeAll) and tears both down
 * (afterAll). Read the context inside tests, not at module load.
 */
export function useTestApp(options: TestAppOptions = {}): TestContext {
  const ctx = { now: { value: TEST_NOW } } as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-outbox-'));
    ctx.config = loadConfig({
      MAIL_OUTBOX_DIR: path.join(outboxDir, 'mail'),
      SMS_OUTBOX_DIR: path.join(outboxDir, 'sms'),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://tv.example.test',
      WEB_DIST_DIR: fakeWebDist(),
      CONSOLE_DIST_DIR: fakeConsoleDist(),
      // Tests write titles straight into tables, so cached pages would hide them; the cache has its own test.
      CATALOGUE_CACHE_SECONDS: '0',
      PASSWORD_SCRYPT_COST: '1024',
      // Files that test the limits set their own; the rest sign many members up from one address.
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      ...(options.redis !== false ? testRedisSettings() : {}),
      ...(typeof options.env === 'function' ? options.env() : options.env),
    });
    if (options.seed) await seed(ctx.database, { now: ctx.now.value, passwordCost: 1024 });
    const now = ctx.now.value;
    if (options.startedAt !== undefined) ctx.now.value = options.startedAt;
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: () => ctx.now.value,
      ...(options.extend ? { extend: options.extend } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    await ctx.app.ready();
    ctx.now.value = now;
    const outbox = outboxMailbox(ctx.config.MAIL_OUTBOX_DIR, ctx.config.SMS_OUTBOX_DIR);
    setMailbox(ctx.app, options.mailbox ? options.mailbox(outbox) : outbox);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });
  return ctx;
}
