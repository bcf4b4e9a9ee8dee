// Worker requests of the analysis views, remembered for the current evaluation: a view renders
// again on every settings change, but a rarity report or an alpha sweep only changes with the
// data (every load, removal or side input evaluates again, giving a new app.state.result) or with
// its own parameters.
const memo = new Map(); // key -> promise
let generation = null;

function current(app) {
  if (generation !== app.state.result) {
    memo.clear();
    generation = app.state.result;
  }
  return memo;
}

const keyOf = (action, payload) => `${action} ${JSON.stringify(payload)}`;

/** The result of `action` with `payload`, computed once per evaluation result. */
export function cachedRequest(app, action, payload) {
  const m = current(app);
  const key = keyOf(action, payload);
  if (!m.has(key)) {
    const p = app.request(action, payload);
    p.catch(() => m.delete(key)); // errors are not remembered
    m.set(key, p);
  }
  return m.get(key);
}

/** Remembers a result computed on demand (Algorithm 1) under the same rule. */
export function remember(app, action, payload, value) {
  current(app).set(keyOf(action, payload), Promise.resolve(value));
}

/** A remembered result (a promise), or undefined. */
export function recalled(app, action, payload) {
  return current(app).get(keyOf(action, payload));
}
