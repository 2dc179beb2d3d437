import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { accountCentreCalls } from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { walletLedger } from '../commerce/ledger.js';
import { orderList, orderReceipt } from '../commerce/order-history.js';
import { monthlyServiceStatus } from '../commerce/service-status.js';
import { accountProfile, changeContact } from './account-contact.js';
import { registerCall } from './calls.js';

export interface AccountCentreDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/**
 * The account centre's calls (contract account-centre.ts, docs/adr/0041). Adults only: the
 * descriptions' access refuses visitors (401) and kid sub-accounts (403) before these run.
 */
export function registerAccountCentreRoutes(
  app: FastifyInstance,
  { db, config, clock }: AccountCentreDeps,
): void {
  const c = accountCentreCalls;
  registerCall(app, c.getAccountProfile, async (_, { viewer }) =>
    accountProfile(db, viewer.accountId),
  );
  registerCall(app, c.updateAccountContact, async (body, { viewer }) =>
    changeContact(db, config, viewer.accountId, body, clock()),
  );
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
