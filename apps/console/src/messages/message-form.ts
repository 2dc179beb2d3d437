import type { newAnnouncementSchema } from '@site/contract/console';
import { messageAudienceSchema, type NewMessage } from '@site/contract/console';
import { z } from 'zod';
import { taipeiLocalToUnix, unixToTaipeiLocal } from '../time';

/**
 * The new-message form (issue 25 item 8): the contract's fields as typed, with the send time in
 * Taipei (`YYYY-MM-DDTHH:mm`, empty: now), the days and the title's content id as text.
 */
export const messageFormSchema = z
  .object({
    audience: messageAudienceSchema,
    days: z.string().trim(),
    loginId: z.string().trim().max(100),
    title: z.string(),
    content: z.string(),
    sendAt: z.string(),
    contentId: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (values.audience === 'rentalEnding' && !/^\d{1,2}$/.test(values.days)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: '請輸入 1 到 30 的整數' });
    }
    if (values.audience === 'member' && !values.loginId) {
      ctx.addIssue({ code: 'custom', path: ['loginId'], message: '請輸入會員的登入帳號' });
    }
    if (values.sendAt && taipeiLocalToUnix(values.sendAt) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sendAt'], message: '請輸入正確的日期與時間' });
    }
    if (!values.title.trim()) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: '請輸入標題' });
    }
    if (!values.content.trim()) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: '請輸入內容' });
    }
  });
export type MessageForm = z.output<typeof messageFormSchema>;

export const EMPTY_MESSAGE_FORM: MessageForm = {
  audience: 'all',
  days: '3',
  loginId: '',
  title: '',
  content: '',
  sendAt: '',
  contentId: '',
};

/** What sendMessage is sent: only the fields the chosen audience uses. */
export function messageInput(values: MessageForm): NewMessage {
  const input: NewMessage = {
    audience: values.audience,
    title: values.title.trim(),
    content: values.content.trim(),
  };
  if (values.audience === 'rentalEnding') input.days = Number(values.days);
  if (values.audience === 'member') input.loginId = values.loginId;
  const sendAt = values.sendAt ? taipeiLocalToUnix(values.sendAt) : undefined;
  if (sendAt !== undefined) input.sendAt = sendAt;
  if (values.contentId) input.contentId = values.contentId;
  return input;
}

/** The announcement form: its window as two Taipei times. */
export const announcementFormSchema = z
  .object({ title: z.string(), content: z.string(), startAt: z.string(), endAt: z.string() })
  .superRefine((values, ctx) => {
    if (!values.title.trim()) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: '請輸入標題' });
    }
    if (!values.content.trim()) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: '請輸入內容' });
    }
    const start = taipeiLocalToUnix(values.startAt);
    const end = taipeiLocalToUnix(values.endAt);
    if (start === undefined) {
      ctx.addIssue({ code: 'custom', path: ['startAt'], message: '請輸入開始時間' });
    }
    if (end === undefined) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: '請輸入結束時間' });
    } else if (start !== undefined && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: '結束時間須晚於開始時間' });
    }
  });
export type AnnouncementForm = z.output<typeof announcementFormSchema>;

export function announcementInput(values: AnnouncementForm): z.input<typeof newAnnouncementSchema> {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    startAt: taipeiLocalToUnix(values.startAt) ?? 0,
    endAt: taipeiLocalToUnix(values.endAt) ?? 0,
  };
}

export function announcementForm(a: {
  title: string;
  content: string;
  startAt: number;
  endAt: number;
}): AnnouncementForm {
  return {
    title: a.title,
    content: a.content,
    startAt: unixToTaipeiLocal(a.startAt),
    endAt: unixToTaipeiLocal(a.endAt),
  };
}
