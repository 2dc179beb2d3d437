import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogInfoReplySchema,
  constantsReplySchema,
  findGroupWordingQuerySchema,
  findGroupWordingReplySchema,
  findWordingQuerySchema,
  findWordingReplySchema,
  footerReplySchema,
  openingPageReplySchema,
  registerActivityEntryReplySchema,
  siteCalls,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { mediaUrl } from '../media/urls.js';
import { siteConstants } from './constants.js';
import { wordingParts, type WordingStore } from './wording.js';

/** Wording, constants and the site's small entries (footer, blog, opening page, activity). */
export function registerSiteContentRoutes(app: FastifyInstance, wording: WordingStore): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];

  api.get(
    siteCalls.findWording,
    {
      schema: {
        tags,
        summary: 'One wording by code',
        querystring: findWordingQuerySchema,
        response: { 200: findWordingReplySchema },
      },
    },
    async (request) => ok(await wording.require(request.query.code)),
  );

  api.get(
    siteCalls.findGroupWording,
    {
      schema: {
        tags,
        summary: 'Every wording of a group',
        querystring: findGroupWordingQuerySchema,
        response: { 200: findGroupWordingReplySchema },
      },
    },
    async (request) =>
      ok({
        groupCode: request.query.groupCode,
        wordingList: { wording: await wording.group(request.query.groupCode) },
      }),
  );

  api.get(
    siteCalls.getConstants,
    {
      schema: {
        tags,
        summary: 'Business constants (SPEC §9)',
        response: { 200: constantsReplySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok({ constants: siteConstants });
    },
  );

  api.get(
    siteCalls.getFooterData,
    {
      schema: {
        tags,
        summary: 'Footer lines and their links',
        response: { 200: footerReplySchema },
      },
    },
    async () => {
      const footer = (await wording.group('FOOTER')).map((entry) => {
        const [text = '', url = ''] = wordingParts(entry.wording);
        return { code: entry.code, wording: text, url };
      });
      return ok({ footerList: { footer } });
    },
  );

  api.get(
    siteCalls.blogInfo,
    { schema: { tags, summary: 'The blog link', response: { 200: blogInfoReplySchema } } },
    async () => {
      const [blogTitle = '', blogUrl = ''] = wordingParts(
        (await wording.require('BLOG_INFO')).wording,
      );
      return ok({ blogTitle, blogUrl });
    },
  );

  api.get(
    siteCalls.findOpeningPage,
    {
      schema: {
        tags,
        summary: 'The opening (splash) page: picture, link and how long it shows',
        response: { 200: openingPageReplySchema },
      },
    },
    async () => {
      const entry = await wording.find('OPENING_PAGE');
      if (!entry) return ok({ showOpening: 'N' as const, imageUrl: '', linkUrl: '', seconds: 0 });
      const [image = '', linkUrl = '', seconds = '0'] = wordingParts(entry.wording);
      return ok({
        showOpening: 'Y' as const,
        imageUrl: mediaUrl(image),
        linkUrl,
        seconds: Number(seconds) || 0,
      });
    },
  );

  api.get(
    siteCalls.findRegisterActivityEntry,
    {
      schema: {
        tags,
        summary: 'The entry to the sub-account event, for members with room for another profile',
        response: { 200: registerActivityEntryReplySchema },
      },
    },
    async (request) => {
      const [title = '', linkUrl = ''] = wordingParts(
        (await wording.require('REGISTER_ACTIVITY')).wording,
      );
      // Kids do not manage profiles; everyone else is invited.
      const showEntry = request.viewer?.kidMode ? ('N' as const) : ('Y' as const);
      return ok({ showEntry, title, linkUrl });
    },
  );
}
