// The side inputs some measures and views need, beside the qrels and runs: run groups (NRG's
// group policies, unique contributions, the NRG scatter's colours), intent probabilities and
// types (diversity), document lengths (TBG, U) and sessions (sDCG); and the switch that reads
// the qrels as diversity qrels (`topic subtopic doc judgment`). Each has a file picker that is
// also a drop zone; a loaded one goes with every evaluation (worker-relative.js), a bad one is
// reported in the error panel with its file and line, as the qrels and runs are. A measure that
// needs a side input that is not loaded reports the core's message there too.
//
// app.state.side: {KIND: {name, bytes, sha256, info}} of the loaded side inputs (for the views
// and the exports' provenance). Cancel restarts the worker: they are gone with it. A side input
// the user chooses replaces the example, as a qrels or run file does (app.js).
import { sha256, textSource, decodedStream } from '../base/files.js';
import { el } from '../ui/util.js';
import { diversityExample, sideExample } from './example-side-data.js';

/** The name of the groups the run manager assigns (in the provenance and messages). */
export const GROUPS_NAME = 'groups (run manager)';

export const SIDE_INPUTS = [
  { kind: 'groups', label: 'Run groups', hint: 'run<TAB>group, or a CSV with run and team columns (a leaderboard)', role: 'groups' },
  { kind: 'intentProbabilities', label: 'Intent probabilities', hint: 'topic subtopic probability', role: 'intents' },
  { kind: 'intentTypes', label: 'Intent types', hint: 'topic subtopic inf|nav', role: 'intent-types' },
  { kind: 'docLengths', label: 'Document lengths', hint: 'doc<TAB>characters[<TAB>words] (TBG, U)', role: 'doc-lengths' },
  { kind: 'sessions', label: 'Sessions', hint: 'session<TAB>position<TAB>topic (sDCG)', role: 'sessions' },
];

async function bytesOf(blob) {
  return new Response(await decodedStream(blob)).arrayBuffer();
}

function describe(kind, info) {
  if (kind === 'groups') return `${info.runs} runs in ${info.groups} groups`;
  if (kind === 'docLengths') return `${info.docs} documents`;
  if (kind === 'sessions') return `${info.sessions} sessions`;
  return 'loaded';
}

/** The qrels format the diversity switch asks for. */
export function qrelsFormat(app) {
  const box = app.$('#qrels-diversity');
  return box && box.checked ? 'diversity' : 'plain';
}

/** The run format the Run format control asks for: 'auto' (by content, with evidence) or a format. */
export function runFormat(app) {
  const select = app.$('#run-format');
  return select ? select.value : 'auto';
}

export function setupSideInputs(app) {
  const $ = app.$;
  app.state.side = {};
  const zones = $('#side-zones');

  function render() {
    zones.textContent = '';
    for (const s of SIDE_INPUTS) {
      const loaded = app.state.side[s.kind];
      const id = `side-${s.kind}`;
      const input = el('input', { type: 'file', id, 'data-side': s.kind, onchange: (e) => {
        const file = e.target.files[0];
        e.target.value = '';
        if (file) load(s.kind, { name: file.name, size: file.size, blob: file });
      } });
      const zone = el('div', { class: `side-zone${loaded ? ' ok' : ''}`, 'data-kind': s.kind },
        el('label', { class: 'file', for: id }, `${s.label} `, input),
        el('span', { class: 'hint' }, s.hint),
        el('span', { class: 'side-status', id: `side-status-${s.kind}` }, loaded ? `${loaded.name}: ${describe(s.kind, loaded.info)}` : 'not loaded'),
        loaded ? el('button', { type: 'button', class: 'small', 'aria-label': `Remove ${s.label.toLowerCase()}`, onclick: () => drop(s.kind) }, 'Remove') : null);
      zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
      zone.addEventListener('dragleave', () => zone.classList.remove('over'));
      zone.addEventListener('drop', (e) => {
        e.preventDefault();
        e.stopPropagation();
        zone.classList.remove('over');
        const file = e.dataTransfer.files[0];
        if (file) load(s.kind, { name: file.name, size: file.size, blob: file });
      });
      zones.append(zone);
    }
    const n = Object.keys(app.state.side).length;
    $('#side-summary').textContent = n ? `Side inputs (${n} loaded)` : 'Side inputs: run groups, intents, document lengths, sessions';
  }

  /** Reads one side input into the worker; errors go to the error panel (file, line). */
  async function read(kind, source) {
    const data = await bytesOf(source.blob);
    const bytes = data.byteLength;
    const info = await app.request('loadSide', { kind, name: source.name, data });
    app.state.side[kind] = { name: source.name, bytes, sha256: await sha256(source), info, role: SIDE_INPUTS.find((s) => s.kind === kind).role };
  }

  async function load(kind, source) {
    await app.serially(async () => {
      await app.leaveExample();
      app.state.errors = [];
      try {
        await read(kind, source);
      } catch (e) {
        app.reportError(e, source.name);
      }
      render();
    });
    await app.evaluate(); // renders the views (and the error panel) again
  }

  async function drop(kind) {
    await app.request('dropSide', { kind });
    delete app.state.side[kind];
    render();
    await app.evaluate();
  }

  /** Loads several side inputs ({kind: {name, text}}) at once, then evaluates. */
  async function loadTexts(texts) {
    for (const [kind, t] of Object.entries(texts)) {
      try {
        await read(kind, textSource(t.name, t.text));
      } catch (e) {
        app.reportError(e, t.name);
      }
    }
    render();
  }

  /**
   * The run -> group mapping the run manager builds (runs.js): written as a groups file
   * (`run<TAB>group` lines, GROUPS_NAME) and read as one, so every consumer sees what a chosen
   * file gives; an empty mapping removes the groups. The example stays (this is no new data).
   */
  async function assignGroups(byRun) {
    const lines = Object.entries(byRun).filter(([, g]) => g).map(([run, g]) => `${run}\t${g}\n`);
    if (!lines.length) return app.state.side.groups ? drop('groups') : undefined;
    await app.serially(async () => {
      app.state.errors = [];
      try {
        await read('groups', textSource(GROUPS_NAME, lines.join('')));
      } catch (e) {
        app.reportError(e, GROUPS_NAME);
      }
      render();
    });
    await app.evaluate();
  }

  $('#qrels-diversity').addEventListener('change', async () => {
    // Read the loaded qrels again in the chosen format (the runs are read again against them).
    const q = app.state.qrels;
    if (q) await app.load({ qrels: { ...q.source, format: qrelsFormat(app) }, reread: true });
  });
  // The example's side inputs go with the example only: it is loaded first unless it shows.
  $('#side-example').addEventListener('click', async () => {
    if (!app.state.example) {
      $('#qrels-diversity').checked = false;
      await app.loadExample();
    }
    await app.serially(async () => {
      app.state.errors = [];
      await loadTexts(sideExample);
    });
    await app.evaluate();
  });
  $('#diversity-example').addEventListener('click', async () => {
    const ex = diversityExample;
    $('#qrels-diversity').checked = true;
    await app.set({ m: ex.measures });
    app.measureField.sync();
    await app.loadExample(ex, { format: 'diversity' });
  });
  // The plain example: plain qrels.
  $('#example').addEventListener('click', () => { $('#qrels-diversity').checked = false; });
  // Cancel terminates the worker: the side inputs are gone with it.
  $('#cancel').addEventListener('click', () => {
    app.state.side = {};
    render();
  });
  render();
  return { render, loadTexts, assignGroups };
}
