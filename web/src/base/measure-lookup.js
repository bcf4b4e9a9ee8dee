// Looking a measure up in the registry (irlens.measures(), app.state.registry) by the name a user
// typed or a result carries: the registry row tells everything the page needs to know about a
// measure (direction, values, explainable, parameter choices), so web/src keeps no list of names.

/** NAME of `NAME(params)@cutoff` (measure.hpp's name language): the part a registry row is named by. */
function measureRoot(text) {
  return text.replace(/[(@].*$/, '');
}

/** The registry row of a measure name (canonical or alias, with or without parameters), or undefined. */
export function findMeasure(registry, text) {
  const root = measureRoot(text);
  return registry.find((m) => m.name === root || (m.aliases || []).includes(root));
}
