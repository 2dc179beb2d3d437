import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleCareActionCalls as calls } from '@site/contract/console';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { careMoney, presentCareOrders } from './care-action-reads.js';
import { careRefund } from './care-refunds.js';
import { extendRental, grantGoodwill } from './goodwill.js';
import type { PaymentProvider } from './payments/provider.js';
import { SandboxProvider } from './payments/sandbox.js';
import { adjustWallet } from './wallet-adjustments.js';
import { registerConsoleCall } from '../staff/console-calls.js';

/**
 * Customer care's calls on a member's money and rights (issue 26 item 2, docs/adr/0053):
 * commerce owns orders, entitlements, subscriptions and the wallet, so it registers them.
 */
export function registerCareMoneyCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number; config: Config },
): void {
  const { db, clock, config } = deps;
  const limit = config.CARE_REFUND_LIMIT;
  // The provider refunds are sent to: the one the checkout uses (order-routes.ts).
  const provider: PaymentProvider | null =
    config.PAYMENT_PROVIDER === 'sandbox'
      ? new SandboxProvider(config.PAYMENT_SANDBOX_SECRET)
      : null;

  registerConsoleCall(app, calls.getMoney, async ({ accountId }, { staff }) =>
    careMoney(db, accountId, staff.roles, limit, clock()),
  );

  registerConsoleCall(
    app,
    calls.refundOrder,
    async ({ accountId, orderId, amount, reason }, { actor, staff }) => {
      const input = { accountId, orderId, amount, reason };
      const row = await careRefund(db, provider, actor, input, limit, clock());
      const [order] = await presentCareOrders(db, [row], staff.roles, limit);
      return { order: order! };
    },
  );

  registerConsoleCall(
    app,
    calls.extendRental,
    async ({ accountId, entitlementId, from, hours, reason }, { actor }) => ({
      entitlement: await extendRental(
        db,
        actor,
        { accountId, entitlementId, from, hours, reason },
        clock(),
      ),
    }),
  );

  registerConsoleCall(app, calls.grantGoodwill, async (input, { actor }) =>
    grantGoodwill(db, actor, input, clock()),
  );

  registerConsoleCall(app, calls.adjustWallet, async (input, { actor }) => ({
    wallet: await adjustWallet(db, actor, input, clock()),
  }));
}
