import type { Plugin } from 'vite';

/** Where the server writes each page's own head: its picture and chunk preloads (page-shell.ts). */
const HEAD_MARKER = '<!--app-head-->';
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The entry's stylesheet first in <head>, before the page's preloads and the entry's script and
 * modulepreloads. The first paint (the frame drawn from the HTML) waits for this stylesheet
 * alone, but Vite writes it last, so on a phone's link it queued behind a page's dozen or more
 * script files and its picture (Lighthouse FCP 1.2–2.5 s on one build, ADR 0035).
 */
export function stylesheetFirst(html: string): string {
  const links = html.match(STYLESHEET) ?? [];
  if (links.length === 0 || !html.includes(HEAD_MARKER)) return html;
  const rest = html.replace(STYLESHEET, '');
  const lines = links.map((link) => `${link.trim()}\n    `).join('');
  return rest.replace(HEAD_MARKER, () => `${lines}${HEAD_MARKER}`);
}

export function stylesheetFirstPlugin(): Plugin {
  return {
    name: 'site-stylesheet-first',
    apply: 'build',
    // After Vite has written its own tags into the page.
    transformIndexHtml: { order: 'post', handler: stylesheetFirst },
  };
}
