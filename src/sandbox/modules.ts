// The endpoint families. Each is one module: it registers its routes and seeds its part of the
// state; adding a family means adding a module here and touching nothing else.

import { bulkImportsModule } from './bulk-imports/routes.js';
import { collabModule } from './collab/module.js';
import { protectedEnvironmentsModule } from './environments/module.js';
import { opsModule, opsSandboxModule } from './ops/module.js';
import type { Router } from './router.js';
import { alertsAdminModule, alertsModule } from './routes/alerts.js';
import { broadcastMessagesModule } from './routes/broadcast-messages.js';
import { eventsModule } from './routes/events.js';
import { groupWikisModule } from './routes/group-wikis.js';
import { groupsModule } from './routes/groups.js';
import { instanceModule } from './routes/instance.js';
import { usersModule } from './routes/users.js';
import { notificationSettingsModule } from './routes/notification-settings.js';
import { mergeRequestsModule } from './routes/merge-requests.js';
import { mergeTrainsModule, sandboxTierModule } from './routes/merge-trains.js';
import { projectsModule } from './routes/projects.js';
import { sandboxAdminModule } from './routes/sandbox-admin.js';
import { settingsModule } from './routes/settings.js';
import { systemHooksModule } from './routes/system-hooks.js';
import { tokensModule } from './routes/tokens.js';
import { seedPeople } from './seed/people.js';
import type { SandboxState, SeedKind } from './state.js';

export interface SeedOptions {
  /** Generated projects added for benchmarks. */
  extraProjects?: number;
}

export interface SandboxModule {
  name: string;
  /** Where the module's paths live; `/api/v4` unless said otherwise. */
  prefix?: string;
  register(router: Router, state: SandboxState): void;
  /** Seeds run in list order, so a module may rely on those before it. */
  seed?(state: SandboxState, seed: SeedKind, options: SeedOptions): void;
}

/** Users and groups: everything else refers to them. */
export const coreModule: SandboxModule = {
  name: 'core',
  register() {},
  seed(state, kind) {
    seedPeople(state, kind);
  },
};

// One line per module; seeds run in this order.
export const MODULES: readonly SandboxModule[] = [
  coreModule,
  usersModule,
  instanceModule,
  projectsModule,
  tokensModule,
  settingsModule,
  broadcastMessagesModule,
  systemHooksModule,
  mergeRequestsModule,
  mergeTrainsModule,
  groupsModule,
  bulkImportsModule,
  collabModule,
  eventsModule,
  notificationSettingsModule,
  groupWikisModule,
  alertsModule,
  protectedEnvironmentsModule,
  opsModule,
  alertsAdminModule,
  opsSandboxModule,
  sandboxAdminModule,
  sandboxTierModule,
];
