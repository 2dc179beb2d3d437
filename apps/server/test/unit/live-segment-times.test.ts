import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { shiftSegment, trackTimescales } from '../../src/modules/live/origin/segment-times.js';

/** Top-level and moof/traf boxes of a segment, with what the tests read from them. */
function read(buf: Buffer) {
  const found: {
    type: string;
    start: number;
    size: number;
    track?: number;
    version?: number;
    time?: bigint;
    count?: number;
    dataOffset?: number;
    moof?: number;
  }[] = [];
  const walk = (from: number, to: number, moof?: number) => {
    let p = from;
    while (p + 8 <= to) {
      const size = buf.readUInt32BE(p);
      const type = buf.toString('latin1', p + 4, p + 8);
      expect(size, `${type} at ${p}`).toBeGreaterThanOrEqual(8);
      expect(p + size, `${type} at ${p}`).toBeLessThanOrEqual(to);
      const box: (typeof found)[number] = {
        type,
        start: p,
        size,
        ...(moof !== undefined && { moof }),
      };
      if (type === 'tfhd') box.track = buf.readUInt32BE(p + 12);
      if (type === 'tfdt') {
        box.version = buf[p + 8]!;
        box.time =
          box.version === 1 ? buf.readBigUInt64BE(p + 12) : BigInt(buf.readUInt32BE(p + 12));
      }
      if (type === 'sidx') box.time = buf.readBigUInt64BE(p + 20);
      if (type === 'trun') {
        box.count = buf.readUInt32BE(p + 12);
        if (buf.readUIntBE(p + 9, 3) & 1) box.dataOffset = buf.readInt32BE(p + 16);
      }
      found.push(box);
      if (type === 'moof' || type === 'traf') walk(p + 8, p + size, type === 'moof' ? p : moof);
      p += size;
    }
    expect(p).toBe(to);
  };
  walk(0, buf.length);
  return found;
}

const clip = path.join(repoRoot, 'fixtures/media/clips/clip-a/v0');
const file = (name: string) => fs.readFileSync(path.join(clip, name));
const START = 1_795_320_000;

describe('live segment times (docs/adr/0033)', () => {
  const tracks = trackTimescales(file('init_0.mp4'));

  it('reads each track’s timescale from the init segment', () => {
    expect(tracks.get(1)?.timescale).toBe(15360);
    expect(tracks.get(2)?.timescale).toBe(48000);
  });

  it('moves every tfdt and sidx by the asset start, touching nothing else', () => {
    const source = file('seg_003.m4s');
    const moved = shiftSegment(source, tracks, START, 30);
    expect(moved.length).toBe(source.length);
    const before = read(source);
    const after = read(moved);
    expect(after.map((b) => [b.type, b.size])).toEqual(before.map((b) => [b.type, b.size]));
    const tfdts = after.filter((b) => b.type === 'tfdt');
    expect(tfdts.map((b) => b.version)).toEqual([1, 1]);
    // Video: segment 3 starts 6 s into the clip.
    expect(tfdts[0]!.time).toBe(BigInt((START + 6) * 15360));
    const audioBefore = before.filter((b) => b.type === 'tfdt')[1]!.time!;
    expect(tfdts[1]!.time).toBe(audioBefore + BigInt(START) * 48000n);
    const sidx = after.filter((b) => b.type === 'sidx');
    expect(sidx.map((b) => b.time)).toEqual([BigInt((START + 6) * 15360), tfdts[1]!.time]);
    // Only those 4 × 8 bytes differ.
    let differing = 0;
    for (let i = 0; i < source.length; i += 1) if (source[i] !== moved[i]) differing += 1;
    expect(differing).toBeLessThanOrEqual(32);
    expect(source.equals(file('seg_003.m4s'))).toBe(true); // the source is not written to
  });

  it('leaves out audio that starts past the asset end, keeping every offset right', () => {
    const source = file('seg_014.m4s');
    const moved = shiftSegment(source, tracks, START, 30);
    const before = read(source);
    const after = read(moved);
    const truns = (boxes: ReturnType<typeof read>) => boxes.filter((b) => b.type === 'trun');
    // The video keeps its 60 frames; the AAC frame starting at 30.016 s goes (8 bytes of trun).
    expect(truns(after).map((b) => b.count)).toEqual([
      truns(before)[0]!.count,
      truns(before)[1]!.count! - 1,
    ]);
    expect(moved.length).toBe(source.length - 8);
    // Each trun still points at the same sample bytes.
    for (const [i, trun] of truns(after).entries()) {
      const old = truns(before)[i]!;
      const at = (buf: Buffer, b: typeof trun) =>
        buf.subarray(b.moof! + b.dataOffset!, b.moof! + b.dataOffset! + 64);
      expect(at(moved, trun).equals(at(source, old)), `trun ${i}`).toBe(true);
    }
    // A resized moof would make the sidx sizes wrong: they become free boxes.
    expect(after.filter((b) => b.type === 'sidx')).toEqual([]);
    expect(after.filter((b) => b.type === 'free')).toHaveLength(2);
    // The last audio sample now starts before 30 s of clip time.
    const audioTfdt = read(source).filter((b) => b.type === 'tfdt')[1]!.time!;
    expect(Number(audioTfdt) / 48000 + (truns(after)[1]!.count! - 1) * (1024 / 48000)).toBeLessThan(
      30,
    );
  });

  it('widens a version-0 tfdt to version 1, growing traf and moof and moving data offsets', () => {
    const box = (type: string, ...parts: Buffer[]) => {
      const body = Buffer.concat(parts);
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const u32 = (...values: number[]) => {
      const b = Buffer.alloc(4 * values.length);
      values.forEach((v, i) => b.writeUInt32BE(v >>> 0, 4 * i));
      return b;
    };
    // One track (timescale 1000), default duration 1000 in tfhd, two samples of 3 and 4 bytes.
    const build = (dataOffset: number) =>
      box(
        'moof',
        box('mfhd', u32(0, 1)),
        box(
          'traf',
          box('tfhd', u32(0x020008, 1, 1000)),
          box('tfdt', u32(0, 5000)),
          box('trun', u32(0x000201, 2, dataOffset, 3, 4)),
        ),
      );
    const moofSize = build(0).length;
    const mdat = box('mdat', Buffer.from('abcdefg'));
    const source = Buffer.concat([build(moofSize + 8), mdat]);
    const one = new Map([[1, { timescale: 1000, defaultDuration: 0 }]]);

    const moved = shiftSegment(source, one, 10);
    expect(moved.length).toBe(source.length + 4);
    const after = read(moved);
    const tfdt = after.find((b) => b.type === 'tfdt')!;
    expect([tfdt.version, tfdt.time]).toEqual([1, 15_000n]);
    const trun = after.find((b) => b.type === 'trun')!;
    expect(moved.toString('latin1', trun.moof! + trun.dataOffset!, moved.length)).toBe('abcdefg');

    // And cut: samples at 5.0 s and 6.0 s of asset time; the asset ends at 5.5 s.
    const cut = shiftSegment(source, one, 10, 5.5);
    const cutTrun = read(cut).find((b) => b.type === 'trun')!;
    expect(cutTrun.count).toBe(1);
    expect(cut.length).toBe(source.length + 4 - 4); // one 4-byte trun entry (sizes only) less
    expect(cut.toString('latin1', cutTrun.moof! + cutTrun.dataOffset!, cut.length)).toBe('abcdefg');
  });
});
