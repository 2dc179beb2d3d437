import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * 播放品質: the players' quality of experience in the console (issue 26 item 6; docs/adr/0055).
 * Read-only: admin, the auditor, marketing (what viewers get) and customer care (what a caller
 * complains of). Figures come from hourly histograms, so periods are whole hours (Taipei hours
 * are whole UTC hours).
 */

/** The lines of the alert (issue 26): over the last 15 minutes. */
export const QOE_ALERT_WINDOW_MINUTES = 15;
export const QOE_REBUFFER_RATIO_LINE = 0.005;
export const QOE_START_P50_LINE_MS = 2000;
/** The longest period one report covers. */
export const QOE_PERIOD_MAX_DAYS = 93;

export const qoeBreakdownSchema = z.enum(['title', 'channel', 'device', 'hour'], {
  message: '請選擇分組方式',
});
export type QoeBreakdown = z.infer<typeof qoeBreakdownSchema>;
export const QOE_BREAKDOWN_LABELS = {
  title: '節目',
  channel: '頻道',
  device: '裝置類型',
  hour: '小時',
} as const satisfies Record<QoeBreakdown, string>;

const unixSeconds = z.coerce
  .number({ message: '請輸入時間' })
  .int('時間格式不正確')
  .min(0, '時間格式不正確')
  .max(4_102_444_800, '時間格式不正確');

export const qoeReportInputSchema = z
  .object({
    from: unixSeconds,
    to: unixSeconds,
    by: qoeBreakdownSchema.default('title'),
  })
  .refine((p) => p.to > p.from, { message: '結束時間須晚於開始時間', path: ['to'] })
  .refine((p) => p.to - p.from <= QOE_PERIOD_MAX_DAYS * 86_400, {
    message: `查詢期間最長 ${QOE_PERIOD_MAX_DAYS} 天`,
    path: ['to'],
  });

/** The figures of one group (or of the whole period). Null: nothing measured. */
export const qoeFiguresSchema = z.object({
  /** Play attempts (sessions started). */
  sessions: z.number().int(),
  /** Start time (play request → first frame) percentiles, ms, from the histogram's buckets. */
  startP50Ms: z.number().nullable(),
  startP95Ms: z.number().nullable(),
  /** Time spent stalled ÷ time watched (0..1). */
  rebufferRatio: z.number().nullable(),
  stallCount: z.number().int(),
  bitrateSwitches: z.number().int(),
  /** Sessions ended by a fatal error ÷ sessions (0..1). */
  errorRate: z.number().nullable(),
  watchMs: z.number(),
});
export type QoeFigures = z.infer<typeof qoeFiguresSchema>;

export const qoeRowSchema = qoeFiguresSchema.extend({
  /** The content id, the device type, or the hour (unix seconds) as text. */
  key: z.string(),
  /** What people call it: a title's or channel's name, a device type, an hour. */
  label: z.string(),
});
export type QoeRow = z.infer<typeof qoeRowSchema>;

export const qoeErrorCodeRowSchema = z.object({
  /** SPEC §8 player error code (0: unknown). */
  code: z.number().int(),
  /** Errors retried, and sessions ended by it. */
  errors: z.number().int(),
  fatals: z.number().int(),
});

export const qoeAlertSchema = z.object({
  /** The window's start and end, unix seconds. */
  from: z.number().int(),
  to: z.number().int(),
  figures: qoeFiguresSchema,
  rebufferAlert: z.boolean(),
  startAlert: z.boolean(),
});
export type QoeAlert = z.infer<typeof qoeAlertSchema>;

export const consoleQoeCalls = {
  report: describeConsoleCall({
    method: 'GET',
    path: '/console/api/qoe',
    summary:
      'Start time p50/p95, rebuffer ratio and error rate by title, channel, device type or hour over whole hours',
    tags: ['console: qoe'],
    input: qoeReportInputSchema,
    reply: envelopeOf(
      z.object({
        from: z.number().int(),
        to: z.number().int(),
        by: qoeBreakdownSchema,
        total: qoeFiguresSchema,
        rows: z.array(qoeRowSchema),
        errorCodes: z.array(qoeErrorCodeRowSchema),
      }),
    ),
    access: { staff: ['admin', 'auditor', 'marketing', 'customer_care'] },
  }),
  alert: describeConsoleCall({
    method: 'GET',
    path: '/console/api/qoe/alert',
    summary: 'The last 15 minutes against the lines: rebuffer ratio > 0.5 %, start time p50 > 2 s',
    tags: ['console: qoe'],
    reply: envelopeOf(qoeAlertSchema),
    access: { staff: ['admin', 'auditor', 'marketing', 'customer_care'] },
  }),
} as const;
