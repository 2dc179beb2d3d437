import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LIVE_SEGMENT_SECONDS } from '@site/contract';
import { AppError, notFound } from '../../../http/errors.js';
import {
  BROTLI_OPTIONS,
  COMPRESS_THRESHOLD_BYTES,
  GZIP_OPTIONS,
} from '../../../http/compression.js';
import {
  CATCHUP_REFUSALS,
  catchupRefusal,
  playableUntil,
  programmeStartingAt,
  type ProgrammeSlot,
} from '../catchup-rules.js';
import { LiveSigner } from './live-signer.js';
import type { LiveOrigin, Playout } from './origin.js';
import { MASTER_PLAYLIST_MAX_AGE, MEDIA_PLAYLIST_MAX_AGE } from './origin.js';
import { mediaPlaylistHeader, mediaPlaylistSegments, type MediaPlaylistInput } from './playlist.js';
import { segmentAt, segmentAtOrAfter } from './timeline.js';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** A programme's playlist that never changes may be kept by a shared cache this long at most. */
export const ENDED_PLAYLIST_MAX_AGE = 7 * 86_400;
/** Rendered programme playlists kept in memory, in bytes (plain and compressed together). */
const DEFAULT_MEMORY_BUDGET = 64 * 1024 * 1024;

export interface ProgrammeServed {
  body: Buffer;
  /** The Content-Encoding of `body`; null: as it is. */
  encoding: Encoding | null;
  /** Seconds a shared cache may keep it. */
  maxAge: number;
  /** It never changes at this address (an ended programme): `immutable`. */
  immutable: boolean;
}

/** One variant's playlist of a programme at one signed address, with its compressed forms. */
interface Kept {
  playout: Playout;
  last: number;
  ended: boolean;
  /** While it grows (EVENT): its segment lines, so the next version appends to them. */
  lines?: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  size: number;
}

/** A programme's place on its channel's timeline, in segments. */
export interface ProgrammeSpan {
  slot: ProgrammeSlot;
  /** Its first segment and one past its last. */
  first: number;
  end: number;
}

/** Accept-Encoding headers seen → the encoding chosen (players send one of a handful). */
const chosen = new Map<string, Encoding | null>();

/** br, then gzip, as the client accepts them; remembered per header text. */
function encodingFor(acceptEncoding: string): Encoding | null {
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = (negotiate(acceptEncoding, ENCODINGS) as Encoding | undefined) ?? null;
    if (chosen.size > 1000) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

const unknownProgramme = () => notFound('找不到這個節目。');
const noChannel = () => notFound('本頻道目前沒有播出。');

/**
 * Start over and catch-up at the origin (docs/adr/0043): a programme's master and media
 * playlists, rendered from the channel's playout (the same Timeline object live renders from,
 * so a second has the same segment, sequence number and discontinuity count either way). While
 * the programme is on air its media playlist is an EVENT playlist from its first segment to the
 * live edge; once it has ended, a VOD playlist with EXT-X-ENDLIST that never changes at its
 * address, so a cache may keep it until the address expires. Rendered playlists (and their br
 * and gzip forms) are kept in memory within a byte budget, oldest dropped first.
 */
export class CatchupOrigin {
  private readonly kept = new Map<string, Kept>();
  private keptBytes = 0;
  /** Bytes of media playlists sent, and how many of them came from memory (the benchmark's figure). */
  readonly stats = { sent: 0, fromMemory: 0, renders: 0 };

  constructor(
    private readonly origin: LiveOrigin,
    private readonly signer: LiveSigner,
    private readonly ttlSeconds: number,
    private readonly memoryBudget = DEFAULT_MEMORY_BUDGET,
  ) {}

  /** The master playlist path of a programme a viewer with the right is handed (getProgramPlay). */
  masterPath(channelId: string, programStart: number, now: number): string {
    const expires = LiveSigner.expiresFor(now, this.ttlSeconds);
    return `${this.signer.programmePrefix(channelId, programStart, expires)}master.m3u8`;
  }

  /**
   * The programme of a playout starting at `programStart`, if it may be played from its start at
   * `now` (catchup-rules.ts); else 404 (unknown) or 403 with the rule's zh-TW reason.
   */
  span(playout: Playout | null, programStart: number, now: number): ProgrammeSpan {
    if (!playout) throw noChannel();
    const slot = programmeStartingAt(playout.slots, programStart);
    if (!slot) throw unknownProgramme();
    const refusal = catchupRefusal(playout.catchup, slot, now);
    if (refusal) throw new AppError('FORBIDDEN', undefined, CATCHUP_REFUSALS[refusal]);
    const first = segmentAtOrAfter(slot.start);
    // The timeline's own block, so overlapping rows (cut there) end where live ends them.
    const block = playout.timeline.blockAt(first);
    let end = segmentAtOrAfter(slot.end);
    if (block.programme && block.start === first) end = Math.min(end, block.end);
    if (playout.linear && playout.airEnd !== null) end = Math.min(end, segmentAt(playout.airEnd));
    return { slot, first, end };
  }

  /** The body of master.m3u8 or v{n}.m3u8 of a programme at `now` (the prefix already verified). */
  serve(
    channelId: string,
    programStart: number,
    expires: number,
    file: string,
    now: number,
    acceptEncoding: string | undefined,
  ): ProgrammeServed | Promise<ProgrammeServed> {
    const answer = (playout: Playout | null) =>
      this.answer(playout, channelId, programStart, expires, file, now, acceptEncoding);
    const playout = this.origin.playoutOf(channelId);
    return playout instanceof Promise ? playout.then(answer) : answer(playout);
  }

  /**
   * Whether a segment path below a programme's prefix lies inside the programme and has aired:
   * the asset start `start` (Unix seconds) plus the file's place in its rendition. The origin's
   * live checks (a clip of the channel starting there, a listed variant) come after this.
   */
  segmentInside(
    channelId: string,
    programStart: number,
    segmentStart: number,
    now: number,
  ): void | Promise<void> {
    const check = (playout: Playout | null) => {
      const { first, end } = this.span(playout, programStart, now);
      const segment = segmentStart / LIVE_SEGMENT_SECONDS;
      if (segment < first || segment >= Math.min(end, segmentAt(now))) throw notFound();
    };
    const playout = this.origin.playoutOf(channelId);
    return playout instanceof Promise ? playout.then(check) : check(playout);
  }

  private answer(
    playout: Playout | null,
    channelId: string,
    programStart: number,
    expires: number,
    file: string,
    now: number,
    acceptEncoding: string | undefined,
  ): ProgrammeServed {
    const { slot, first, end } = this.span(playout, programStart, now);
    const ended = segmentAt(now) >= end;
    // An ended programme's playlists never change at their address: cacheable until the address
    // expires or the programme leaves the window, whichever comes first.
    const lasting = Math.min(
      ENDED_PLAYLIST_MAX_AGE,
      expires - now,
      playableUntil(playout!.catchup, slot) - now,
    );
    if (file === 'master.m3u8') {
      return {
        body: playout!.master,
        encoding: null,
        maxAge: ended ? lasting : MASTER_PLAYLIST_MAX_AGE,
        immutable: ended,
      };
    }
    const match = /^v(\d{1,2})\.m3u8$/.exec(file);
    const variant = match ? Number(match[1]) : -1;
    if (!playout!.variants.includes(variant)) throw notFound();
    const last = ended ? end - 1 : segmentAt(now) - 1;
    const key = `${channelId}\n${programStart}\n${expires}\n${variant}`;
    let kept = this.kept.get(key);
    let fromMemory = true;
    if (!kept || kept.playout !== playout || kept.last !== last || kept.ended !== ended) {
      fromMemory = false;
      const input: MediaPlaylistInput = {
        channelId,
        timeline: playout!.timeline,
        assets: playout!.assets,
        variant,
        first,
        last,
        ended,
        clipPrefix: (clipId) => this.origin.clipPrefix(clipId, expires),
        adTag: playout!.adTag,
        playlistType: ended ? 'VOD' : 'EVENT',
      };
      // An EVENT playlist grows at its end only: append what aired since it was last written.
      const grows =
        kept !== undefined &&
        kept.playout === playout &&
        kept.lines !== undefined &&
        kept.last < last;
      const lines = grows
        ? kept!.lines! + mediaPlaylistSegments(input, kept!.last + 1, last)
        : mediaPlaylistSegments(input, first, last);
      if (kept) this.forget(key, kept);
      const plain = Buffer.from(
        mediaPlaylistHeader(input) + lines + (ended ? '#EXT-X-ENDLIST\n' : ''),
      );
      this.stats.renders += 1;
      kept = { playout: playout!, last, ended, plain, size: plain.length };
      if (!ended) {
        kept.lines = lines;
        kept.size += lines.length;
      }
      this.keep(key, kept);
    }
    const encoding =
      kept.plain.length >= COMPRESS_THRESHOLD_BYTES && acceptEncoding
        ? encodingFor(acceptEncoding)
        : null;
    let body = kept.plain;
    if (encoding) {
      let packed = kept[encoding];
      if (!packed) {
        packed =
          encoding === 'br'
            ? zlib.brotliCompressSync(kept.plain, BROTLI_OPTIONS)
            : zlib.gzipSync(kept.plain, GZIP_OPTIONS);
        kept[encoding] = packed;
        kept.size += packed.length;
        this.keptBytes += packed.length;
        fromMemory = false;
      }
      body = packed;
    }
    this.stats.sent += body.length;
    if (fromMemory) this.stats.fromMemory += body.length;
    return {
      body,
      encoding,
      maxAge: ended ? lasting : MEDIA_PLAYLIST_MAX_AGE,
      immutable: ended,
    };
  }

  private keep(key: string, kept: Kept): void {
    this.kept.set(key, kept);
    this.keptBytes += kept.size;
    for (const [oldKey, old] of this.kept) {
      if (this.keptBytes <= this.memoryBudget || oldKey === key) break;
      this.forget(oldKey, old);
    }
  }

  private forget(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.keptBytes -= kept.size;
  }
}
