import { LIVE_SEGMENT_SECONDS } from '@site/contract';
import { DEFAULT_AD_BREAKS, type AdBreaks } from './ad-plan.js';

/**
 * A channel's playout as a function of the segment number (docs/adr/0025). Segment n covers
 * [n·2 s, n·2 s + 2 s) of Unix time, so the media sequence number is the elapsed time in segments
 * and grows by one every 2 s on every instance alike.
 *
 * Time is cut into blocks: each programme of the schedule is a block, and so is each gap between
 * programmes (before the first one: from the playout epoch). A block plays the channel's assets in turn
 * from the beginning, looping, starting with asset (block start mod asset count) so that
 * programmes do not all open alike. Every asset start is a discontinuity: the first segment of a
 * block and the first segment of each asset inside it. The discontinuity count up to a segment
 * (EXT-X-DISCONTINUITY-SEQUENCE) is the sum over the blocks before it plus a closed form inside its
 * block, so any instance computes the same number from the same schedule without state.
 */
export interface Block {
  /** First segment. */
  start: number;
  /** One past the last segment; Infinity for the open gap after the last programme. */
  end: number;
  /** A programme (ad breaks are placed in programmes) or a gap. */
  programme: boolean;
  /** A programme's ad breaks on an AVOD channel (the plan it started under); null for a gap. */
  ads: AdBreaks | null;
  /** Asset indexes in play order. */
  order: number[];
  /** Where each asset of `order` starts inside one cycle, in segments. */
  offsets: number[];
  /** Segments in one cycle through all assets. */
  cycle: number;
  /** Discontinuities (asset starts) in every block before this one. */
  tagsBefore: number;
}

export interface Located {
  block: Block;
  /** Segments since the block started. */
  offset: number;
  /** Index into the channel's assets. */
  asset: number;
  /** Segment index inside that asset. */
  assetSegment: number;
  /** Whether an asset starts here (EXT-X-DISCONTINUITY before it). */
  tagged: boolean;
}

/** Programme times in Unix seconds → block bounds in segments (a programme starts on a boundary). */
export const segmentAtOrAfter = (unixSeconds: number) =>
  Math.ceil(unixSeconds / LIVE_SEGMENT_SECONDS);
/** The segment playing at a moment. */
export const segmentAt = (unixSeconds: number) => Math.floor(unixSeconds / LIVE_SEGMENT_SECONDS);

/**
 * Where every channel's playout (and its discontinuity count) begins: 2026-11-01T00:00:00Z, when
 * the live origin went on air. Counting from Unix time 0 gave EXT-X-DISCONTINUITY-SEQUENCE values
 * near 60 million, and hls.js keeps a sparse array indexed by it that it walks from 0 on every
 * playlist refresh (stream-controller's `initPTS.some(…)`): a 700 ms main-thread stall per refresh
 * and per channel change. The walk still grows with the number: the demo's 30 s clips add about
 * 2,900 a day (some 90,000 a month, a millisecond or two per refresh); programme-length assets add
 * a few dozen. Moving the epoch changes every channel's numbers at once, so do it between
 * broadcasts, never under live viewers.
 */
export const PLAYOUT_EPOCH_SEGMENT = segmentAt(Date.UTC(2026, 10, 1) / 1000);

export class Timeline {
  private readonly blocks: Block[] = [];

  /**
   * @param programmes a channel's programmes, sorted by start (overlaps are cut at the earlier
   *   one's end: the import refuses them, so only rows written around it could overlap), each
   *   with the ad breaks it started under (ad-plan.ts; the defaults when not given)
   * @param assetLengths segments of each asset, in the channel's order (at least one)
   * @param epoch the first segment of the playout (PLAYOUT_EPOCH_SEGMENT on the site); nothing
   *   plays before it and it has discontinuity sequence 0
   */
  constructor(
    programmes: readonly {
      start_at: number;
      end_at: number;
      asset?: number | null;
      ads?: AdBreaks;
    }[],
    private readonly assetLengths: readonly number[],
    epoch = 0,
    /**
     * How many of the assets (the first ones) are the channel's own, played in turn by gaps and
     * by programmes without an asset of their own; the rest are programmes' own clips
     * (`asset`: an index among them), each played alone, looping, in its programme's block
     * (docs/adr/0048).
     */
    private readonly channelAssets = assetLengths.length,
  ) {
    if (assetLengths.length === 0 || assetLengths.some((n) => !(n > 0)))
      throw new Error('a timeline needs assets');
    if (!(channelAssets >= 1 && channelAssets <= assetLengths.length))
      throw new Error('a timeline needs channel assets');
    let cursor = epoch;
    let tags = 0;
    const push = (
      start: number,
      end: number,
      ads: AdBreaks | null,
      asset: number | null = null,
    ) => {
      const block = this.block(start, end, ads, tags, asset);
      this.blocks.push(block);
      if (Number.isFinite(end)) tags += this.tagsIn(block, end - start);
    };
    for (const p of programmes) {
      const start = Math.max(segmentAtOrAfter(Number(p.start_at)), cursor);
      const end = segmentAtOrAfter(Number(p.end_at));
      if (end <= start) continue;
      if (start > cursor) push(cursor, start, null);
      const own = p.asset ?? null;
      push(
        start,
        end,
        p.ads ?? DEFAULT_AD_BREAKS,
        own !== null && own < assetLengths.length ? own : null,
      );
      cursor = end;
    }
    push(cursor, Infinity, null);
  }

  private block(
    start: number,
    end: number,
    ads: AdBreaks | null,
    tagsBefore: number,
    asset: number | null,
  ): Block {
    const k = this.channelAssets;
    const order = asset !== null ? [asset] : Array.from({ length: k }, (_, i) => (start + i) % k);
    const offsets: number[] = [];
    let cycle = 0;
    for (const asset of order) {
      offsets.push(cycle);
      cycle += this.assetLengths[asset]!;
    }
    return { start, end, programme: ads !== null, ads, order, offsets, cycle, tagsBefore };
  }

  /** Asset starts among the first `m` segments of a block. */
  private tagsIn(block: Block, m: number): number {
    const rest = m % block.cycle;
    let partial = 0;
    for (const offset of block.offsets) if (offset < rest) partial += 1;
    return Math.floor(m / block.cycle) * block.order.length + partial;
  }

  /** The block holding a segment (the first block for one before the epoch). */
  blockAt(segment: number): Block {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.blocks[mid]!.start <= segment) lo = mid;
      else hi = mid - 1;
    }
    return this.blocks[lo]!;
  }

  locate(segment: number): Located {
    const block = this.blockAt(segment);
    const offset = Math.max(0, segment - block.start);
    const inCycle = offset % block.cycle;
    let i = block.offsets.length - 1;
    while (block.offsets[i]! > inCycle) i -= 1;
    const assetSegment = inCycle - block.offsets[i]!;
    return { block, offset, asset: block.order[i]!, assetSegment, tagged: assetSegment === 0 };
  }

  /**
   * The discontinuity sequence number of a segment: asset starts from segment 0 up to and
   * including it. A playlist starting at this segment (without a tag before it) declares it.
   */
  discontinuitySequence(segment: number): number {
    const block = this.blockAt(segment);
    return block.tagsBefore + this.tagsIn(block, Math.max(0, segment - block.start + 1));
  }
}
