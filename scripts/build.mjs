#!/usr/bin/env node
// Builds what `npm start` serves: the SPA (Vite) and the API server (esbuild). Each part is rebuilt
// only when one of its inputs changed since the last build, so a second `npm start` starts at once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const r = (...parts) => path.join(root, ...parts);

function fingerprint(inputs) {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const name of readdirSync(file).sort()) if (name !== 'node_modules' && name !== 'dist') visit(path.join(file, name));
    } else {
      hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

async function step(name, stampFile, inputs, outputs, run) {
  const print = fingerprint(inputs);
  const upToDate = !force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === print && outputs.every((o) => existsSync(o));
  if (upToDate) {
    console.log(`[build] ${name}: up to date`);
    return;
  }
  const started = performance.now();
  await run();
  writeFileSync(stampFile, print);
  console.log(`[build] ${name}: built in ${Math.round(performance.now() - started)} ms`);
}

const shared = [r('packages/contracts/src'), r('package-lock.json')];

await step(
  'web',
  r('apps/web/dist/.build-stamp'),
  [
    ...shared,
    r('apps/web/src'),
    r('apps/web/public'),
    r('apps/web/index.html'),
    r('apps/web/vite.config.ts'),
    r('apps/web/content-plugin.ts'),
    r('scripts/prerender.mjs'),
    r('content/blog'),
    r('content/faq'),
    r('content/privacy'),
  ],
  [r('apps/web/dist/index.html')],
  async () => {
    const { build } = await import('vite');
    await build({ root: r('apps/web'), configFile: r('apps/web/vite.config.ts'), logLevel: 'warn' });
    const { prerender } = await import('./prerender.mjs');
    await prerender(r('apps/web'));
    await precompress(r('apps/web/dist'));
  },
);

await step(
  'server',
  r('apps/server/dist/.build-stamp'),
  [...shared, r('apps/server/src'), r('apps/server/package.json')],
  [r('apps/server/dist/server.js')],
  async () => {
    const esbuild = await import('esbuild');
    const pkg = JSON.parse(readFileSync(r('apps/server/package.json'), 'utf8'));
    const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@camino/'));
    await esbuild.build({
      entryPoints: [r('apps/server/src/server.ts')],
      outfile: r('apps/server/dist/server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external: [...external, ...external.map((name) => `${name}/*`)],
      logLevel: 'warning',
    });
  },
);

// An empty PGlite database (PostgreSQL's set-up done), from which `npm start` fills a new data folder:
// the set-up's memory is spent here, in the build, not in the server (apps/server/src/db/client.ts).
await step(
  'database template',
  r('apps/server/dist/.template-stamp'),
  [r('package-lock.json')],
  [r('apps/server/dist/pglite-template/PG_VERSION')],
  async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const folder = r('apps/server/dist/pglite-template');
    rmSync(folder, { recursive: true, force: true });
    const db = new PGlite(folder);
    await db.waitReady;
    await db.close();
  },
);

/** Writes .br and .gz beside every compressible asset, served by @fastify/static's preCompressed. */
async function precompress(dir) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|css|svg|json|html|txt|webmanifest)$/.test(name)) files.push(file);
    }
  };
  walk(dir);
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      if (data.length < 1024) return;
      const [br, gz] = await Promise.all([brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(data, { level: 9 })]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }),
  );
}
