import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { chartCodeHint } from './build/chart-code-hint.ts';
import { clayglExpressionsWithoutEval } from './build/claygl-expressions.ts';
import { precompressBuild } from './build/precompress.ts';

// The dev server forwards server routes to a locally running `apps/server` (default port 8080);
// in production the server serves `dist/` itself from the same origin.
const server: ProxyOptions = { target: 'http://127.0.0.1:8080' };

export default defineConfig({
  plugins: [react(), clayglExpressionsWithoutEval(), chartCodeHint(), precompressBuild()],
  build: {
    // Read by the server to name a landing page's chunks in its index.html (apps/server/src/web/landing-hints.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger files (issue 29: Lighthouse mobile): what the first paint needs ($initial) in one chunk,
          // and shared chunks under 24 kB inlined into the pages that use them, instead of ~45 files of 1–10 kB
          // per page. The server speaks HTTP/1.1 (6 connections), so a phone on a slow network paid a round trip
          // per few files before a page could render. Lazy chunks (charts, map, ExcelJS) stay apart.
          groups: [{ name: 'first', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 24 * 1024 },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/auth/config': server,
      // The invitation calls; the invitation page itself (`/auth/invitation/…`, singular) is a client route.
      '/auth/invitations': server,
      '/auth/logout': server,
      '/auth/oidc': server,
      // `/auth/login` is both the sign-in page (GET, a client route) and the sign-in call (POST).
      '/auth/login': {
        ...server,
        bypass: (request) => (request.method === 'GET' ? '/index.html' : undefined),
      },
    },
  },
});
