/// <reference types='vitest' />
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Sonner injects its stylesheet as an inline <style>, which the Content-Security-Policy
// (style-src 'self', platform/httpsec) refuses: the build ships the same CSS as a file instead.
function sonnerStylesAsFile(): Plugin {
  return {
    name: 'sonner-styles-as-file',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const out = code.replace(/^__insertCSS\(".*"\);?$/m, "import 'sonner/dist/styles.css';");
      if (out === code) this.error('sonner no longer injects its CSS through __insertCSS: revisit this plugin');
      return out;
    },
  };
}

// src/prefetch.ts is an entry of its own, loaded before the app (index.html gets its script and its
// chunks' modulepreloads): it starts the page's data requests while the app's code downloads
// (docs/operations.md "Web speed on a phone"). Vite's own html entry would fold it into the app's.
function prefetchFirst(): Plugin {
  return {
    name: 'prefetch-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry && c.name === 'prefetch');
        if (!entry || entry.type !== 'chunk') throw new Error('prefetch-first: no prefetch entry in the bundle');
        const app = html.indexOf('<script type="module"');
        if (app < 0) throw new Error("prefetch-first: no app script in index.html");
        const tags = [
          `<script type="module" async crossorigin src="/${entry.fileName}"></script>`,
          ...entry.imports.filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        // Before the app's script, so the browser asks for it first.
        return `${html.slice(0, app)}${tags.join('\n    ')}\n    ${html.slice(app)}`;
      },
    },
  };
}

// The devstack serves frontend/dist/apps/web on :3000 with an SPA fallback, and /api/… of its
// origin is the gateway: the dev server (:4200) and preview (:4300) pass /api/… on to the gateway
// at API_URL (default http://localhost:5001) the same way.
const apiProxy = { '/api': { target: process.env.API_URL ?? 'http://localhost:5001', changeOrigin: true } };

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  server: { port: 4200, host: 'localhost', proxy: apiProxy },
  preview: { port: 4300, host: 'localhost', proxy: apiProxy },
  plugins: [react(), tailwindcss(), sonnerStylesAsFile(), prefetchFirst()],
  // Radix's scroll lock injects <style> elements through react-style-singleton, which the CSP
  // refuses: a CSSOM-only stand-in (src/csp/style-singleton.ts).
  // React Router's package points every bundler at its development build; its production build
  // is the same API without the development checks (smaller initial JS).
  resolve: { alias: [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs') }, { find: /^react-style-singleton$/, replacement: path.resolve(import.meta.dirname, 'src/csp/style-singleton.ts') }] },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), prefetch: path.resolve(import.meta.dirname, 'src/prefetch.ts') },
      output: {
        // Name each lazy chunk after its lib (booking-feature-book-[hash].js) instead of 'src'.
        chunkFileNames: (chunk: { name: string; facadeModuleId?: string | null }) => {
          const lib = chunk.facadeModuleId?.match(/libs\/([^/]+)\/([^/]+)\/src\//);
          return `assets/${lib ? `${lib[1]}-${lib[2]}` : chunk.name}-[hash].js`;
        },
      },
    },
  },
  test: {
    name: 'web',
    watch: false,
    globals: true,
    environment: 'jsdom',
    include: ['src/**/*.{test,spec}.{ts,tsx}'],
    // MSW: the one mock API of every spec (libs/shared/testing).
    setupFiles: ['../../libs/shared/testing/src/setup.ts'],
    reporters: ['default'],
  },
}));
