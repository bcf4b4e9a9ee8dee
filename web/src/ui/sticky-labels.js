// Run labels that stay in sight while a large matrix scrolls in its box (issue 35): the Significance
// tab's p-value matrix of 100+ runs is thousands of pixels square in a box of 720, and Vega's own
// axis labels scroll away with the cells. Two strips are laid over the box's content: the column
// labels along its top edge once the matrix's top has scrolled out of sight, the row labels along
// its left edge once its left has; each label sits over its band of the chart's scales x and y.
import { el } from './util.js';

/**
 * Adds the strips to `box` (the scrolling container, holding the Vega view's SVG or canvas as its
 * last child) for `view` (band scales 'x' and 'y' over `runs`). Returns {update()}: shows or hides
 * the strips for the box's scroll position (also run on every scroll).
 */
export function stickyRunLabels(box, view, runs) {
  const surface = box.querySelector('svg, canvas');
  const s = surface.getBoundingClientRect(), b = box.getBoundingClientRect();
  // The plot's origin in the box's content (Vega's origin is the surface's)
  const ox = view.origin()[0] + s.left - b.left + box.scrollLeft - box.clientLeft;
  const oy = view.origin()[1] + s.top - b.top + box.scrollTop - box.clientTop;
  const x = view.scale('x'), y = view.scale('y');
  const step = x.bandwidth();
  const width = ox + x.range()[1], height = oy + y.range()[1];
  // Placed through the CSSOM: the page's Content-Security-Policy (style-src 'self') ignores style attributes.
  const placed = (node, props) => Object.assign(node.style, props) && node;
  const colStrip = placed(el('div', { class: 'sticky-cols', 'aria-hidden': 'true' },
    runs.map((r) => placed(el('span', {}, r), { left: `${ox + x(r) + step / 2 - 6}px` }))), { width: `${width}px` });
  const rowStrip = placed(el('div', { class: 'sticky-rows', 'aria-hidden': 'true' },
    runs.map((r) => placed(el('span', {}, r), { top: `${oy + y(r) + step / 2 - 7}px` }))), { height: `${height}px` });
  const colHolder = el('div', { class: 'sticky-holder sticky-top' }, colStrip);
  const rowHolder = el('div', { class: 'sticky-holder sticky-left' }, rowStrip);
  box.classList.add('sticky-labels');
  // Where the strips cross (the box's top left corner), a blank: neither strip's labels show there.
  const corner = el('div', { class: 'sticky-holder sticky-top sticky-left sticky-corner', 'aria-hidden': 'true' }, el('div'));
  box.prepend(colHolder, rowHolder, corner);
  const update = () => {
    // shown once Vega's own labels (columns on top of the cells, rows at their left) are half out of sight
    colHolder.hidden = box.scrollTop <= oy - 40;
    rowHolder.hidden = box.scrollLeft <= ox - 40;
    corner.hidden = colHolder.hidden || rowHolder.hidden;
  };
  box.addEventListener('scroll', update, { passive: true });
  update();
  return { update };
}
