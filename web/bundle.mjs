// Bundles the web app into web/dist with esbuild (run by web/build.sh; expects build-wasm/dist):
//   index.html, app.js, worker.js + irlens_web.wasm, style.css   the served site (ES modules)
//   irlens-embed.js, embed.html                                  embed mode (examples/embed.html)
//   irlens-embed.single.js                                       embed mode as one classic script
//       (file:// and http): the embed entry with the worker taken from memory, as irlens.html's
//       (worker-source-single.js in place of worker-source.js); shipped in the npm package
//   irlens.html                                                  one self-contained file for file://:
//       classic inline script, the worker (irlens_single.js with the WASM inlined + the worker code)
//       as a string turned into a Blob URL, inline CSS; its CSP allows exactly these inline
//       blocks by their SHA-256.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP } from './csp.mjs';

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, '..');
const wasmDist = join(root, 'build-wasm', 'dist');
const dist = join(web, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  target: 'es2022',
  loader: { '.txt': 'text', '.run': 'text', '.tsv': 'text', '.md': 'text', '.css': 'text' }, // .md: docs/axioms.md (widgets/axioms-paper.js); .css: style.css (widgets/index.js, isolated views)
  legalComments: 'none',
  logLevel: 'warning',
};

async function bundle(entry, format, outfile, extra = {}) {
  const r = await build({ ...common, ...extra, entryPoints: [join(web, 'src', entry)], format, write: !!outfile, outfile: outfile ? join(dist, outfile) : 'out.js' });
  return outfile ? null : r.outputFiles[0].text;
}

// The single-file builds start their worker from memory: every import of worker-source.js (which
// fetches worker.js and irlens_web.wasm from beside the page's script) resolves to
// worker-source-single.js instead, so the embed code is bundled unchanged from its entry.
const fromMemory = {
  plugins: [{
    name: 'worker-from-memory',
    setup(b) {
      b.onResolve({ filter: /(^|\/)worker-source\.js$/ }, () => ({ path: join(web, 'src', 'worker', 'worker-source-single.js') }));
    },
  }],
  define: { 'import.meta.url': 'undefined' }, // a classic script has no URL of its own; unused there
};
const EMBED_ENTRY = 'shell/embed.js'; // <irlens-view> (both embed bundles)

await bundle('shell/main-http.js', 'esm', 'app.js');
await bundle('worker/worker-http.js', 'esm', 'worker.js');
await bundle(EMBED_ENTRY, 'esm', 'irlens-embed.js');
copyFileSync(join(wasmDist, 'irlens_web.wasm'), join(dist, 'irlens_web.wasm'));
copyFileSync(join(web, 'style.css'), join(dist, 'style.css'));

const template = readFileSync(join(web, 'index.html'), 'utf8');
writeFileSync(join(dist, 'index.html'), template
  .replace('%CSP%', CSP)
  .replace('%STYLE%', '<link rel="stylesheet" href="style.css">')
  .replace('%SCRIPT%', '<script type="module" src="app.js"></script>'));
// examples/embed.html and examples/tutorial.html (the widgets' tutorial, also copied into dist)
// are complete as they are (pages to copy): their policy must be the app's.
for (const page of ['embed.html', 'tutorial.html']) {
  const text = readFileSync(join(root, 'examples', page), 'utf8');
  if (!text.includes(`content="${CSP}"`)) throw new Error(`examples/${page}: its Content-Security-Policy differs from web/csp.mjs`);
  writeFileSync(join(dist, page), text);
}

// The single file.
const inlineSafe = (js) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const workerSource = `${readFileSync(join(wasmDist, 'irlens_single.js'), 'utf8')}\n${await bundle('worker/worker-single.js', 'iife')}`;
const script = inlineSafe(`var IRLENS_WORKER_SOURCE=${JSON.stringify(workerSource)};\n${await bundle('shell/main-single.js', 'iife')}`);
const style = readFileSync(join(web, 'style.css'), 'utf8');

// The single-file embed bundle: the worker source as irlens.html's, the embed code started once
// the page is parsed (a classic script may sit in <head>: <irlens-view>'s data must be there).
const embedCode = await bundle(EMBED_ENTRY, 'iife', null, fromMemory);
// Its first line names the views (widgets/views.js), for the Python package's irlens.show.
const { VIEWS } = await import('./src/widgets/views.js');
writeFileSync(join(dist, 'irlens-embed.single.js'), `/* irlens embed bundle: <irlens-view> with the WASM inlined (docs/js-api.md); views: ${Object.keys(VIEWS).join(' ')} */
(() => {
const IRLENS_WORKER_SOURCE = ${JSON.stringify(workerSource)};
const start = () => {
${embedCode}};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
})();
`);
const sha = (s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const singleCsp = [
  "default-src 'none'",
  `script-src ${sha(script)} 'wasm-unsafe-eval'`,
  'worker-src blob:',
  'connect-src data:',
  'img-src data: blob:',
  `style-src ${sha(style)}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
writeFileSync(join(dist, 'irlens.html'), template
  .replace('%CSP%', singleCsp)
  .replace('%STYLE%', () => `<style>${style}</style>`)
  .replace('%SCRIPT%', () => `<script>${script}</script>`));
console.log(`irlens web: built ${dist} (index.html, irlens.html, embed.html, irlens-embed.single.js)`);
