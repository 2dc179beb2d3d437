import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SearchRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/** ajaxBuildSearchPage.do, ajaxAutoCompleteKeyword.do, ajaxGetHotKeyword.do (being built). */
export function registerSearchRoutes(_app: FastifyInstance, _deps: SearchRouteDeps): void {}
