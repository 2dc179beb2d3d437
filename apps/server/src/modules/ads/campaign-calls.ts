import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleAdCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { campaignFigures } from './campaign-figures.js';
import { createCampaign, findCampaign, listCampaigns, updateCampaign } from './campaigns.js';
import { findCreative, listCreatives, updateCreative } from './creatives.js';

/**
 * The console's ad calls (issue 25 item 6, docs/adr/0050): the ads module owns ad_creative,
 * ad_campaign and ad_event, so it registers them. Marketing (and admin) change; the auditor
 * reads. Every change is audited in the transaction that makes it (campaigns.ts, creatives.ts).
 */
export function registerAdConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;

  registerConsoleCall(app, consoleAdCalls.listCreatives, async () => ({
    creatives: await listCreatives(db),
  }));

  registerConsoleCall(app, consoleAdCalls.getCreative, async ({ creativeId }) => {
    const creative = await findCreative(db, creativeId);
    if (!creative) throw notFound('找不到這支廣告素材。');
    return { creative };
  });

  registerConsoleCall(
    app,
    consoleAdCalls.updateCreative,
    async ({ creativeId, ...input }, { actor }) => ({
      creative: await updateCreative(db, actor, creativeId, input, clock()),
    }),
  );

  registerConsoleCall(app, consoleAdCalls.listCampaigns, async () => ({
    campaigns: await listCampaigns(db, clock()),
  }));

  registerConsoleCall(app, consoleAdCalls.figures, async (range) => ({
    figures: await campaignFigures(db, range),
  }));

  registerConsoleCall(app, consoleAdCalls.getCampaign, async ({ campaignId }) => {
    const campaign = await findCampaign(db, campaignId, clock());
    if (!campaign) throw notFound('找不到這個廣告活動。');
    return { campaign };
  });

  registerConsoleCall(app, consoleAdCalls.createCampaign, async (input, { actor }) => ({
    campaign: await createCampaign(db, actor, input, clock()),
  }));

  registerConsoleCall(
    app,
    consoleAdCalls.updateCampaign,
    async ({ campaignId, ...input }, { actor }) => ({
      campaign: await updateCampaign(db, actor, campaignId, input, clock()),
    }),
  );
}
