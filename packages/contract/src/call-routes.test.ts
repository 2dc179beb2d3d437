import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountCentreCalls } from './account-centre.js';
import { accountCalls } from './accounts.js';
import { callRoutes } from './call-routes.js';
import { catalogueCalls } from './catalogue.js';
import { inboxCalls } from './engagement.js';
import { listCalls } from './lists.js';
import { livePageCalls } from './live.js';
import { catchupPageCalls } from './catchup.js';
import { orderCalls } from './orders.js';
import { partnerCalls } from './partners.js';
import { passwordResetCalls } from './password-reset.js';
import { playbackCalls } from './playback.js';
import { deviceCalls } from './registered-devices.js';
import { searchCalls } from './search.js';
import { pageCalls, siteContentCalls } from './site-content.js';
import { subAccountCalls } from './sub-accounts.js';
import { voucherCalls } from './vouchers.js';

const groups: Record<string, Record<string, { method: string; path: string }>> = {
  accountCalls,
  passwordResetCalls,
  subAccountCalls,
  partnerCalls,
  catalogueCalls,
  pageCalls,
  siteContentCalls,
  searchCalls,
  listCalls,
  livePageCalls,
  catchupPageCalls,
  inboxCalls,
  playbackCalls,
  orderCalls,
  voucherCalls,
  accountCentreCalls,
  deviceCalls,
};

describe('callRoutes', () => {
  it('names each described call once across the modules', () => {
    const names = Object.values(groups).flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds exactly the described calls, each with its method and path', () => {
    const described = Object.fromEntries(
      Object.values(groups).flatMap((group) =>
        Object.entries(group).map(([name, d]) => [name, { method: d.method, path: d.path }]),
      ),
    );
    expect({ ...callRoutes }).toEqual(described);
  });

  it('imports the descriptions for their types only (no zod at run time)', () => {
    const source = fs.readFileSync(new URL('./call-routes.ts', import.meta.url), 'utf8');
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)';/gm)].map(
      (match) => match[1],
    );
    expect(runtimeImports.sort()).toEqual(['./engagement-calls.js', './routes.js']);
  });
});
