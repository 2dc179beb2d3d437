import { z } from 'zod';
import { plainId } from './fields.js';
import { describeCall } from './call.js';
import { engagementCalls } from './engagement-calls.js';
import { envelopeOf } from './envelope.js';

/*
 * Engagement (issue 14; docs/adr/0026-prize-draws.md): the red-envelope prize draw of the live
 * page, the inbox, the announcements queue. SPEC §7 names the calls; their parameters beyond
 * `msgIds` and `status` are not shown, so they are ours (ADR 0026).
 */
export { engagementCalls } from './engagement-calls.js';

/** Ids of activities, messages and announcements: short, plain characters. */
const idSchema = plainId(64, '編號格式不正確。');

export const drawActivityQuerySchema = z.strictObject({ activityId: idSchema });
export type DrawActivityQuery = z.infer<typeof drawActivityQuerySchema>;

/**
 * What a draw answered in `data.message`: `win` (prizeName names the prize), `lose` (no prize
 * this time), `notLogin` (401, SPEC §6). Refusals (outside the window, drawn before, too many)
 * are error envelopes with their own codes.
 */
export const drawMessages = ['win', 'lose', 'notLogin'] as const;
export const drawResultSchema = z.object({
  message: z.enum(drawMessages),
  prizeName: z.string(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;
export const drawActivityReplySchema = envelopeOf(drawResultSchema);

export const inboxStatuses = ['read', 'deleted'] as const;
export const inboxMessageSchema = z.object({
  msgId: z.string(),
  title: z.string(),
  content: z.string(),
  /** Unix seconds. */
  sentAt: z.number().int(),
  /** 'unread' | 'read'. */
  status: z.enum(['unread', 'read']),
  /**
   * The SPEC §2 link string of the title the message points at ('video:{otherId}|{contentId}'),
   * or '' when it points at none (docs/adr/0029).
   */
  linkString: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export const inboxListSchema = z.object({
  messageList: z.array(inboxMessageSchema),
  unreadCount: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;
export const inboxListReplySchema = envelopeOf(inboxListSchema);
export const inboxUnreadReplySchema = envelopeOf(z.object({ unreadCount: z.number().int() }));

/** At most this many ids in one ajaxUpdateMsg call. */
export const MSG_IDS_MAX = 100;
export const updateMsgBodySchema = z.strictObject({
  msgIds: z
    .string()
    .max(MSG_IDS_MAX * 65, '一次最多處理 100 則訊息。')
    .transform((s) => [...new Set(s.split(',').map((id) => id.trim()))])
    .pipe(z.array(idSchema).min(1, '請選擇訊息。').max(MSG_IDS_MAX, '一次最多處理 100 則訊息。')),
  status: z.enum(inboxStatuses),
});
export type UpdateMsgBody = z.input<typeof updateMsgBodySchema>;
export const updateMsgReplySchema = envelopeOf(z.object({ updated: z.number().int() }));

export const announcementSchema = z.object({
  announceId: z.string(),
  title: z.string(),
  content: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announceQueueSchema = z.object({ announceList: z.array(announcementSchema) });
export const announceQueueReplySchema = envelopeOf(announceQueueSchema);

/** The inbox and the announcements queue, each call described once (issue 21, call.ts). */
export const inboxCalls = {
  findInboxMessageList: describeCall({
    method: 'GET',
    path: engagementCalls.findInboxMessageList,
    summary: "The signed-in user's inbox, newest first, and the unread count",
    tags: ['engagement'],
    reply: inboxListReplySchema,
    access: { who: 'adult', kidRefusal: 'inbox' },
    cache: 'private',
  }),
  findInboxUnreadCount: describeCall({
    method: 'GET',
    path: engagementCalls.findInboxUnreadCount,
    summary: 'Unread inbox messages (the header badge); 0 for visitors and kids',
    tags: ['engagement'],
    reply: inboxUnreadReplySchema,
    access: { who: 'member', visitor: { unreadCount: 0 } },
    cache: 'private',
  }),
  updateMsg: describeCall({
    method: 'POST',
    path: engagementCalls.updateMsg,
    summary: "Mark the caller's own messages read or deleted (msgIds comma-joined)",
    tags: ['engagement'],
    input: updateMsgBodySchema,
    reply: updateMsgReplySchema,
    access: { who: 'adult', kidRefusal: 'inbox' },
    cache: 'private',
  }),
  findActAnnounceQueue: describeCall({
    method: 'GET',
    path: engagementCalls.findActAnnounceQueue,
    summary: 'Announcements not yet shown to this user (each answered once per user)',
    tags: ['engagement'],
    reply: announceQueueReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
};
