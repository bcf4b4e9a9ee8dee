// The data controls: qrels and run file pickers, drag-and-drop, the example and Clear all buttons,
// unanswered-topic policy, baseline and the progress bar's cancel button. Qrels are read in the
// format of the diversity switch (side-inputs.js).
//
// Dropped files are told apart by their content, never by their name: the first non-comment lines
// of a qrels file have 4 columns, the last an integer (`topic iter doc rel`), or are a BEIR header
// (`query-id corpus-id score`) and its rows; a run's have 6 (`topic Q0 doc rank score tag`) or 3
// (MS MARCO's `qid pid rank`). A JSON dict of dicts (ranx, ir_measures) whose values seen are all
// integers is qrels-like, with any other number a run. (The reader in the worker detects the
// format again on its own: input_formats.hpp.) One qrels-like file among the dropped ones is the qrels; with
// several the user is asked which (a file name containing "qrel" is only the default answer); all
// the others are read as runs, each reporting its own problems, so one odd file blocks none.
import { fileSource, decodedStream } from '../base/files.js';
import { qrelsFormat, runFormat } from './side-inputs.js';
import { el } from '../ui/util.js';

const SAMPLE_LINES = 5;

/** Up to `n` first non-empty lines that are not comments (#) of a file, plain or gzip. */
export async function firstLines(file, n = SAMPLE_LINES) {
  const reader = (await decodedStream(file.slice(0, 1 << 16))).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const lines = text.split('\n').slice(0, -1).filter((l) => l.trim() && !l.startsWith('#'));
      if (lines.length >= n || text.length > 1 << 15) break;
      const { done, value } = await reader.read();
      if (done) {
        text += '\n';
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // a gzip file cut at 64 KiB: what was decoded is enough
  }
  reader.cancel().catch(() => {});
  return text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, n);
}

/** 'qrels', 'run' or 'unknown' from a file's first lines (see the comment at the top). */
export function classifyLines(lines) {
  if (!lines.length) return 'unknown';
  if (lines[0].trimStart().startsWith('{')) {
    // JSON: the numbers that are values (after ':' and not an object).
    const values = [...lines.join('\n').matchAll(/:\s*(-?\d[\d.eE+-]*)/g)].map((m) => m[1]);
    if (!values.length) return 'unknown';
    return values.every((v) => /^-?\d+$/.test(v)) ? 'qrels' : 'run';
  }
  const words = lines.map((l) => l.trim().split(/\s+/));
  const integer = (w, i) => /^-?\d+$/.test(w[i]);
  if (words[0].join(' ') === 'query-id corpus-id score' && words.slice(1).every((w) => w.length === 3 && integer(w, 2)))
    return 'qrels';
  if (words.every((w) => w.length === 4 && integer(w, 3))) return 'qrels';
  if (words.every((w) => w.length === 6)) return 'run';
  if (words.every((w) => w.length === 3 && integer(w, 2))) return 'run';
  return 'unknown';
}

export async function classify(file) {
  return classifyLines(await firstLines(file));
}

/**
 * Asks which of `candidates` (Files) is the qrels; resolves with one of them, or null (none: all
 * are read as runs). The default answer: the one whose name contains "qrel", else the first.
 */
function askQrels(candidates) {
  const preferred = candidates.find((f) => /qrel/i.test(f.name)) || candidates[0];
  return new Promise((resolve) => {
    const choices = candidates.map((f, i) => el('label', { class: 'check' },
      el('input', { type: 'radio', name: 'pick-qrels', value: String(i), checked: f === preferred }), ` ${f.name}`));
    const dialog = el('dialog', { id: 'pick-qrels', 'aria-labelledby': 'pick-qrels-h' },
      el('h2', { id: 'pick-qrels-h' }, 'Which file is the qrels?'),
      el('p', {}, `${candidates.length} of the dropped files look like qrels (4 columns, an integer judgment). The others are read as runs.`),
      el('fieldset', { class: 'choices' }, el('legend', {}, 'Qrels file'), choices),
      el('div', { class: 'controls' },
        el('button', { type: 'button', id: 'pick-qrels-ok', onclick: () => done(Number(dialog.querySelector('input:checked').value)) }, 'Use as qrels'),
        el('button', { type: 'button', onclick: () => done(-1) }, 'None: all are runs')));
    let answered = false;
    const done = (i) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(i >= 0 ? candidates[i] : null);
    };
    dialog.addEventListener('cancel', () => done(-1));
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Sorts dropped files into {qrels: File | null, runs: [File]} (asking when it is ambiguous). */
export async function sortDropped(files) {
  const kinds = await Promise.all(files.map((f) => classify(f).catch(() => 'unknown')));
  const candidates = files.filter((f, i) => kinds[i] === 'qrels');
  const qrels = candidates.length > 1 ? await askQrels(candidates) : candidates[0] || null;
  return { qrels, runs: files.filter((f) => f !== qrels) };
}

export function setupInputs(app) {
  const $ = app.$;
  $('#qrels-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (file) {
      await app.load({ qrels: { ...fileSource(file), format: qrelsFormat(app) } });
      app.revealAfterFiles(); // the runs' picker next, or the results (app.js)
    }
  });
  $('#run-files').addEventListener('change', async (e) => {
    const files = [...e.target.files];
    e.target.value = '';
    if (files.length) {
      await app.load({ runs: files.map((f) => ({ ...fileSource(f), format: runFormat(app) })) });
      app.revealAfterFiles();
    }
  });
  $('#example').addEventListener('click', () => app.loadExample());
  $('#clear').addEventListener('click', () => app.clear());
  $('#cancel').addEventListener('click', () => app.cancel());
  $('#missing').addEventListener('change', (e) => app.set({ missing: e.target.value }, { evaluate: true }));
  $('#baseline').addEventListener('change', (e) => app.set({ b: e.target.value }));

  // Files dropped anywhere on the Data panel (the side inputs' boxes take their own).
  const panel = $('#inputs');
  const drop = $('#drop');
  panel.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  panel.addEventListener('dragleave', () => drop.classList.remove('over'));
  panel.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const files = [...e.dataTransfer.files];
    if (!files.length) return;
    const { qrels, runs } = await sortDropped(files);
    await app.load({ qrels: qrels ? { ...fileSource(qrels), format: qrelsFormat(app) } : null, runs: runs.map((f) => ({ ...fileSource(f), format: runFormat(app) })) });
    app.revealAfterFiles();
  });
}
