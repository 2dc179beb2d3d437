import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.js';
import {
  parseGatewayClients,
  signGatewayRequest,
} from '../../apps/server/src/modules/gateway/client-auth.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

const SUBJECT_PATH = '/gw/FindVideoList.json';
/** Under /gw/ so the ceiling pays the same client check (chl, ts window, HMAC of the query). */
const CEILING_PATH = '/gw/BenchFindVideoListCeiling.json';
/** Bench-only: hands the runner signed URLs, so the client secret stays in the server process. */
const URLS_PATH = '/__bench/gateway-urls';
const PAGE_SIZE = 20;
const QUERY = { maxRecord: String(PAGE_SIZE), devType: 'Android', apiVersion: '2' };

let client: { chl: string; secret: string } | undefined;
let captured: { body: Buffer; contentType: string } | undefined;

/** A URL signed as an app signs it, with the current time (valid for the ±300 s window). */
function signed(path: string): string {
  if (!client) throw new Error('no gateway client configured');
  const params: [string, string][] = [
    ...Object.entries(QUERY),
    ['chl', client.chl],
    ['ts', String(Math.floor(Date.now() / 1000))],
  ];
  const chk = signGatewayRequest(client.secret, 'GET', path, params);
  return `${path}?${new URLSearchParams([...params, ['chk', chk]]).toString()}`;
}

/**
 * The apps' catalogue call (issue 4: Find{product}List with 20 items ≥ 50% of the same server
 * returning the same bytes from memory, p99 ≤ 15 ms at 50 connections, SQLite): a signed
 * /gw/FindVideoList.json vs a signed ceiling route that sends the captured reply.
 */
export const gatewayList: Benchmark = {
  name: 'gateway-list',
  description:
    'GET a signed 20-title /gw/FindVideoList.json vs the same bytes replayed from memory by a ' +
    'signed /gw/ route of the same server (same client check, hooks and headers).',
  target: { minRatio: 0.5, maxP99Ms: 15, source: 'issue 4: ≥ 50% of ceiling, p99 ≤ 15 ms, SQLite' },

  server: {
    extend(app: FastifyInstance, config: Config) {
      const [first] = parseGatewayClients(config.GATEWAY_CLIENTS);
      if (first) client = { chl: first[0], secret: first[1] };
      app.get(CEILING_PATH, async (_request, reply) => {
        if (!captured) return reply.code(503).send();
        return reply.type(captured.contentType).send(captured.body);
      });
      app.get(URLS_PATH, async () => ({
        subject: signed(SUBJECT_PATH),
        ceiling: signed(CEILING_PATH),
      }));
    },
    async ready(app: FastifyInstance) {
      const reply = await app.inject({ method: 'GET', url: signed(SUBJECT_PATH) });
      if (reply.statusCode !== 200) throw new Error(`${SUBJECT_PATH} answered ${reply.statusCode}`);
      captured = { body: reply.rawPayload, contentType: String(reply.headers['content-type']) };
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
    const urls = (await (await fetch(server.origin + URLS_PATH)).json()) as {
      subject: string;
      ceiling: string;
    };
    const subjectUrl = server.origin + urls.subject;
    const ceilingUrl = server.origin + urls.ceiling;

    const subject = await fetchReply(subjectUrl);
    check(subject.status === 200, `subject answered ${subject.status}`);
    const count = (JSON.parse(subject.body.toString('utf8')) as ListReply).data?.videoList?.video
      ?.length;
    check(count === PAGE_SIZE, `subject listed ${count} videos, expected ${PAGE_SIZE}`);
    const ceiling = await fetchReply(ceilingUrl);
    check(ceiling.status === 200, `ceiling answered ${ceiling.status}`);
    check(ceiling.body.equals(subject.body), 'ceiling bytes differ from the subject reply');
    check(ceiling.contentType === subject.contentType, 'ceiling content-type differs');
    const unsigned = await fetchReply(server.origin + SUBJECT_PATH + '?maxRecord=20');
    check(unsigned.status !== 200, 'an unsigned request was answered');

    return {
      subject: await ctx.load(subjectUrl),
      ceiling: await ctx.load(ceilingUrl),
      notes: [`${server.dialect}, reply ${subject.body.length} bytes, apiVersion 2`],
    };
  },
};

interface ListReply {
  data?: { videoList?: { video?: unknown[] } };
}
