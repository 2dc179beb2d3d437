import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CATCHUP_PLAYLIST_ROUTE, LIVE_PLAYLIST_ROUTE } from '@site/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { addressList, listed } from './address-list.js';
import { AppError } from './errors.js';

export const METRICS_PATH = '/metrics';

/** Seconds: from a cached page (a millisecond) to a slow export (several seconds). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The live origin's playlists, counted on their own (a CDN in front answers most of them). */
const PLAYLISTS = new Map([
  [LIVE_PLAYLIST_ROUTE, 'live'],
  [CATCHUP_PLAYLIST_ROUTE, 'catchup'],
]);

interface MetricsDeps {
  config: Config;
  db: Kysely<Database>;
  clock: () => number;
}

/**
 * GET /metrics in Prometheus's text format (docs/adr/0057): requests and their times per call,
 * live playlist requests, the ingest queue and its failures, active streams, and the process's
 * own figures. A call is its route's path template (`/live/:channelId/…`), never the address
 * asked, so the labels stay few whatever clients send; a request no route took is `unmatched`.
 * The registry is the app's own, so two apps in one process (tests) keep their own counts.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Requests answered and the time each took, per call (route template), method and status',
    labelNames: ['call', 'method', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const playlists = new Counter({
    name: 'site_live_playlist_requests_total',
    help: 'Live and catch-up playlist requests the origin answered, per kind and status',
    labelNames: ['kind', 'status'],
    registers: [registry],
  });
  registerDatabaseGauges(registry, deps);

  // One child per (call, method, status), found by a string: the per-request cost is a Map
  // lookup and an observe, not prom-client's label hashing (bench list-calls).
  const timers = new Map<string, Histogram.Internal<'call' | 'method' | 'status'>>();
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const call = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${call}`;
    let timer = timers.get(key);
    if (timer === undefined) {
      timer = duration.labels(call, request.method, String(status));
      timers.set(key, timer);
    }
    timer.observe(reply.elapsedTime / 1000);
    const kind = PLAYLISTS.get(call);
    if (kind !== undefined) playlists.inc({ kind, status: String(status) });
    done();
  });

  const allowed = accessRule(deps.config);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Whoever may not read them is answered as if there were no such address.
    if (!allowed(request)) throw new AppError('ROUTE_NOT_FOUND');
    const body = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
  });
  app.addHook('onClose', async () => registry.clear());
}

/** Figures read from the database at each scrape, so they hold for every instance and worker. */
function registerDatabaseGauges(registry: Registry, { db, clock }: MetricsDeps): void {
  new Gauge({
    name: 'site_ingest_jobs',
    help: 'Ingest jobs per state (queued is the queue depth; failed, jobs out of attempts)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('ingest_job')
        .select(['state', sql<number | string>`count(*)`.as('n')])
        .groupBy('state')
        .execute();
      this.reset();
      for (const state of ['queued', 'running', 'done', 'failed', 'cancelled']) {
        this.set({ state }, 0);
      }
      for (const row of rows) this.set({ state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'site_active_streams',
    help: 'Streams playing now (unexpired, unended stream leases; docs/adr/0042)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('stream_lease')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('ended_at', 'is', null)
        .where('expires_at', '>', clock())
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
}

/** METRICS_TOKEN as a bearer token, or a client address in METRICS_ALLOW_FROM; neither: no one. */
function accessRule(config: Config): (request: FastifyRequest) => boolean {
  const addresses = addressList(config.METRICS_ALLOW_FROM);
  const token = config.METRICS_TOKEN;
  // Compared as digests: equal lengths, and the time taken says nothing about the token.
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return (request) => {
    // request.ip is the client's address as TRUSTED_PROXIES allows it to be told.
    if (addresses && listed(addresses, request.ip)) return true;
    const given = request.headers.authorization;
    if (expected === undefined || given === undefined) return false;
    return crypto.timingSafeEqual(digest(given), expected);
  };
}
