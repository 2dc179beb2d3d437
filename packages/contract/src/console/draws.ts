import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Prize-draw activities in the console (issue 25 item 7; docs/adr/0049). Marketing makes and
 * changes an activity (channel, window, prize pool, odds, who may draw); the auditor and customer
 * care read; customer care and admin see a winner's contact (they call winners to hand over the
 * prize), everyone else sees it masked. The model is the draw's own (docs/adr/0026): one chance
 * of a prize per draw for the whole activity (`odds`, 0..1 in steps of 0.001), the prizes handed
 * out in pool order while any remain.
 */

export const DRAW_PRIZES_MAX = 20;
export const DRAW_PRIZE_QUANTITY_MAX = 100_000;
/** The longest window an activity may have, and how far ahead it may start. */
export const DRAW_WINDOW_MAX_DAYS = 31;
export const DRAW_START_MAX_DAYS = 366;
/** A start this far in the past is taken as "now" (a form filled a moment ago). */
export const DRAW_PAST_GRACE_SECONDS = 300;

/** Who may draw: every adult member, or members whose monthly service is paid. */
export const drawEligibilitySchema = z.enum(['all', 'service'], { message: '請選擇參加資格' });
export type DrawEligibility = z.infer<typeof drawEligibilitySchema>;
export const DRAW_ELIGIBILITY_LABELS = {
  all: '所有會員',
  service: '有月租服務的會員',
} as const satisfies Record<DrawEligibility, string>;

export const drawStateSchema = z.enum(['scheduled', 'running', 'ended']);
export type DrawState = z.infer<typeof drawStateSchema>;
export const DRAW_STATE_LABELS = {
  scheduled: '尚未開始',
  running: '進行中',
  ended: '已結束',
} as const satisfies Record<DrawState, string>;

export const drawActivityIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '活動編號格式不正確');
const prizeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, '獎項編號格式不正確');

export const drawPrizeInputSchema = z.strictObject({
  /** An existing prize of the activity; absent: a new prize. */
  prizeId: prizeIdSchema.optional(),
  name: z.string().trim().min(1, '請輸入獎項名稱').max(40, '獎項名稱最多 40 個字'),
  quantity: z
    .number({ message: '請輸入數量' })
    .int('數量須為整數')
    .min(1, '數量至少為 1')
    .max(DRAW_PRIZE_QUANTITY_MAX, `數量最多 ${DRAW_PRIZE_QUANTITY_MAX.toLocaleString('en-US')}`),
});
export type DrawPrizeInput = z.infer<typeof drawPrizeInputSchema>;

/** Odds as a fraction (0.25 = one draw in four wins) in steps of 0.001. */
export const drawOddsSchema = z
  .number({ message: '請輸入中獎機率' })
  .min(0, '中獎機率須介於 0 與 1 之間')
  .max(1, '中獎機率須介於 0 與 1 之間')
  .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, '中獎機率最小單位為 0.001');

const activityFields = z.strictObject({
  title: z.string().trim().min(1, '請輸入活動名稱').max(40, '活動名稱最多 40 個字'),
  channelId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '請選擇頻道'),
  /** Unix seconds: drawing is open from startAt until endAt. */
  startAt: z.number({ message: '請輸入開始時間' }).int().min(0),
  endAt: z.number({ message: '請輸入結束時間' }).int().min(0),
  odds: drawOddsSchema,
  eligibility: drawEligibilitySchema,
  prizes: z
    .array(drawPrizeInputSchema)
    .min(1, '請至少設定一個獎項')
    .max(DRAW_PRIZES_MAX, `最多 ${DRAW_PRIZES_MAX} 個獎項`),
});

function activityRules(value: z.infer<typeof activityFields>, ctx: z.RefinementCtx) {
  if (value.endAt <= value.startAt) {
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: '結束時間須晚於開始時間' });
  } else if (value.endAt - value.startAt > DRAW_WINDOW_MAX_DAYS * 86_400) {
    ctx.addIssue({
      code: 'custom',
      path: ['endAt'],
      message: `活動期間最長 ${DRAW_WINDOW_MAX_DAYS} 天`,
    });
  }
  const names = value.prizes.map((p) => p.name.trim());
  if (new Set(names).size !== names.length) {
    ctx.addIssue({ code: 'custom', path: ['prizes'], message: '獎項名稱不可重複' });
  }
}

export const newDrawActivitySchema = activityFields.superRefine(activityRules);
export type NewDrawActivity = z.infer<typeof newDrawActivitySchema>;
/** A change is the whole activity, made on the version seen (a stale one: STALE_EDIT). */
export const drawActivityChangeSchema = activityFields
  .extend({ version: z.number().int().min(0) })
  .superRefine(activityRules);
export type DrawActivityChange = z.infer<typeof drawActivityChangeSchema>;

export const consoleDrawPrizeSchema = z.object({
  prizeId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  won: z.number().int(),
  remaining: z.number().int(),
});
export type ConsoleDrawPrize = z.infer<typeof consoleDrawPrizeSchema>;

export const consoleDrawActivitySchema = z.object({
  activityId: z.string(),
  title: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  odds: z.number(),
  eligibility: drawEligibilitySchema,
  state: drawStateSchema,
  /** Member accounts that drew (one draw per account), draws made, prizes won and left. */
  participants: z.number().int(),
  draws: z.number().int(),
  won: z.number().int(),
  remaining: z.number().int(),
  prizes: z.array(consoleDrawPrizeSchema),
  version: z.number().int(),
  createdBy: z.string().nullable(),
});
export type ConsoleDrawActivity = z.infer<typeof consoleDrawActivitySchema>;

export const drawWinnerSchema = z.object({
  wonAt: z.number().int(),
  prizeName: z.string(),
  /** The sub-account that drew. */
  nickname: z.string(),
  /** The member's login id, contact e-mail and phone: masked unless `contactShown`. */
  member: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type DrawWinner = z.infer<typeof drawWinnerSchema>;

export const drawListQuerySchema = z.object({
  state: drawStateSchema.optional(),
  channelId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

const activityParams = z.object({ activityId: drawActivityIdSchema });
const activityReply = envelopeOf(z.object({ activity: consoleDrawActivitySchema }));
const WRITERS = ['marketing'] as const;
const READERS = ['marketing', 'auditor', 'customer_care'] as const;
/** They call winners to hand over prizes: the contact unmasked (docs/adr/0049). */
export const DRAW_CONTACT_ROLES = ['admin', 'customer_care'] as const;
const tags = ['console: draws'];

export const DRAW_WINNERS_CSV_HEADER = [
  '中獎時間（台北）',
  '獎項',
  '會員帳號',
  '使用者',
  '電子郵件',
  '手機',
];

export const consoleDrawCalls = {
  listActivities: describeConsoleCall({
    method: 'GET',
    path: '/console/api/draws',
    summary:
      'Prize-draw activities (running, then scheduled soonest first, then ended latest first) with their figures; the channels to pick',
    tags,
    input: drawListQuerySchema,
    reply: envelopeOf(
      z.object({
        activities: z.array(consoleDrawActivitySchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
        channels: z.array(z.object({ channelId: z.string(), name: z.string() })),
      }),
    ),
    access: { staff: READERS },
  }),
  getActivity: describeConsoleCall({
    method: 'GET',
    path: '/console/api/draws/:activityId',
    summary: 'One activity with its prize pool and figures',
    tags,
    params: activityParams,
    reply: activityReply,
    access: { staff: READERS },
  }),
  createActivity: describeConsoleCall({
    method: 'POST',
    path: '/console/api/draws',
    summary: 'Add an activity: channel, window, prize pool, odds, who may draw',
    tags,
    input: newDrawActivitySchema,
    reply: activityReply,
    access: { staff: WRITERS },
  }),
  changeActivity: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/draws/:activityId',
    summary:
      'Change an activity on the version seen; once running only the end, names and quantities (never below won)',
    tags,
    params: activityParams,
    input: drawActivityChangeSchema,
    reply: activityReply,
    access: { staff: WRITERS },
  }),
  deleteActivity: describeConsoleCall({
    method: 'DELETE',
    path: '/console/api/draws/:activityId',
    summary: 'Delete an activity that has not started',
    tags,
    params: activityParams,
    reply: envelopeOf(z.object({ activityId: z.string() })),
    access: { staff: WRITERS },
  }),
  listWinners: describeConsoleCall({
    method: 'GET',
    path: '/console/api/draws/:activityId/winners',
    summary: "An activity's winners, first won first; contact masked unless the role calls winners",
    tags,
    params: activityParams,
    reply: envelopeOf(z.object({ winners: z.array(drawWinnerSchema), contactShown: z.boolean() })),
    access: { staff: READERS },
  }),
  exportWinners: describeConsoleCall({
    method: 'POST',
    path: '/console/api/draws/:activityId/winners/export',
    summary: "An activity's winners as CSV (UTF-8 with BOM, zh-TW headers); every export audited",
    tags,
    params: activityParams,
    reply: z.string(),
    access: { staff: READERS },
  }),
} as const;
