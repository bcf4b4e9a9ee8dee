// Starts the app with a given way of creating the worker (served site or single file): a function,
// or a promise of one (worker-source.js).
import { App } from './app.js';
import { example } from './example-data.js';
import { views } from '../views/index.js';
import { installStats } from '../ui/significance.js';
import { setupSideInputs } from './side-inputs.js';

export function boot(createWorker) {
  Promise.resolve(createWorker).then(start, failed);
}

function failed(e) {
  const panel = document.querySelector('#errors');
  panel.hidden = false;
  panel.textContent = `irlens could not start: ${e.message}`;
  document.body.dataset.ready = 'failed';
}

function start(createWorker) {
  const app = new App({ createWorker, example });
  for (const v of views) app.addView(v);
  installStats(app); // significance markers, the stats workers (significance.js)
  app.sideInputs = setupSideInputs(app);
  window.irlensApp = app; // for the browser tests and the console
  app.start().then(() => app.statsPool.warm()).catch(failed);
}
