import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import { audienceOf } from '../../apps/server/src/modules/catalogue/audience.js';
import { writeBatch } from '../../apps/server/src/modules/lists/heartbeat-writer.js';
import type { Config } from '../../apps/server/src/config.js';
import { check } from '../lib/check.js';
import { SignUpLinks } from '../lib/outbox.js';
import { cpuCounters } from '../lib/cpu-time.js';
import { lagNote, runPacedPair } from '../lib/paced-load.js';
import { serverCpuRatio } from '../lib/report.js';
import type { Benchmark, LoadResult } from '../lib/types.js';

const HISTORY_ROWS = 1000;
const HISTORY_PATH =
  '/ajax/ajaxFindVideoListData.do?menuType=ViewRecord&maxRecord=20&startIndex=40';
const KEEP_WATCH_PATH = '/ajax/ajaxFindVideoListData.do?menuType=KeepWatch&maxRecord=20';
const COUNTS_PATH = '/ajax/ajaxFindVideoListCount.do';
/** What a viewer opening the my-list screen asks: the counts, a tab, another tab. */
const MIX = [COUNTS_PATH, HISTORY_PATH, KEEP_WATCH_PATH];
const CEILING_PATH = '/ajax/ajaxGetIsLogin.do';
/**
 * List calls offered per second: 90,000 viewers on an instance (the heartbeat benchmark's figure)
 * each opening their lists every three minutes. The p99 is taken at that rate; the saturation
 * figures (as fast as 10 connections get answers) are in the notes.
 */
const OFFERED_PER_SECOND = 500;
const SATURATION_CONNECTIONS = 10;

/** The viewer the server child prepares; the runner reads it from /__bench/list-viewer. */
let viewer: { cookie: string } | undefined;
/** The server's mail outbox, where the viewer's sign-up link arrives (docs/adr/0044). */
let mailOutboxDir = '';

/**
 * List calls for a sub-account with 1,000 history rows and 1,000 titles in continue watching
 * (issue 5: p99 ≤ 15 ms): the counts, history page 3 and continue watching page 1 in turn, for
 * one signed-in viewer. The ceiling is the same viewer asking whether it is logged in (the
 * session lookup every list call also pays), at the same rate.
 */
export const listCalls: Benchmark = {
  name: 'list-calls',
  description:
    `Counts, history page 3 and continue watching of a sub-account with ${HISTORY_ROWS} history rows ` +
    `at ${OFFERED_PER_SECOND}/s vs the same signed-in viewer's ajaxGetIsLogin.do at that rate.`,
  target: {
    maxP99Ms: 15,
    maxCpuRatio: 2,
    source:
      'issue 5: list calls p99 ≤ 15 ms with 1,000 history rows; issue 20: server CPU per list ' +
      'call ≤ 2× the session lookup every list call pays (the ceiling)',
  },

  server: {
    extend(app: FastifyInstance, config: Config) {
      mailOutboxDir = config.MAIL_OUTBOX_DIR;
      app.get('/__bench/list-viewer', async () => viewer ?? {});
    },
    async ready(app: FastifyInstance, database: DatabaseHandle) {
      // A visitor's CSRF token is one the server minted (http/csrf.ts): ask for it first.
      const visit = await app.inject('/ajax/ajaxGetLoginInfo.do');
      const csrf = visit.cookies.find((c) => c.name === 'csrf')?.value ?? '';
      const loginId = `lists-${Date.now()}@bench.example`;
      const headers = { cookie: `csrf=${csrf}`, 'x-csrf-token': csrf };
      const asked = await app.inject({
        method: 'POST',
        url: '/ajax/ajaxSignUp.do',
        headers,
        payload: { loginId, password: 'bench1234' },
      });
      if (asked.statusCode !== 200) throw new Error(`sign-up failed: ${asked.body}`);
      const token = new SignUpLinks(mailOutboxDir).tokenFor(loginId);
      if (!token) throw new Error(`no sign-up link mailed to ${loginId}`);
      const res = await app.inject({
        method: 'POST',
        url: '/ajax/ajaxConfirmSignUp.do',
        headers,
        payload: { token },
      });
      const sid = res.cookies.find((c) => c.name === 'sid')?.value;
      const uid = (res.json() as { data: { uId: string } }).data.uId;
      if (!sid) throw new Error(`sign-up failed: ${res.body}`);
      const now = Math.floor(Date.now() / 1000);
      // Synthetic titles, so the history holds 1,000 different ones.
      const titles = Array.from({ length: HISTORY_ROWS }, (_, i) => ({
        content_id: `BL${String(i).padStart(5, '0')}`,
        kind: 'movie',
        series_id: null,
        season_no: null,
        episode_no: null,
        name: `歷史測試影片${i}`,
        synopsis: '效能測試用。',
        year: 2024,
        country: 'TW',
        main_category_id: 'movie',
        subcategory_id: 'movie-action',
        sell_type: 'FREE',
        dtr_price: 0,
        grade: '0+',
        is_sexual: 0,
        is_restricted: 0,
        kid_safe: 0,
        poster_path: 'images/posters/poster-01.jpg',
        still_path: 'images/stills/still-01.jpg',
        clip_id: 'clip-a',
        trailer_clip_id: null,
        duration_seconds: 5400,
        on_shelf_at: now - 86_400,
        off_shelf_at: null,
      }));
      for (let i = 0; i < titles.length; i += 200) {
        await database.db
          .insertInto('title')
          .values(titles.slice(i, i + 200))
          .execute();
      }
      const beats = titles.map((t, i) => ({
        subAccountUid: uid,
        contentId: t.content_id,
        titleId: t.content_id,
        audience: audienceOf(t),
        positionSeconds: 60,
        durationSeconds: 5400,
        seq: i + 1,
        now: now - i * 60,
      }));
      for (let i = 0; i < beats.length; i += 200)
        await writeBatch(database.db, beats.slice(i, i + 200));
      viewer = { cookie: `sid=${sid}` };
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
    const { cookie } = (await (await fetch(`${server.origin}/__bench/list-viewer`)).json()) as {
      cookie: string;
    };
    check(Boolean(cookie), 'the server prepared no viewer');
    const headers = { cookie };
    const json = async (path: string) =>
      ((await (await fetch(server.origin + path, { headers })).json()) as { data: ListData }).data;
    const history = await json(HISTORY_PATH);
    check(
      history.totalCount === HISTORY_ROWS && history.recordCount === 20,
      `history answered ${JSON.stringify({ ...history, videoList: undefined })}`,
    );
    const keepWatch = await json(KEEP_WATCH_PATH);
    check(
      keepWatch.totalCount === HISTORY_ROWS && keepWatch.recordCount === 20,
      `continue watching answered ${JSON.stringify({ ...keepWatch, videoList: undefined })}`,
    );
    const counts = await json(COUNTS_PATH);
    check(counts.keepWatchCount === HISTORY_ROWS, `counts answered ${JSON.stringify(counts)}`);

    const mix = { headers, requests: MIX.map((path) => ({ method: 'GET' as const, path })) };
    const inTurn = (paths: string[]) => (n: number) => ({
      method: 'GET' as const,
      path: paths[n % paths.length]!,
      headers,
    });
    const { subject, ceiling } = await runPacedPair(server.origin, {
      quick: ctx.quick,
      rate: OFFERED_PER_SECOND,
      subject: inTurn(MIX),
      ceiling: inTurn([CEILING_PATH]),
      cpu: cpuCounters(server),
    });
    const saturated = {
      subject: await ctx.load(server.origin + HISTORY_PATH, {
        ...mix,
        connections: SATURATION_CONNECTIONS,
      }),
      ceiling: await ctx.load(server.origin + CEILING_PATH, {
        headers,
        connections: SATURATION_CONNECTIONS,
      }),
    };
    const rate = (r: LoadResult) =>
      `${Math.round(r.reqPerSec)} req/s (p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms${lagNote(r)})`;
    return {
      subject,
      ceiling,
      notes: [
        `${server.dialect}, ${HISTORY_ROWS} history rows, offered ${OFFERED_PER_SECOND}/s: counts, history page 3, continue watching in turn`,
        `at ${OFFERED_PER_SECOND}/s: ${rate(subject)} vs ceiling ${rate(ceiling)}`,
        `saturation at ${SATURATION_CONNECTIONS} connections: ${rate(saturated.subject)} vs ceiling ${rate(saturated.ceiling)}`,
        `server CPU per request ${cpuRatioText(subject, ceiling)} the ceiling's (same run)`,
      ],
    };
  },
};

function cpuRatioText(subject: LoadResult, ceiling: LoadResult): string {
  const ratio = serverCpuRatio({ subject, ceiling });
  return ratio === undefined ? 'unmeasured against' : `${ratio.toFixed(2)}×`;
}

interface ListData {
  totalCount?: number;
  recordCount?: number;
  keepWatchCount?: number;
  videoList?: unknown;
}
