import type { FastifyInstance } from 'fastify';
import { siteContentCalls } from '@site/contract';
import { registerCall } from '../accounts/calls.js';
import { siteConstants } from './constants.js';
import { blogInfo, footerData, openingPage, registerActivityEntry } from './entries.js';
import type { WordingStore } from './wording.js';

/** Wording, constants and the site's small entries (contract site-content.ts `siteContentCalls`). */
export function registerSiteContentRoutes(app: FastifyInstance, wording: WordingStore): void {
  registerCall(app, siteContentCalls.findWording, async (q) => wording.require(q.code));
  registerCall(app, siteContentCalls.findGroupWording, async (q) => ({
    groupCode: q.groupCode,
    wordingList: { wording: await wording.group(q.groupCode) },
  }));
  registerCall(app, siteContentCalls.getConstants, async () => ({ constants: siteConstants }));
  registerCall(app, siteContentCalls.getFooterData, async () => footerData(wording));
  registerCall(app, siteContentCalls.blogInfo, async () => blogInfo(wording));
  registerCall(app, siteContentCalls.findOpeningPage, async () => openingPage(wording));
  registerCall(app, siteContentCalls.findRegisterActivityEntry, async (_, { viewer }) =>
    registerActivityEntry(wording, viewer),
  );
}
