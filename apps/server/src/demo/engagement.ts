import type { Kysely } from 'kysely';
import { detailLinkString } from '@site/contract';
import type { Database } from '../db/schema.js';

/** Demo red envelopes on ch01 (docs/adr/0026): one every 15 minutes, open for 5 minutes. */
export const DEMO_DRAW_CHANNEL = 'ch01';
const SLOT_SECONDS = 15 * 60;
const OPEN_SECONDS = 5 * 60;
/** Slots seeded from the one before now to this far ahead; each start of the server adds more. */
const AHEAD_SECONDS = 2 * 86_400;

export function demoDrawActivities(now: number) {
  const first = now - (now % SLOT_SECONDS) - SLOT_SECONDS;
  const activities = [];
  const prizes = [];
  for (let start = first; start < now + AHEAD_SECONDS; start += SLOT_SECONDS) {
    const activityId = `DRAW-${DEMO_DRAW_CHANNEL}-${start}`;
    activities.push({
      activity_id: activityId,
      channel_id: DEMO_DRAW_CHANNEL,
      start_at: start,
      end_at: start + OPEN_SECONDS,
      odds_per_mille: 500,
      created_at: now,
    });
    prizes.push(
      {
        prize_id: `${activityId}-1`,
        activity_id: activityId,
        name: '星河暢看月租 7 天體驗',
        quantity: 5,
        remaining: 5,
        sort_order: 1,
      },
      {
        prize_id: `${activityId}-2`,
        activity_id: activityId,
        name: '電影兌換券 1 張',
        quantity: 20,
        remaining: 20,
        sort_order: 2,
      },
    );
  }
  return { activities, prizes };
}

async function insertBatches<T extends 'draw_activity' | 'draw_prize'>(
  db: Kysely<Database>,
  table: T,
  rows: object[],
  key: string,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const result = await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .onConflict((oc) => oc.column(key as never).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Draw activities on ch01, inbox messages for demo@example.com and one announcement. */
export async function seedEngagement(db: Kysely<Database>, now: number): Promise<number> {
  const { activities, prizes } = demoDrawActivities(now);
  let inserted = await insertBatches(db, 'draw_activity', activities, 'activity_id');
  await insertBatches(db, 'draw_prize', prizes, 'prize_id');

  const demo = await db
    .selectFrom('account')
    .select('account_id')
    .where('login_id', '=', 'demo@example.com')
    .executeTakeFirst();
  const messages = [
    {
      msg_id: 'MSG-WELCOME',
      account_id: null,
      title: '歡迎來到星河影音',
      content: '感謝您加入星河影音！每週都有新片上架，記得把想看的影片加入待看清單。',
      sent_at: now - 3 * 86_400,
    },
    ...(demo
      ? [
          {
            msg_id: 'MSG-DEMO-1',
            account_id: demo.account_id,
            title: '直播紅包活動開跑',
            content: '收看「星河新聞台」(ch01) 直播，每 15 分鐘就有紅包可以抽，快來試試手氣！',
            sent_at: now - 86_400,
          },
          {
            msg_id: 'MSG-DEMO-2',
            account_id: demo.account_id,
            title: '您的月租方案即將到期',
            content: '您可以到「兌換序號」頁面使用 DEMOMONTH 序號延長 30 天。',
            sent_at: now - 7200,
          },
          {
            msg_id: 'MSG-DEMO-3',
            account_id: demo.account_id,
            title: '新片上架通知',
            content: '《最後的守門人》已上架，歡迎租借觀看。',
            sent_at: now - 600,
            // It points at the title (SPEC §2 link string): the inbox offers 立即前往.
            link: detailLinkString('M0003', 'M0003'),
          },
        ]
      : []),
  ];
  const result = await db
    .insertInto('inbox_message')
    .values(messages)
    .onConflict((oc) => oc.column('msg_id').doNothing())
    .executeTakeFirst();
  inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  await db
    .insertInto('announcement')
    .values({
      announce_id: 'ANN-DEMO-1',
      title: '系統維護公告',
      content: '本站將於每週二凌晨 2:00 至 4:00 進行例行維護，期間部分功能可能暫停服務，敬請見諒。',
      start_at: now - 86_400,
      end_at: now + 365 * 86_400,
    })
    .onConflict((oc) => oc.column('announce_id').doNothing())
    .execute();
  return inserted;
}
