import { describe, expect, it } from 'vitest';
import {
  EMPTY_MESSAGE_FORM,
  announcementFormSchema,
  announcementInput,
  messageFormSchema,
  messageInput,
} from './message-form';

describe('message form', () => {
  it('sends only the fields the audience uses, the time as Taipei', () => {
    const values = messageFormSchema.parse({
      ...EMPTY_MESSAGE_FORM,
      audience: 'rentalEnding',
      days: '5',
      loginId: 'ignored@example.com',
      title: ' 標題 ',
      content: '內容',
      sendAt: '2026-11-27T20:00',
    });
    expect(messageInput(values)).toEqual({
      audience: 'rentalEnding',
      days: 5,
      title: '標題',
      content: '內容',
      sendAt: Date.parse('2026-11-27T20:00:00+08:00') / 1000,
    });
  });

  it('asks for what the audience needs, and a title and body', () => {
    const result = messageFormSchema.safeParse({ ...EMPTY_MESSAGE_FORM, audience: 'member' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['loginId', 'title', 'content']));
  });

  it('an announcement window that ends before it starts is refused', () => {
    const bad = announcementFormSchema.safeParse({
      title: 'a',
      content: 'b',
      startAt: '2026-11-27T20:00',
      endAt: '2026-11-27T19:00',
    });
    expect(bad.success).toBe(false);
    const good = announcementFormSchema.parse({
      title: 'a',
      content: 'b',
      startAt: '2026-11-27T20:00',
      endAt: '2026-11-28T20:00',
    });
    expect(announcementInput(good).endAt - announcementInput(good).startAt).toBe(86_400);
  });
});
