/// <reference types="vitest/config" />
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './content-plugin.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  plugins: [contentPlugin(), react(), tailwindcss()],
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
