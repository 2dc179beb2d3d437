import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

/**
 * Issue 28 item 5 (docs/adr/0033): a live channel read end to end by ffmpeg, the way set-top
 * boxes, smart TVs and casting receivers built on it read it. The server listens on a port with
 * a clock running SPEED times faster than real time, so 65 s of channel time pass in about 22 s
 * while ffmpeg reloads the playlist every 2 s (real) and finds 3 new segments each time (the
 * window holds 6). Each run crosses at least two clip starts (the demo clips are 30 s), where
 * the clip's own timestamps restart at 0.
 */
const SPEED = 3;
const SECONDS = 65;
const hasFfmpeg = (() => {
  try {
    return fs.statSync('/usr/bin/ffmpeg').isFile();
  } catch {
    return false;
  }
})();

interface Read {
  code: number | null;
  signal: string | null;
  stderr: string;
  /** Packets of the copied output per stream: [dts, pts, duration] in the stream's time base. */
  packets: Map<number, [number, number, number][]>;
  timeBases: Map<number, number>;
  /** The decoded output's last progress report. */
  progress: Record<string, string>;
}

/** `ffmpeg -i url -t 65`, every stream decoded (null output) and copied (framecrc, timestamps). */
function readWithFfmpeg(url: string, dir: string, name: string): Promise<Read> {
  const crc = path.join(dir, `${name}.crc`);
  const progressFile = path.join(dir, `${name}.progress`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'warning',
    '-progress',
    progressFile,
    '-i',
    url,
    '-map',
    '0',
    '-t',
    String(SECONDS),
    '-f',
    'null',
    '-',
    '-map',
    '0',
    '-c',
    'copy',
    '-t',
    String(SECONDS),
    '-f',
    'framecrc',
    crc,
  ];
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Before the fix ffmpeg never reached 65 s: stop it well after it should have.
    const timer = setTimeout(() => child.kill('SIGKILL'), ((SECONDS / SPEED) * 3 + 30) * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const packets = new Map<number, [number, number, number][]>();
      const timeBases = new Map<number, number>();
      const text = fs.existsSync(crc) ? fs.readFileSync(crc, 'utf8') : '';
      for (const line of text.split('\n')) {
        const tb = /^#tb (\d+): (\d+)\/(\d+)/.exec(line);
        if (tb) timeBases.set(Number(tb[1]), Number(tb[2]) / Number(tb[3]));
        if (line.startsWith('#') || line.trim() === '') continue;
        const [stream, dts, pts, duration] = line.split(',').map((f) => Number(f.trim()));
        if (!packets.has(stream!)) packets.set(stream!, []);
        packets.get(stream!)!.push([dts!, pts!, duration!]);
      }
      const reports = fs.existsSync(progressFile)
        ? fs.readFileSync(progressFile, 'utf8').split(/^progress=\w+$/m)
        : [];
      const last = reports.filter((r) => r.includes('out_time_us=')).at(-1) ?? '';
      const progress = Object.fromEntries(
        last
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      resolve({ code, signal, stderr, packets, timeBases, progress });
    });
  });
}

describe.skipIf(!hasFfmpeg)('a live channel read by ffmpeg', () => {
  const ctx = useTestApp({ seed: true });
  let origin = '';
  let dir = '';
  let ticker: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-ffmpeg-'));
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = ctx.now.value;
    const started = performance.now();
    ticker = setInterval(() => {
      ctx.now.value = base + Math.floor(((performance.now() - started) / 1000) * SPEED);
    }, 50);
  });
  afterAll(() => {
    clearInterval(ticker);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function masterUrl(channelId: string): Promise<string> {
    const res = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`);
    const url = Buffer.from(res.json().data.videoUrl as string, 'base64').toString();
    expect(url).toMatch(/^\/live\/.*\/master\.m3u8$/);
    return origin + url;
  }

  // ch01 loops one clip (the same init before every discontinuity); ch07 alternates two clips.
  it.each(['ch01', 'ch07'])(
    '%s: every variant of the master playlist plays 65 s, timestamps rising across clip starts',
    async (channelId) => {
      const read = await readWithFfmpeg(await masterUrl(channelId), dir, channelId);
      const reached = `out_time ${read.progress['out_time'] ?? '?'}, frame ${read.progress['frame'] ?? '?'}`;
      const context = `${channelId}: exit ${read.code} ${read.signal ?? ''}, ${reached}\n${read.stderr.slice(-3000)}`;
      const moovWarnings = read.stderr.match(/duplicated MOOV/g)?.length ?? 0;
      console.info(`${channelId}: ${reached}, ${moovWarnings} 'duplicated MOOV' warnings`);
      expect(read.code, context).toBe(0);
      // Decoded: at least 60 s of output and as many frames (30 fps), so no frozen picture.
      expect(Number(read.progress['out_time_us']), context).toBeGreaterThanOrEqual(60e6);
      expect(Number(read.progress['frame']), context).toBeGreaterThanOrEqual(60 * 30);
      // Copied: each variant's video and audio (two variants, so four streams), 60 s or more
      // each, decode times strictly rising through the clip starts (no restart at 0).
      expect(read.packets.size, context).toBe(4);
      for (const [stream, packets] of read.packets) {
        const tb = read.timeBases.get(stream)!;
        const span = (packets.at(-1)![0] - packets[0]![0]) * tb;
        expect(span, `${context}\nstream ${stream}`).toBeGreaterThanOrEqual(60);
        const backwards = packets.filter((p, i) => i > 0 && p[0] <= packets[i - 1]![0]);
        expect(backwards, `${context}\nstream ${stream}: decode times going back`).toEqual([]);
      }
      // ffmpeg said nothing about timestamps going back or jumping.
      expect(read.stderr, context).not.toMatch(/non[- ]monoton|DTS discontinuity|out of order/i);
    },
    120_000,
  );
});
