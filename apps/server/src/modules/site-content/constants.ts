import type { z } from 'zod';
import type { constantsSchema } from '@site/contract';
import { MAX_PAGE_SIZE, PAGE_SIZE, SUCCESS_CODE } from '@site/contract';

/** SPEC §9's business constants, served by ajaxGetConstants.do so pages and players share them. */
export const siteConstants: z.infer<typeof constantsSchema> = {
  successCode: SUCCESS_CODE,
  pageSizes: [PAGE_SIZE, MAX_PAGE_SIZE],
  autocompleteCount: 8,
  kidModeFlag: '1',
  voucherStartHours: 168,
  voucherFinishHours: 48,
  appStoreFallbackMs: [1500, 500],
  liveSwitchRetries: 5,
  playbackErrorRetries: 10,
  resourceDelayMs: 100,
  bookmarkIntervalMs: 30_000,
  envelopeAnimationMs: 2000,
  envelopeFrameMs: 200,
  adTimeoutMs: 5000,
  prerollTimeoutMs: 1000,
  adPlayheadTickMs: 250,
  seekCheckMs: 1000,
  seekThresholdMs: 100,
  resizeCheckMs: 250,
  locale: 'zh-tw',
  adLabel: 'Advertisement',
};
