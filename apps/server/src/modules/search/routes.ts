import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  autoCompleteKeywordQuerySchema,
  autoCompleteKeywordReplySchema,
  buildSearchPageQuerySchema,
  hotKeywordReplySchema,
  searchPageReplySchema,
  searchWording,
  siteCalls,
} from '@site/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { AppError, type FieldProblem } from '../../http/errors.js';
import { viewerScope } from '../catalogue/visibility.js';
import { toVideoListItem } from '../catalogue/present.js';
import { hotKeywords, searchTitles, suggest } from './queries.js';
import { normalizeText } from './terms.js';

export interface SearchRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/**
 * A bad keyword is answered with its own zh-TW text as the status message (the page shows it),
 * other bad parameters as every call answers them (BAD_INPUT, field problems).
 */
function refuseBadInput(request: FastifyRequest, keywordField: string): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const problems: { instancePath: string; message?: string }[] = error.validation;
  const fields: FieldProblem[] = problems.map((v) => ({
    name: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(request)',
    problem: v.message ?? 'invalid',
  }));
  const keyword = fields.find(
    (f) => f.name === keywordField && f.problem === searchWording.keywordTooLong,
  );
  throw new AppError('BAD_INPUT', fields, keyword ? searchWording.keywordTooLong : undefined);
}

/** ajaxBuildSearchPage.do, ajaxAutoCompleteKeyword.do, ajaxGetHotKeyword.do. */
export function registerSearchRoutes(app: FastifyInstance, { db, clock }: SearchRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    siteCalls.buildSearchPage,
    {
      schema: {
        tags: ['search'],
        summary:
          'Movies and series whose name or a person’s name holds the keyword: exact, prefix, ' +
          'substring, then person matches; up to 1,000 results',
        querystring: buildSearchPageQuerySchema,
        response: { 200: searchPageReplySchema },
      },
      attachValidation: true,
    },
    async (request) => {
      refuseBadInput(request, 'inputKeyword');
      const { inputKeyword, searchField, startIndex, maxRecord } = request.query;
      const q = normalizeText(inputKeyword);
      const { totalCount, rows } = q
        ? await searchTitles(
            db,
            q,
            searchField,
            { startIndex, maxRecord },
            viewerScope(request.viewer),
            clock(),
          )
        : { totalCount: 0, rows: [] };
      return ok({
        keyword: inputKeyword,
        totalCount,
        recordCount: rows.length,
        videoList: { video: rows.map(toVideoListItem) },
      });
    },
  );

  api.get(
    siteCalls.autoCompleteKeyword,
    {
      schema: {
        tags: ['search'],
        summary: 'Up to 8 title and person names holding what has been typed so far',
        querystring: autoCompleteKeywordQuerySchema,
        response: { 200: autoCompleteKeywordReplySchema },
      },
      attachValidation: true,
    },
    async (request) => {
      refuseBadInput(request, 'prefix');
      const q = normalizeText(request.query.prefix);
      const keyword = q
        ? await suggest(db, q, request.query.count, viewerScope(request.viewer), clock())
        : [];
      return ok({ keywordList: { keyword } });
    },
  );

  api.get(
    siteCalls.getHotKeyword,
    {
      schema: {
        tags: ['search'],
        summary: 'The hot keywords, rank 1 first',
        response: { 200: hotKeywordReplySchema },
      },
    },
    async () => ok({ hotKeywordList: { hotKeyword: await hotKeywords(db) } }),
  );
}
