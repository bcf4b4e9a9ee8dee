// What the node tests of the analyses share (not a test file itself): the WASM build's node entry
// (IRLENS_DIST) with one irlens instance, and the native CLI (IRLENS_NATIVE) to compare with -
// `noNative` is the printed reason to skip such a comparison when the CLI is absent (never a pass).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.IRLENS_DIST || 'build-wasm/dist');
export const node = await import(join(dist, 'node.mjs'));
export const irlens = await node.createIrlens();

const native = process.env.IRLENS_NATIVE ? resolve(process.env.IRLENS_NATIVE) : '';
export const noNative = native && existsSync(native) ? false : 'IRLENS_NATIVE (the native irlens CLI) is not set: the comparison with the CLI was NOT run';
if (noNative) console.log(`SKIPPED: ${noNative}`);

/** stdout of `irlens ARGS...` (the native CLI). */
export const cli = (args) => execFileSync(native, args, { encoding: 'utf8' });

/** `irlens ARGS... -f json` parsed, without the file provenance (hashes of files the JS API never sees). */
export function cliDocument(args) {
  const doc = JSON.parse(cli(args));
  assert.equal(doc.provenance?.tool, 'irlens', 'the CLI document carries its provenance');
  delete doc.provenance;
  return doc;
}

export const close = (actual, expected, what = '') => assert.ok(Math.abs(actual - expected) < 1e-12, `${what} ${actual} != ${expected}`);

/** The directory `shared/data/NAME` and the reason to skip its tests when it is absent (printed once). */
export function sharedData(name, what) {
  const dir = join(resolve(process.env.IRLENS_SHARED || '../shared'), 'data', name);
  const skip = existsSync(dir) ? false : `${dir} is absent: ${what} was NOT run`;
  if (skip) console.log(`SKIPPED: ${skip}`);
  return { dir, skip };
}
