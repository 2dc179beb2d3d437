import { z } from 'zod';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { streamIdSchema, yn } from './fields.js';
import { channelIdSchema } from './live.js';

/**
 * Start over (從頭看) and catch-up (回看) of issue 24: any programme of a channel's past hours,
 * from its beginning, played out by the live origin from the same timeline as live
 * (docs/adr/0043). A programme is named by its channel and its start (Unix seconds): the start
 * of an aired programme never changes (an import does not rewrite what has aired), so a share
 * link keeps naming the same programme; programme ids are the database's and change with a
 * re-import. The calls are "not shown" in the SPEC, so they follow the ajaxVerbNoun.do rule.
 */
export const catchupCalls = {
  /** GET (channelId): the programmes of the channel's catch-up window, each playable or not. */
  findCatchupProgramList: '/ajax/ajaxFindCatchupProgramList.do',
  /** GET (channelId, programStart): the programme's stream; on air → start over, ended → catch-up. */
  getProgramPlay: '/ajax/ajaxGetProgramPlay.do',
  /** POST: the resume heartbeat of a catch-up play (every 30 s, on pause, on leaving). */
  saveProgramPosition: '/ajax/ajaxSaveProgramPosition.do',
  /** GET: the member's catch-up programmes with their resume points, newest first (play history). */
  findProgramHistoryList: '/ajax/ajaxFindProgramHistoryList.do',
} as const;

/**
 * The origin's programme playlists (docs/adr/0043): master.m3u8 and v0.m3u8 … behind a signed
 * prefix naming the channel and the programme's start, segments beside them exactly as live
 * names them ({clip}/{asset start}/{dir}/{file}), so a cache holds one copy for live and catch-up.
 * While the programme is on air the media playlist is an EVENT playlist that grows; once it has
 * ended it is a VOD playlist with EXT-X-ENDLIST that never changes.
 */
export const CATCHUP_PLAYLIST_ROUTE = '/catchup/:channelId/:programStart/:expires/:signature/:file';

/** A channel's catch-up window is at most this long (the origin never plays older programmes). */
export const MAX_CATCHUP_HOURS = 14 * 24;

/**
 * A programme's start as it travels: Unix seconds in decimal, one spelling only (no sign, no
 * leading zero, no exponent), like the signed URLs' expiry.
 */
export const programStartSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,10})$/, '節目時間格式不正確。')
  .transform(Number);

export const catchupProgramListQuerySchema = z.object({ channelId: channelIdSchema });

export const catchupProgramSchema = z.object({
  /** Unix seconds, as getProgramPlay takes it. */
  programStart: z.string(),
  /** Unix seconds. */
  programEnd: z.string(),
  programName: z.string(),
  description: z.string(),
  /** On air now: playing it is 從頭看. */
  onAir: yn,
  /** Whether it may be played from its beginning here (the window, the blackout; not the right). */
  catchup: yn,
  /** When `catchup` is N, why, in zh-TW (e.g. 本節目不提供回看。); '' otherwise. */
  catchupDesc: z.string(),
});
export type CatchupProgram = z.infer<typeof catchupProgramSchema>;

export const catchupProgramListReplySchema = envelopeOf(
  z.object({
    channelId: z.string(),
    /** The channel's window in hours; 0: no catch-up (the list then holds only the programme on air). */
    catchupHours: z.number().int().min(0),
    /** Oldest first: every programme that started inside the window, up to the one on air. */
    programList: z.array(catchupProgramSchema),
  }),
);

export const programPlayQuerySchema = z.object({
  channelId: channelIdSchema,
  programStart: programStartSchema,
});

export const programPlayDataSchema = z.object({
  /** Base64 of the programme's master playlist URL (as switchChannel's videoUrl). */
  videoUrl: z.string(),
  maxBitrate: z.number().int().positive(),
  channelId: z.string(),
  channelName: z.string(),
  program: catchupProgramSchema,
  /** 'startover': on air, the playlist grows; 'catchup': ended, a VOD playlist. */
  mode: z.enum(['startover', 'catchup']),
  /** Where a member left this programme last time, seconds from its start; 0: from the start. */
  resumeSeconds: z.number().int().min(0),
  /** AVOD channels: the pre-roll's ad tag, as switchChannel gives it; '' otherwise. */
  preVastUrl: z.string(),
  vastSeqId: z.string(),
  preRoll: yn,
  /** A member's play holds a stream lease (docs/adr/0042); the position heartbeats renew it. */
  streamId: z.string().optional(),
});
export type ProgramPlayData = z.infer<typeof programPlayDataSchema>;
export const programPlayReplySchema = envelopeOf(programPlayDataSchema);

export const saveProgramPositionBodySchema = z.object({
  channelId: channelIdSchema,
  programStart: programStartSchema,
  positionSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CATCHUP_HOURS * 3600),
  /** Increases with every heartbeat of a playback: newer wins (as the VOD heartbeat). */
  seq: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  streamId: streamIdSchema.optional(),
});
export const saveProgramPositionReplySchema = envelopeOf(z.object({}));

export const programHistoryReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    programList: z.array(
      catchupProgramSchema.extend({
        channelId: z.string(),
        channelName: z.string(),
        channelPic: z.string(),
        positionSeconds: z.number().int(),
        /** Unix seconds of the last heartbeat. */
        watchedAt: z.string(),
      }),
    ),
  }),
);

export const catchupPageCalls = {
  findCatchupProgramList: describeCall({
    method: 'GET',
    path: catchupCalls.findCatchupProgramList,
    summary:
      'The programmes of a channel\u2019s catch-up window, each playable from its start or not',
    tags: ['live'],
    input: catchupProgramListQuerySchema,
    reply: catchupProgramListReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  getProgramPlay: describeCall({
    method: 'GET',
    path: catchupCalls.getProgramPlay,
    summary:
      'Start over or catch-up: a programme\u2019s stream from its beginning, with the live right',
    tags: ['live'],
    input: programPlayQuerySchema,
    reply: programPlayReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  saveProgramPosition: describeCall({
    method: 'POST',
    path: catchupCalls.saveProgramPosition,
    summary:
      'Catch-up resume heartbeat (every 30 s, on pause, on leaving); renews the stream lease',
    tags: ['live'],
    input: saveProgramPositionBodySchema,
    reply: saveProgramPositionReplySchema,
    access: { who: 'member' },
  }),
  findProgramHistoryList: describeCall({
    method: 'GET',
    path: catchupCalls.findProgramHistoryList,
    summary: 'The member\u2019s catch-up programmes with their resume points, newest first',
    tags: ['live'],
    reply: programHistoryReplySchema,
    access: { who: 'member', visitor: { isLogin: 'N', programList: [] } },
    cache: 'private',
  }),
};
