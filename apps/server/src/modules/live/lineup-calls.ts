import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { TITLE_PICTURE_MAX_BYTES, consoleChannelCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { readUpload } from '../catalogue/console-calls.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { storeChannelPicture } from './channel-pictures.js';
import { getConsoleChannel, getLineup } from './lineup.js';
import { createChannel, setChannelPicture, updateChannel } from './lineup-edits.js';
import { createGroup, setGroupOrder, setGroupsOrder, setSettings } from './lineup-groups.js';
import type { LineupSettingsStore } from './lineup-settings.js';
import type { LiveOrigin } from './origin/origin.js';

/**
 * The console's channel line-up calls (issue 25 items 1 and 4, docs/adr/0047): live owns
 * channel, channel_group(_member), channel_wording, channel_ad_plan and live_setting, so it
 * registers them. The channel scheduler (and admin) changes; the auditor reads.
 */
export function registerLineupConsoleCalls(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    clock: () => number;
    settings: LineupSettingsStore;
    mediaDir: string;
    /** This instance rebuilds an edited channel's playout at once; the others within a second. */
    origin: Pick<LiveOrigin, 'forget'>;
  },
): void {
  const { db, clock, settings, mediaDir, origin } = deps;
  const lineup = async () => getLineup(db, settings);
  /** The channel after a change. */
  const channel = async (channelId: string) => {
    origin.forget(channelId);
    return { channel: await getConsoleChannel(db, channelId) };
  };

  registerConsoleCall(app, consoleChannelCalls.getLineup, lineup);
  registerConsoleCall(app, consoleChannelCalls.getChannel, async ({ channelId }) => ({
    channel: await getConsoleChannel(db, channelId),
  }));
  registerConsoleCall(app, consoleChannelCalls.createChannel, async (input, { actor }) =>
    channel(await createChannel(db, actor, input, clock())),
  );
  registerConsoleCall(
    app,
    consoleChannelCalls.updateChannel,
    async ({ channelId, ...input }, { actor }) => {
      const before = await getConsoleChannel(db, channelId);
      await updateChannel(db, actor, channelId, input, before, clock());
      return channel(channelId);
    },
  );
  registerConsoleCall(app, consoleChannelCalls.createGroup, async (input, { actor }) => {
    await createGroup(db, actor, input, clock());
    return lineup();
  });
  registerConsoleCall(app, consoleChannelCalls.setGroupsOrder, async (input, { actor }) => {
    await setGroupsOrder(db, actor, input, clock());
    return lineup();
  });
  registerConsoleCall(
    app,
    consoleChannelCalls.setGroupOrder,
    async ({ channelGroupId, ...input }, { actor }) => {
      await setGroupOrder(db, actor, channelGroupId, input, clock());
      return lineup();
    },
  );
  registerConsoleCall(app, consoleChannelCalls.setSettings, async (input, { actor }) => {
    await setSettings(db, settings, actor, input, clock());
    return lineup();
  });

  // Multipart is parsed only for this call (its own scope), as for the title pictures.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TITLE_PICTURE_MAX_BYTES, files: 1 } });
    registerConsoleCall(
      scope,
      consoleChannelCalls.uploadChannelPicture,
      async ({ channelId, kind }, { actor, request }) => {
        const { version, file } = await readUpload(request);
        await getConsoleChannel(db, channelId);
        const stored = await storeChannelPicture(mediaDir, kind, file);
        await setChannelPicture(db, actor, channelId, kind, stored, version, clock());
        return channel(channelId);
      },
    );
  });
}
