import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';
import { consoleContentIdSchema } from './catalogue.js';

/**
 * Inbox messages and announcements in the console (issue 25 item 8; docs/adr/0046). A message is
 * stored once with its audience and read per member: everyone, a segment, or one member (found
 * by login id). Kid sub-accounts have no inbox (docs/adr/0028), whatever the audience.
 */

/**
 * Who a message is for. `service`: members whose monthly service is paid past the send time;
 * `rentalEnding`: members with a rental that ends within `days` days of the send time.
 */
export const messageAudienceSchema = z.enum(['all', 'service', 'rentalEnding', 'member']);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;
export const MESSAGE_AUDIENCE_LABELS = {
  all: '所有會員',
  service: '有月租服務的會員',
  rentalEnding: '租片即將到期的會員',
  member: '指定會員',
} as const satisfies Record<MessageAudience, string>;

/** A send time this far in the past is taken as "now" (a form filled a moment ago). */
export const MESSAGE_PAST_GRACE_SECONDS = 300;
/** The furthest ahead a message may be scheduled. */
export const MESSAGE_SCHEDULE_MAX_DAYS = 366;
export const RENTAL_ENDING_DAYS_MAX = 30;

export const messageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '訊息編號格式不正確');
export const announceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '公告編號格式不正確');

const titleField = z.string().trim().min(1, '請輸入標題').max(60, '標題最多 60 個字');
const bodyField = z.string().trim().min(1, '請輸入內容').max(2000, '內容最多 2,000 個字');

export const newMessageSchema = z
  .strictObject({
    audience: messageAudienceSchema,
    /** rentalEnding: within this many days of the send time. */
    days: z
      .number()
      .int('天數須為整數')
      .min(1, '天數至少為 1')
      .max(RENTAL_ENDING_DAYS_MAX, `天數最多為 ${RENTAL_ENDING_DAYS_MAX}`)
      .optional(),
    /** member: the member's login id (e-mail or phone). */
    loginId: z.string().trim().max(100).optional(),
    title: titleField,
    content: bodyField,
    /** Unix seconds; absent: now. */
    sendAt: z.number().int().min(0).optional(),
    /** The title the message points at (its link string is made from it); absent: none. */
    contentId: consoleContentIdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'rentalEnding' && value.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: '請輸入天數' });
    }
    if (value.audience === 'member' && !value.loginId) {
      ctx.addIssue({ code: 'custom', path: ['loginId'], message: '請輸入會員的登入帳號' });
    }
  });
export type NewMessage = z.infer<typeof newMessageSchema>;

export const consoleMessageSchema = z.object({
  msgId: z.string(),
  audience: messageAudienceSchema,
  /** rentalEnding's days (null otherwise). */
  days: z.number().int().nullable(),
  /** member: the member's login id, masked (null otherwise). */
  member: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  linkString: z.string(),
  sendAt: z.number().int(),
  /** scheduled: its time has not come, no member sees it yet. */
  status: z.enum(['scheduled', 'sent']),
  /** Users (sub-accounts) who opened it, and who deleted it. */
  readCount: z.number().int(),
  deletedCount: z.number().int(),
  createdBy: z.string().nullable(),
});
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;

export const messageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

const announcementFields = z.strictObject({
  title: titleField,
  content: bodyField,
  /** Unix seconds: shown from startAt until endAt. */
  startAt: z.number().int().min(0),
  endAt: z.number().int().min(0),
});
function windowRule(value: { startAt?: number; endAt?: number }, ctx: z.RefinementCtx) {
  if (value.startAt !== undefined && value.endAt !== undefined && value.endAt <= value.startAt) {
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: '結束時間須晚於開始時間' });
  }
}
export const newAnnouncementSchema = announcementFields.superRefine(windowRule);
export type NewAnnouncement = z.infer<typeof newAnnouncementSchema>;
export const announcementChangeSchema = announcementFields
  .extend({ version: z.number().int().min(0) })
  .superRefine(windowRule);

export const consoleAnnouncementSchema = z.object({
  announceId: z.string(),
  title: z.string(),
  content: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  /** scheduled: not yet shown; showing: in its window; ended. */
  status: z.enum(['scheduled', 'showing', 'ended']),
  /** Users it has been shown to. */
  seenCount: z.number().int(),
  version: z.number().int(),
});
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncementSchema>;

const messageReply = envelopeOf(z.object({ message: consoleMessageSchema }));
const announcementReply = envelopeOf(z.object({ announcement: consoleAnnouncementSchema }));
const WRITERS = ['marketing'] as const;
const READERS = ['marketing', 'auditor'] as const;
const tags = ['console: messages'];

export const consoleMessageCalls = {
  listMessages: describeConsoleCall({
    method: 'GET',
    path: '/console/api/messages',
    summary: 'Inbox messages, newest send time first, with their read counts',
    tags,
    input: messageListQuerySchema,
    reply: envelopeOf(
      z.object({
        messages: z.array(consoleMessageSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
    access: { staff: READERS },
  }),
  sendMessage: describeConsoleCall({
    method: 'POST',
    path: '/console/api/messages',
    summary:
      'Send (or schedule) a message to everyone, a segment or one member: stored once, read per member',
    tags,
    input: newMessageSchema,
    reply: messageReply,
    access: { staff: WRITERS },
  }),
  cancelMessage: describeConsoleCall({
    method: 'DELETE',
    path: '/console/api/messages/:msgId',
    summary: 'Withdraw a scheduled message before its send time (a sent one stays)',
    tags,
    params: z.object({ msgId: messageIdSchema }),
    reply: envelopeOf(z.object({ msgId: z.string() })),
    access: { staff: WRITERS },
  }),
  listAnnouncements: describeConsoleCall({
    method: 'GET',
    path: '/console/api/announcements',
    summary: 'Announcements, newest window first, with how many users were shown each',
    tags,
    reply: envelopeOf(z.object({ announcements: z.array(consoleAnnouncementSchema) })),
    access: { staff: READERS },
  }),
  createAnnouncement: describeConsoleCall({
    method: 'POST',
    path: '/console/api/announcements',
    summary: 'Add an announcement shown once to each user within its window',
    tags,
    input: newAnnouncementSchema,
    reply: announcementReply,
    access: { staff: WRITERS },
  }),
  changeAnnouncement: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/announcements/:announceId',
    summary: 'Change an announcement on the version seen (a stale one: STALE_EDIT)',
    tags,
    params: z.object({ announceId: announceIdSchema }),
    input: announcementChangeSchema,
    reply: announcementReply,
    access: { staff: WRITERS },
  }),
} as const;
