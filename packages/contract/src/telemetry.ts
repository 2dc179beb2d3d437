import { z } from 'zod';
import { contentIdSchema } from './fields.js';
import { envelopeOf } from './envelope.js';

/*
 * The log face (DESIGN §4: "Activity and playback logs go to a separate face"): beacons the pages
 * send with navigator.sendBeacon, so they carry no custom header and may arrive as text/plain.
 * docs/adr/0024-player.md says why they are checked by origin instead of the CSRF token.
 * InsertSASLog (SPEC §7 Activity log) joins InsertAppLog here in a later issue.
 */
export const logCalls = {
  insertAppLog: '/sas/InsertAppLog',
  /** SPEC §7 Activity log (docs/adr/0026). */
  insertSASLog: '/sas/InsertSASLog',
} as const;

/** The largest log body the server reads; a longer one is refused with 413 before parsing. */
export const LOG_BODY_MAX_BYTES = 8 * 1024;

const contentId = contentIdSchema;

/** Where the error happened: the VOD play page, or the live page (SPEC §7's `type=LIVE`). */
export const playTypeSchema = z.enum(['VOD', 'LIVE']);
export type PlayType = z.infer<typeof playTypeSchema>;

/**
 * SPEC §7 "Client app-log insert of type playbackError with contentID, playerErrorCode,
 * videoPosition, errorMessage, type=LIVE". One JSON key cannot be both `playbackError` and
 * `LIVE`, so the log's kind is `type` and the page's kind is `playType`.
 */
export const playbackErrorLogSchema = z.strictObject({
  type: z.literal('playbackError'),
  contentID: contentId,
  /** SPEC §8 player error codes: 1–5, anything else (0) unknown. */
  playerErrorCode: z.number().int().min(0).max(999),
  /** Seconds into the stream when the error happened. */
  videoPosition: z.number().min(0).max(864_000),
  /** The code's English text (SPEC §8), with the library's detail. */
  errorMessage: z.string().max(500),
  playType: playTypeSchema.default('VOD'),
});
export type PlaybackErrorLog = z.input<typeof playbackErrorLogSchema>;

/** POST /sas/InsertAppLog: one entry, by `type`. New kinds of app log join this union. */
export const appLogBodySchema = z.discriminatedUnion('type', [playbackErrorLogSchema]);
export type AppLogBody = z.input<typeof appLogBodySchema>;

export const appLogReplySchema = envelopeOf(z.object({}));

// ---- the activity log (SPEC §7 "InsertSASLog"; docs/adr/0026-prize-draws.md) -----------------

/** The permanent per-browser id cookie (DESIGN §4: permanent unless a day count is given). */
export const DEVICE_ID_COOKIE = 'deviceId';
export const deviceIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * POST /sas/InsertSASLog: userAgent, userPlatform (MobileWeb or Web), functionCode, deviceId
 * (the client reads it from the deviceId cookie; the server prefers the cookie it receives),
 * appendix, optional uId (must be the session's own when given).
 */
export const sasLogBodySchema = z.strictObject({
  userAgent: z.string().max(500),
  userPlatform: z.enum(['MobileWeb', 'Web']),
  functionCode: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  deviceId: deviceIdSchema.optional(),
  appendix: z.string().max(2000).default(''),
  uId: z.string().max(64).optional(),
});
export type SasLogBody = z.input<typeof sasLogBodySchema>;
export const sasLogReplySchema = envelopeOf(z.object({}));

// ---- quality of experience (issue 26 item 6; docs/adr/0055-quality-of-experience.md) ----------

/** POST /sas/InsertQoE: the players' quality-of-experience beacons, on the log face. */
export const qoeCalls = { insertQoE: '/sas/InsertQoE' } as const;

/** Reports in one beacon at most (a page sends one per player session it watched since the last). */
export const QOE_BATCH_MAX = 20;
/** Longest stretch one report may cover: a page sends every 30 s, or when it goes away. */
export const QOE_WATCH_MAX_MS = 15 * 60 * 1000;
/** A start slower than this is no start but a failure (the player gave up or the viewer left). */
export const QOE_START_MAX_MS = 120_000;

/**
 * What one player session did since its last report: statistics only, never trusted for
 * anything else (ADR 0055). `started` opens a session (a play attempt); `startMs` is the time
 * from the play request to the first frame, sent once; `fatalCode` ends it in a failure, with
 * SPEC §8's code (1–5, 0 unknown); `errorCodes` are the errors retried on the way (SPEC §4).
 * The device type is the server's, from the User-Agent (ADR 0008), not the page's word.
 */
export const qoeReportSchema = z.strictObject({
  contentID: contentId,
  playType: playTypeSchema,
  started: z.boolean().default(false),
  startMs: z.number().int().min(0).max(QOE_START_MAX_MS).nullable().default(null),
  watchMs: z.number().int().min(0).max(QOE_WATCH_MAX_MS),
  stallMs: z.number().int().min(0).max(QOE_WATCH_MAX_MS),
  stallCount: z.number().int().min(0).max(1000),
  bitrateSwitches: z.number().int().min(0).max(1000),
  fatalCode: z.number().int().min(0).max(5).nullable().default(null),
  errorCodes: z.array(z.number().int().min(0).max(5)).max(11).default([]),
});
export type QoeReport = z.input<typeof qoeReportSchema>;
/** A report as the server holds it once validated (defaults filled in). */
export type QoeReportData = z.output<typeof qoeReportSchema>;

export const qoeBeaconBodySchema = z.strictObject({
  reports: z.array(qoeReportSchema).min(1).max(QOE_BATCH_MAX),
});
export type QoeBeaconBody = z.input<typeof qoeBeaconBodySchema>;
export const qoeBeaconReplySchema = envelopeOf(z.object({}));
