import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  LOG_BODY_MAX_BYTES,
  qoeBeaconBodySchema,
  qoeBeaconReplySchema,
  qoeCalls,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { LogBatcher, type LogBatcherOptions } from '../telemetry/log-batcher.js';
import { deviceContext } from '../device/device-type.js';
import { addReports, pruneRecent, type QoeEntry } from './store.js';

/**
 * A batcher of QoE beacons (each a list of reports) that adds them to the aggregates in one
 * transaction per batch, and drops the alert's old minutes when a new minute begins.
 */
export function qoeBatcher(
  db: Kysely<Database>,
  options: LogBatcherOptions,
): LogBatcher<QoeEntry[]> {
  let prunedMinute = -1;
  return new LogBatcher<QoeEntry[]>(async (beacons) => {
    const entries = beacons.flat();
    await addReports(db, entries);
    const at = entries[0]?.at ?? 0;
    const minute = at - (at % 60);
    if (minute !== prunedMinute) {
      prunedMinute = minute;
      await pruneRecent(db, at);
    }
  }, options);
}

/**
 * POST /sas/InsertQoE (docs/adr/0055): a beacon of up to 20 reports, inside the log face's scope
 * (same origin check, its own rate per address, JSON sent as text/plain, 8 KB). The reply comes
 * once the batch holding it is committed. The device type is the server's, from the User-Agent.
 */
export function registerQoeBeacon(
  scope: FastifyInstance,
  { batcher, clock }: { batcher: LogBatcher<QoeEntry[]>; clock: () => number },
): void {
  scope.withTypeProvider<ZodTypeProvider>().post(
    qoeCalls.insertQoE,
    {
      bodyLimit: LOG_BODY_MAX_BYTES,
      schema: {
        tags: ['telemetry'],
        summary:
          "Adds a player's quality-of-experience reports (start time, stalls, bitrate switches, errors) to the hourly figures; a beacon",
        body: qoeBeaconBodySchema,
        response: { 200: qoeBeaconReplySchema },
      },
    },
    async (request, reply) => {
      const deviceType = deviceContext(request.headers['user-agent']).deviceType;
      const at = clock();
      await batcher.add(request.body.reports.map((report) => ({ report, deviceType, at })));
      reply.header('cache-control', 'no-store');
      return ok({});
    },
  );
}
