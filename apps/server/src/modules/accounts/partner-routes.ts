import type { FastifyInstance } from 'fastify';
import { partnerCalls } from '@site/contract';
import { registerCall } from './calls.js';
import { bindWithCode, type PartnerDirectory } from './partners.js';
import type { AccountRouteDeps } from './routes.js';

/** ajaxBindLoginData.do and ajaxKbroBindLoginData.do (contract partners.ts `partnerCalls`). */
export function registerPartnerRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps & { partners: PartnerDirectory },
): void {
  registerCall(app, partnerCalls.bindLoginData, async (body, { viewer }) =>
    bindWithCode(deps, viewer.accountId, 'telecom', body),
  );
  registerCall(app, partnerCalls.kbroBindLoginData, async (body, { viewer }) =>
    bindWithCode(deps, viewer.accountId, 'kbro', body),
  );
}
