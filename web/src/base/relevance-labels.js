// A relevance grade as the ranked lists show it (the per-topic view, explanations): its words and
// its CSS class: the codes -1 ("not judged") and -2 ("unjudged (pool)"), a grade <= 0 judged, a
// grade > 0 relevant (classes capped at rel-3). DOM-free (moved from views/per-topic.js).
export function relLabel(rel) {
  if (rel === -1) return { text: 'not judged', cls: 'rel-none' };
  if (rel === -2) return { text: 'unjudged (pool)', cls: 'rel-none' };
  if (rel <= 0) return { text: `judged ${rel}`, cls: 'rel-0' };
  return { text: `relevant (${rel})`, cls: `rel-${Math.min(rel, 3)}` };
}
