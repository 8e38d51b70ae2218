import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz files next to the built scripts and styles: the server sends them
 * as they are (serveStatic precompressed), smaller than on-the-fly compression.
 */
function precompress(): Plugin {
  return {
    name: 'talentforge:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** A module of src/web whose path from there (with / between folders) matches `pattern`. */
const web = (pattern: string) =>
  new RegExp(`[/\\\\]src[/\\\\]web[/\\\\]${pattern.replaceAll('/', '[/\\\\]')}$`);

// The web app lives in src/web; the server serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      // The app, and the careers job page's own small entry (it loads the app when the visitor
      // acts: the server already wrote the job into its HTML; docs/decisions/024).
      input: {
        index: path.resolve(import.meta.dirname, 'src/web/index.html'),
        'careers-job': path.resolve(import.meta.dirname, 'src/web/careers-job.html'),
      },
      // Our own modules have no side effects but their exports (the entries and the style modules,
      // which only import CSS, excepted): a module nothing uses is dropped, not fetched. Without
      // this, a feature's index.ts (docs/decisions/032) made every screen importing one name from
      // it load the whole feature: the candidate dashboard fetched results-list, markdown-view,
      // date-field and the bulk-invitations CSV parser for its cards.
      treeshake: {
        moduleSideEffects: [
          {
            test: /[/\\]src[/\\](web|domain)[/\\](?!main\.tsx$|careers-job\.ts$|.*styles\.ts$).*\.tsx?$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        codeSplitting: {
          // Everything the entry needs before its first paint (the shell, the login screen)
          // in one file: on a slow network each extra request costs a round trip.
          // The careers job page's entry stays out of it (that page loads the app only when used),
          // and so do Vite's preload helper and modulepreload polyfill, which both entries need.
          groups: [
            { name: 'preload', test: /preload-helper|modulepreload-polyfill/, priority: 2 },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[/\\]careers-job\.(ts|html)$/.test(id),
              priority: 1,
            },
            // Screens whose own chunk holds everything they import (a group takes its modules'
            // dependencies too), so they come as a few files rather than one per shared component
            // (docs/decisions/033: the candidate dashboard and the signed-in parts of the layout
            // were 98 files; each is a request, six at a time over HTTP/1.1). The earlier group
            // takes what two share: zod alone (signed-out screens need it, not the rest), the
            // signed-out forms (sign-up stays 9 KB), then the signed-in shell (signed-in-shell.ts),
            // then the candidate dashboard. Other screens import these chunks for what they share.
            { name: 'zod', test: /[/\\]node_modules[/\\]zod[/\\]/ },
            // The domain's lists of choices: the signed-out forms and the signed-in screens both use
            // them, and the dashboard loaded the sign-up forms' chunk (10 KB) for them.
            { name: 'constants', test: /[/\\]src[/\\]domain[/\\]constants\.ts$/ },
            {
              name: 'signed-out',
              test: web(
                'features/auth/components/(sign-up|reset-password|new-password)-screen\\.tsx',
              ),
            },
            {
              name: 'signed-in',
              test: web('app/layout/(signed-in-bar|notification-bell)\\.tsx'),
            },
            // bench/dashboard-budget.ts finds it by this name.
            {
              name: 'candidate-dashboard',
              test: web('features/home/components/candidate-dashboard\\.tsx'),
            },
            // The signed-in parts loaded after the screen's first paint (realtime, idle guard,
            // toasts): last, so it takes only what the screens above do not share.
            {
              name: 'signed-in-later',
              test: web(
                '(app/layout/realtime-updates\\.tsx|app/notifications\\.ts|features/security/components/session-guard\\.tsx)',
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The app's own modules live under src/web/api/ too: only non-source paths go to the server.
      '^/api/(?!.*\\.tsx?(\\?|$))': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
