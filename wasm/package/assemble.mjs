// Assembles the npm package `irlens` in build-wasm/package/ (never committed) from the built files:
//   package.json, README.md, *.d.mts   this folder (the manifest, the package's page, the types)
//   *.mjs, irlens_node.cjs/.wasm,      build-wasm/dist (the JS API and the node and web builds of
//   irlens_web.wasm                    wasm/CMakeLists.txt)
//   irlens-embed.single.js             web/dist (web/bundle.mjs: <irlens-view>, WASM inlined)
//   style.css                          web/style.css (the embed's look)
//   LICENSE                            the repository's
// Run by web/build.sh after the bundle; then `npm pack` in build-wasm/package makes the tarball.
// Refuses a manifest whose version is not the core's (core/include/irlens/version.hpp).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const wasmDist = join(root, 'build-wasm', 'dist');
const out = join(root, 'build-wasm', 'package');

const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const core = readFileSync(join(root, 'core', 'include', 'irlens', 'version.hpp'), 'utf8').match(/#define IRLENS_VERSION "([^"]+)"/);
if (!core) throw new Error('core/include/irlens/version.hpp: no IRLENS_VERSION found');
if (manifest.version !== core[1])
  throw new Error(`wasm/package/package.json: version ${manifest.version} differs from the core's ${core[1]} (core/include/irlens/version.hpp)`);

const sources = [
  ...['package.json', 'README.md'].map((f) => join(here, f)),
  ...readdirSync(here).filter((f) => f.endsWith('.d.mts')).map((f) => join(here, f)),
  ...readdirSync(wasmDist).filter((f) => f.endsWith('.mjs')).map((f) => join(wasmDist, f)),
  ...['irlens_node.cjs', 'irlens_node.wasm', 'irlens_web.wasm'].map((f) => join(wasmDist, f)),
  join(root, 'web', 'dist', 'irlens-embed.single.js'),
  join(root, 'web', 'style.css'),
  join(root, 'LICENSE'),
];
for (const s of sources) if (!existsSync(s)) throw new Error(`${s} is missing: build first (scripts/build.sh, then web/build.sh)`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const s of sources) copyFileSync(s, join(out, s.split('/').pop()));
console.log(`irlens package: assembled ${out} (irlens ${manifest.version}; \`npm pack\` there makes the tarball)`);
