import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { engagementCalls, logCalls, videoListReplySchema } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { beaconRequest } from '../support/beacon.js';
import {
  newMember,
  newTitle,
  signedInStaff,
  testRedisSettings,
  useTestApp,
  type TestContext,
} from '../support/index.js';

/** The app log's limit per client address per minute (telemetry/routes.ts). */
const APP_LOG_LIMIT = 120;
const entry = JSON.stringify({
  type: 'playbackError',
  contentID: 'SHARED1',
  playerErrorCode: 2,
  videoPosition: 1,
  errorMessage: 'x',
});
const beacon = (app: FastifyInstance, ip: string) =>
  app.inject(beaconRequest(logCalls.insertAppLog, entry, ip));

/** Answers of `n` beacons from `ip`, sent at once, alternating over `apps`. */
async function beacons(apps: FastifyInstance[], ip: string, n: number) {
  const replies = await Promise.all(
    Array.from({ length: n }, (_, i) => beacon(apps[i % apps.length]!, ip)),
  );
  const codes = replies.map((r) => r.statusCode);
  return {
    taken: codes.filter((c) => c === 200).length,
    refused: codes.filter((c) => c === 429).length,
  };
}

/** Another instance of the site: the same database and settings (so the same Redis and prefix). */
async function anotherInstance(ctx: TestContext, settings: Partial<Config> = {}) {
  const config = { ...ctx.config, ...settings };
  const app = await buildApp({ config, database: ctx.database, clock: () => ctx.now.value });
  await app.ready();
  return app;
}

const browse = async (app: FastifyInstance) =>
  videoListReplySchema
    .parse(
      (await app.inject('/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=shared')).json(),
    )
    .data.videoList.video.map((v) => v.contentId)
    .sort();

/**
 * Several instances sharing Redis (docs/adr/0056; issue 27 item 1): one rate budget, catalogue
 * caches dropped everywhere at once, and serving on while Redis is away. Runs when
 * TEST_REDIS_URL names a Redis (CI starts one), on each database.
 */
describe.runIf(process.env.TEST_REDIS_URL)('instances sharing Redis', () => {
  const ctx = useTestApp({
    env: { CATALOGUE_CACHE_SECONDS: '3600', RATE_LIMIT_DRAW_PER_IP: '10' },
  });
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await anotherInstance(ctx);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('counts an address against one budget whichever instance answers', async () => {
    const { taken, refused } = await beacons([ctx.app, other], '10.27.0.1', 200);
    expect({ taken, refused }).toEqual({ taken: APP_LOG_LIMIT, refused: 200 - APP_LOG_LIMIT });
  });

  it('counts a member’s prize draws against one budget on every instance', async () => {
    const member = await newMember(ctx.app, { 'x-forwarded-for': '10.27.0.2' });
    const cookie = [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const draw = (app: FastifyInstance) =>
      app.inject({
        url: `${engagementCalls.drawActivity}?activityId=NO-SUCH-DRAW`,
        remoteAddress: '10.27.0.2',
        headers: { cookie, 'x-csrf-token': member.browser.cookies.get('csrf')! },
      });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => draw(i % 2 === 0 ? ctx.app : other)),
    );
    const refused = replies.filter((r) => r.statusCode === 429).length;
    // Ten per address a minute (RATE_LIMIT_DRAW_PER_IP), not ten per instance.
    expect(refused).toBe(20);
    expect(replies.every((r) => r.statusCode !== 401)).toBe(true);
  });

  it('drops a catalogue page from every instance’s cache when the console changes a title', async () => {
    const db = ctx.database.db;
    await newTitle(db, { content_id: 'SH1', main_category_id: 'shared', subcategory_id: 'sh' });
    await newTitle(db, { content_id: 'SH2', main_category_id: 'shared', subcategory_id: 'sh' });
    await db.updateTable('title').set({ state: 'draft' }).where('content_id', '=', 'SH2').execute();
    expect(await browse(other)).toEqual(['SH1']);
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const published = await browser.post('/console/api/titles/SH2/publish', { version: 0 });
    expect(published.statusCode, published.body).toBe(200);
    expect(await browse(ctx.app)).toEqual(['SH1', 'SH2']);
    // The other instance hears it on Redis a moment later (its page would otherwise stay an hour).
    await vi.waitFor(async () => expect(await browse(other)).toEqual(['SH1', 'SH2']), {
      timeout: 5000,
      interval: 20,
    });
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throwaway redis-server (nothing saved), answering PING before this returns. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  await vi.waitFor(async () => expect(await probe.ping()).toBe('PONG'), { timeout: 10_000 });
  probe.disconnect();
  return child;
}

describe.runIf(process.env.TEST_REDIS_URL)('an instance whose Redis goes away', () => {
  const ctx = useTestApp({ redis: false, env: { CATALOGUE_CACHE_SECONDS: '3600' } });
  let port: number;
  let redis: ChildProcess;
  let app: FastifyInstance;
  let probe: Redis;
  const prefix = testRedisSettings().REDIS_KEY_PREFIX ?? 'site-test:gone:';

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    probe = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    app = await anotherInstance(ctx, {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await app?.close();
    probe?.disconnect();
    redis?.kill('SIGKILL');
  });

  /** How many requests from `ip` Redis holds for the app log in this window. */
  const sharedCount = async (ip: string) => {
    const now = ctx.now.value;
    return Number(await probe.get(`${prefix}rl:app-log:${now - (now % 60)}:${ip}`));
  };

  it('keeps serving, limiting per instance, while Redis is away, and shares again once it is back', async () => {
    await vi.waitFor(
      async () => {
        expect((await beacon(app, '10.27.1.1')).statusCode).toBe(200);
        expect(await sharedCount('10.27.1.1')).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 50 },
    );
    await newTitle(ctx.database.db, {
      content_id: 'GONE1',
      main_category_id: 'shared',
      subcategory_id: 'sh',
    });
    expect(await browse(app)).toEqual(['GONE1']);

    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    // Every request is still answered: the limit is this instance's own count meanwhile.
    expect(await beacons([app], '10.27.1.2', 130)).toEqual({ taken: APP_LOG_LIMIT, refused: 10 });
    expect(await browse(app)).toEqual(['GONE1']);
    // A change made while this instance could hear nothing...
    await newTitle(ctx.database.db, {
      content_id: 'GONE2',
      main_category_id: 'shared',
      subcategory_id: 'sh',
    });

    redis = await startRedis(port);
    // ...is not missed: back on Redis, the instance drops its caches and counts there again.
    await vi.waitFor(
      async () => {
        expect((await beacon(app, '10.27.1.3')).statusCode).toBe(200);
        expect(await sharedCount('10.27.1.3')).toBeGreaterThan(0);
        expect(await browse(app)).toEqual(['GONE1', 'GONE2']);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
