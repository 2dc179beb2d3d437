import type { FastifyInstance } from 'fastify';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

const SUBJECT_PATH = '/ajax/ajaxFilterCategoryVideoListData.do?maxRecord=20';
const CEILING_PATH = '/__bench/catalogue-ceiling';
const PAGE_SIZE = 20;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The real reply, captured in the server process once it is ready (see `server.ready`). */
let captured: { body: Buffer; contentType: string } | undefined;

export const catalogueList: Benchmark = {
  name: 'catalogue-list',
  description:
    'GET a 20-title catalogue page vs the same bytes replayed from memory by the same server ' +
    '(same hooks and headers, no query): what the catalogue code costs over Fastify itself.',
  target: { minRatio: 0.5, maxP99Ms: 15, source: 'issue: ≥ 50% of ceiling, p99 ≤ 15 ms, SQLite' },

  server: {
    extend(app: FastifyInstance) {
      app.get(CEILING_PATH, async (_request, reply) => {
        if (!captured) return reply.code(503).send();
        return reply.type(captured.contentType).send(captured.body);
      });
    },
    async ready(app: FastifyInstance) {
      const reply = await app.inject({ method: 'GET', url: SUBJECT_PATH });
      if (reply.statusCode !== 200) throw new Error(`${SUBJECT_PATH} answered ${reply.statusCode}`);
      captured = { body: reply.rawPayload, contentType: String(reply.headers['content-type']) };
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
    const subjectUrl = server.origin + SUBJECT_PATH;
    const ceilingUrl = server.origin + CEILING_PATH;

    const subject = await fetchReply(subjectUrl);
    check(subject.status === 200, `subject answered ${subject.status}`);
    const count = (JSON.parse(subject.body.toString('utf8')) as ListReply).data?.videoList?.video
      ?.length;
    check(count === PAGE_SIZE, `subject listed ${count} videos, expected ${PAGE_SIZE}`);
    const ceiling = await fetchReply(ceilingUrl);
    check(ceiling.status === 200, `ceiling answered ${ceiling.status}`);
    check(ceiling.body.equals(subject.body), 'ceiling bytes differ from the subject reply');
    check(ceiling.contentType === subject.contentType, 'ceiling content-type differs');

    const plain = await ctx.load(subjectUrl);
    const ceilingLoad = await ctx.load(ceilingUrl);
    // What a browser asks for (issue 28 item 1): the same page brotli-compressed per request.
    const compressed = await fetchReply(subjectUrl, { 'accept-encoding': BROWSER_ENCODINGS });
    check(
      compressed.encoding === 'br',
      `compressed reply was ${compressed.encoding ?? 'identity'}`,
    );
    const brotli = await ctx.load(subjectUrl, {
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    });
    return {
      subject: plain,
      ceiling: ceilingLoad,
      notes: [
        `${server.dialect}, reply ${subject.body.length} bytes (${compressed.body.length} br)`,
        `with accept-encoding br: ${Math.round(brotli.reqPerSec)} req/s, ` +
          `${(brotli.reqPerSec / plain.reqPerSec).toFixed(2)}× the uncompressed subject, ` +
          `p99 ${brotli.latencyMs.p99} ms`,
      ],
    };
  },
};

interface ListReply {
  data?: { videoList?: { video?: unknown[] } };
}
