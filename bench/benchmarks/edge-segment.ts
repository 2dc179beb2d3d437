import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../apps/server/src/config.js';
import { startNginx } from '../../scripts/cluster/nginx.js';
import { freePort, nginxMissing } from '../../scripts/cluster/tools.js';
import { check, fetchReply } from '../lib/check.js';
import { processCpuMs } from '../lib/cpu-time.js';
import { runLoadPair } from '../lib/load.js';
import type { Benchmark } from '../lib/types.js';

/** The segment media-segment measures (about 280 KB). */
const SEGMENT = 'clip-a/v1/seg_003.m4s';
/** Requests, one at a time, of each side of the added-latency figure. */
const LATENCY_SAMPLES = { full: 1000, quick: 200 };

/**
 * One GET over a kept-alive connection, timed from the request to the last byte (ms).
 * Sequential on purpose: the edge's own delay, not queueing under load.
 */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - start)
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** CPU time (ms) of nginx's workers, the children of the master `pid` (Linux /proc). */
function workersCpuMs(pid: number): number | undefined {
  let total = 0;
  let seen = false;
  for (const name of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Field 4, after the parenthesised name, is the parent's pid.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== pid) continue;
    total += processCpuMs(Number(name)) ?? 0;
    seen = true;
  }
  return seen ? total : undefined;
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/**
 * Issue 27 item 4, the edge's half: Debian's nginx with the edge's configuration
 * (deploy/nginx/render.ts) in front of one instance. Subject: a signed segment URL answered
 * from nginx's cache (njs checks the HMAC and expiry on every request, then the cache lookup);
 * ceiling: the same file served bare by the same nginx (`alias`, sendfile). Notes: the edge's
 * added latency, a small call through nginx vs straight to the instance, same run.
 */
export const edgeSegment: Benchmark = {
  name: 'edge-segment',
  description:
    'GET one HLS segment through the nginx edge (njs HMAC check + cache HIT) vs the same nginx ' +
    'serving the file bare; and the latency the edge adds to a call (p50/p99 via nginx vs direct).',
  target: { minRatio: 0.9, source: 'issue 27 item 4: cached ≥ 90% of bare nginx' },
  showThroughput: true,

  async run(ctx) {
    const missing = nginxMissing();
    check(missing === null, `edge-segment needs ${missing}`);
    // The instance and nginx must share the signing secret: the child inherits it from here.
    const secret = crypto.randomBytes(32).toString('hex');
    const before = process.env.STREAM_SIGNING_SECRET;
    process.env.STREAM_SIGNING_SECRET = secret;
    const server = await ctx.startServer().finally(() => {
      if (before === undefined) delete process.env.STREAM_SIGNING_SECRET;
      else process.env.STREAM_SIGNING_SECRET = before;
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-edge-'));
    const port = await freePort();
    const edge = `http://127.0.0.1:${port}`;
    const nginx = await startNginx({
      dir,
      secret,
      port,
      options: {
        instances: [new URL(server.origin).host],
        bareRoot: path.join(
          process.env.MEDIA_DIR ?? path.join(repoRoot, 'fixtures/media'),
          'clips',
        ),
      },
    });
    try {
      const right = (await (
        await fetch(`${edge}/ajax/ajaxFindVideoPlayRight.do?contentId=M0001`)
      ).json()) as { data: { videoUrl: string } };
      // /stream/clip-a/{expires}/{signature}/master.m3u8 → the same prefix, the segment's file.
      const prefix = right.data.videoUrl.replace(/master\.m3u8$/, '');
      check(prefix.startsWith('/stream/clip-a/'), `M0001 streams ${right.data.videoUrl}`);
      const subjectUrl = `${edge}${prefix}${SEGMENT.replace(/^clip-a\//, '')}`;
      const ceilingUrl = `${edge}/__bare/${SEGMENT}`;
      const first = await fetchReply(subjectUrl);
      check(first.status === 200, `subject answered ${first.status} for ${subjectUrl}`);
      const again = await new Promise<string | undefined>((resolve, reject) =>
        http
          .get(subjectUrl, (res) => {
            res.resume();
            resolve(res.headers['x-edge-cache'] as string | undefined);
          })
          .on('error', reject),
      );
      check(again === 'HIT', `the second request was not a cache HIT (${again})`);
      const bare = await fetchReply(ceilingUrl);
      check(bare.status === 200, `bare nginx answered ${bare.status}`);
      check(bare.body.equals(first.body), 'cached and bare bytes differ');

      // The edge's added latency: the same small call, one at a time, alternating.
      const call = '/ajax/ajaxGetIsLogin.do';
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const via: number[] = [];
      const direct: number[] = [];
      const samples = ctx.quick ? LATENCY_SAMPLES.quick : LATENCY_SAMPLES.full;
      for (let i = 0; i < samples + 20; i += 1) {
        const a = await timedGet(agent, edge + call);
        const b = await timedGet(agent, server.origin + call);
        if (i >= 20) {
          via.push(a);
          direct.push(b);
        }
      }
      agent.destroy();
      const ms = (x: number) => `${x.toFixed(2)} ms`;
      const notes = [
        `${SEGMENT}, ${first.body.length} bytes; subject: signed URL, njs HMAC + cache HIT; ceiling: /__bare/ alias`,
        `edge added latency (${call}, ${samples} sequential requests each, alternating): ` +
          `p50 ${ms(percentile(via, 0.5))} via nginx vs ${ms(percentile(direct, 0.5))} direct ` +
          `(+${ms(percentile(via, 0.5) - percentile(direct, 0.5))}); p99 ${ms(percentile(via, 0.99))} vs ${ms(percentile(direct, 0.99))}`,
      ];
      // Alternating rounds: one side's 10 s after the other's swung 65–87 % on the same code as
      // the machine drifted. nginx's CPU per request beside req/s: it hardly moves with the
      // load the machine's other tenants put on it.
      const { subject, ceiling, roundRatios } = await runLoadPair(subjectUrl, ceilingUrl, {
        quick: ctx.quick,
        cpu: { nginx: () => workersCpuMs(nginx.pid!) },
      });
      const percent = (x: number) => `${Math.round(x * 100)}%`;
      notes.push(`cached ÷ bare by round: ${roundRatios.map(percent).join(' / ')}`);
      const cachedUs = subject.cpuUsPerRequest?.nginx;
      const bareUs = ceiling.cpuUsPerRequest?.nginx;
      if (cachedUs !== undefined && bareUs !== undefined)
        notes.push(
          `nginx workers' CPU per request (median of the rounds): ${cachedUs} µs cached vs ` +
            `${bareUs} µs bare (bare ÷ cached ${percent(bareUs / Math.max(1, cachedUs))})`,
        );
      for (const note of notes) ctx.log(note);
      return { subject, ceiling, notes };
    } finally {
      const gone = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await gone;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
