// The views of the app, in tab order. A later feature adds its view here (or calls app.addView):
// {id, label, render(container, app, live)} where live() turns false once a newer render started.
import { tableView } from './table.js';
import { perTopicView } from './per-topic.js';
import { difficultyView } from './difficulty.js';
import { chartsView } from './charts-view.js';
import { explainView } from './explain.js';
import { significanceView } from './significance-view.js';
import { metaView } from './meta-view.js';
import { relativeView } from './relative.js';
import { rarenessView } from './rareness.js';
import { coverageView } from './coverage.js';
import { checkView } from './check.js';
import { playgroundView } from './playground.js';
import { axiomsView } from './axioms.js';
import { judgmentsView } from './judgments.js';
import { reproducibilityView } from './reproducibility.js';

export const views = [tableView, perTopicView, difficultyView, chartsView, explainView, significanceView, metaView, relativeView, rarenessView, coverageView, checkView, playgroundView, axiomsView, judgmentsView, reproducibilityView];
