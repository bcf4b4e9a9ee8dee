// The registry of embeddable views: each name <irlens-view view="NAME"> takes, with a loader of its
// module (widgets/index.js states the contract of a view). The one list: index.js renders from it,
// and web/bundle.mjs writes its names into the single-file bundle's first line, where the Python
// package's notebook views read them (python/irlens/notebook.py).
export const VIEWS = {
  table: () => import('./table.js'),
  'recall-precision': () => import('./recall-precision.js'),
  'kendall-tau': () => import('./kendall-tau.js'),
  explain: () => import('./explain.js'),
  playground: () => import('./playground.js'),
  axioms: () => import('./axioms.js'),
  'null-distribution': () => import('./null-distribution.js'),
  'user-model': () => import('../ui/user-model.js'),
};
