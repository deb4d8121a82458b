// Discussions, epics and iteration events, which share issues, snippets and epics. (The activity
// feed, notification settings and group wikis are their own modules in routes/.)

import type { SandboxModule } from '../modules.js';
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
