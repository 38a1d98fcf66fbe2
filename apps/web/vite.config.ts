/// <reference types="vitest/config" />
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contentPlugin } from './content-plugin.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Preloads the text font (Latin subset) from the page's head: the browser would otherwise find it only
 * once the stylesheet is parsed and text is laid out, a round trip later (issue 15).
 */
function preloadFont(): Plugin {
  return {
    name: 'camino-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /atkinson-hyperlegible-next-latin-wght-normal-.*\.woff2$/.test(file));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    contentPlugin(),
    react(),
    tailwindcss(),
    preloadFont(),
    // Installable and readable offline (issue 15, docs/decisions/0065-offline-service-worker.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: 'Camino Claro',
        short_name: 'Camino Claro',
        description: 'Respuestas claras y seguras a tus dudas de inmigración, en español, por voz o por texto.',
        lang: 'es',
        start_url: '/chat',
        scope: '/',
        display: 'standalone',
        theme_color: '#0B2545',
        background_color: '#FBF8F3',
        icons: [
          { src: '/icons/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The pages are not precached (each response has its own nonce); only the latin font subset.
        globPatterns: ['**/*.{js,css,svg,png,woff2}'],
        globIgnores: ['**/*-{cyrillic,cyrillic-ext,greek,greek-ext,latin-ext,vietnamese}-*.woff2'],
      },
    }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src'), '@content': path.join(repoRoot, 'content') } },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: Object.fromEntries(['/api', '/dev'].map((p) => [p, { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
    // Read by scripts/prerender.mjs: the chunks each prerendered page preloads.
    manifest: true,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (issue 15): everything the first screen needs in one file, and the small
        // modules several pages share (icons, buttons, helpers) in one chunk instead of a dozen tiny ones.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /lucide-react|use-page-title/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
