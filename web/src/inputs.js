// The data controls: qrels and run file pickers, drag-and-drop (files are told apart by their first
// line: 4 columns = qrels, 6 = run; a file name containing "qrel" is taken as qrels; qrels are read
// in the format of the diversity switch, side-inputs.js), the example button, unanswered-topic
// policy, baseline and the progress bar's cancel button.
import { fileSource } from './files.js';
import { qrelsFormat } from './side-inputs.js';

async function firstLine(file) {
  let stream = file.slice(0, 1 << 16).stream();
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] === 0x1f && head[1] === 0x8b) stream = stream.pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  let text = '';
  try {
    while (!text.includes('\n') && text.length < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value, { stream: true });
    }
  } catch {
    // a truncated gzip slice: what was decoded is enough
  }
  reader.cancel().catch(() => {});
  return text.split('\n').find((l) => l.trim() && !l.startsWith('#')) || '';
}

/** 'qrels' or 'run' for a dropped file. */
export async function classify(file) {
  if (/qrel/i.test(file.name)) return 'qrels';
  const cols = (await firstLine(file)).trim().split(/\s+/).length;
  return cols === 4 ? 'qrels' : 'run';
}

export function setupInputs(app) {
  const $ = app.$;
  $('#qrels-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (file) await app.load({ qrels: { ...fileSource(file), format: qrelsFormat(app) } });
  });
  $('#run-files').addEventListener('change', async (e) => {
    const files = [...e.target.files];
    e.target.value = '';
    if (files.length) await app.load({ runs: files.map(fileSource) });
  });
  $('#example').addEventListener('click', () => app.loadExample());
  $('#cancel').addEventListener('click', () => app.cancel());
  $('#missing').addEventListener('change', (e) => app.set({ missing: e.target.value }, { evaluate: true }));
  $('#baseline').addEventListener('change', (e) => app.set({ b: e.target.value }));

  const drop = $('#drop');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const files = [...e.dataTransfer.files];
    let qrels = null;
    const runs = [];
    for (const f of files) {
      if (!qrels && (await classify(f)) === 'qrels') qrels = { ...fileSource(f), format: qrelsFormat(app) };
      else runs.push(fileSource(f));
    }
    await app.load({ qrels, runs });
  });
}
