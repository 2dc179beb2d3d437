import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  SITE_DESCRIPTION,
  SITE_NAME,
  documentTitle,
  pageRoutes,
  pageTitles,
  type PageName,
} from '@site/contract';
import { escapeHtml, jsonForScript } from './html.js';

/** An image's size in pixels, as share cards name it (og:image:width/height). */
export interface ImageSize {
  width: number;
  height: number;
}

/** What a page route puts in its <head> (share previews, search engines). */
export interface PageHead {
  title: string;
  description: string;
  /** Site path or absolute URL of the share picture. */
  image?: string;
  /** What the share picture shows, for og:image:alt and twitter:image:alt (default: the title). */
  imageAlt?: string;
  /** Its size: a wide picture makes a large share card, anything else a small one. */
  imageSize?: ImageSize;
  ogType?: 'website' | 'video.movie' | 'video.tv_show' | 'video.episode' | 'video.other';
  jsonLd?: Record<string, unknown>;
  /**
   * Site path of the largest picture the page paints first (its LCP element): preloaded from the
   * first HTML, so the browser fetches it beside the scripts instead of after React rendered the
   * <img> (ADR 0035). The same URL the page's <img> uses, or the picture is fetched twice.
   */
  preloadImage?: string;
  /** 404 when the route's id names nothing; the page itself then shows its own message. */
  status?: number;
  /**
   * The page's canonical site path when its query names what is shared (a programme of a live
   * channel, `/LiveChannel/ch01?program=…`); the path alone otherwise.
   */
  canonicalPath?: string;
  /** Kept out of search engines (<meta name="robots"> and X-Robots-Tag): the account's own pages. */
  noindex?: boolean;
  /**
   * This page's Referrer-Policy, instead of the site's: 'no-referrer' where the address holds a
   * secret (the password-reset link's token), so no request the page makes carries it.
   */
  referrerPolicy?: 'no-referrer';
}

/** Resolves a page's head from its route ids; null when the ids name nothing (answered 404). */
export type HeadResolver = (
  params: Record<string, string>,
  site: {
    absolute(pathOrUrl: string): string;
    viewer: FastifyRequest['viewer'];
    /** The address's query string, without '?' ('' when none). */
    search: string;
  },
) => Promise<PageHead | null>;

export interface PageShellOptions {
  webDistDir: string;
  publicUrl: string;
  /** The site's share picture, for pages without their own. */
  defaultImage: { url: string; size: ImageSize };
  /** Pages whose head depends on their ids; the rest get their static title. */
  resolvers: Partial<Record<PageName, HeadResolver>>;
}

const HEAD_MARKER = '<!--app-head-->';
/**
 * Inside #root: the site's top bar as the app renders it (same classes, so the same box), drawn
 * from the first HTML and its stylesheet, before any script runs; React replaces it on its first
 * render. The first contentful paint thus waits for the HTML and the CSS, not for the bundle
 * (ADR 0035). A build without the marker simply starts blank.
 */
const FRAME_MARKER = '<!--app-frame-->';
const FRAME = `<div class="layout"><div class="site-top"><header class="site-header"><div class="site-header__bar"><a href="/" class="site-header__logo">${escapeHtml(SITE_NAME)}</a></div></header></div></div>`;
/**
 * Written by the web build (apps/web/page-chunks.ts): per page module, the chunks and stylesheets
 * its first render needs beyond the entry's. Named in the first HTML, they load beside the entry
 * rather than after it ran (ADR 0035). Absent (an older build): nothing is named.
 */
const PAGE_CHUNKS_FILE = 'page-chunks.json';
type PageChunks = Record<string, { js: string[]; css: string[] }>;

/** The page module of each page (app/router.tsx): `${Name}Page`, but for these. */
const PAGE_MODULES: Partial<Record<PageName, string>> = { liveChannel: 'LivePage' };
const pageModule = (name: PageName) =>
  PAGE_MODULES[name] ?? `${name.charAt(0).toUpperCase()}${name.slice(1)}Page`;

const NON_PAGE_PREFIXES = [
  '/ajax/',
  '/gw/',
  '/sas/',
  '/media/',
  '/assets/',
  '/docs',
  '/epg/',
  '/ads/',
  // The console's calls answer the envelope for every failure, a bad address included.
  '/console/api/',
];

/** A GET for something a browser navigates to (not a call, a file or a document of the API). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return !/\.[a-z0-9]{1,5}$/i.test(pathname) || pathname.endsWith('.do');
}

declare module 'fastify' {
  interface FastifyInstance {
    pageShell: {
      /** The not-found page, answered 404 or with another client-error status (a bad address). */
      notFound(
        request: FastifyRequest,
        reply: FastifyReply,
        status?: number,
      ): Promise<FastifyReply>;
    };
  }
}

/**
 * Every page route answers with the built index.html and a <head> of its own, so a shared link
 * previews with the title's or channel's own name, picture and description (issue 2 item 7).
 */
export const pageShell = fp<PageShellOptions>(async (app: FastifyInstance, options) => {
  let template: string | undefined;
  let pageChunks: PageChunks = {};
  const loadTemplate = async (): Promise<string | undefined> => {
    if (template !== undefined) return template;
    try {
      const html = await fs.readFile(path.join(options.webDistDir, 'index.html'), 'utf8');
      if (!html.includes(HEAD_MARKER)) throw new Error(`index.html lacks ${HEAD_MARKER}`);
      pageChunks = await fs
        .readFile(path.join(options.webDistDir, PAGE_CHUNKS_FILE), 'utf8')
        .then((text) => JSON.parse(text) as PageChunks)
        .catch(() => ({}));
      template = html;
    } catch (error) {
      app.log.warn({ err: error }, 'web app not built; pages answer 503');
    }
    return template;
  };

  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${options.publicUrl}${pathOrUrl}`;

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: PageName,
    head: PageHead,
  ): Promise<FastifyReply> => {
    const html = await loadTemplate();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').ensureCsrfCookie();
    if (html === undefined) {
      return reply.code(503).send(unbuiltPage());
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const image: ShareImage = head.image
      ? { url: absolute(head.image), alt: head.imageAlt ?? head.title, size: head.imageSize }
      : {
          url: absolute(options.defaultImage.url),
          alt: SITE_NAME,
          size: options.defaultImage.size,
        };
    const canonical = absolute(head.canonicalPath ?? pathname);
    const tags = headTags(head, canonical, image, pageChunks[pageModule(name)]);
    if (head.noindex) reply.header('x-robots-tag', 'noindex');
    if (head.referrerPolicy) reply.header('referrer-policy', head.referrerPolicy);
    // A function replacer: the tags hold titles, and "$&" or "$'" in a title is text, not a pattern.
    return reply
      .code(head.status ?? 200)
      .send(html.replace(HEAD_MARKER, () => tags).replace(FRAME_MARKER, FRAME));
  };

  for (const [name, route] of Object.entries(pageRoutes) as [PageName, string][]) {
    const resolver = options.resolvers[name];
    app.get(route, { schema: { hide: true } }, async (request, reply) => {
      const params = request.params as Record<string, string>;
      const head = resolver
        ? ((await resolver(params, {
            absolute,
            viewer: request.viewer,
            search: request.url.split('?')[1] ?? '',
          })) ?? {
            ...staticHead(name),
            status: 404,
          })
        : staticHead(name);
      return render(request, reply, name, head);
    });
  }

  app.decorate('pageShell', {
    notFound: (request: FastifyRequest, reply: FastifyReply, status = 404) =>
      render(request, reply, 'notFound', { ...staticHead('notFound'), status }),
  });
});

export function staticHead(name: PageName): PageHead {
  return { title: documentTitle(pageTitles[name]), description: SITE_DESCRIPTION };
}

interface ShareImage {
  url: string;
  alt: string;
  size: ImageSize | undefined;
}

function headTags(
  head: PageHead,
  url: string,
  image: ShareImage,
  chunks: { js: string[]; css: string[] } | undefined,
): string {
  const e = escapeHtml;
  // A large card crops to about 2:1; a portrait poster would lose its head and feet in it.
  const wide = image.size !== undefined && image.size.width >= image.size.height * 1.5;
  const lines = [
    ...(head.preloadImage
      ? [`<link rel="preload" as="image" href="${e(head.preloadImage)}" fetchpriority="high">`]
      : []),
    // crossorigin as Vite's own preloads, so the module loader reuses these responses.
    ...(chunks?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${e(href)}">`),
    ...(chunks?.css ?? []).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${e(href)}">`,
    ),
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(head.referrerPolicy ? [`<meta name="referrer" content="${e(head.referrerPolicy)}">`] : []),
    `<link rel="canonical" href="${e(url)}">`,
    `<meta property="og:site_name" content="${e(SITE_NAME)}">`,
    `<meta property="og:locale" content="zh_TW">`,
    `<meta property="og:type" content="${e(head.ogType ?? 'website')}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    `<meta property="og:image" content="${e(image.url)}">`,
    ...(image.size
      ? [
          `<meta property="og:image:width" content="${image.size.width}">`,
          `<meta property="og:image:height" content="${image.size.height}">`,
        ]
      : []),
    `<meta property="og:image:alt" content="${e(image.alt)}">`,
    `<meta name="twitter:card" content="${wide ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    `<meta name="twitter:image" content="${e(image.url)}">`,
    `<meta name="twitter:image:alt" content="${e(image.alt)}">`,
  ];
  if (head.jsonLd) {
    lines.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  }
  return lines.join('\n    ');
}

function unbuiltPage(): string {
  return `<!doctype html><html lang="zh-Hant-TW"><meta charset="utf-8"><title>${escapeHtml(SITE_NAME)}</title><p>網站前端尚未建置，請先執行 npm run build。</p></html>`;
}
