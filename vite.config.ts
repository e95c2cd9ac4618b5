import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import type { BootFrame } from './src/app/boot-frame';
import { DEFAULT_THEME } from './src/domain/constants';
import { INSTALL_MANIFESTS } from './src/domain/install-manifests';

/**
 * Writes the loading screen into the built index.html, so the first paint needs no
 * script (see src/app/boot-frame.tsx). esbuild bundles the module for Node first: Node
 * alone would load styled-components' CommonJS build, whose default export is not `styled`.
 */
function bootFrame(): Plugin {
  return {
    name: 'portal-boot-frame',
    apply: 'build',
    async transformIndexHtml(html) {
      const bundle = await build({
        entryPoints: [resolve(import.meta.dirname, 'src/app/boot-frame.tsx')],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        jsx: 'automatic',
        mainFields: ['module', 'main'],
        define: { 'process.env.NODE_ENV': '"production"' },
        write: false,
        logLevel: 'error',
      });
      const dir = mkdtempSync(join(tmpdir(), 'portal-boot-frame-'));
      try {
        const file = join(dir, 'boot-frame.cjs');
        writeFileSync(file, bundle.outputFiles[0]!.text);
        const { renderBootFrame } = createRequire(import.meta.url)(file) as { renderBootFrame(): BootFrame };
        const { html: frame, styles } = renderBootFrame();
        return html.replace('</head>', `${styles}</head>`).replace('<div id="root"></div>', `<div id="root">${frame}</div>`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** What src/app/main.tsx imports dynamically only after the first screen, so not preloaded. */
const AFTER_START = [resolve(import.meta.dirname, 'src/app/service-worker/register-service-worker.ts')];

/**
 * Adds `modulepreload` links for the entry's imports and for the chunks main.tsx imports
 * dynamically to start in steps (React, the app, the router), and for theirs: the browser
 * would otherwise find each only once the chunk importing it had arrived.
 *
 * The entry and these links are fetched at low priority. Module scripts never hold the
 * first paint (the boot frame paints from the HTML alone), but Lighthouse's simulation
 * counts a high-priority script that arrived before the paint as holding it, moving the
 * first paint it reports between 0.7 and 2.5 s from run to run.
 */
function bootPreloads(): Plugin {
  return {
    name: 'portal-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const chunks = new Map(
          Object.values(bundle)
            .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
            .map((item) => [item.fileName, item]),
        );
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || file === chunk.fileName) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) add(imported);
        };
        for (const file of chunk.imports) add(file);
        for (const file of chunk.dynamicImports) {
          const facade = chunks.get(file)?.facadeModuleId;
          if (!facade || !AFTER_START.includes(facade)) add(file);
        }
        if (files.size === 0) throw new Error('The chunks src/app/main.tsx starts with were not found in the bundle');
        const entry = `<script type="module" crossorigin src="/${chunk.fileName}">`;
        if (!html.includes(entry)) throw new Error(`The entry's script tag (${entry}) was not found in index.html`);
        return {
          html: html.replace(entry, `<script type="module" fetchpriority="low" crossorigin src="/${chunk.fileName}">`),
          tags: [...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? 8080}`;

const shortcutIcons = [{ src: '/icons/icon-192.png', sizes: '192x192' }];
const ordersShortcut = { name: 'Orders', url: '/app/orders', icons: shortcutIcons };
const manifest = {
  name: 'Procurement Portal',
  short_name: 'Procurement',
  description: 'Orders, shipping notices, invoices and catalogues between suppliers and universities',
  theme_color: DEFAULT_THEME.primary,
  background_color: '#ffffff',
  display: 'standalone' as const,
  start_url: '/app/catalogue',
  scope: '/',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The manifest with an 'Invoices' install shortcut, beside the one vite-plugin-pwa writes
 * (shortcuts for everyone): the shell links it while the viewer may open invoices
 * (src/features/shell/use-install-manifest.ts).
 */
function invoicesManifest(): Plugin {
  return {
    name: 'portal-invoices-manifest',
    apply: 'build',
    generateBundle() {
      const shortcuts = [ordersShortcut, { name: 'Invoices', url: '/app/invoices', icons: shortcutIcons }];
      this.emitFile({ type: 'asset', fileName: INSTALL_MANIFESTS.withInvoices.slice(1), source: `${JSON.stringify({ ...manifest, shortcuts })}\n` });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    bootFrame(),
    bootPreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // wasm: the barcode reader's (zxing), so scanning works offline from the first visit after install.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2,wasm}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      manifest: { ...manifest, shortcuts: [ordersShortcut] },
      devOptions: { enabled: false },
    }),
    invoicesManifest(),
    // .br and .gz beside each asset, built once; the server sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest|mjs|wasm)$/, threshold: 1024 }),
  ],
  server: { proxy: { '/api': apiTarget, '/servlet': apiTarget, '/files': apiTarget } },
  worker: { format: 'es' },
  // No source maps: the built app is public, and nothing reads them in production.
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No preload links for a lazy chunk's imports: the helper appending them cost the main thread
    // 34 to 49 ms (4x CPU slowdown) on the orders list's start, its busiest moment. The browser
    // finds a chunk's imports itself, one round trip later on a first visit; later visits are
    // served by the service worker's cache. The boot's chunks are still preloaded (bootPreloads).
    modulePreload: false,
  },
});
