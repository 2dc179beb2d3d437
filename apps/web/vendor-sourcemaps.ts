import type { Plugin } from 'vite';

/**
 * Keeps the source maps of the chunks named here and drops every other (ADR 0035). The build
 * makes maps for all chunks (`build.sourcemap`); this removes the map files and their
 * `sourceMappingURL` comments from the site's own chunks, so the site's sources are not
 * published, while hls.js (about 580 kB minified, open source) keeps one: Lighthouse's "valid
 * source maps" audit asks for a map of any script that large, and a player error's stack can be
 * read against it.
 */
export function vendorSourcemaps(keep: RegExp): Plugin {
  return {
    name: 'site-vendor-sourcemaps',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || keep.test(item.name)) continue;
        const mapFile = item.sourcemapFileName ?? `${item.fileName}.map`;
        delete bundle[mapFile];
        item.map = null;
        item.code = item.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
      }
    },
  };
}
