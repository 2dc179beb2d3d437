import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { accountCentreCalls } from '@site/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { accountProfile, changeContact } from './account-contact.js';
import { registerCall } from './calls.js';

export interface AccountCentreDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/**
 * The account centre's profile and contact calls (contract account-centre.ts, docs/adr/0041;
 * its commerce sections are registered by commerce/account-centre-routes.ts). Adults only: the
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
}
