import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Viewer } from '../accounts/viewer.js';
import { servicePaidUntil } from '../commerce/entitlements.js';
import { contentSource, playsNow } from './channel-rules.js';
import type { ChannelRow } from './queries.js';

/** Why nothing is streamed; the page decides what to show from the channel bean (SPEC §4, §8). */
export type NoStreamReason =
  | 'NOT_ON_AIR'
  | 'EXTERNAL'
  | 'WEB_NOT_ALLOWED'
  | 'NO_SOURCE'
  | 'NEEDS_LOGIN'
  | 'NEEDS_SUBSCRIPTION';

export type LiveAccess =
  { plays: true; preRoll: boolean } | { plays: false; reason: NoStreamReason };

/**
 * The one place that decides whether a viewer gets a channel's stream (SPEC §6; docs/adr/0025):
 * 1. a linear channel streams only while on air (status '1'); an event channel at any time;
 * 2. YouTube and Twitch channels stream elsewhere (the page's external-video pop-up);
 * 3. allowWeb 'N' channels are not streamed to the web site at all (the apps have their own);
 * 4. FREE channels stream to anyone, signed in or not; AVOD to anyone after a pre-roll;
 *    SVOD only to an account with a running paid period of the channel's monthly service.
 * Kid mode: a kid never reaches here for a channel not marked kid-safe (the service answers 404,
 * channel-rules.ts channelVisibleTo; docs/adr/0028).
 */
export async function liveAccess(
  db: Kysely<Database>,
  channel: ChannelRow,
  viewer: Viewer | null,
  now: number,
  hasPlayout: boolean,
): Promise<LiveAccess> {
  if (!playsNow(channel, now)) return { plays: false, reason: 'NOT_ON_AIR' };
  if (contentSource(channel) !== 'ORIGIN') return { plays: false, reason: 'EXTERNAL' };
  if (channel.allow_web !== 'Y') return { plays: false, reason: 'WEB_NOT_ALLOWED' };
  if (!hasPlayout) return { plays: false, reason: 'NO_SOURCE' };
  switch (channel.play_right_type) {
    case 'FREE':
      return { plays: true, preRoll: false };
    case 'AVOD':
      return { plays: true, preRoll: true };
    case 'SVOD': {
      if (!viewer) return { plays: false, reason: 'NEEDS_LOGIN' };
      if (!channel.service_id) return { plays: false, reason: 'NEEDS_SUBSCRIPTION' };
      const paidUntil = await servicePaidUntil(db, viewer.accountId, channel.service_id, now);
      return paidUntil === null
        ? { plays: false, reason: 'NEEDS_SUBSCRIPTION' }
        : { plays: true, preRoll: false };
    }
    default:
      return { plays: false, reason: 'NO_SOURCE' };
  }
}
