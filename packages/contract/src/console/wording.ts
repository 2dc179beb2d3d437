import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * The site's wording in the console (issue 25 item 9, docs/adr/0051): marketing lists, edits and
 * undoes the entries of the wording table (ajaxFindWording.do, ajaxFindGroupWording.do and the
 * footer, blog, opening page and activity entries built from them); the auditor reads. Each entry
 * comes with its placeholders (wording-shapes.ts), so the console checks and previews an edit as
 * the server will; SPEC's fixed texts are listed read-only with the reason.
 */

const CHANGERS = ['marketing'] as const;
const READERS = ['marketing', 'auditor'] as const;

export const WORDING_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,60}$/;
const code = z.string().regex(WORDING_CODE_PATTERN, '文字代碼格式不正確');

export const wordingPartSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'minutes', 'seconds', 'link', 'url', 'image']),
  optional: z.boolean().optional(),
});

export const consoleWordingSchema = z.object({
  code: z.string(),
  group: z.string(),
  label: z.string(),
  shownAt: z.string(),
  /** The form it must keep: '{minutes}$${message}'. */
  template: z.string(),
  parts: z.array(wordingPartSchema),
  maxLength: z.number().int(),
  preview: z.enum([
    'liveMinutes',
    'footerLine',
    'blogLink',
    'openingPage',
    'activityEntry',
    'plainText',
  ]),
  text: z.string(),
  /** The text the site ships with; null for an entry the console does not know. */
  defaultText: z.string().nullable(),
  /** The text before the last change (null: never changed in the console). */
  previousText: z.string().nullable(),
  version: z.number().int(),
  /** Unix seconds of the last change in the console, and by whom. */
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type ConsoleWording = z.infer<typeof consoleWordingSchema>;

export const fixedTextSchema = z.object({
  key: z.string(),
  label: z.string(),
  text: z.string(),
  shownAt: z.string(),
  reason: z.string(),
});

const wordingParams = z.object({ code });
const entryReply = envelopeOf(z.object({ entry: consoleWordingSchema }));
const version = z.number({ message: '缺少版本' }).int().min(0);

export const consoleWordingCalls = {
  list: describeConsoleCall({
    method: 'GET',
    path: '/console/api/wording',
    summary: "The site's wording entries with their placeholders, and SPEC's fixed texts",
    tags: ['console: wording'],
    reply: envelopeOf(
      z.object({ entries: z.array(consoleWordingSchema), fixed: z.array(fixedTextSchema) }),
    ),
    access: { staff: READERS },
  }),
  change: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/wording/:code',
    summary:
      'Change a wording on the version seen; refused when it drops or adds a placeholder, is empty or too long',
    tags: ['console: wording'],
    params: wordingParams,
    input: z.object({ text: z.string().max(2000, '文字太長'), version }),
    reply: entryReply,
    access: { staff: CHANGERS },
  }),
  revert: describeConsoleCall({
    method: 'POST',
    path: '/console/api/wording/:code/revert',
    summary: 'Undo: back to the text before the last change, or to the default text',
    tags: ['console: wording'],
    params: wordingParams,
    input: z.object({ to: z.enum(['previous', 'default']), version }),
    reply: entryReply,
    access: { staff: CHANGERS },
  }),
} as const;
