import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Channel schedules in the console (issue 25 items 2 and 3, docs/adr/0048): a week grid per
 * channel where the channel scheduler adds, moves, resizes and deletes programmes, copies a day or
 * a week, and uploads an XMLTV file (previewed, then applied through the import of
 * `npm run epg:import`). The auditor reads; only the scheduler (and admin) change.
 */

/** The longest a programme may run (a marathon, not a mistake): 24 hours. */
export const PROGRAMME_MAX_SECONDS = 24 * 3600;
/** The largest XMLTV file the console takes (characters): a week of guide for many channels. */
export const XMLTV_UPLOAD_MAX_CHARS = 8 * 1024 * 1024;

const channelId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '頻道編號格式不正確');
/** A Taipei calendar date, YYYY-MM-DD. */
export const taipeiDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正確（YYYY-MM-DD）')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+08:00`)), '日期不正確');
const clipId = z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, '素材編號格式不正確');
const unixSeconds = z.number({ message: '請輸入時間' }).int('時間須為整數秒').min(0);

/** What the scheduler types for a programme (the dialog, or a drag that ends in the same call). */
export const programmeInputSchema = z
  .object({
    start: unixSeconds,
    end: unixSeconds,
    title: z.string().trim().min(1, '請輸入節目名稱').max(200, '節目名稱最多 200 個字'),
    description: z.string().trim().max(2000, '節目介紹最多 2,000 個字').default(''),
    /** A clip of the media library, or null: the channel's own playout clips. */
    clipId: clipId.nullable().default(null),
    /** No start over or catch-up for it (docs/adr/0043). */
    blackout: z.boolean().default(false),
  })
  .superRefine((p, context) => {
    if (!(p.start < p.end))
      context.addIssue({ code: 'custom', path: ['end'], message: '結束時間必須晚於開始時間' });
    else if (p.end - p.start > PROGRAMME_MAX_SECONDS)
      context.addIssue({ code: 'custom', path: ['end'], message: '一個節目最長 24 小時' });
  });
export type ProgrammeInput = z.infer<typeof programmeInputSchema>;

export const consoleProgrammeSchema = z.object({
  programmeId: z.number().int(),
  channelId: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  title: z.string(),
  description: z.string(),
  clipId: z.string().nullable(),
  blackout: z.boolean(),
});
export type ConsoleProgramme = z.infer<typeof consoleProgrammeSchema>;

export const scheduleChannelSchema = z.object({
  channelId: z.string(),
  name: z.string(),
  /** The channel's schedule revision: bumped by every change (an edit, a copy, an import). */
  scheduleRev: z.number().int(),
});

export const scheduleWeekSchema = z.object({
  /** The Monday (Taipei) of the week, and the Unix seconds of its 00:00 and of the next Monday's. */
  week: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  /** The server's now (its clock): what has aired cannot be changed. */
  now: z.number().int(),
  channels: z.array(scheduleChannelSchema.extend({ programmes: z.array(consoleProgrammeSchema) })),
});
export type ScheduleWeek = z.infer<typeof scheduleWeekSchema>;

export const scheduleAssetSchema = z.object({
  clipId: z.string(),
  /** The upload's file name, or the demo clip's id. */
  name: z.string(),
  durationSeconds: z.number().nullable(),
  /** 'library': made by the media queue of the console; 'playout': a clip the origin plays out. */
  source: z.enum(['library', 'playout']),
});
export type ScheduleAsset = z.infer<typeof scheduleAssetSchema>;

export const xmltvOptionsSchema = z.object({
  xml: z.string().min(1, '請選擇 XMLTV 檔案').max(XMLTV_UPLOAD_MAX_CHARS, '檔案太大（最多 8 MB）'),
  /** Only this channel's programmes (like `--channel`). */
  channelId: channelId.optional(),
});

const previewProgramme = z.object({
  start: z.number().int(),
  end: z.number().int(),
  title: z.string(),
  line: z.number().int().nullable(),
});
export const xmltvPreviewSchema = z.object({
  /** Hands the apply the schedule as previewed; null when the file is refused. */
  token: z.string().nullable(),
  problems: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
  channels: z.array(
    z.object({
      channelId: z.string(),
      from: z.number().int(),
      to: z.number().int(),
      added: z.array(previewProgramme),
      /** Programmes of today's schedule removed (the file's replace them). */
      replaced: z.array(previewProgramme),
      /** Programmes of today's schedule cut at the period's bounds (their new start and end). */
      cut: z.array(
        previewProgramme.extend({ was: z.object({ start: z.number(), end: z.number() }) }),
      ),
      /** The file's programmes left out: their time has aired. */
      aired: z.array(previewProgramme),
    }),
  ),
  skipped: z.number().int(),
});
export type XmltvPreview = z.infer<typeof xmltvPreviewSchema>;

const programmeParams = z.object({ programmeId: z.coerce.number().int().min(1) });
const programmeReply = envelopeOf(z.object({ programme: consoleProgrammeSchema }));
const CHANGERS = ['channel_scheduler'] as const;
const READERS = ['channel_scheduler', 'auditor'] as const;
const tags = ['console: schedule'];

export const consoleScheduleCalls = {
  week: describeConsoleCall({
    method: 'GET',
    path: '/console/api/schedule/week',
    summary: "One Taipei week (Monday first) of channels' programmes: the grid's one call",
    tags,
    input: z.object({
      /** Any date of the week; the grid asks with its Monday. */
      date: taipeiDateSchema,
      /** Comma-separated channel ids; none: every channel. */
      channels: z
        .string()
        .regex(/^[A-Za-z0-9_,-]{0,2000}$/)
        .optional(),
    }),
    reply: envelopeOf(scheduleWeekSchema),
    access: { staff: READERS },
  }),
  assets: describeConsoleCall({
    method: 'GET',
    path: '/console/api/schedule/assets',
    summary: "Clips a programme may play: the media library's and the origin's playout clips",
    tags,
    reply: envelopeOf(z.object({ assets: z.array(scheduleAssetSchema) })),
    access: { staff: READERS },
  }),
  addProgramme: describeConsoleCall({
    method: 'POST',
    path: '/console/api/schedule/channels/:channelId/programmes',
    summary: 'Add a programme (refused when it overlaps another or starts before now)',
    tags,
    params: z.object({ channelId }),
    input: programmeInputSchema,
    reply: programmeReply,
    access: { staff: CHANGERS },
  }),
  changeProgramme: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/schedule/programmes/:programmeId',
    summary:
      'Move, resize or edit a programme (aired: refused; on air: only its end, not before now)',
    tags,
    params: programmeParams,
    input: programmeInputSchema,
    reply: programmeReply,
    access: { staff: CHANGERS },
  }),
  deleteProgramme: describeConsoleCall({
    method: 'DELETE',
    path: '/console/api/schedule/programmes/:programmeId',
    summary: 'Delete a programme that has not started',
    tags,
    params: programmeParams,
    reply: envelopeOf(z.object({ deleted: z.number().int() })),
    access: { staff: CHANGERS },
  }),
  copy: describeConsoleCall({
    method: 'POST',
    path: '/console/api/schedule/channels/:channelId/copy',
    summary:
      'Copy a Taipei day or week of programmes to another day or week (refused whole on any overlap or aired time)',
    tags,
    params: z.object({ channelId }),
    input: z.object({
      from: taipeiDateSchema,
      to: taipeiDateSchema,
      days: z.union([z.literal(1), z.literal(7)]),
      /** Copy to this channel instead (default: the same). */
      toChannelId: channelId.optional(),
    }),
    reply: envelopeOf(z.object({ copied: z.number().int() })),
    access: { staff: CHANGERS },
  }),
  previewXmltv: describeConsoleCall({
    method: 'POST',
    path: '/console/api/schedule/xmltv/preview',
    summary: 'What an XMLTV file would change (added, replaced, cut, refused with line numbers)',
    tags,
    input: xmltvOptionsSchema,
    reply: envelopeOf(xmltvPreviewSchema),
    access: { staff: CHANGERS },
  }),
  applyXmltv: describeConsoleCall({
    method: 'POST',
    path: '/console/api/schedule/xmltv/apply',
    summary:
      "Apply a previewed XMLTV file in one transaction (epg:import's code); refused if the schedule changed since",
    tags,
    input: xmltvOptionsSchema.extend({ token: z.string().min(1).max(200) }),
    reply: envelopeOf(
      z.object({
        channels: z.array(
          z.object({
            channelId: z.string(),
            inserted: z.number().int(),
            removed: z.number().int(),
            trimmed: z.number().int(),
            aired: z.number().int(),
          }),
        ),
      }),
    ),
    access: { staff: CHANGERS },
  }),
} as const;
