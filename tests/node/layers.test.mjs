// web/src is a house of floors, each folder a floor that may import only from its own floor and
// the floors below it (DEVELOPERS.md, "Layout"). This test reads every import of every
// module in web/src — static `import ... from`, `export ... from`, bare `import '...'`, dynamic
// `import('...')` and `new URL('...', import.meta.url)` (how workers and assets are named) — and
// fails naming the importing file, the imported file and both floors on an upward import, on a
// module outside any floor, and on any import circle (naming the circle's files in order).
// Imports that leave web/src (npm packages, build-wasm/dist, examples/, docs/) are not floors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');

/** The floors, top first: a module may import from its own floor and any floor after it. */
export const FLOORS = ['shell', 'views', 'widgets', 'playground', 'ui', 'charts', 'worker', 'base'];

function modules(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return modules(p);
    return /\.m?js$/.test(d.name) ? [p] : [];
  });
}

// Comments are blanked (keeping offsets) so an import quoted in a comment is not counted; strings
// are left alone (the specifiers are strings). A `//` inside a string is rare in web/src and only
// ever in URLs, which hold no import.
const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"\\])\/\/[^\n]*/g, (m, pre = '') => pre + m.slice(pre.length).replace(/[^\n]/g, ' '));

const PATTERNS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, // import x from '..', export { y } from '..'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '..' (side effect)
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('..')
  /\bnew\s+URL\s*\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g, // new URL('..', import.meta.url)
];

/** The specifiers a module's text imports, in order of appearance. */
export function specifiers(text) {
  const code = withoutComments(text);
  const found = [];
  for (const re of PATTERNS) for (const m of code.matchAll(re)) found.push({ at: m.index, spec: m[1] });
  return found.sort((a, b) => a.at - b.at).map((f) => f.spec);
}

const rel = (p) => relative(SRC, p).split(sep).join('/');
const floorOf = (file) => rel(file).split('/')[0];

/** {file, imports: [file]} for every module, imports resolved and kept only inside web/src. */
function graph() {
  return modules().map((file) => ({
    file,
    imports: specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .map((s) => resolve(dirname(file), s))
      .filter((p) => p.startsWith(SRC + sep) && /\.m?js$/.test(p)),
  }));
}

/** Upward imports and modules outside a floor, one message each. */
export function upward(nodes, floors = FLOORS) {
  const problems = [];
  for (const { file, imports } of nodes) {
    const from = floorOf(file);
    if (!floors.includes(from)) {
      problems.push(`${rel(file)} is in no floor ("${from}"; the floors are ${floors.join(' > ')})`);
      continue;
    }
    for (const target of imports) {
      const to = floorOf(target);
      if (!floors.includes(to)) problems.push(`${rel(file)} imports ${rel(target)}, which is in no floor ("${to}")`);
      else if (floors.indexOf(to) < floors.indexOf(from))
        problems.push(`${rel(file)} (floor ${from}) imports ${rel(target)} (floor ${to}): an import running back up`);
    }
  }
  return problems;
}

/** Every import circle found by a depth-first walk, each as its files in order, first repeated. */
export function circles(nodes) {
  const edges = new Map(nodes.map((n) => [n.file, n.imports]));
  const state = new Map(); // file -> 'open' (on the walk's path) | 'done'
  const path = [];
  const found = [];
  const walk = (file) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) || []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].map(rel));
      else if (!state.has(next)) walk(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const n of nodes) if (!state.has(n.file)) walk(n.file);
  return found;
}

test('the import reader sees every kind of import and no commented one', () => {
  const text = [
    "import { a } from './a.js';",
    'import {',
    '  b,',
    "} from '../up/b.js';",
    "export { c } from './c.js';",
    "import './side.js';",
    "const d = await import('./d.js');",
    "const w = new Worker(new URL('./w.js', import.meta.url));",
    "// import { x } from './commented.js';",
    "/* import('./also-commented.js') */",
  ].join('\n');
  assert.deepEqual(specifiers(text), ['./a.js', '../up/b.js', './c.js', './side.js', './d.js', './w.js']);
});

test('the checks catch an upward import, a module outside the floors and a circle', () => {
  const f = (p) => join(SRC, p);
  const nodes = [
    { file: f('base/a.js'), imports: [f('views/b.js')] },
    { file: f('views/b.js'), imports: [f('base/a.js')] },
    { file: f('nowhere/c.js'), imports: [] },
  ];
  assert.deepEqual(upward(nodes), [
    'base/a.js (floor base) imports views/b.js (floor views): an import running back up',
    `nowhere/c.js is in no floor ("nowhere"; the floors are ${FLOORS.join(' > ')})`,
  ]);
  assert.deepEqual(circles(nodes), [['base/a.js', 'views/b.js', 'base/a.js']]);
});

const nodes = graph();

test('web/src has modules and imports to check (the reader is not blind)', () => {
  assert.ok(nodes.length >= 50, `only ${nodes.length} modules found in ${SRC}`);
  const edges = nodes.reduce((n, m) => n + m.imports.length, 0);
  assert.ok(edges >= 150, `only ${edges} imports inside web/src found`);
});

test('every folder of web/src is a floor with a one-line opening README', () => {
  // A folder of web/src holding a module (an empty one a checkout left behind is no room).
  const folders = [...new Set(nodes.map((n) => rel(n.file)).filter((p) => p.includes('/')).map((p) => p.split('/')[0]))];
  assert.deepEqual(folders.filter((d) => !FLOORS.includes(d)), [], `folders of web/src that are no floor (the floors are ${FLOORS.join(' > ')})`);
  const unexplained = FLOORS.filter((d) => !existsSync(join(SRC, d, 'README.md')));
  assert.deepEqual(unexplained, [], 'floors without a README.md saying what they hold');
});

test('web/src imports only from its own floor or the floors below', () => {
  const problems = upward(nodes);
  if (problems.length) assert.fail(`${problems.length} upward import(s):\n  ${problems.join('\n  ')}`);
});

test('web/src has no import circle', () => {
  const found = circles(nodes);
  if (found.length) assert.fail(`import circle(s):\n  ${found.map((c) => c.join(' -> ')).join('\n  ')}`);
});

test('the ground floor touches no DOM (the workers use it too)', () => {
  const touching = nodes
    .filter((n) => floorOf(n.file) === 'base')
    .filter((n) => /\b(document|window)\s*\.|\bcreateElement\b|\bURL\.createObjectURL\b/.test(withoutComments(readFileSync(n.file, 'utf8'))))
    .map((n) => rel(n.file));
  assert.deepEqual(touching, [], 'modules on the ground floor (base/) that touch the DOM');
});
