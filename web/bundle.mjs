// Bundles the web app into web/dist with esbuild (run by web/build.sh; expects build-wasm/dist):
//   index.html, app.js, worker.js + irlens_web.wasm, style.css   the served site (ES modules)
//   irlens-embed.js, embed.html                                  embed mode (examples/embed.html)
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
  loader: { '.txt': 'text', '.run': 'text', '.tsv': 'text' },
  legalComments: 'none',
  logLevel: 'warning',
};

async function bundle(entry, format, outfile) {
  const r = await build({ ...common, entryPoints: [join(web, 'src', entry)], format, write: !!outfile, outfile: outfile ? join(dist, outfile) : 'out.js' });
  return outfile ? null : r.outputFiles[0].text;
}

await bundle('page/main-http.js', 'esm', 'app.js');
await bundle('worker/worker-http.js', 'esm', 'worker.js');
await bundle('page/embed.js', 'esm', 'irlens-embed.js');
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
const script = inlineSafe(`var IRLENS_WORKER_SOURCE=${JSON.stringify(workerSource)};\n${await bundle('page/main-single.js', 'iife')}`);
const style = readFileSync(join(web, 'style.css'), 'utf8');
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
console.log(`irlens web: built ${dist} (index.html, irlens.html, embed.html)`);
