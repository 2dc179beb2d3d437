import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleCatalogueCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { getConsoleTitle, listConsoleTitles } from './console-titles.js';
import { changeTitle, setTitleState } from './title-edits.js';

export interface CatalogueConsoleDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/** The catalogue's console calls (issue 22): each hands its input to one function. */
export function registerCatalogueConsoleCalls(
  app: FastifyInstance,
  { db, clock }: CatalogueConsoleDeps,
): void {
  registerConsoleCall(app, consoleCatalogueCalls.listTitles, async (input) => {
    const { titles, total } = await listConsoleTitles(db, input);
    return { titles, total, page: input.page, pageSize: input.pageSize };
  });

  registerConsoleCall(app, consoleCatalogueCalls.getTitle, async ({ contentId }) => ({
    title: await getConsoleTitle(db, contentId),
  }));

  registerConsoleCall(
    app,
    consoleCatalogueCalls.changeTitle,
    async ({ contentId, ...edit }, { actor }) => ({
      title: await changeTitle(db, actor, contentId, edit, clock()),
    }),
  );

  registerConsoleCall(
    app,
    consoleCatalogueCalls.publishTitle,
    async ({ contentId, version }, { actor }) => ({
      title: await setTitleState(db, actor, contentId, 'published', version, clock()),
    }),
  );

  registerConsoleCall(
    app,
    consoleCatalogueCalls.unpublishTitle,
    async ({ contentId, version }, { actor }) => ({
      title: await setTitleState(db, actor, contentId, 'draft', version, clock()),
    }),
  );
}
