import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.js';
import { registerBareFileRoute } from '../lib/bare-file-route.js';
import { check, fetchReply } from '../lib/check.js';
import { processCpuMs } from '../lib/cpu-time.js';
import { runLoad } from '../lib/load.js';
import { signUpMembers } from '../lib/members.js';
import type { BenchContext, BenchServer, LoadResult, LoadShape } from '../lib/types.js';
import type { Benchmark } from '../lib/types.js';

/** About 300 KB: a typical 2 s segment of the demo ladder. */
const SEGMENT = 'clips/clip-a/v1/seg_003.m4s';
const CEILING_PREFIX = '/__bench/static/';

export const mediaSegment: Benchmark = {
  name: 'media-segment',
  description:
    'GET one HLS segment through the signed stream route vs a bare fs.createReadStream route ' +
    'over the same media dir on the same server: what signing and the route add to sending a file. ' +
    "Notes: the server's CPU per reply of each side, and the subject again with a signed-in " +
    "member's cookies, as a browser on the site sends them.",
  target: { minRatio: 0.8, source: 'issue 27 item 4' },
  showThroughput: true,

  server: {
    extend(app: FastifyInstance, config: Config) {
      registerBareFileRoute(app, CEILING_PREFIX, config.MEDIA_DIR);
    },
  },

  async run(ctx) {
    // A member is signed up to send a browser's cookies; that is set-up: cheap hashes, no limit.
    const saved = { ...process.env };
    Object.assign(process.env, { PASSWORD_SCRYPT_COST: '1024', RATE_LIMIT_SIGNUP_PER_IP: '1000' });
    const server = await ctx.startServer();
    process.env = saved;
    // The stream URL a free title's play right hands out, pointed at one segment.
    const right = (await (
      await fetch(`${server.origin}/ajax/ajaxFindVideoPlayRight.do?contentId=M0001`)
    ).json()) as {
      data: { videoUrl: string };
    };
    const prefix = right.data.videoUrl.replace(/master\.m3u8$/, '');
    check(/^\/stream\/clip-a\//.test(prefix), `M0001 streams ${right.data.videoUrl}, not clip-a`);
    const subjectUrl = server.origin + prefix + SEGMENT.replace(/^clips\/clip-a\//, '');
    const ceilingUrl = server.origin + CEILING_PREFIX + SEGMENT;

    const subject = await fetchReply(subjectUrl);
    check(subject.status === 200, `subject answered ${subject.status} for ${SEGMENT}`);
    const ceiling = await fetchReply(ceilingUrl);
    check(ceiling.status === 200, `ceiling answered ${ceiling.status} for ${SEGMENT}`);
    check(
      ceiling.body.length === subject.body.length,
      `byte lengths differ: subject ${subject.body.length}, ceiling ${ceiling.body.length}`,
    );
    const [member] = await signUpMembers(server, 1);
    // Both routes warmed up first, unmeasured: the side measured first would otherwise pay the
    // JIT of the whole request path for both (seen without it: the same route at 660–835 µs of
    // server CPU per reply when measured first, 400–505 µs when measured third; ADR 0059).
    for (const url of [subjectUrl, ceilingUrl]) await runLoad(url, { quick: true });

    const measured = {
      subject: await loadWithCpu(ctx, server, subjectUrl),
      ceiling: await loadWithCpu(ctx, server, ceilingUrl),
      signedIn: await loadWithCpu(ctx, server, subjectUrl, { headers: { cookie: member!.cookie } }),
    };
    const cpu = (side: keyof typeof measured) => `${measured[side].cpuUs ?? '?'} µs`;
    const { signedIn } = measured;
    return {
      subject: measured.subject.result,
      ceiling: measured.ceiling.result,
      notes: [
        `${SEGMENT}, ${subject.body.length} bytes`,
        `server CPU per reply (warm-up second included): subject ${cpu('subject')}, ceiling ${cpu('ceiling')}`,
        `subject with a signed-in member's cookies: ${Math.round(signedIn.result.reqPerSec)} req/s ` +
          `(${Math.round((100 * signedIn.result.reqPerSec) / measured.ceiling.result.reqPerSec)}% of the ceiling), ` +
          `p99 ${signedIn.result.latencyMs.p99} ms, ${cpu('signedIn')} CPU per reply` +
          (signedIn.result.problems.length
            ? `, FLAGGED: ${signedIn.result.problems.join('; ')}`
            : ''),
      ],
    };
  },
};

/**
 * One load, with the server's CPU time over it divided by the replies counted. The warm-up
 * second's CPU is inside and its replies are not, the same for every side.
 */
async function loadWithCpu(
  ctx: BenchContext,
  server: BenchServer,
  url: string,
  shape?: LoadShape,
): Promise<{ result: LoadResult; cpuUs: number | undefined }> {
  const before = processCpuMs(server.pid);
  const result = await ctx.load(url, shape);
  const after = processCpuMs(server.pid);
  const cpuUs =
    before === undefined || after === undefined || result.requests === 0
      ? undefined
      : Math.round(((after - before) * 1000) / result.requests);
  return { result, cpuUs };
}
