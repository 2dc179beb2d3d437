import { LIVE_SEGMENT_SECONDS } from '@site/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/errors.js';
import { adTagFor } from '../../ads/index.js';
import type { StreamSigner } from '../../media/stream-urls.js';
import { playoutClipIds } from '../channel-rules.js';
import type { CatchupChannel, ProgrammeSlot } from '../catchup-rules.js';
import { findChannel, programmeTimes, type ChannelRow } from '../queries.js';
import { adBreaksFor, type AdPlanRow } from './ad-plan.js';
import type { Asset, Rendition } from './assets.js';
import { LiveSigner } from './live-signer.js';
import {
  LIVE_WINDOW_SEGMENTS,
  allowedVariants,
  renderMasterPlaylist,
  renderMediaPlaylist,
} from './playlist.js';
import { PLAYOUT_EPOCH_SEGMENT, Timeline, segmentAt, segmentAtOrAfter } from './timeline.js';

/** How often (real time) an instance asks the database whether a schedule or channel changed. */
const CHECK_EVERY_MS = 1000;
/** Media playlists change every segment: a shared cache keeps one for at most a second. */
export const MEDIA_PLAYLIST_MAX_AGE = 1;
export const MASTER_PLAYLIST_MAX_AGE = 2;

export interface Served {
  body: Buffer;
  /** Seconds a shared cache may keep it. */
  maxAge: number;
}

interface Rendered {
  first: number;
  last: number;
  ended: boolean;
  segmentExpires: number;
  body: Buffer;
}

/** What one channel's playout needs, built once per schedule and kept in memory. */
export interface Playout {
  channelId: string;
  fingerprint: string;
  linear: boolean;
  airStart: number | null;
  airEnd: number | null;
  assets: Asset[];
  timeline: Timeline;
  variants: number[];
  master: Buffer;
  adTag: string | null;
  /** The last media playlist of each variant and the window it was written for. */
  rendered: Map<number, Rendered>;
  /** Its programmes by start, with their blackout flags (catch-up, docs/adr/0043). */
  slots: ProgrammeSlot[];
  catchup: CatchupChannel;
}

export interface OriginDeps {
  db: Kysely<Database>;
  clock: () => number;
  assets: ReadonlyMap<string, Asset>;
  /**
   * A clip of the media library the manifest did not hold (transcoded by the ingest queue after
   * this process started), when a programme names it (docs/adr/0048); undefined when there is no
   * such clip or it does not fit the origin.
   */
  libraryClip?: (clipId: string) => Promise<Asset | undefined>;
  streams: StreamSigner;
  signer: LiveSigner;
  /** How long handed-out URLs (playlists and segments) stay valid, at least. */
  ttlSeconds: number;
  /** The site's origin (PUBLIC_URL). The playlists' ad tags no longer use it: they are site paths. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

const FINGERPRINT_COLUMNS = [
  'channel_id',
  'channel_type',
  'air_start_at',
  'air_end_at',
  'play_right_type',
  'max_bitrate',
  'clip_id',
  'playout_clip_ids',
  'is_youtube',
  'twitch_login',
  'schedule_rev',
  'catchup_hours',
  // Bumped by every console edit, an ad plan change among them (docs/adr/0047).
  'version',
] as const;

function fingerprintOf(row: Pick<ChannelRow, (typeof FINGERPRINT_COLUMNS)[number]>): string {
  return JSON.stringify(FINGERPRINT_COLUMNS.map((c) => row[c]));
}

/** A channel's ad plans, oldest first (docs/adr/0047). */
function adPlans(db: Kysely<Database>, channelId: string): Promise<AdPlanRow[]> {
  return db
    .selectFrom('channel_ad_plan')
    .select(['effective_from', 'opening_break', 'interval_minutes', 'break_seconds'])
    .where('channel_id', '=', channelId)
    .orderBy('effective_from')
    .execute();
}

const notFound = () => new AppError('NOT_FOUND', undefined, '本頻道目前沒有播出。');

/**
 * The live origin (docs/adr/0025): each channel's master and media playlists, computed from its
 * schedule, its assets and the clock. A channel's timeline is built once (from every programme
 * it has, so discontinuity numbers never depend on what was loaded) and rebuilt when its row or
 * the programme table changes; each variant's playlist is written once per 2 s window and then
 * sent from memory. Nothing depends on the instance, so all instances answer the same bytes.
 */
export class LiveOrigin {
  private readonly playouts = new Map<string, Playout | null>();
  private readonly loading = new Map<string, Promise<Playout | null>>();
  private readonly clipPrefixes = new Map<string, string>();
  private generation = 0;
  private lastCheck = 0;
  private programmeSignature: string | null = null;

  private readonly library = new Map<string, Asset>();

  constructor(private readonly deps: OriginDeps) {}

  /** Whether a channel's assets can be played out here (its clips exist and fit the origin). */
  canPlayOut(channel: ChannelRow): boolean {
    return playoutClipIds(channel).some((id) => this.deps.assets.has(id));
  }

  /** The master playlist path a viewer with the right is handed (switch-channel's videoUrl). */
  masterPath(channelId: string): string {
    const expires = LiveSigner.expiresFor(this.deps.clock(), this.deps.ttlSeconds);
    return `${this.deps.signer.prefix(channelId, expires)}master.m3u8`;
  }

  /** Forgets every playout (after an import in this process; other instances poll). */
  invalidate(): void {
    this.generation += 1;
    this.playouts.clear();
    this.loading.clear();
  }

  /** Forgets one channel's playout (after a console edit in this process; other instances poll). */
  forget(channelId: string): void {
    this.generation += 1;
    this.playouts.delete(channelId);
    this.loading.delete(channelId);
  }

  /**
   * The body of `file` (master.m3u8 or v{n}.m3u8) of a channel at `now`, or a 404 for a channel
   * without a playout here, one not yet on air, or a variant above its bitrate cap. Synchronous
   * once the channel's playout is built (the common case): no promise per request.
   */
  serve(channelId: string, file: string, now: number): Served | Promise<Served> {
    this.maybeCheck();
    const known = this.playouts.get(channelId);
    if (known !== undefined) return this.answer(known, file, now);
    return this.load(channelId).then((playout) => this.answer(playout, file, now));
  }

  /**
   * The rendition a live segment path names (`{clip}/{start}/{dir}/{file}`, docs/adr/0033): one
   * of the channel's assets, in a variant its master lists, a file of that rendition, and the
   * clip starts at `start` (Unix seconds, on a segment boundary) on the channel's timeline, not
   * in the future; else a 404. So only segments a playlist lists are rewritten and kept.
   */
  segmentRendition(
    channelId: string,
    clipId: string,
    start: number,
    dir: string,
    file: string,
    now: number,
  ): Rendition | Promise<Rendition> {
    const find = (playout: Playout | null): Rendition => {
      if (!playout) throw notFound();
      if (playout.linear && playout.airStart !== null && now < playout.airStart) throw notFound();
      const at = playout.timeline.locate(start / LIVE_SEGMENT_SECONDS);
      if (start > now || at.assetSegment !== 0 || playout.assets[at.asset]?.clipId !== clipId)
        throw notFound();
      const renditions = playout.assets.find((a) => a.clipId === clipId)?.renditions;
      const index = renditions?.findIndex((r) => r.dir === dir) ?? -1;
      const rendition = renditions?.[index];
      if (!rendition || !playout.variants.includes(index) || !rendition.segments.includes(file))
        throw notFound();
      return rendition;
    };
    this.maybeCheck();
    const known = this.playouts.get(channelId);
    if (known !== undefined) return find(known);
    return this.load(channelId).then(find);
  }

  private answer(playout: Playout | null, file: string, now: number): Served {
    if (!playout) throw notFound();
    if (playout.linear && playout.airStart !== null && now < playout.airStart) throw notFound();
    if (file === 'master.m3u8') return { body: playout.master, maxAge: MASTER_PLAYLIST_MAX_AGE };
    const variant = /^v(\d{1,2})\.m3u8$/.exec(file);
    if (!variant || !playout.variants.includes(Number(variant[1]))) throw notFound();
    return { body: this.media(playout, Number(variant[1]), now), maxAge: MEDIA_PLAYLIST_MAX_AGE };
  }

  private media(playout: Playout, variant: number, now: number): Buffer {
    const ended = playout.linear && playout.airEnd !== null && now >= playout.airEnd;
    let last = segmentAt(now) - 1;
    if (playout.linear && playout.airEnd !== null)
      last = Math.min(last, segmentAt(playout.airEnd) - 1);
    let first = last - LIVE_WINDOW_SEGMENTS + 1;
    if (playout.linear && playout.airStart !== null)
      first = Math.max(first, segmentAtOrAfter(playout.airStart));
    const segmentExpires = LiveSigner.expiresFor(now, this.deps.ttlSeconds);
    const cached = playout.rendered.get(variant);
    if (
      cached !== undefined &&
      cached.first === first &&
      cached.last === last &&
      cached.ended === ended &&
      cached.segmentExpires === segmentExpires
    )
      return cached.body;
    const body = Buffer.from(
      renderMediaPlaylist({
        channelId: playout.channelId,
        timeline: playout.timeline,
        assets: playout.assets,
        variant,
        first,
        last,
        ended,
        clipPrefix: (clipId) => this.clipPrefix(clipId, segmentExpires),
        adTag: playout.adTag,
      }),
    );
    playout.rendered.set(variant, { first, last, ended, segmentExpires, body });
    return body;
  }

  /**
   * A channel's playout, built once per schedule (synchronous once built): what the catch-up
   * origin renders programmes from, so both play the very same timeline (docs/adr/0043).
   */
  playoutOf(channelId: string): Playout | null | Promise<Playout | null> {
    this.maybeCheck();
    const known = this.playouts.get(channelId);
    return known !== undefined ? known : this.load(channelId);
  }

  /** The signed /stream/ prefix of a clip's files until `expires` (remembered per hour). */
  clipPrefix(clipId: string, expires: number): string {
    const key = `${clipId}\n${expires}`;
    let prefix = this.clipPrefixes.get(key);
    if (prefix === undefined) {
      if (this.clipPrefixes.size > 1000) this.clipPrefixes.clear();
      prefix = this.deps.streams.prefix(clipId, expires);
      this.clipPrefixes.set(key, prefix);
    }
    return prefix;
  }

  private load(channelId: string): Promise<Playout | null> {
    let pending = this.loading.get(channelId);
    if (!pending) {
      const generation = this.generation;
      pending = this.build(channelId).finally(() => {
        if (this.loading.get(channelId) === pending) this.loading.delete(channelId);
      });
      this.loading.set(channelId, pending);
      void pending.then(
        (playout) => {
          if (this.generation === generation) this.playouts.set(channelId, playout);
        },
        () => undefined,
      );
    }
    return pending;
  }

  /**
   * The media library's clips among these that the manifest did not hold, loaded once each and
   * kept (a finished clip's files never change; a clip id belongs to one job).
   */
  private async libraryClips(clipIds: readonly (string | null)[]): Promise<Map<string, Asset>> {
    const { assets: known, libraryClip } = this.deps;
    const wanted = new Set(clipIds.filter((id): id is string => id !== null && !known.has(id)));
    for (const clipId of wanted) {
      if (this.library.has(clipId) || !libraryClip) continue;
      const asset = await libraryClip(clipId);
      if (asset) this.library.set(clipId, asset);
    }
    return this.library;
  }

  private async build(channelId: string): Promise<Playout | null> {
    const { db, assets: known } = this.deps;
    const row = await findChannel(db, channelId);
    if (!row) return null;
    const assets = playoutClipIds(row)
      .map((id) => known.get(id))
      .filter((a): a is Asset => a !== undefined);
    if (assets.length === 0) return null;
    const [rows, plans] = await Promise.all([
      programmeTimes(db, channelId),
      adPlans(db, channelId),
    ]);
    // A programme's own clip (the console's asset, docs/adr/0048) plays in its block when this
    // origin has it; the channel's clips come first, so without any the timeline is as before.
    const library = await this.libraryClips(rows.map((p) => p.clip_id));
    const channelAssets = assets.length;
    const programmes = rows.map((p) => {
      if (p.clip_id === null) return { ...p, asset: null };
      let index = assets.findIndex((a, i) => i >= channelAssets && a.clipId === p.clip_id);
      const asset = known.get(p.clip_id) ?? library.get(p.clip_id);
      if (index < 0 && asset) index = assets.push(asset) - 1;
      return { ...p, asset: index < 0 ? null : index };
    });
    const airStart = row.air_start_at === null ? null : Number(row.air_start_at);
    const variants = allowedVariants(assets, Number(row.max_bitrate));
    return {
      channelId,
      fingerprint: fingerprintOf(row),
      linear: row.channel_type === '0',
      airStart,
      airEnd: row.air_end_at === null ? null : Number(row.air_end_at),
      assets,
      timeline: new Timeline(
        programmes.map((p) => ({ ...p, ads: adBreaksFor(plans, Number(p.start_at)) })),
        assets.map((a) => a.segmentCount),
        PLAYOUT_EPOCH_SEGMENT,
        channelAssets,
      ),
      variants,
      master: Buffer.from(renderMasterPlaylist(assets, variants)),
      // Origin-relative (issue 28 item 6): an HLS client resolves it against the playlist's URL,
      // so it names the ad server on whatever host the viewer reached; PUBLIC_URL, absolute, was
      // another host for a visitor on 127.0.0.1 or a LAN name. Our player takes only its path, on
      // the page's own origin, so a stream host rewritten by LIVE_STREAM_HOST_RULES never becomes
      // the ad server for it (docs/adr/0022, amendment on mid-roll breaks).
      adTag: row.play_right_type === 'AVOD' ? adTagFor({ channelId }, 'midroll') : null,
      rendered: new Map(),
      slots: programmes.map((p) => ({
        start: Number(p.start_at),
        end: Number(p.end_at),
        blackout: Number(p.catchup_blackout) === 1,
      })),
      catchup: {
        catchupHours: Number(row.catchup_hours),
        airStart: row.channel_type === '0' ? airStart : null,
      },
    };
  }

  /** At most once a second, without holding up the request: has anything the playouts read changed? */
  private maybeCheck(): void {
    const at = performance.now();
    if (at - this.lastCheck < CHECK_EVERY_MS) return;
    this.lastCheck = at;
    this.check().catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'live origin: could not check for schedule changes'),
    );
  }

  private async check(): Promise<void> {
    const { db } = this.deps;
    const [rows, programmes] = await Promise.all([
      db.selectFrom('channel').select(FINGERPRINT_COLUMNS).execute(),
      sql<{ n: number | string; top: number | string | null }>`
        select count(*) as n, max(programme_id) as top from programme`.execute(db),
    ]);
    const summary = programmes.rows[0];
    const signature = `${Number(summary?.n ?? 0)}:${Number(summary?.top ?? 0)}`;
    if (this.programmeSignature !== null && signature !== this.programmeSignature) {
      this.programmeSignature = signature;
      this.invalidate();
      return;
    }
    this.programmeSignature = signature;
    const current = new Map(rows.map((r) => [r.channel_id, fingerprintOf(r)]));
    for (const [channelId, playout] of this.playouts) {
      const now = current.get(channelId);
      if (playout ? now !== playout.fingerprint : now !== undefined) {
        this.generation += 1;
        this.playouts.delete(channelId);
      }
    }
  }
}
