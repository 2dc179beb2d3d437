import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  buildPaymentUrlBodySchema,
  buildPaymentUrlReplySchema,
  findOrderQuerySchema,
  findOrderReplySchema,
  purchaseOptionsQuerySchema,
  purchaseOptionsReplySchema,
  siteCalls,
} from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
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
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    siteCalls.buildPaymentURLData,
    {
      schema: {
        tags: ['commerce'],
        summary:
          'Creates an order priced from the catalogue; card: the payment URL, wallet: paid at once',
        body: buildPaymentUrlBodySchema,
        response: { 200: buildPaymentUrlReplySchema },
      },
    },
    async (request, reply) => {
      const { payMethod, ...item } = request.body;
      const data = await placeOrder(db, provider, {
        viewer: request.viewer,
        item,
        payMethod,
        now: clock(),
      });
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );

  typed.get(
    siteCalls.findOrderData,
    {
      schema: {
        tags: ['commerce'],
        summary: "One of the member's own orders (another account's is 404)",
        querystring: findOrderQuerySchema,
        response: { 200: findOrderReplySchema },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.viewer, request.query.orderId);
      reply.header('cache-control', 'private, no-store');
      return ok({ order });
    },
  );

  typed.get(
    siteCalls.findPurchaseOptions,
    {
      schema: {
        tags: ['commerce'],
        summary: 'Offers and prices for a title or a service, the right already held, the balance',
        querystring: purchaseOptionsQuerySchema,
        response: { 200: purchaseOptionsReplySchema },
      },
    },
    async (request, reply) => {
      const data = await purchaseOptions(db, request.viewer, request.query, clock());
      reply.header('cache-control', 'private, no-store');
      return ok(data);
    },
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
