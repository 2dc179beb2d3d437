import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/precompress';

const server = 'http://localhost:8080';
const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const ZOD_JITLESS =
  'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';

/**
 * The operator console (issue 22): its own app and bundle under /console, so the customers' pages
 * carry none of it. The server serves dist/ at /console (apps/server/src/http/console-app.ts).
 */
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The console's CSP forbids eval: zod must not probe `new Function` (as in apps/web).
        banner: (chunk) =>
          Object.keys(chunk.modules).some((id) => ZOD_CORE.test(id)) ? ZOD_JITLESS : '',
      },
    },
  },
  server: { proxy: { '/console/api': server } },
});
