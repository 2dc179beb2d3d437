import type { Kysely } from 'kysely';
import type { CatchupProgram, ProgramPlayData } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { liveAdFields } from '../ads/index.js';
import { mediaUrl } from '../media/urls.js';
import { channelVisibleTo } from './channel-rules.js';
import {
  CATCHUP_REFUSALS,
  catchupRefusal,
  windowSeconds,
  type CatchupChannel,
} from './catchup-rules.js';
import { liveAccess, type NoStreamReason } from './live-right.js';
import type { CatchupOrigin } from './origin/catchup.js';
import type { LiveOrigin } from './origin/origin.js';
import { programmeAt, programmesBetween, type ChannelRow, type ProgrammeRow } from './queries.js';
import type { LiveService } from './service.js';
import type { LineupSettingsStore } from './lineup-settings.js';
import { liveStreamUrl } from './stream-hosts.js';

/** The play history lists this many programmes at most. */
export const PROGRAMME_HISTORY_LIMIT = 50;

/** The live right's refusals (live-right.ts), as getProgramPlay answers them in zh-TW. */
const RIGHT_REFUSALS: Record<NoStreamReason, () => AppError> = {
  NOT_ON_AIR: () => new AppError('FORBIDDEN', undefined, '本頻道目前沒有播出。'),
  EXTERNAL: () =>
    new AppError('FORBIDDEN', undefined, '本頻道在外部平台播出，不提供從頭看與回看。'),
  WEB_NOT_ALLOWED: () =>
    new AppError('FORBIDDEN', undefined, '本頻道僅限行動裝置觀看，網站不提供從頭看與回看。'),
  NO_SOURCE: () => new AppError('FORBIDDEN', undefined, '此頻道目前無法觀看，請稍候再試。'),
  NEEDS_LOGIN: () =>
    new AppError('NOT_LOGGED_IN', undefined, '本頻道為訂戶專屬頻道，請先登入會員。'),
  NEEDS_SUBSCRIPTION: () =>
    new AppError('FORBIDDEN', undefined, '本頻道為訂戶專屬頻道，訂閱後即可收看。'),
};

const noProgramme = () => notFound('找不到這個節目。');

const catchupOf = (channel: ChannelRow): CatchupChannel => ({
  catchupHours: Number(channel.catchup_hours),
  airStart:
    channel.channel_type === '0' && channel.air_start_at !== null
      ? Number(channel.air_start_at)
      : null,
});

const slotOf = (p: ProgrammeRow) => ({
  start: Number(p.start_at),
  end: Number(p.end_at),
  blackout: Number(p.catchup_blackout) === 1,
});

/** A programme as the catch-up calls show it (contract catchupProgramSchema). */
function present(channel: ChannelRow, p: ProgrammeRow, now: number): CatchupProgram {
  const slot = slotOf(p);
  const refusal = catchupRefusal(catchupOf(channel), slot, now);
  return {
    programStart: String(slot.start),
    programEnd: String(slot.end),
    programName: p.name,
    description: p.description,
    onAir: slot.start <= now && now < slot.end ? 'Y' : 'N',
    catchup: refusal ? 'N' : 'Y',
    catchupDesc: refusal ? CATCHUP_REFUSALS[refusal] : '',
  };
}

export interface CatchupSettings {
  /** The stream-host rules, set in the console (docs/adr/0047). */
  lineup: LineupSettingsStore;
}

/**
 * Start over and catch-up (issue 24, docs/adr/0043) as functions of (viewer, input, now): which
 * programmes of a channel may be played from their start, a programme's stream under the live
 * right, and the viewer's resume points. The origin (origin/catchup.ts) applies the same
 * programme rule (catchup-rules.ts) to every playlist it serves.
 */
export class CatchupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly live: LiveService,
    private readonly origin: LiveOrigin,
    private readonly catchup: CatchupOrigin,
    private readonly settings: CatchupSettings,
  ) {}

  /** Every programme that started inside the channel's window, up to the one on air, oldest first. */
  async programList(viewer: Viewer | null, channelId: string, now: number) {
    const channel = await this.live.requireChannel(channelId, viewer);
    const from = now - windowSeconds(catchupOf(channel));
    const rows = (await programmesBetween(this.db, from, now + 1, channelId)).filter(
      (p) => Number(p.start_at) >= from || Number(p.end_at) > now,
    );
    return {
      channelId,
      catchupHours: windowSeconds(catchupOf(channel)) / 3600,
      programList: rows.map((p) => present(channel, p, now)),
    };
  }

  /**
   * A programme's stream from its start: the programme must be playable from its start
   * (catchup-rules.ts; 404 for one the channel does not have), and the viewer must hold the live
   * right (live-right.ts: subscribers-only stays so, allowWeb N stays off the web; a kid sees
   * kid channels only). The pre-roll is switch-channel's; the resume point the member's own.
   */
  async play(
    viewer: Viewer | null,
    channelId: string,
    programStart: number,
    now: number,
    pageProtocol: string,
  ): Promise<Omit<ProgramPlayData, 'streamId'>> {
    const channel = await this.live.requireChannel(channelId, viewer);
    const programme = await programmeAt(this.db, channelId, programStart);
    if (!programme) throw noProgramme();
    const refusal = catchupRefusal(catchupOf(channel), slotOf(programme), now);
    if (refusal) throw new AppError('FORBIDDEN', undefined, CATCHUP_REFUSALS[refusal]);
    const access = await liveAccess(this.db, channel, viewer, now, this.origin.canPlayOut(channel));
    if (!access.plays) throw RIGHT_REFUSALS[access.reason]();
    const path = this.catchup.masterPath(channelId, programStart, now);
    const { hostRules } = await this.settings.lineup.current();
    const url = liveStreamUrl(path, channel.name, pageProtocol, hostRules);
    const ads = access.preRoll
      ? liveAdFields({ channelId, playRightType: 'AVOD' })
      : { preVastUrl: '', vastSeqId: '', preRoll: 'N' as const };
    const program = present(channel, programme, now);
    return {
      videoUrl: Buffer.from(url).toString('base64'),
      maxBitrate: Number(channel.max_bitrate),
      channelId,
      channelName: channel.name,
      program,
      mode: program.onAir === 'Y' ? 'startover' : 'catchup',
      resumeSeconds: viewer ? await this.resumeSeconds(viewer, channelId, programStart) : 0,
      ...ads,
    };
  }

  private async resumeSeconds(viewer: Viewer, channelId: string, programStart: number) {
    const row = await this.db
      .selectFrom('programme_position')
      .select('position_seconds')
      .where('sub_account_uid', '=', viewer.subAccount.sub_account_uid)
      .where('channel_id', '=', channelId)
      .where('program_start', '=', programStart)
      .executeTakeFirst();
    return row ? Number(row.position_seconds) : 0;
  }

  /**
   * The resume heartbeat: the position (kept inside the programme) for the sub-account, a newer
   * or equal seq replacing an older one, never the reverse (as the VOD heartbeat).
   */
  async savePosition(
    viewer: Viewer,
    input: { channelId: string; programStart: number; positionSeconds: number; seq: number },
    now: number,
  ): Promise<void> {
    const { channelId, programStart, seq } = input;
    await this.live.requireChannel(channelId, viewer);
    const programme = await programmeAt(this.db, channelId, programStart);
    if (!programme || Number(programme.start_at) > now) throw noProgramme();
    const length = Number(programme.end_at) - Number(programme.start_at);
    const positionSeconds = Math.min(input.positionSeconds, length);
    await this.db
      .insertInto('programme_position')
      .values({
        sub_account_uid: viewer.subAccount.sub_account_uid,
        account_id: viewer.accountId,
        channel_id: channelId,
        program_start: programStart,
        position_seconds: positionSeconds,
        client_seq: seq,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['sub_account_uid', 'channel_id', 'program_start'])
          .doUpdateSet((eb) => ({
            position_seconds: eb.ref('excluded.position_seconds'),
            client_seq: eb.ref('excluded.client_seq'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          // An older heartbeat never moves the resume point back.
          .whereRef('programme_position.client_seq', '<=', 'excluded.client_seq'),
      )
      .execute();
  }

  /** The sub-account's catch-up programmes with their resume points, newest first. */
  async history(viewer: Viewer, now: number) {
    const rows = await this.db
      .selectFrom('programme_position as pp')
      .innerJoin('programme as p', (join) =>
        join
          .onRef('p.channel_id', '=', 'pp.channel_id')
          .onRef('p.start_at', '=', 'pp.program_start'),
      )
      .innerJoin('channel as c', 'c.channel_id', 'pp.channel_id')
      .selectAll('p')
      .select([
        'pp.position_seconds',
        'pp.updated_at',
        'c.name as channel_name',
        'c.pic_path',
        'c.kid_safe',
        'c.catchup_hours',
        'c.channel_type',
        'c.air_start_at',
      ])
      .where('pp.sub_account_uid', '=', viewer.subAccount.sub_account_uid)
      .orderBy('pp.updated_at', 'desc')
      .orderBy('pp.channel_id')
      .orderBy('pp.program_start', 'desc')
      .limit(PROGRAMME_HISTORY_LIMIT)
      .execute();
    return {
      isLogin: 'Y' as const,
      programList: rows
        .filter((r) => channelVisibleTo(r, viewer))
        .map((r) => ({
          ...present(r as unknown as ChannelRow, r, now),
          channelId: r.channel_id,
          channelName: r.channel_name,
          channelPic: mediaUrl(r.pic_path),
          positionSeconds: Number(r.position_seconds),
          watchedAt: String(Number(r.updated_at)),
        })),
    };
  }
}
