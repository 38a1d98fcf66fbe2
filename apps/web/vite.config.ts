/// <reference types="vitest/config" />
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  plugins: [contentPlugin(), react(), tailwindcss(), preloadFont()],
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
    assetsInlineLimit: 2048,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
