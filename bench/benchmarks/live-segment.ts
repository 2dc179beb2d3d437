import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.js';
import { registerBareFileRoute } from '../lib/bare-file-route.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

const CHANNEL = 'ch01';
const CEILING_PREFIX = '/__bench/live-static/';

/**
 * ADR 0033: a live segment is a clip's segment with its decode times moved to the channel's
 * timeline, rewritten once and then sent from memory. Compared with the least a file route can do
 * for the same file (the media-segment ceiling), so a regression in the live path shows.
 */
export const liveSegment: Benchmark = {
  name: 'live-segment',
  description:
    "GET a live channel's newest 720p segment from the origin (live signature, asset check, " +
    'decode times moved, kept in memory) vs a bare fs.createReadStream route sending the ' +
    'source file from the same server: what serving segments from the origin costs.',
  target: {},
  showThroughput: true,

  server: {
    extend(app: FastifyInstance, config: Config) {
      registerBareFileRoute(app, CEILING_PREFIX, config.MEDIA_DIR);
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
    const switched = (await (
      await fetch(`${server.origin}/ajax/ajaxSwitchChannel.do?channelId=${CHANNEL}`)
    ).json()) as { data: { videoUrl: string } };
    const master = Buffer.from(switched.data.videoUrl, 'base64').toString();
    check(master.startsWith('/live/'), `${CHANNEL} streams ${master}, not the origin`);
    const prefix = master.replace(/master\.m3u8$/, '');
    const playlist = await fetchReply(`${server.origin}${prefix}v1.m3u8`);
    check(playlist.status === 200, `v1.m3u8 answered ${playlist.status}`);
    const uri = playlist.body
      .toString()
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .at(-1)!;
    const parts = /^(clip-\w+)\/(\d+)\/(v\d+)\/(seg_\d+\.m4s)$/.exec(uri);
    check(parts !== null, `segment URI ${uri}`);
    const [, clip, , dir, file] = parts!;
    const subjectUrl = `${server.origin}${prefix}${uri}`;
    const ceilingUrl = `${server.origin}${CEILING_PREFIX}clips/${clip}/${dir}/${file}`;

    const subject = await fetchReply(subjectUrl);
    check(subject.status === 200, `subject answered ${subject.status} for ${uri}`);
    const ceiling = await fetchReply(ceilingUrl);
    check(ceiling.status === 200, `ceiling answered ${ceiling.status} for ${uri}`);
    // The last segment of a clip loses a trailing audio frame (8 bytes of trun); others are equal.
    check(
      Math.abs(ceiling.body.length - subject.body.length) <= 64,
      `byte lengths differ: subject ${subject.body.length}, ceiling ${ceiling.body.length}`,
    );

    return {
      subject: await ctx.load(subjectUrl),
      ceiling: await ctx.load(ceilingUrl),
      notes: [`${CHANNEL} ${uri}, ${subject.body.length} bytes (source ${ceiling.body.length})`],
    };
  },
};
