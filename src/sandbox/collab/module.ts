// Discussions, epics and iteration events share the records kept here (issues, snippets, epics,
// discussions, iterations): this module seeds them and registers the three families' routes
// (discussions/, epics/, iteration-events/).

import type { SandboxModule } from '../sandbox-module.js';
import { registerDiscussions } from '../discussions/routes.js';
import { registerEpics } from '../epics/routes.js';
import { registerIterationEvents } from '../iteration-events/routes.js';
import { seedCollab } from './seed.js';

export const collabModule: SandboxModule = {
  name: 'collab',
  register(router) {
    registerDiscussions(router);
    registerEpics(router);
    registerIterationEvents(router);
  },
  seed(state, kind) {
    seedCollab(state, kind);
  },
};
