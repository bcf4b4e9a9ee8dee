// The resident memory of Chromium's renderer processes (the page, its workers and their WASM
// heaps), read from /proc: what bench/web.mjs and bench/stream_web.mjs report as the tab's memory;
// and the CPU time of this benchmark's Chromium processes by type (bench/web-phases.mjs).
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

/** This benchmark's own Chromium processes, {pid, args}: descendants of this node process (other
 *  jobs on the machine may run browsers of their own). */
function ours() {
  const rows = execFileSync('ps', ['-eo', 'pid,ppid,args']).toString().split('\n').slice(1)
    .map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 2).map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) if (!mine.has(r.pid) && mine.has(r.ppid)) { mine.add(r.pid); grew = true; }
  }
  return rows.filter((r) => mine.has(r.pid) && r.pid !== process.pid && /chrom/.test(r.args));
}

/** The pids of this benchmark's own Chromium renderers. */
export function renderers() {
  return ours().filter((r) => r.args.includes('--type=renderer')).map((r) => r.pid);
}

/** CPU time (user + system, ms, from /proc/PID/stat) of this benchmark's Chromium processes so
 *  far, summed by type: `browser`, `renderer` (the page and its workers), `gpu-process`,
 *  `utility`... A process that ended between two calls drops out of the later one. */
let msPerTick = 0; // /proc's clock ticks, asked of getconf once
export function chromiumCpuMs() {
  msPerTick ||= 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  const out = {};
  for (const r of ours()) {
    try {
      const f = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const type = (r.args.match(/--type=([a-z-]+)/) || [null, 'browser'])[1];
      out[type] = (out[type] || 0) + (Number(f[11]) + Number(f[12])) * msPerTick; // utime, stime
    } catch { /* gone */ }
  }
  return out;
}

/** after - before, per type (chromiumCpuMs), rounded, with the total. */
export function cpuSpent(before, after) {
  const out = {};
  for (const [k, v] of Object.entries(after)) out[k] = Math.round(v - (before[k] || 0));
  out.total = Object.values(out).reduce((a, b) => a + b, 0);
  return out;
}
