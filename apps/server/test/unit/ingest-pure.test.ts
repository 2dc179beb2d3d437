import { describe, expect, it } from 'vitest';
import { ladderFor } from '../../src/modules/ingest/ladder.js';
import { ProgressParser } from '../../src/modules/ingest/progress.js';
import { SubtitleError, srtToVtt } from '../../src/modules/ingest/subtitles.js';

describe('rendition ladder (docs/adr/0037)', () => {
  const sizes = (w: number, h: number) => ladderFor({ width: w, height: h }).map((r) => r.name);

  it('gives every rung up to the source and never upscales', () => {
    expect(sizes(1920, 1080)).toEqual(['360p', '540p', '720p', '1080p']);
    expect(sizes(3840, 2160)).toEqual(['360p', '540p', '720p', '1080p']);
    expect(sizes(1280, 720)).toEqual(['360p', '540p', '720p']);
    expect(sizes(960, 540)).toEqual(['360p', '540p']);
    expect(sizes(1000, 700)).toEqual(['360p', '540p']);
    expect(sizes(640, 360)).toEqual(['360p']);
  });

  it('keeps one rung at the source height for a tiny source', () => {
    const [only, ...rest] = ladderFor({ width: 320, height: 181 });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ width: 318, height: 180, name: '180p' });
    expect(only!.videoKbps).toBeGreaterThanOrEqual(100);
  });

  it('follows the source shape with even sizes and rates by pixels', () => {
    const ladder = ladderFor({ width: 1440, height: 1080 }); // 4:3
    expect(ladder.map((r) => `${r.width}x${r.height}`)).toEqual([
      '480x360',
      '720x540',
      '960x720',
      '1440x1080',
    ]);
    expect(ladder[3]!.videoKbps).toBe(3750);
    for (const r of ladder) expect((r.width % 2) + (r.height % 2)).toBe(0);
    const hd = ladderFor({ width: 1920, height: 1080 });
    expect(hd.map((r) => r.videoKbps)).toEqual([800, 1800, 2800, 5000]);
    expect(hd.every((r) => r.audioKbps === 128)).toBe(true);
  });
});

describe('SRT → WebVTT', () => {
  it('converts times, keeps text and tags, drops indexes', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n你好，<i>世界</i>\r\n第二行\r\n\r\n2\r\n00:01:02,05 --> 01:00:03,100\r\na --> b\r\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n你好，<i>世界</i>\n第二行\n\n' +
        '00:01:02.050 --> 01:00:03.100\na → b\n',
    );
  });

  it('accepts a file without indexes and extra blank lines', () => {
    expect(srtToVtt('\n\n00:00:00,000 --> 00:00:01,000\nhi\n\n\n\n')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nhi\n',
    );
  });

  it('refuses what is not SRT', () => {
    expect(() => srtToVtt('')).toThrow(SubtitleError);
    expect(() => srtToVtt('just some text\nmore')).toThrow(SubtitleError);
    expect(() => srtToVtt('1\n00:00:05,000 --> 00:00:01,000\nx')).toThrow(/ends before/);
  });
});

describe("ffmpeg's -progress output", () => {
  it('reports out_time_us ÷ duration per block, split lines included, ending at 1', () => {
    const seen: number[] = [];
    const parser = new ProgressParser(10, (f) => seen.push(f));
    parser.push('frame=1\nout_time_us=N/A\nprogress=continue\n');
    parser.push('out_time_us=2500');
    parser.push('000\nout_time=00:00:02.500000\nprogress=continue\nout_time_us=2000000\n');
    parser.push('progress=continue\nout_time_us=12000000\nprogress=continue\nprogress=end\n');
    expect(seen).toEqual([0.25, 1]);
  });
});
