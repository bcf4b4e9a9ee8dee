// Text and number inputs bound to one setting (as util.js's select): the setting changes when the
// input does (on change: Enter or leaving the field).
import { el } from './util.js';

/** A labelled text input bound to settings[key]. */
export function textField(app, label, key, value, { size = 24, placeholder = '' } = {}) {
  const id = `field-${key}`;
  const input = el('input', { id, type: 'text', value, size, placeholder: placeholder || null, spellcheck: 'false',
    onchange: (e) => app.set({ [key]: e.target.value.trim() }) });
  return el('label', { for: id, class: 'field' }, `${label} `, input);
}

/** A labelled number input (integers from min) bound to settings[key]; empty = the default. */
export function numberField(app, label, key, value, { min = 1, placeholder = '' } = {}) {
  const id = `field-${key}`;
  const input = el('input', { id, type: 'number', min, step: 1, value, placeholder: placeholder || null, class: 'number',
    onchange: (e) => app.set({ [key]: e.target.value.trim() }) });
  return el('label', { for: id, class: 'field' }, `${label} `, input);
}

/** An integer setting: its number, or `fallback` when empty or not an integer >= min. */
export function intSetting(text, fallback, min = 1) {
  const n = Number(text);
  return text !== '' && Number.isSafeInteger(n) && n >= min ? n : fallback;
}
