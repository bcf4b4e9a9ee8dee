// Mutation testing (StrykerJS) of the JS that decides what the page shows: the results table's rows,
// intervals and teams, its exports (CSV, JSON, LaTeX, the provenance of charts), the significance
// labels, the relative view's run labels, the playground's model and the statistics runner.
// Run by scripts/mutation.sh (not part of scripts/test.sh: it runs the node tests once per mutant);
// the scores are recorded in bench/README.md ("Mutation testing").
//
// The tap runner runs each test file with node (node:test prints TAP when its output is not a
// terminal) and, with per-test coverage, runs for a mutant only the files that reach it. Only the
// DOM-free code is mutated: the functions that draw into the page (labelRuns, the progress strip,
// notDone) are left to the browser tests (tests/web/), whose one run takes minutes.
export default {
  testRunner: 'tap',
  tap: {
    testFiles: [
      'tests/node/exports.test.mjs',
      'tests/node/playground-model.test.mjs',
      'tests/node/run-labels.test.mjs',
      'tests/node/significance-labels.test.mjs',
      'tests/node/stats-runner.test.mjs',
      'tests/node/table-intervals.test.mjs',
      'tests/node/table-rows.test.mjs',
      'tests/node/teams.test.mjs',
      'tests/node/tex-escape.test.mjs',
    ],
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'web/src/base/exports.js',
    'web/src/base/significance-labels.js',
    'web/src/base/table-intervals.js',
    'web/src/base/table-rows.js',
    'web/src/base/teams.js',
    'web/src/base/tex-escape.js',
    'web/src/charts/run-labels.js:1-107', // labelRuns (from line 108) draws into a rendered Vega view
    'web/src/playground/model.js',
    'web/src/ui/stats-runner.js:1-79', // progressStrip, showProgress (lines 80-99) and notDone build the DOM
    'web/src/ui/stats-runner.js:100-119', // sameScores
  ],
  // The sandbox holds what the tests load: web/src, tests/node and the two modules of the WASM build's
  // dist that the table's modules import (run-name.mjs, evaluation.mjs: copies of wasm/, no WASM).
  ignorePatterns: ['/*', '!/web', '/web/*', '!/web/src', '!/tests', '/tests/*', '!/tests/node', '!/package.json', '!/build-wasm', '/build-wasm/*', '!/build-wasm/dist', '/build-wasm/dist/*', '!/build-wasm/dist/evaluation.mjs', '!/build-wasm/dist/run-name.mjs'],
  tempDirName: 'build/stryker-tmp',
  incremental: false,
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'html', 'json', 'progress-append-only'],
  htmlReporter: { fileName: 'build/mutation/index.html' },
  jsonReporter: { fileName: 'build/mutation/report.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 90, low: 75, break: null },
};
