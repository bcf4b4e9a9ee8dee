// The phases of the page's work, recorded as User Timing measures named `irlens:NAME`: in the
// page (reading the files, the table's data, the render: files.js, shell/app.js) and in the
// workers (parsing, evaluating, the answer: worker/worker-core.js, whose `timings` action hands
// its own over). The benchmark of the page's phases (bench/web-phases.mjs) reads them; nothing
// else does. A few entries per file read and per evaluation, kept until taken.

/** Records the phase `name` from `start` (performance.now()) to now, with `detail`; where User Timing is missing, nothing. */
export function phase(name, start, detail = {}) {
  if (typeof performance === 'undefined' || !performance.measure) return;
  try {
    performance.measure(`irlens:${name}`, { start, end: performance.now(), detail });
  } catch {
    // an old browser without the options form of measure(): no timings, nothing else changes
  }
}

/** The phases recorded in this context (page or worker) since the last call, then forgotten: [{name, start (ms since the epoch), ms, detail}]. */
export function takePhases() {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return [];
  const list = performance.getEntriesByType('measure').filter((e) => e.name.startsWith('irlens:'));
  for (const e of list) performance.clearMeasures(e.name);
  return list.map((e) => ({ name: e.name.slice('irlens:'.length), start: e.startTime + performance.timeOrigin, ms: e.duration, detail: e.detail }));
}
