// The embed bundle's entry point (web/bundle.mjs -> irlens-embed.js): defines <irlens-view>, whose
// views are the modules of web/src/widgets/ (widgets/index.js states the element and the contract
// of a view; examples/embed.html and examples/tutorial.html use it).
import '../widgets/index.js';
