/**
 * Moving an fMP4 media segment along the channel's timeline (docs/adr/0033). A clip's segments
 * carry decode times from the clip's own start (tfdt 0 in its first segment), so a channel that
 * loops a clip restarts its timestamps every time the clip does. hls.js copes (it realigns at
 * each EXT-X-DISCONTINUITY), but ffmpeg and the players built on it freeze at the first restart.
 * The origin therefore serves each segment with its decode times moved by the moment its asset
 * started on the channel (Unix seconds): media time then is wall-clock time, always increasing.
 *
 * Only the boxes that carry a segment's time change:
 * - `moof/traf/tfdt` baseMediaDecodeTime, in the track's timescale (from the init segment's
 *   `tkhd` track id and `mdhd` timescale). Version 1 (64-bit, what ffmpeg writes) is patched in
 *   place; version 0 (32-bit) is widened to version 1, which grows `traf` and `moof` by 4 bytes
 *   each time and moves the media data, so `trun` data offsets (relative to the moof) and
 *   explicit `tfhd` base data offsets (absolute) move with it.
 * - `sidx` earliest presentation time, in the sidx's own timescale (ffmpeg's mov demuxer takes a
 *   fragment's time from its sidx before its tfdt). A sidx that cannot hold the new time (version
 *   0) or whose referenced sizes would be wrong (the moof changed size) becomes a `free` box of
 *   the same size: a live HLS segment needs no index.
 * - Samples that start at or after the asset's end (`endSeconds`) are left out of their `trun`.
 *   A clip's AAC audio runs a frame or two past its video (30.037 s for a 30 s demo clip), and the
 *   next asset's audio starts at the asset boundary, so without this the audio's decode times
 *   would step back by up to a frame at every asset start. The sample bytes stay in the mdat,
 *   unreferenced; what remains overlaps the next asset by less than one frame.
 * Sample data is never moved within the file: one copy of it, a few header bytes changed.
 */

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after size, type and any 64-bit size). */
  body: number;
  end: number;
}

function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
  let p = start;
  while (p + 8 <= end) {
    let size = buf.readUInt32BE(p);
    let body = p + 8;
    if (size === 1) {
      if (p + 16 > end) throw new Error('truncated box header');
      size = Number(buf.readBigUInt64BE(p + 8));
      body = p + 16;
    } else if (size === 0) size = end - p;
    if (size < body - p || p + size > end) throw new Error('box size out of range');
    yield { type: buf.toString('latin1', p + 4, p + 8), start: p, body, end: p + size };
    p += size;
  }
}

const child = (buf: Buffer, parent: Box, type: string) => {
  for (const box of boxes(buf, parent.body, parent.end)) if (box.type === type) return box;
  return undefined;
};

export interface Track {
  timescale: number;
  /** trex default_sample_duration (used when neither trun nor tfhd gives one). */
  defaultDuration: number;
}

/** Each track's timescale and default sample duration by track id, from an init segment. */
export function trackTimescales(init: Buffer): Map<number, Track> {
  const scales = new Map<number, Track>();
  const durations = new Map<number, number>();
  for (const moov of boxes(init, 0, init.length)) {
    if (moov.type !== 'moov') continue;
    for (const trak of boxes(init, moov.body, moov.end)) {
      if (trak.type === 'mvex')
        for (const trex of boxes(init, trak.body, trak.end))
          if (trex.type === 'trex')
            durations.set(init.readUInt32BE(trex.body + 4), init.readUInt32BE(trex.body + 12));
      if (trak.type !== 'trak') continue;
      const tkhd = child(init, trak, 'tkhd');
      const mdia = child(init, trak, 'mdia');
      const mdhd = mdia && child(init, mdia, 'mdhd');
      if (!tkhd || !mdhd) throw new Error('trak without tkhd or mdhd');
      const trackId = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
      const timescale = init.readUInt32BE(mdhd.body + (init[mdhd.body] === 1 ? 20 : 12));
      if (timescale === 0) throw new Error(`track ${trackId} has timescale 0`);
      scales.set(trackId, { timescale, defaultDuration: 0 });
    }
  }
  if (scales.size === 0) throw new Error('init segment without tracks');
  for (const [trackId, track] of scales) track.defaultDuration = durations.get(trackId) ?? 0;
  return scales;
}

const MAX_U64 = (1n << 64n) - 1n;
const BASE_DATA_OFFSET_PRESENT = 0x1;
const DEFAULT_DURATION_PRESENT = 0x8;
const DATA_OFFSET_PRESENT = 0x1;
const FIRST_SAMPLE_FLAGS_PRESENT = 0x4;
const SAMPLE_DURATION_PRESENT = 0x100;

/** What changes in one traf. */
interface TrafPlan {
  traf: Box;
  tfdt: Box;
  /** The tfdt is version 0 and becomes version 1 (4 bytes more). */
  widen: boolean;
  /** The new baseMediaDecodeTime. */
  time: bigint;
  /** Samples kept in each trun, by the trun's start; only truns that lose samples. */
  keep: Map<number, { count: number; entrySize: number }>;
  /** Bytes the traf grows by (negative: shrinks). */
  growth: number;
}

/**
 * A copy of an fMP4 media segment whose decode times start `offsetSeconds` later (a whole
 * number of seconds, ≥ 0), without the samples that start at or after `endSeconds` of the
 * asset's own time (Infinity: keep all). `tracks` comes from trackTimescales of the rendition's
 * init segment.
 */
export function shiftSegment(
  segment: Buffer,
  tracks: ReadonlyMap<number, Track>,
  offsetSeconds: number,
  endSeconds = Infinity,
): Buffer {
  if (!Number.isSafeInteger(offsetSeconds) || offsetSeconds < 0)
    throw new Error(`offset ${offsetSeconds} s is not a whole number of seconds ≥ 0`);
  const plans = new Map<number, TrafPlan[]>();
  let resized = false;
  for (const moof of boxes(segment, 0, segment.length)) {
    if (moof.type !== 'moof') continue;
    const list: TrafPlan[] = [];
    for (const traf of boxes(segment, moof.body, moof.end)) {
      if (traf.type !== 'traf') continue;
      const plan = planTraf(segment, traf, tracks, offsetSeconds, endSeconds);
      // Net growth may be 0 (a widened tfdt and one sample cut): rebuild all the same.
      if (plan.widen || plan.keep.size > 0) resized = true;
      list.push(plan);
    }
    plans.set(moof.start, list);
  }
  const out = resized ? rebuild(segment, plans) : Buffer.from(segment);
  const inOrder = [...plans.values()];
  let moofs = 0;
  // Times: tfdt (every one version 1 by now) and sidx.
  for (const box of boxes(out, 0, out.length)) {
    if (box.type === 'sidx') shiftSidx(out, box, BigInt(offsetSeconds), resized);
    else if (box.type === 'moof') {
      // rebuild() keeps the moofs in order: the n-th moof here is the n-th one planned.
      const list = inOrder[moofs]!;
      moofs += 1;
      let i = 0;
      for (const traf of boxes(out, box.body, box.end)) {
        if (traf.type !== 'traf') continue;
        const tfdt = child(out, traf, 'tfdt')!;
        out.writeBigUInt64BE(list[i]!.time, tfdt.body + 4);
        i += 1;
      }
    }
  }
  return out;
}

function planTraf(
  buf: Buffer,
  traf: Box,
  tracks: ReadonlyMap<number, Track>,
  offsetSeconds: number,
  endSeconds: number,
): TrafPlan {
  const tfhd = child(buf, traf, 'tfhd');
  const tfdt = child(buf, traf, 'tfdt');
  if (!tfhd || !tfdt) throw new Error('traf without tfhd or tfdt');
  const trackId = buf.readUInt32BE(tfhd.body + 4);
  const track = tracks.get(trackId);
  if (track === undefined) throw new Error(`no timescale for track ${trackId}`);
  const widen = buf[tfdt.body] === 0;
  const base = widen ? BigInt(buf.readUInt32BE(tfdt.body + 4)) : buf.readBigUInt64BE(tfdt.body + 4);
  const time = base + BigInt(offsetSeconds) * BigInt(track.timescale);
  if (time > MAX_U64) throw new Error('decode time overflows 64 bits');
  const keep = new Map<number, { count: number; entrySize: number }>();
  let growth = widen ? 4 : 0;
  if (Number.isFinite(endSeconds)) {
    const end = BigInt(Math.round(endSeconds * track.timescale));
    const tfhdFlags = buf.readUIntBE(tfhd.body + 1, 3);
    // tfhd: track id, then the optional base data offset (8) and sample description index (4).
    let defaultDuration = track.defaultDuration;
    if (tfhdFlags & DEFAULT_DURATION_PRESENT) {
      let at = tfhd.body + 8;
      if (tfhdFlags & BASE_DATA_OFFSET_PRESENT) at += 8;
      if (tfhdFlags & 0x2) at += 4;
      defaultDuration = buf.readUInt32BE(at);
    }
    let t = base;
    for (const trun of boxes(buf, traf.body, traf.end)) {
      if (trun.type !== 'trun') continue;
      const flags = buf.readUIntBE(trun.body + 1, 3);
      const count = buf.readUInt32BE(trun.body + 4);
      let at = trun.body + 8;
      if (flags & DATA_OFFSET_PRESENT) at += 4;
      if (flags & FIRST_SAMPLE_FLAGS_PRESENT) at += 4;
      let entrySize = 0;
      for (const bit of [0x100, 0x200, 0x400, 0x800]) if (flags & bit) entrySize += 4;
      let kept = count;
      for (let i = 0; i < count; i += 1) {
        if (t >= end) {
          kept = i;
          break;
        }
        t += BigInt(flags & SAMPLE_DURATION_PRESENT ? buf.readUInt32BE(at) : defaultDuration);
        at += entrySize;
      }
      if (kept < count) {
        keep.set(trun.start, { count: kept, entrySize });
        growth -= (count - kept) * entrySize;
      }
    }
  }
  return { traf, tfdt, widen, time, keep, growth };
}

function shiftSidx(out: Buffer, sidx: Box, offset: bigint, resized: boolean): void {
  const version = out[sidx.body];
  const timescale = out.readUInt32BE(sidx.body + 8);
  const at = sidx.body + 12;
  if (!resized && timescale > 0) {
    const delta = offset * BigInt(timescale);
    if (version === 1) {
      const moved = out.readBigUInt64BE(at) + delta;
      if (moved <= MAX_U64) {
        out.writeBigUInt64BE(moved, at);
        return;
      }
    } else {
      const moved = BigInt(out.readUInt32BE(at)) + delta;
      if (moved <= 0xffffffffn) {
        out.writeUInt32BE(Number(moved), at);
        return;
      }
    }
  }
  out.write('free', sidx.start + 4, 'latin1');
}

/**
 * The segment with its moofs rewritten as planned: version-0 tfdts widened to version 1, truns
 * cut to the samples kept; the sizes of traf and moof follow, and so do trun data offsets
 * (relative to their moof) and explicit tfhd base data offsets (absolute in the file). The mdat
 * is copied as it is. Times are written afterwards by the caller.
 */
function rebuild(src: Buffer, plans: Map<number, TrafPlan[]>): Buffer {
  let total = src.length;
  for (const list of plans.values()) for (const plan of list) total += plan.growth;
  const out = Buffer.alloc(total);
  let w = 0;
  let grownBefore = 0;
  const copy = (from: number, to: number) => {
    src.copy(out, w, from, to);
    w += to - from;
  };
  const header = (box: Box, growth: number) => {
    if (box.body - box.start === 16) throw new Error('64-bit moof, traf or trun size');
    out.writeUInt32BE(box.end - box.start + growth, w);
    out.write(box.type, w + 4, 'latin1');
    w += 8;
  };
  for (const top of boxes(src, 0, src.length)) {
    const list = top.type === 'moof' ? plans.get(top.start) : undefined;
    if (!list) {
      copy(top.start, top.end);
      continue;
    }
    const moofGrowth = list.reduce((sum, plan) => sum + plan.growth, 0);
    const moofOut = w;
    header(top, moofGrowth);
    let next = 0;
    for (const box of boxes(src, top.body, top.end)) {
      if (box.type !== 'traf') {
        copy(box.start, box.end);
        continue;
      }
      const plan = list[next]!;
      next += 1;
      header(box, plan.growth);
      const tfhd = child(src, box, 'tfhd')!;
      const explicitBase = src.readUIntBE(tfhd.body + 1, 3) & BASE_DATA_OFFSET_PRESENT;
      for (const inner of boxes(src, box.body, box.end)) {
        const flags = src.readUIntBE(inner.body + 1, 3);
        if (inner.start === plan.tfdt.start) {
          out.writeUInt32BE(20, w);
          out.write('tfdt', w + 4, 'latin1');
          out.writeUInt32BE((1 << 24) | flags, w + 8);
          w += 20; // the time itself is written by the caller
          continue;
        }
        const at = w;
        const kept = inner.type === 'trun' ? plan.keep.get(inner.start) : undefined;
        if (kept) {
          const count = src.readUInt32BE(inner.body + 4);
          const cut = (count - kept.count) * kept.entrySize;
          header(inner, -cut);
          copy(inner.body, inner.end - cut);
          out.writeUInt32BE(kept.count, at + 12);
        } else copy(inner.start, inner.end);
        if (inner.type === 'tfhd' && flags & BASE_DATA_OFFSET_PRESENT) {
          const field = at + 16;
          out.writeBigUInt64BE(
            out.readBigUInt64BE(field) + BigInt(grownBefore + moofGrowth),
            field,
          );
        } else if (inner.type === 'trun' && flags & DATA_OFFSET_PRESENT && !explicitBase) {
          // Relative to the moof; an explicit base moved above by the same amount.
          const field = at + 16;
          out.writeInt32BE(out.readInt32BE(field) + moofGrowth, field);
        }
      }
    }
    if (w - moofOut !== top.end - top.start + moofGrowth) throw new Error('moof rewrite mismatch');
    grownBefore += moofGrowth;
  }
  if (w !== out.length) throw new Error('segment rewrite mismatch');
  return out;
}
