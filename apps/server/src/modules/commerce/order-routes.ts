import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { orderCalls } from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { findOwnOrder, placeOrder, purchaseOptions } from './orders.js';
import { registerCallbackRoute } from './payments/callback-route.js';
import type { PaymentProvider } from './payments/provider.js';
import { retryRequestedRefunds } from './payments/refund-retries.js';
import { SANDBOX_PATHS, SandboxProvider } from './payments/sandbox.js';
import { registerSandboxPages } from './payments/sandbox-pages.js';

export interface OrderRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'PAYMENT_SANDBOX_SECRET'>;
}

/**
 * Orders and payments (docs/adr/0021): the checkout's site calls, the provider's callback, and,
 * with PAYMENT_PROVIDER=sandbox, the sandbox provider's own pages.
 */
export async function registerOrderRoutes(
  app: FastifyInstance,
  { db, clock, config }: OrderRouteDeps,
): Promise<void> {
  const sandbox =
    config.PAYMENT_PROVIDER === 'sandbox'
      ? new SandboxProvider(config.PAYMENT_SANDBOX_SECRET)
      : null;
  const provider: PaymentProvider | null = sandbox;
  if (provider) retryRequestedRefunds(app, db, provider, clock);

  registerCall(app, orderCalls.buildPaymentURLData, async ({ payMethod, ...item }, { viewer }) =>
    placeOrder(db, provider, { viewer, item, payMethod, now: clock() }),
  );
  registerCall(app, orderCalls.findOrderData, async (q, { viewer }) => ({
    order: await findOwnOrder(db, viewer, q.orderId),
  }));
  registerCall(app, orderCalls.findPurchaseOptions, async (q, { viewer }) =>
    purchaseOptions(db, viewer, q, clock()),
  );

  if (sandbox) {
    registerSandboxPages(app, {
      provider: sandbox,
      clock,
      deliver: async (payload, headers) =>
        (await app.inject({ method: 'POST', url: SANDBOX_PATHS.callback, payload, headers }))
          .statusCode,
    });
    await registerCallbackRoute(app, { db, clock, provider: sandbox });
  }
}
