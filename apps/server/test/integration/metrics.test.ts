import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { newMember, useTestApp, type TestContext } from '../support/index.js';

const TOKEN = 'metrics-token-0123456789';
const get = (ctx: TestContext, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ url: '/metrics', headers, remoteAddress });

/** The figure of one series in a Prometheus text page, or undefined when it is not there. */
function figure(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics (issue 26 item 8; docs/adr/0057), on each database. */
describe('/metrics with nothing configured', () => {
  const ctx = useTestApp();

  it('answers 404 whoever asks, with or without a token', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { authorization: '' },
    ] as Record<string, string>[]) {
      const res = await get(ctx, headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('site_http_request_duration_seconds');
    }
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  const ctx = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  it('answers 404 without the token or with another one, as if there were no such address', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) expect((await get(ctx, headers)).statusCode).toBe(404);
  });

  it('gives request counts and times per call template, live playlists, the ingest queue and active streams', async () => {
    const db = ctx.database.db;
    const now = ctx.now.value;
    await ctx.app.inject('/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=m1');
    await ctx.app.inject('/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=m2');
    await ctx.app.inject({ method: 'POST', url: '/no/such/call/xyz123' });
    const playlist = await ctx.app.inject(`/live/ch01/${now + 600}/bad-signature/master.m3u8`);
    await db
      .insertInto('ingest_job')
      .values(
        ['queued', 'queued', 'failed'].map((state, i) => ({
          job_id: `metrics-job-${i}`,
          kind: 'transcode',
          state: state as 'queued' | 'failed',
          lane: 'short',
          max_attempts: 3,
          source_path: `uploads/m${i}`,
          options: '{}',
          result: null,
          error: state === 'failed' ? 'ffmpeg exited 1' : null,
          locked_by: null,
          lease_until_ms: null,
          run_after_ms: now * 1000,
          created_ms: now * 1000,
          updated_ms: now * 1000,
        })),
      )
      .execute();
    const { accountId } = await newMember(ctx.app);
    const lease = {
      account_id: accountId,
      device_id: 'D1',
      sub_account_uid: 'U1',
      playing_kind: 'title' as const,
      playing_id: 'T1',
      started_at: now - 60,
      renewed_at: now - 10,
      end_reason: null,
    };
    await db
      .insertInto('stream_lease')
      .values([
        { ...lease, stream_id: 'playing', expires_at: now + 80, ended_at: null },
        { ...lease, stream_id: 'stopped', expires_at: now + 80, ended_at: now - 5 },
        { ...lease, stream_id: 'lapsed', expires_at: now - 1, ended_at: null },
      ])
      .execute();

    const res = await get(ctx, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body;
    const browse = 'call="/ajax/ajaxFilterCategoryVideoListData.do",method="GET",status="200"';
    expect(figure(page, `site_http_request_duration_seconds_count{${browse}}`)).toBe(2);
    expect(figure(page, `site_http_request_duration_seconds_bucket{le="+Inf",${browse}}`)).toBe(2);
    // Never the address asked: no query strings, no made-up paths.
    expect(page).not.toContain('mainCategoryId');
    expect(page).not.toContain('xyz123');
    expect(page).toContain('call="unmatched",method="POST",status="404"');
    expect(
      figure(
        page,
        `site_live_playlist_requests_total{kind="live",status="${playlist.statusCode}"}`,
      ),
    ).toBe(1);
    expect(figure(page, 'site_ingest_jobs{state="queued"}')).toBe(2);
    expect(figure(page, 'site_ingest_jobs{state="failed"}')).toBe(1);
    expect(figure(page, 'site_ingest_jobs{state="running"}')).toBe(0);
    expect(figure(page, 'site_active_streams')).toBe(1);
    expect(page).toContain('process_cpu_seconds_total');
  });
});

describe('/metrics to the addresses in METRICS_ALLOW_FROM', () => {
  const ctx = useTestApp({ env: { METRICS_ALLOW_FROM: '10.9.0.0/16, 192.0.2.7' } });

  it('answers a listed address or range, and no one else', async () => {
    expect((await get(ctx, {}, '10.9.4.2')).statusCode).toBe(200);
    expect((await get(ctx, {}, '192.0.2.7')).statusCode).toBe(200);
    expect((await get(ctx, {}, '::ffff:10.9.0.1')).statusCode).toBe(200);
    expect((await get(ctx, {}, '10.8.255.255')).statusCode).toBe(404);
    expect((await get(ctx, {}, '127.0.0.1')).statusCode).toBe(404);
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES (none here)', async () => {
    const res = await get(ctx, { 'x-forwarded-for': '10.9.4.2' }, '127.0.0.1');
    expect(res.statusCode).toBe(404);
  });
});

describe('/metrics behind a trusted proxy', () => {
  const ctx = useTestApp({
    env: { METRICS_ALLOW_FROM: '10.9.0.0/16', TRUSTED_PROXIES: '127.0.0.1' },
  });

  it('judges the client address the proxy reports', async () => {
    expect((await get(ctx, { 'x-forwarded-for': '10.9.4.2' })).statusCode).toBe(200);
    expect((await get(ctx, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    // The proxy's own address is not on the list.
    expect((await get(ctx)).statusCode).toBe(404);
  });
});

describe('the metrics settings', () => {
  it('refuse an allow-list entry that is not an address or range, and a short token', () => {
    expect(() => loadConfig({ METRICS_ALLOW_FROM: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW_FROM/);
    expect(() => loadConfig({ METRICS_ALLOW_FROM: 'prometheus.local' })).toThrow(
      /METRICS_ALLOW_FROM/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_ALLOW_FROM: '10.0.0.0/8,::1,fd00::/8' }).METRICS_ALLOW_FROM).toBe(
      '10.0.0.0/8,::1,fd00::/8',
    );
  });
});
