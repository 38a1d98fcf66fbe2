// Renders the public pages and the app shell to static HTML at build time (issue 15), from the client
// build in apps/web/dist: one dist/pages/<name>.html per page of apps/web/src/prerender.tsx, with the
// page's own chunks preloaded and the CSS it needs to paint inlined (the rest of the stylesheet loads at
// the end of the body). The server sends that file for the page's path; the browser hydrates it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';
import { build } from 'vite';

export async function prerender(webRoot) {
  const dist = path.join(webRoot, 'dist');
  // Inside node_modules so the rendering code finds React and the other packages it imports.
  const ssrOut = path.join(webRoot, 'node_modules/.prerender');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  const { prerenderedPages, renderPage } = await import(path.join(ssrOut, 'prerender.js'));
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const beasties = new Beasties({ path: dist, publicPath: '/', preload: 'body', preloadFonts: false, pruneSource: false, logLevel: 'warn' });

  mkdirSync(path.join(dist, 'pages'), { recursive: true });
  for (const page of prerenderedPages) {
    const rendered = await renderPage(page.path);
    // React puts the preloads it hoists (the hero image) first: they belong in the head.
    const hoisted = /^(?:<link [^>]*\/>)*/.exec(rendered)[0];
    const body = rendered.slice(hoisted.length);
    const preloads = chunksOf(manifest, page.module)
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    const html = template
      .replace('</head>', `${hoisted}${preloads}</head>`)
      .replace(/<div id="root">[\s\S]*?<!--\/app-->\s*<\/div>/, `<div id="root" data-prerendered="${page.path}">${body}</div>`);
    if (!html.includes('data-prerendered')) throw new Error('index.html: no <div id="root"> ending with <!--/app-->');
    writeFileSync(path.join(dist, 'pages', `${page.path.slice(1)}.html`), await beasties.process(html));
  }
  rmSync(ssrOut, { recursive: true, force: true });
}

/** The JavaScript files a module's chunk needs: its own and those it imports statically, recursively. */
function chunksOf(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return [];
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, seen);
  return [...seen];
}
