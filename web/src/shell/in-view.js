// After an action, its answer in view (issue 35). Below 1100 px the data and measure panels stand
// above the results (at 390 px about 800 px of them), so choosing files, typing a measure or a tab
// would change nothing on screen: the answer lands below the fold. From 1100 px the panels are a
// side column and the results start at the top of the page: nothing needs to move there.

/**
 * Scrolls the page so that `target`'s top is at the top of the window, unless it already is in
 * the window's upper third (the wide layout, or the user is there already): the page never jumps
 * for an answer already on screen.
 */
export function bringToTop(target) {
  if (!target) return;
  const top = target.getBoundingClientRect().top;
  if (top >= 0 && top <= window.innerHeight / 3) return;
  target.scrollIntoView({ block: 'start', behavior: 'instant' });
}

/** Scrolls the least that shows all of `target` (the next control to use), if it is not in the window. */
export function bringNear(target) {
  if (!target) return;
  const r = target.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  target.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
