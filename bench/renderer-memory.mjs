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

/** The pids of this benchmark's own Chromium renderers: descendants of this node process (other
 *  jobs on the machine may run browsers of their own). */
export function renderers() {
  const rows = execFileSync('ps', ['-eo', 'pid,ppid,args']).toString().split('\n').slice(1)
    .map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 2).map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) if (!ours.has(r.pid) && ours.has(r.ppid)) { ours.add(r.pid); grew = true; }
  }
  return rows.filter((r) => ours.has(r.pid) && r.args.includes('--type=renderer')).map((r) => r.pid);
}
