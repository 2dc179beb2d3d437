import { z } from 'zod';
import { contentIdSchema } from './fields.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

const yn = z.enum(['Y', 'N']);

/** ajaxFindVideoPlayRight.do (contentId, isSeries): SPEC §3 "Play-right query". */
export const playRightQuerySchema = z.object({
  contentId: contentIdSchema,
  isSeries: yn.default('N'),
});

export const playRightDataSchema = z.object({
  contentId: z.string(),
  contentName: z.string(),
  playRight: yn,
  /** The master playlist to hand to the player. */
  videoUrl: z.string(),
  durationSeconds: z.number().int(),
  /** Why it plays: free, ad-supported, bought, rented or under a monthly service (ADR 0019). */
  rightType: z.enum(['free', 'avod', 'buy', 'rent', 'service']),
  /** Unix seconds when the right ends (a rental's 48 hours, a paid period); null: it does not. */
  rightEndsAt: z.number().int().nullable(),
  /** AVOD titles: the pre-roll's ad tag (docs/adr/0022); absent when nothing plays before. */
  preVastUrl: z.string().optional(),
  /** Renditions above this many bits per second (HLS BANDWIDTH) stay off (SPEC §5); absent: none. */
  maxBitrate: z.number().int().positive().optional(),
  /**
   * A member's play holds a stream lease (docs/adr/0042): the heartbeats send this id to renew
   * it. Absent for visitors, whose free plays count against no account.
   */
  streamId: z.string().optional(),
});
export type PlayRightData = z.infer<typeof playRightDataSchema>;
export const playRightReplySchema = envelopeOf(playRightDataSchema);

/** The play-right call, described once (issue 21, call.ts). */
export const playbackCalls = {
  findVideoPlayRight: describeCall({
    method: 'GET',
    path: siteCalls.findVideoPlayRight,
    summary: 'Whether the viewer may play a title, and the stream to play',
    tags: ['playback'],
    input: playRightQuerySchema,
    reply: playRightReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
};
