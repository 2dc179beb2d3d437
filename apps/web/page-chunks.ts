import type { Plugin } from 'vite';

/** What the server preloads for a page: its chunk, the chunks it imports, their stylesheets. */
export interface PageChunks {
  js: string[];
  css: string[];
}

/** Where the build writes the map from page module (e.g. `HomePage`) to its files, in dist/. */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/**
 * Writes dist/page-chunks.json: for each page module (`src/pages/…/XxxPage.tsx`, a chunk of its
 * own, lazy in app/router.tsx) the files its first render needs beyond the entry's own — so the
 * server can name them in the first HTML (`modulepreload`) and the browser fetches them beside
 * the entry instead of after it ran (ADR 0035). Paths are site paths (`/assets/…`).
 */
export function pageChunks(): Plugin {
  return {
    name: 'site-page-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const staticClosure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of chunks.get(file)?.imports ?? []) visit(next);
        };
        start.forEach(visit);
        return seen;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      const loaded = staticClosure(entry ? [entry.fileName] : []);
      const pages: Record<string, PageChunks> = {};
      for (const chunk of chunks.values()) {
        const page = /[\\/]src[\\/]pages[\\/].+[\\/](\w+Page)\.tsx$/.exec(
          chunk.facadeModuleId ?? '',
        )?.[1];
        if (!chunk.isDynamicEntry || !page) continue;
        const files = [...staticClosure([chunk.fileName])].filter((f) => !loaded.has(f));
        pages[page] = {
          js: files.map((f) => `/${f}`),
          css: files
            .flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])])
            .map((f) => `/${f}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_CHUNKS_FILE,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}
