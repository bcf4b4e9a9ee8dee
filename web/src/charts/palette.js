// The charts' colours: the Okabe-Ito palette (colour-blind safe). A module of its own, without
// Vega, so that spec builders tested under node (tests/node) import it without the page's npm
// packages installed.
export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
