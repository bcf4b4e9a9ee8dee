// The synthetic campaign of the Tukey HSD benchmarks (issue 15 target 5, issue 25): 500 runs x 50
// topics, a linear congruential generator with a fixed seed; each topic has 40 judged documents
// (30% relevant), each run retrieves 20 of them in a random order. Used by web-stats.mjs (the
// page) and p-values-node.mjs (the JS API under node): the same runs in both.
export function tukeyCollection() {
  let state = 4242;
  const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const topics = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(2, '0')}`);
  let qrels = '';
  for (const t of topics) for (let d = 0; d < 40; d++) qrels += `${t} 0 ${t}-d${d} ${rand() < 0.3 ? 1 : 0}\n`;
  const runs = [];
  for (let r = 0; r < 500; r++) {
    const name = `r${String(r).padStart(3, '0')}`;
    let text = '';
    for (const t of topics) {
      const docs = Array.from({ length: 40 }, (_, d) => d).sort(() => rand() - 0.5).slice(0, 20);
      docs.forEach((d, k) => { text += `${t} Q0 ${t}-d${d} ${k + 1} ${(20 - k).toFixed(1)} ${name}\n`; });
    }
    runs.push({ name, text });
  }
  return { qrels, runs };
}
