import { appLogBodySchema, logCalls } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { appLogRow, insertAppLogRows } from '../../src/modules/telemetry/app-log.js';
import { removeRowsBefore } from '../../src/db/remove-old-rows.js';
import { beaconRequest, expectErrorEnvelope } from '../support/beacon.js';
import { newMember, useTestApp } from '../support/index.js';

/** What a page's navigator.sendBeacon(url, JSON.stringify(entry)) sends. */
const beacon = (body: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  beaconRequest(logCalls.insertAppLog, body, remoteAddress, headers);

const entry = (contentID: string, extra: Record<string, unknown> = {}) => ({
  type: 'playbackError',
  contentID,
  playerErrorCode: 2,
  videoPosition: 12.345,
  errorMessage: 'connection lost (fragLoadError)',
  ...extra,
});

/** POST /sas/InsertAppLog (issue 12 item 2; docs/adr/0024-player.md), on each database. */
describe('the app log', () => {
  const ctx = useTestApp({ seed: true });

  const rowsFor = (contentId: string) =>
    ctx.database.db
      .selectFrom('app_log')
      .selectAll()
      .where('content_id', '=', contentId)
      .orderBy('log_id')
      .execute();

  it('stores a valid playbackError sent as a beacon (text/plain) and as JSON', async () => {
    const res = await ctx.app.inject(
      beacon(JSON.stringify(entry('LOG0001')), '10.1.0.1', { 'user-agent': 'TestAgent/1.0' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: { code: '0', message: '' }, data: {} });

    const json = await ctx.app.inject({
      ...beacon(
        JSON.stringify(entry('LOG0001', { playType: 'LIVE', playerErrorCode: 0 })),
        '10.1.0.1',
      ),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(json.statusCode).toBe(200);

    // The reply comes once the row is committed, so it is there now.
    const rows = await rowsFor('LOG0001');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      log_type: 'playbackError',
      play_type: 'VOD',
      player_error_code: 2,
      video_position_ms: 12_345,
      error_message: 'connection lost (fragLoadError)',
      sub_account_uid: null,
      user_agent: 'TestAgent/1.0',
      received_at: ctx.now.value,
    });
    expect(rows[1]).toMatchObject({ play_type: 'LIVE', player_error_code: 0 });
  });

  it('names the signed-in sub-account that sent it', async () => {
    const member = await newMember(ctx.app, { 'x-forwarded-for': '10.1.0.2' });
    const res = await member.browser.post(logCalls.insertAppLog, entry('LOG0002'), {
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsFor('LOG0002');
    expect(row?.sub_account_uid).toBe(member.uid);
  });

  it('writes a burst of entries in batches, every one answered', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ctx.app.inject(
          beacon(JSON.stringify(entry('LOG0003', { videoPosition: i })), `10.1.1.${i}`),
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    const rows = await rowsFor('LOG0003');
    expect(rows.map((r) => r.video_position_ms).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i * 1000),
    );
  });

  it('refuses a 1 MB body with 413 before reading it', async () => {
    const big = JSON.stringify(entry('LOG0004', { errorMessage: 'x'.repeat(1024 * 1024) }));
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await ctx.app.inject(beacon(big, '10.1.0.4', { 'content-type': type }));
      expect(res.statusCode).toBe(413);
      expectErrorEnvelope(res.body, 'PAYLOAD_TOO_LARGE');
    }
    expect(await rowsFor('LOG0004')).toEqual([]);
  });

  it('refuses malformed JSON and invalid entries with a 400 envelope', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await ctx.app.inject(
        beacon('{"type":"playbackError",', '10.1.0.5', { 'content-type': type }),
      );
      expect(res.statusCode).toBe(400);
      expectErrorEnvelope(res.body, 'BAD_INPUT');
    }
    for (const bad of [
      entry('LOG0005', { type: 'somethingElse' }),
      entry('LOG0005', { playerErrorCode: 'two' }),
      entry('LOG0005', { videoPosition: -1 }),
      entry('LOG0005', { contentID: '../etc' }),
      entry('LOG0005', { errorMessage: 'x'.repeat(501) }),
      entry('LOG0005', { extra: 'field' }),
      entry('LOG0005', { errorMessage: 'nul\u0000byte' }),
    ]) {
      const res = await ctx.app.inject(beacon(JSON.stringify(bad), '10.1.0.5'));
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expectErrorEnvelope(res.body, 'BAD_INPUT');
    }
    expect(await rowsFor('LOG0005')).toEqual([]);
  });

  it('takes beacons only from our own pages', async () => {
    const body = JSON.stringify(entry('LOG0006'));
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const res = await ctx.app.inject(beacon(body, '10.1.0.6', headers));
      expect(res.statusCode).toBe(403);
      expectErrorEnvelope(res.body, 'FORBIDDEN');
    }
    // No browser metadata at all: not a browser, so no ambient cookie to abuse (rate-limited).
    const script = await ctx.app.inject({
      method: 'POST',
      url: logCalls.insertAppLog,
      remoteAddress: '10.1.0.6',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(script.statusCode).toBe(200);
    expect(await rowsFor('LOG0006')).toHaveLength(1);
  });

  it('answers GET with 405', async () => {
    const res = await ctx.app.inject({ url: logCalls.insertAppLog, remoteAddress: '10.1.0.7' });
    expect(res.statusCode).toBe(405);
    expectErrorEnvelope(res.body, 'METHOD_NOT_ALLOWED');
  });

  it('limits each client address to 120 entries a minute (429), others unaffected', async () => {
    const body = JSON.stringify(entry('LOG0008'));
    const replies = await Promise.all(
      Array.from({ length: 125 }, () => ctx.app.inject(beacon(body, '10.1.0.8'))),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(120);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expectErrorEnvelope(refused[0]!.body, 'TOO_MANY_REQUESTS');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor('LOG0008')).toHaveLength(120);

    // Another address still logs; the next window lets the first one in again.
    expect((await ctx.app.inject(beacon(body, '10.1.0.9'))).statusCode).toBe(200);
    ctx.now.value += 60;
    expect((await ctx.app.inject(beacon(body, '10.1.0.8'))).statusCode).toBe(200);
  });

  describe('keeping APP_LOG_KEEP_DAYS (90) of entries', () => {
    const DAY = 86_400;
    const addAt = (contentID: string, at: number) =>
      insertAppLogRows(ctx.database.db, [
        appLogRow(appLogBodySchema.parse(entry(contentID)), {
          subAccountUid: null,
          userAgent: 'T',
          now: at,
        }),
      ]);
    const contents = async (prefix: string) =>
      (
        await ctx.database.db
          .selectFrom('app_log')
          .select('content_id')
          .where('content_id', 'like', `${prefix}%`)
          .orderBy('content_id')
          .execute()
      ).map((r) => r.content_id);

    it('removes the entries before the first kept second, days of them oldest first, and nothing after', async () => {
      const from = ctx.now.value - 90 * DAY;
      // Old entries over three days (removed a day a statement; the last statement's bound is
      // the first kept second itself), the second before it, then the first kept second and now.
      const old = [from - 3 * DAY + 5, from - 2 * DAY, from - DAY + 60, from - 1];
      const kept = [from, from + 1, ctx.now.value];
      for (const [i, at] of [...old, ...kept].entries()) await addAt(`KEEP${i}`, at);
      expect(await removeRowsBefore(ctx.database.db, 'app_log', 'received_at', from)).toBe(
        old.length,
      );
      expect(await contents('KEEP')).toEqual(['KEEP4', 'KEEP5', 'KEEP6']);
      expect(await removeRowsBefore(ctx.database.db, 'app_log', 'received_at', from)).toBe(0);
    });

    it('removes them when an instance starts', async () => {
      const later = ctx.now.value + 30 * DAY;
      const goneBy = later - 90 * DAY;
      await addAt('START1', goneBy - 60);
      await addAt('START2', goneBy);
      const { url, schema } = ctx.database;
      const database = connect(url, schema ? { schema } : {});
      const other = await buildApp({ config: ctx.config, database, clock: () => later });
      try {
        await other.ready();
        // The removal runs beside the start, not before it: wait for it.
        for (let i = 0; i < 100 && (await contents('START')).includes('START1'); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await contents('START')).toEqual(['START2']);
      } finally {
        await other.close();
        await database.close();
      }
    });
  });
});
