import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const server = 'http://localhost:8080';
// Everything the Fastify server answers besides the app itself.
const proxied = ['/ajax', '/gw', '/sas', '/media', '/docs', '/epg', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // hls.js (about 580 kB minified) is its own chunk, loaded only where a player is about to start.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract does no I/O; its only import-time effect is zod's zh-TW locale, which the
      // production app never needs (it does not parse replies). Treating it as side-effect free
      // keeps zod out of the first chunk; pages that use a contract module still get zod with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((prefix) => [prefix, server])) },
});
