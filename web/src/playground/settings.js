// The playground's state as settings (the app keeps them in the URL hash, base/settings.js, so a
// link reproduces the lists): pgm measures, pgg highest grade, pgi intents, pga list A, pgb list B
// ('' = no second list), pgr 1 when the lists are runs of one topic; lists in model.js's text form.
import { parseList, listText } from './model.js';

export const PLAYGROUND_DEFAULTS = {
  pgm: 'P@5 AP nDCG@10 Q P+ ERR RBP(p=0.8) RR', // measures, in the measure language
  pgg: '3', // highest grade
  pgi: '0', // intents (0: none)
  pga: 'd1:3 d2:0 d3:1 d4:2 d5:0 d6:1 +2:1', // list A
  pgb: '', // list B
  pgr: '0', // 1: the lists are runs of one topic (for NRG, the rareness measures), 0: topics of one run
};

function count(text, what, max) {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max) throw Object.assign(new Error(`playground: ${what} '${text}' is not an integer 0..${max}`), { name: 'UsageError' });
  return n;
}

/** The playground state of settings {pgm, pgg, pgi, pga, pgb} (missing keys: the defaults); throws UsageError on a bad list. */
export function stateOf(settings) {
  const s = { ...PLAYGROUND_DEFAULTS, ...settings };
  const maxGrade = count(s.pgg, 'highest grade', 9);
  if (maxGrade < 1) throw Object.assign(new Error('playground: the highest grade is at least 1'), { name: 'UsageError' });
  const intents = count(s.pgi, 'intents', 9);
  const lists = [parseList(s.pga, { maxGrade, intents, name: 'list A' })];
  if (s.pgb.trim()) lists.push(parseList(s.pgb, { maxGrade, intents, name: 'list B' }));
  if (s.pgr !== '0' && s.pgr !== '1') throw Object.assign(new Error(`playground: pgr '${s.pgr}' is 0 (lists are topics) or 1 (lists are runs)`), { name: 'UsageError' });
  return { measures: s.pgm, maxGrade, intents, runs: s.pgr === '1', lists };
}

/** The settings of a playground state (stateOf's inverse). */
export function settingsOf(state) {
  return { pgm: state.measures, pgg: String(state.maxGrade), pgi: String(state.intents), pga: listText(state.lists[0]), pgb: state.lists[1] ? listText(state.lists[1]) : '', pgr: state.runs ? '1' : '0' };
}
