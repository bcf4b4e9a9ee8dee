// eslint (npm, flat config): the JS linter run by scripts/lint.sh, part of scripts/test.sh.
// The recommended rules, with the environments each folder runs in.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'build*/', 'web/dist/', 'web/vendor/', 'python/build/', 'tests/artifacts/'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker, ...globals.node },
    },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
];
