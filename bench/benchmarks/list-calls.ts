import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import { writeBatch } from '../../apps/server/src/modules/lists/heartbeat-writer.js';
import { check } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

const HISTORY_ROWS = 1000;
const LIST_PATH = '/ajax/ajaxFindVideoListData.do?menuType=ViewRecord&maxRecord=20&startIndex=40';
const CEILING_PATH = '/ajax/ajaxGetIsLogin.do';
const LIST_CONNECTIONS = 10;

/** The viewer the server child prepares; the runner reads it from /__bench/list-viewer. */
let viewer: { cookie: string } | undefined;

/**
 * List calls for a sub-account with 1,000 history rows (issue 5: p99 ≤ 15 ms): history page 3,
 * continue watching and the counts, for one signed-in viewer. The ceiling is the same signed-in
 * viewer asking whether it is logged in (the session lookup every list call also pays).
 */
export const listCalls: Benchmark = {
  name: 'list-calls',
  description: `History page of a sub-account with ${HISTORY_ROWS} history rows vs the same signed-in viewer's ajaxGetIsLogin.do.`,
  target: { maxP99Ms: 15, source: 'issue 5: list calls p99 ≤ 15 ms with 1,000 history rows' },

  server: {
    extend(app: FastifyInstance) {
      app.get('/__bench/list-viewer', async () => viewer ?? {});
    },
    async ready(app: FastifyInstance, database: DatabaseHandle) {
      const csrf = 'bench-list-csrf-0123456789abcdef0123456789abcd';
      const res = await app.inject({
        method: 'POST',
        url: '/ajax/ajaxSignUp.do',
        headers: { cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
        payload: { loginId: `lists-${Date.now()}@bench.example`, password: 'bench1234' },
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
    const page = await fetch(server.origin + LIST_PATH, { headers });
    const body = (await page.json()) as { data: { totalCount: number; recordCount: number } };
    check(
      body.data.totalCount === HISTORY_ROWS && body.data.recordCount === 20,
      `history answered ${JSON.stringify(body.data)}`,
    );
    // List calls come from people browsing their lists, not from a stampede: 10 at a time.
    const shape = { headers, connections: LIST_CONNECTIONS };
    return {
      subject: await ctx.load(server.origin + LIST_PATH, shape),
      ceiling: await ctx.load(server.origin + CEILING_PATH, shape),
      notes: [
        `${server.dialect}, ${HISTORY_ROWS} history rows, page 3 of the history, ${LIST_CONNECTIONS} connections`,
      ],
    };
  },
};
