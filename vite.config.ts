import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { DEFAULT_THEME } from './src/domain/constants';

const apiTarget = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      manifest: {
        name: 'Procurement Portal',
        short_name: 'Procurement',
        description: 'Orders, shipping notices, invoices and catalogues between suppliers and universities',
        theme_color: DEFAULT_THEME.primary,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/app/catalogue',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Orders', url: '/app/orders', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Invoices', url: '/app/invoices', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      devOptions: { enabled: false },
    }),
    // .br and .gz beside each asset, built once; the server sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest|mjs)$/, threshold: 1024 }),
  ],
  server: { proxy: { '/api': apiTarget, '/servlet': apiTarget, '/files': apiTarget } },
  worker: { format: 'es' },
  // No source maps: the built app is public, and nothing reads them in production.
  build: { outDir: 'dist', sourcemap: false },
});
