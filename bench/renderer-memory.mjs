// The resident memory of Chromium's renderer processes (the page, its workers and their WASM
// heaps), read from /proc: what bench/web.mjs and bench/stream_web.mjs report as the tab's memory.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The largest VmRSS (bytes) among `pids`. */
export function rendererRss(pids) {
  let max = 0;
  for (const pid of pids) {
    try {
      const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
      if (m) max = Math.max(max, Number(m[1]) * 1024);
    } catch { /* gone */ }
  }
  return max;
}

/** The pids of Chromium's renderer processes. */
export const renderers = () => execFileSync('ps', ['-eo', 'pid,args']).toString().split('\n')
  .filter((l) => l.includes('--type=renderer') && l.includes('chromium')).map((l) => Number(l.trim().split(/\s+/)[0]));
