import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { repeatWhileRunning } from '../../../lib/repeating-job.js';
import type { PaymentProvider } from './provider.js';
import { sendRequestedRefunds } from './refunds.js';

/** How often card refunds the provider did not take are sent again. */
export const REFUND_RETRY_MS = 5 * 60_000;

/**
 * Sends again, every few minutes, the card refunds still 'requested' (the provider was down or
 * slow when they were decided). Every instance may do it: a provider's refund is idempotent per
 * order and the 'done' update is conditional, so two instances sending one refund record it once.
 */
export function retryRequestedRefunds(
  app: FastifyInstance,
  db: Kysely<Database>,
  provider: PaymentProvider,
  clock: () => number,
): void {
  repeatWhileRunning(app, {
    name: 'card refund retries',
    everyMs: REFUND_RETRY_MS,
    atStart: false,
    run: () => sendRequestedRefunds(db, provider, clock()).then(() => undefined),
  });
}
