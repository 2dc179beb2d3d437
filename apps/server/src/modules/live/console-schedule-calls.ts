import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { XMLTV_UPLOAD_MAX_CHARS, consoleScheduleCalls } from '@site/contract/console';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import {
  addProgramme,
  changeProgramme,
  deleteProgramme,
  scheduleAssets,
  scheduleWeek,
  taipeiMonday,
} from './console-schedule.js';
import { WeekCache } from './week-cache.js';
import { copyProgrammes } from './console-copy.js';
import { applyXmltv, previewXmltv } from './console-xmltv.js';

/**
 * The console's schedule calls (issue 25 items 2 and 3, docs/adr/0048): the live module owns
 * channel schedules, so it registers them. The channel scheduler (and admin) change; the auditor
 * reads. Each change is one transaction with its audit entry and a schedule_rev bump.
 */
export function registerScheduleConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number; config: Pick<Config, 'XMLTV_ID_DOMAIN'> },
): void {
  const { db, clock } = deps;
  const c = consoleScheduleCalls;
  const idDomain = deps.config.XMLTV_ID_DOMAIN;

  const weeks = new WeekCache(db);
  registerConsoleCall(app, c.week, async ({ date, channels }) => {
    const ids = channels ? channels.split(',').filter(Boolean) : null;
    const week = await weeks.get(`${taipeiMonday(date)}|${ids?.join(',') ?? '*'}`, async () => {
      const { now: _now, ...rest } = await scheduleWeek(db, date, ids, clock());
      return rest;
    });
    return { ...week, now: clock() };
  });
  registerConsoleCall(app, c.assets, async () => ({ assets: await scheduleAssets(db) }));
  registerConsoleCall(app, c.addProgramme, async ({ channelId, ...input }, { actor }) => ({
    programme: await addProgramme(db, actor, channelId, input, clock()),
  }));
  registerConsoleCall(app, c.changeProgramme, async ({ programmeId, ...input }, { actor }) => ({
    programme: await changeProgramme(db, actor, programmeId, input, clock()),
  }));
  registerConsoleCall(app, c.deleteProgramme, async ({ programmeId }, { actor }) => {
    await deleteProgramme(db, actor, programmeId, clock());
    return { deleted: 1 };
  });
  registerConsoleCall(app, c.copy, async (input, { actor }) => ({
    copied: await copyProgrammes(db, actor, input, clock()),
  }));
  // JSON-escaped XML can be a little longer than the file: room for it.
  const bodyLimit = XMLTV_UPLOAD_MAX_CHARS * 2;
  registerConsoleCall(
    app,
    c.previewXmltv,
    async ({ xml, channelId }) =>
      previewXmltv(db, xml, { idDomain, ...(channelId ? { channelId } : {}) }, clock()),
    { bodyLimit },
  );
  registerConsoleCall(
    app,
    c.applyXmltv,
    async ({ xml, channelId, token }, { actor }) => {
      const result = await applyXmltv(
        db,
        actor,
        xml,
        { idDomain, ...(channelId ? { channelId } : {}) },
        token,
        clock(),
      );
      return {
        channels: result.channels.map((r) => ({
          channelId: r.channelId,
          inserted: r.inserted,
          removed: r.removed,
          trimmed: r.trimmed,
          aired: r.aired,
        })),
      };
    },
    { bodyLimit },
  );
}
