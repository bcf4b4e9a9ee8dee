// Looking a measure up in the registry (irlens.measures(), app.state.registry) by the name a user
// typed or a result carries: the registry row tells everything the page needs to know about a
// measure (direction, values, explainable, parameter choices), so web/src keeps no list of names.

/** NAME of `NAME(params)@cutoff` (measure.hpp's name language): the part a registry row is named by. */
function measureRoot(text) {
  return text.replace(/[(@].*$/, '');
}

/**
 * The registry row of a measure name (canonical or alias, with or without parameters), or undefined.
 * Where a word parameter selects what the measure reports (C/W/L's `out`: INST(out=EC) is a cost),
 * the row carries the chosen output's direction and values (the core's MeasureSpec::direction).
 */
export function findMeasure(registry, text) {
  const root = measureRoot(text);
  const row = registry.find((m) => m.name === root || (m.aliases || []).includes(root));
  const param = row && (row.params || []).find((p) => p.outputs);
  if (!param) return row;
  const given = new RegExp(`[(,]\\s*${param.name}\\s*=\\s*([^,)\\s]+)`).exec(text);
  const output = param.outputs[given ? given[1] : param.default];
  return output ? { ...row, direction: output.direction, values: output.values } : row;
}
