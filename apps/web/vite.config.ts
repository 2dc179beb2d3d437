import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { pageChunks } from './page-chunks';
import { stylesheetFirstPlugin } from './stylesheet-first';
import { vendorSourcemaps } from './vendor-sourcemaps';

const server = 'http://localhost:8080';
const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const ZOD_JITLESS =
  'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';
// Everything the Fastify server answers besides the app itself.
const proxied = ['/ajax', '/gw', '/sas', '/media', '/docs', '/epg', '/healthz', '/readyz'];

export default defineConfig({
  // hls.js keeps its source map, the site's own chunks have none (vendor-sourcemaps.ts).
  // The server names each page's chunks in its first HTML (page-chunks.ts, ADR 0035), after
  // the stylesheet the first paint waits for (stylesheet-first.ts).
  plugins: [
    react(),
    vendorSourcemaps(/^hls$/),
    pageChunks(),
    stylesheetFirstPlugin(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // hls.js (about 580 kB minified) is its own chunk, loaded only where a player is about to start.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract does no I/O; its only import-time effect is zod's zh-TW locale, which the
      // production app never needs (it does not parse replies). Treating it as side-effect free
      // keeps zod out of the first chunk; pages that use a contract module still get zod with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
      output: {
        // zod builds parsers with `new Function` unless told not to, and probes `Function('')`
        // as its first schemas are made, while the contract's modules load; the page's CSP
        // forbids eval, so the probe was a violation report on every page (issue 28 item 3).
        // zod reads its settings from this global when its core loads, so the chunk holding zod
        // sets it first: before any of its schemas exist, whatever imports what.
        banner: (chunk) =>
          Object.keys(chunk.modules).some((id) => ZOD_CORE.test(id)) ? ZOD_JITLESS : '',
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((prefix) => [prefix, server])) },
});
