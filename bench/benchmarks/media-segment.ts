import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.js';
import { registerBareFileRoute } from '../lib/bare-file-route.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

/** About 300 KB: a typical 2 s segment of the demo ladder. */
const SEGMENT = 'clips/clip-a/v1/seg_003.m4s';
const CEILING_PREFIX = '/__bench/static/';

export const mediaSegment: Benchmark = {
  name: 'media-segment',
  description:
    'GET one HLS segment through the signed stream route vs a bare fs.createReadStream route ' +
    'over the same media dir on the same server: what signing and the route add to sending a file.',
  target: {},
  showThroughput: true,

  server: {
    extend(app: FastifyInstance, config: Config) {
      registerBareFileRoute(app, CEILING_PREFIX, config.MEDIA_DIR);
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
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

    return {
      subject: await ctx.load(subjectUrl),
      ceiling: await ctx.load(ceilingUrl),
      notes: [`${SEGMENT}, ${subject.body.length} bytes`],
    };
  },
};
