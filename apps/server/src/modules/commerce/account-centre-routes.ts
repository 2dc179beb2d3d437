import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { accountCentreCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { walletLedger } from './ledger.js';
import { orderList, orderReceipt } from './order-history.js';
import { monthlyServiceStatus } from './service-status.js';

/**
 * The account centre's commerce sections (contract account-centre.ts, docs/adr/0041): the wallet
 * ledger, orders and receipts, the monthly services. Adults only: the descriptions' access
 * refuses visitors (401) and kid sub-accounts (403) before these run.
 */
export function registerCommerceAccountCentreRoutes(
  app: FastifyInstance,
  { db, clock }: { db: Kysely<Database>; clock: () => number },
): void {
  const c = accountCentreCalls;
  registerCall(app, c.findWalletLedger, async (page, { viewer }) =>
    walletLedger(db, viewer.accountId, page),
  );
  registerCall(app, c.findOrderList, async (page, { viewer }) =>
    orderList(db, viewer.accountId, page),
  );
  registerCall(app, c.findOrderReceipt, async ({ orderId }, { viewer }) => ({
    receipt: await orderReceipt(db, viewer.accountId, orderId),
  }));
  registerCall(app, c.getMonthlyServiceStatus, async (_, { viewer }) => ({
    services: await monthlyServiceStatus(db, viewer.accountId, clock()),
  }));
}
