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
