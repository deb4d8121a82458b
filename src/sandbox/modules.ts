// The endpoint families. Each is one module: it registers its routes and seeds its part of the
// state; adding a family means adding a module here and touching nothing else.

import { analyticsModule } from './analytics/routes.js';
import { bulkImportsModule, bulkImportsSandboxModule } from './bulk-imports/routes.js';
import { collabModule } from './collab/module.js';
import { dashboardsModule } from './dashboards/routes.js';
import { protectedEnvironmentsModule } from './protected-environments/routes.js';
import { releasesModule, releasesSandboxModule } from './releases/routes.js';
import { alertsAdminModule, alertsModule } from './alerts/routes.js';
import { broadcastMessagesModule } from './broadcast-messages/routes.js';
import { eventsModule } from './events/routes.js';
import { groupWikisModule } from './group-wikis/routes.js';
import { groupsModule } from './groups/routes.js';
import { instanceModule } from './instance/routes.js';
import { usersModule } from './users/routes.js';
import { notificationSettingsModule } from './notification-settings/routes.js';
import { mergeRequestsModule } from './merge-requests/routes.js';
import { mergeTrainsModule, sandboxTierModule } from './merge-trains/routes.js';
import { projectsModule } from './projects/routes.js';
import { sandboxAdminModule } from './sandbox-admin/routes.js';
import { settingsModule } from './settings/routes.js';
import { systemHooksModule } from './system-hooks/routes.js';
import { tokensModule } from './tokens/routes.js';
import { randomSeedModule } from './random-seed/module.js';
import { seedPeople } from './users/seed.js';
import type { SandboxModule } from './sandbox-module.js';

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
  analyticsModule,
  releasesModule,
  dashboardsModule,
  alertsAdminModule,
  releasesSandboxModule,
  bulkImportsSandboxModule,
  sandboxAdminModule,
  sandboxTierModule,
  // Last: it changes what the others seeded.
  randomSeedModule,
];
