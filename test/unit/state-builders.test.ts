// Issue 40: every write of `state apply` is built from what the plan shows, by one builder per
// section, at plan time and at apply time alike. The first block pins the writes as they were made
// before the builders existed (same method, path, body, confirm for the same fixture).

import { describe, expect, it } from 'vitest';
import type { Hook } from '../../src/api/hooks.js';
import type { Broadcast } from '../../src/api/broadcast.js';
import type { ProtectedEnvironment } from '../../src/api/environments.js';
import type { NotificationSetting } from '../../src/api/notification-settings.js';
import { planSettings } from '../../src/commands/state/settings-section.js';
import { planPlanLimits } from '../../src/commands/state/plan-limits-section.js';
import { planHooks, type WantedHook } from '../../src/commands/state/hooks-section.js';
import { planBroadcasts } from '../../src/commands/state/broadcasts-section.js';
import { planNotifications } from '../../src/commands/state/notifications-section.js';
import { planGroups } from '../../src/commands/state/groups-section.js';
import type { Plan, ShownItem } from '../../src/commands/state/plan.js';
import { built } from '../../src/commands/state/sections.js';
import { UsageError } from '../../src/core/errors.js';

const silent = { warn: () => undefined, notice: () => undefined };
const empty = (): Plan<ShownItem> => ({ items: [], unmanaged: [], notes: [], notCompared: [] });

/** One plan of every kind of item, from fixed instance answers. */
export function fixturePlan(): Plan<ShownItem> {
  const plan = empty();
  plan.items.push(
    ...planSettings(
      { values: { gravatar_enabled: true, after_sign_out_path: 'https://example.com/bye', akismet_api_key: 'resolved-key' }, refs: { akismet_api_key: { env: 'AK' } } },
      { gravatar_enabled: false, after_sign_out_path: '', akismet_enabled: true, akismet_api_key: 'old-key' },
      {},
      silent,
    ),
    // A switch with a plain companion, and one with a secret companion, carried as the instance holds them.
    ...planSettings({ values: { require_two_factor_authentication: true, akismet_enabled: true }, refs: {} }, { require_two_factor_authentication: false, two_factor_grace_period: 48, akismet_enabled: false, akismet_api_key: 'held-key' }, {}, silent),
  );
  planPlanLimits({ default: { ci_pipeline_size: 5, maven_max_file_size: 3221225472 } }, { default: { ci_pipeline_size: 0, maven_max_file_size: 100 } }, plan);
  const hooks: Hook[] = [
    { id: 7, url: 'https://replace.example.com/h', name: 'old', description: 'Kept', push_events: false, tag_push_events: true, enable_ssl_verification: true },
    { id: 8, url: 'https://prune.example.com/h', push_events: true },
  ];
  const wanted: WantedHook[] = [
    { entry: { url: 'https://create.example.com/h', push_events: true, token: { env: 'HOOK_TOKEN' } }, index: 0, url: 'https://create.example.com/h', token: 't' },
    { entry: { url: { env: 'HOOK_URL' }, description: 'By reference' }, index: 1, url: 'https://bot:pw@ref.example.com/h' },
    { entry: { url: 'https://replace.example.com/h', push_events: true, token: { command: 'pass show hook' } }, index: 2, url: 'https://replace.example.com/h', token: 't2' },
  ];
  planHooks(wanted, hooks, true, plan);
  const broadcasts: Broadcast[] = [
    { id: 3, message: 'Update me', font: 'serif', theme: 'indigo', dismissable: false },
    { id: 4, message: 'Prune me' },
  ];
  planBroadcasts([{ message: 'Create me', theme: 'light-red', starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' }, { message: 'Update me', font: 'mono', dismissable: true }], broadcasts, true, plan);
  planNotifications({ level: 'watch', notification_email: 'me@example.com' }, { level: 'participating', notification_email: 'me@example.com' } as NotificationSetting, plan);
  const envs: ProtectedEnvironment[] = [
    { name: 'staging', deploy_access_levels: [{ id: 11, access_level: 40 }, { id: 12, user_id: 5, access_level: 30 }], approval_rules: [{ id: 21, group_id: 9, required_approvals: 1 }], required_approval_count: 1 },
    { name: 'testing', deploy_access_levels: [{ id: 31, access_level: 30 }] },
  ];
  planGroups(
    [
      {
        path: 'acme/web',
        environments: [
          { tier: 'production', deploy: [{ access_level: 40 }], approvals: [{ user_id: 5, required_approvals: 2 }], requiredApprovalCount: 2 },
          { tier: 'staging', deploy: [{ access_level: 40 }, { group_id: 9 }], approvals: [{ group_id: 9, required_approvals: 2 }], requiredApprovalCount: 2 },
        ],
        notifications: { level: 'custom', events: { new_note: true } },
      },
    ],
    [{ environments: envs, notifications: { level: 'custom', events: { new_note: false } } as NotificationSetting }],
    true,
    plan,
  );
  return plan;
}

describe('the writes of a plan are those made before the builders (pinned)', () => {
  it('for each section and action', () => {
    const writes = fixturePlan().items.map(built).map((i) => [i.resource, i.identity, i.action, i.writes]);
    expect(writes).toMatchInlineSnapshot(`
      [
        [
          "settings",
          "application settings",
          "update",
          [
            {
              "action": "update",
              "body": {
                "after_sign_out_path": "https://example.com/bye",
                "akismet_api_key": {
                  "$secret": {
                    "env": "AK",
                  },
                  "for": "settings.akismet_api_key",
                },
                "gravatar_enabled": true,
              },
              "confirm": [
                {
                  "after": true,
                  "before": false,
                  "key": "gravatar_enabled",
                },
                {
                  "after": "https://example.com/bye",
                  "before": "",
                  "key": "after_sign_out_path",
                },
                {
                  "after": {
                    "$secret": {
                      "env": "AK",
                    },
                    "for": "settings.akismet_api_key",
                  },
                  "before": null,
                  "key": "akismet_api_key",
                },
              ],
              "method": "PUT",
              "path": "/application/settings",
            },
          ],
        ],
        [
          "settings",
          "application settings",
          "update",
          [
            {
              "action": "update",
              "body": {
                "akismet_api_key": {
                  "$secret": {
                    "setting": "akismet_api_key",
                  },
                  "for": "settings.akismet_api_key",
                },
                "akismet_enabled": true,
                "require_two_factor_authentication": true,
                "two_factor_grace_period": 48,
              },
              "confirm": [
                {
                  "after": true,
                  "before": false,
                  "key": "require_two_factor_authentication",
                },
                {
                  "after": true,
                  "before": false,
                  "key": "akismet_enabled",
                },
              ],
              "method": "PUT",
              "path": "/application/settings",
            },
          ],
        ],
        [
          "plan_limits",
          "default",
          "update",
          [
            {
              "action": "update",
              "body": {
                "ci_pipeline_size": 5,
                "maven_max_file_size": 3221225472,
                "plan_name": "default",
              },
              "confirm": [
                {
                  "after": 5,
                  "before": 0,
                  "key": "ci_pipeline_size",
                },
                {
                  "after": 3221225472,
                  "before": 100,
                  "key": "maven_max_file_size",
                },
              ],
              "method": "PUT",
              "path": "/application/plan_limits",
            },
          ],
        ],
        [
          "system_hooks",
          "https://create.example.com/h",
          "create",
          [
            {
              "action": "create",
              "body": {
                "push_events": true,
                "token": {
                  "$secret": {
                    "env": "HOOK_TOKEN",
                  },
                  "for": "system_hooks https://create.example.com/h: token",
                },
                "url": "https://create.example.com/h",
              },
              "method": "POST",
              "path": "/hooks",
            },
          ],
        ],
        [
          "system_hooks",
          "https://bot:********@ref.example.com/h",
          "create",
          [
            {
              "action": "create",
              "body": {
                "description": "By reference",
                "url": {
                  "$secret": {
                    "env": "HOOK_URL",
                  },
                  "for": "system_hooks https://bot:********@ref.example.com/h: url",
                  "shows": "https://bot:********@ref.example.com/h",
                },
              },
              "method": "POST",
              "path": "/hooks",
            },
          ],
        ],
        [
          "system_hooks",
          "https://replace.example.com/h",
          "replace",
          [
            {
              "action": "create",
              "body": {
                "description": "Kept",
                "enable_ssl_verification": true,
                "name": "old",
                "push_events": true,
                "tag_push_events": true,
                "token": {
                  "$secret": {
                    "command": "pass show hook",
                  },
                  "for": "system_hooks https://replace.example.com/h: token",
                },
                "url": "https://replace.example.com/h",
              },
              "leaves": "the old hook (id 7) is still in place, unchanged",
              "method": "POST",
              "path": "/hooks",
            },
            {
              "action": "delete",
              "leaves": "the new hook is created and the old one (id 7) is still on the instance too: two hooks on this URL",
              "method": "DELETE",
              "path": "/hooks/7",
            },
          ],
        ],
        [
          "system_hooks",
          "https://prune.example.com/h",
          "delete",
          [
            {
              "action": "delete",
              "method": "DELETE",
              "path": "/hooks/8",
            },
          ],
        ],
        [
          "broadcast_messages",
          "Create me",
          "create",
          [
            {
              "action": "create",
              "body": {
                "ends_at": "2030-01-02T00:00:00Z",
                "message": "Create me",
                "starts_at": "2030-01-01T00:00:00Z",
                "theme": "light-red",
              },
              "method": "POST",
              "path": "/broadcast_messages",
            },
          ],
        ],
        [
          "broadcast_messages",
          "Update me",
          "update",
          [
            {
              "action": "update",
              "body": {
                "dismissable": true,
                "font": "mono",
              },
              "confirm": [
                {
                  "after": "mono",
                  "before": "serif",
                  "key": "font",
                },
                {
                  "after": true,
                  "before": false,
                  "key": "dismissable",
                },
              ],
              "method": "PUT",
              "path": "/broadcast_messages/3",
            },
          ],
        ],
        [
          "broadcast_messages",
          "Prune me",
          "delete",
          [
            {
              "action": "delete",
              "method": "DELETE",
              "path": "/broadcast_messages/4",
            },
          ],
        ],
        [
          "notification_settings",
          "global",
          "update",
          [
            {
              "action": "update",
              "body": {
                "level": "watch",
              },
              "confirm": [
                {
                  "after": "watch",
                  "before": "participating",
                  "key": "level",
                },
              ],
              "method": "PUT",
              "path": "/notification_settings",
            },
          ],
        ],
        [
          "groups",
          "acme/web protected environment production",
          "create",
          [
            {
              "action": "create",
              "body": {
                "approval_rules": [
                  {
                    "required_approvals": 2,
                    "user_id": 5,
                  },
                ],
                "deploy_access_levels": [
                  {
                    "access_level": 40,
                  },
                ],
                "name": "production",
              },
              "method": "POST",
              "path": "/groups/acme%2Fweb/protected_environments",
            },
            {
              "action": "update",
              "body": {
                "required_approval_count": 2,
              },
              "confirm": [
                {
                  "after": 2,
                  "before": 0,
                  "key": "required_approval_count",
                },
              ],
              "leaves": "production is protected, with 0 approvals required",
              "method": "PUT",
              "path": "/groups/acme%2Fweb/protected_environments/production",
            },
          ],
        ],
        [
          "groups",
          "acme/web protected environment staging",
          "update",
          [
            {
              "action": "update",
              "body": {
                "approval_rules": [
                  {
                    "group_id": 9,
                    "id": 21,
                    "required_approvals": 2,
                  },
                ],
                "deploy_access_levels": [
                  {
                    "_destroy": true,
                    "id": 12,
                  },
                  {
                    "group_id": 9,
                  },
                ],
                "required_approval_count": 2,
              },
              "confirm": [
                {
                  "after": 2,
                  "before": 1,
                  "key": "required_approval_count",
                },
              ],
              "method": "PUT",
              "path": "/groups/acme%2Fweb/protected_environments/staging",
            },
          ],
        ],
        [
          "groups",
          "acme/web protected environment testing",
          "delete",
          [
            {
              "action": "delete",
              "method": "DELETE",
              "path": "/groups/acme%2Fweb/protected_environments/testing",
            },
          ],
        ],
        [
          "groups",
          "acme/web notification_settings",
          "update",
          [
            {
              "action": "update",
              "body": {
                "new_note": true,
              },
              "confirm": [
                {
                  "after": true,
                  "before": false,
                  "key": "events.new_note",
                },
              ],
              "method": "PUT",
              "path": "/groups/acme%2Fweb/notification_settings",
            },
          ],
        ],
      ]
    `);
  });
});

describe('a saved item builds the same writes', () => {
  it('built(item read back from its JSON) equals built(item), for every kind', () => {
    const items = fixturePlan().items;
    for (const item of items) {
      const { clearUrl: _c, ...saved } = JSON.parse(JSON.stringify(item));
      expect(built(saved), `${item.resource} ${item.identity}`).toEqual(built(item));
    }
  });

  it('refuses what -f could not have made', () => {
    const [settingsItem] = fixturePlan().items;
    const edit = (change: (i: any) => void) => {
      const copy = structuredClone(settingsItem) as any;
      change(copy);
      return () => built(copy);
    };
    expect(edit((i) => (i.changes[0].before = 'x'))).toThrow(/is not what was read/);
    expect(edit((i) => (i.changes[0].after = { env: 'X' }))).toThrow(/a reference stands only as a secret change/);
    expect(edit((i) => (i.observed.values.signup_enabled = true))).toThrow(/neither changed nor carried/);
    expect(edit((i) => (i.action = 'delete'))).toThrow(/settings has no delete/);
  });
});

describe('a protected environment as the plan prints it', () => {
  it('tells its lists entry by entry, as envs apply does, not as raw lists', async () => {
    const { planLines } = await import('../../src/commands/state/render.js');
    const plan = fixturePlan();
    const text = planLines({ ...plan, items: plan.items.map(built) }, { url: 'https://h.example', profile: null }).join('\n');
    expect(text).toContain('+ create groups acme/web protected environment production\n    + deploy access_level=40\n    + approval user=5,required=2\n    required_approval_count 2\n');
    expect(text).toContain('~ update groups acme/web protected environment staging\n    - deploy user=5 (id 12)\n    + deploy group=9\n    ~ approval group=9 (id 21) required 1 → 2\n    ~ required_approval_count 1 → 2\n');
    expect(text).not.toContain('deploy_access_levels:');
  });
});

describe('a plan file whose changes hold values of the wrong shape', () => {
  it('is refused as a file (UsageError, exit 2), whatever the edit', async () => {
    const { planDocument, readPlanDocument } = await import('../../src/commands/state/document.js');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const plan = fixturePlan();
    const doc = planDocument({ ...plan, items: plan.items.map(built) }, { url: 'https://h.example', profile: null }, '2030-01-01T00:00:00Z') as any;
    const path = join(mkdtempSync(join(tmpdir(), 'plan-shape-')), 'p.json');
    writeFileSync(path, JSON.stringify(doc));
    expect(readPlanDocument(path).plan.items.map((i) => i.writes)).toEqual(plan.items.map(built).map((i) => i.writes));
    const edits: ((d: any) => void)[] = [
      (d) => (d.changes.find((c: any) => c.action === 'update' && c.resource === 'groups' && c.identity.includes('protected')).changes[0].before = 'x'),
      (d) => (d.changes.find((c: any) => c.action === 'update' && c.resource === 'groups' && c.identity.includes('protected')).changes[0].after = [{ access_level: 'maintainer' }]),
      (d) => (d.changes.find((c: any) => c.resource === 'plan_limits').changes[0].after = -1),
      (d) => (d.changes.find((c: any) => c.resource === 'broadcast_messages' && c.action === 'update').id = 'x'),
      (d) => (d.changes.find((c: any) => c.resource === 'system_hooks' && c.action === 'create').identity = 'file:///etc/passwd'),
      // Text shown only, but never a line of a plan it is not.
      (d) => d.notes.push('x\n+ create fake'),
      (d) => d.unmanaged.push({ resource: 'system_hooks', identity: 'https://h.example/x\nPlan: 0 to create' }),
      (d) => (d.changes[0].changes[0].key = 'a\nb'),
    ];
    for (const edit of edits) {
      const copy = structuredClone(doc);
      edit(copy);
      writeFileSync(path, JSON.stringify(copy));
      expect(() => readPlanDocument(path), String(edit)).toThrow(UsageError);
    }
  });
});

describe('a protected environment entry named by username or path', () => {
  const item = (after: unknown[]): ShownItem => ({ resource: 'groups', identity: 'acme/web protected environment testing', action: 'create', changes: [{ key: 'deploy_access_levels', before: null, after }], observed: { values: null } });

  it('sends the id alone, shows the name with it, and reads the name again before a saved plan runs', () => {
    const b = built(item([{ user_id: 5, username: 'alice' }, { group_id: 9, group_path: 'acme/web/ops' }]));
    expect(b.writes[0]!.body).toEqual({ name: 'testing', deploy_access_levels: [{ user_id: 5 }, { group_id: 9 }] });
    expect(b.lines).toEqual(['+ deploy user=alice (user id 5)', '+ deploy group=acme/web/ops (group id 9)']);
    expect(b.read.names).toEqual([{ kind: 'user', name: 'alice', id: 5 }, { kind: 'group', name: 'acme/web/ops', id: 9 }]);
  });

  it('reads again every id a name is shown beside: one name shown with two ids is checked for both (an edited plan)', () => {
    const b = built(item([{ user_id: 5, username: 'alice' }, { user_id: 6, username: 'alice' }, { group_id: 9, group_path: 'acme/ops' }, { group_id: 10, group_path: 'acme/ops' }]));
    expect(b.lines).toEqual(['+ deploy user=alice (user id 5)', '+ deploy user=alice (user id 6)', '+ deploy group=acme/ops (group id 9)', '+ deploy group=acme/ops (group id 10)']);
    expect(b.read.names).toEqual([{ kind: 'user', name: 'alice', id: 5 }, { kind: 'user', name: 'alice', id: 6 }, { kind: 'group', name: 'acme/ops', id: 9 }, { kind: 'group', name: 'acme/ops', id: 10 }]);
  });

  it('refuses a name without its id, or one that is not a username or path (an edited plan)', () => {
    expect(() => built(item([{ username: 'alice' }]))).toThrow(/username stands beside the user_id/);
    expect(() => built(item([{ group_id: 9, username: 'alice' }]))).toThrow(/username stands beside the user_id/);
    expect(() => built(item([{ user_id: 5, username: 'al ice' }]))).toThrow(UsageError);
    expect(() => built(item([{ group_id: 9, group_path: '../x' }]))).toThrow(UsageError);
    expect(() => built(item([{ group_id: 9, group_path: 'acme/\u202eweb' }]))).toThrow(UsageError);
    expect(() => built(item([{ user_id: 5, username: 7 }]))).toThrow(/username stands beside/);
  });

  const update = (before: unknown[]): ShownItem => ({ resource: 'groups', identity: 'acme/web protected environment testing', action: 'update', changes: [{ key: 'deploy_access_levels', before, after: [{ access_level: 40 }] }], observed: { values: { deploy_access_levels: before } } });

  it('shows an entry removed by the name the instance gave, reads that name again, and expects the answer without it', () => {
    const b = built(update([{ id: 31, access_level: 40, user_id: null, group_id: null }, { id: 32, access_level: 30, user_id: 5, group_id: null, username: 'alice' }]));
    expect(b.lines).toEqual(['- deploy user=alice (user id 5) (id 32)']);
    expect(b.writes[0]!.body).toEqual({ deploy_access_levels: [{ id: 32, _destroy: true }] });
    expect(b.read.names).toEqual([{ kind: 'user', name: 'alice', id: 5 }]);
    expect(b.read.values).toEqual({ deploy_access_levels: [{ id: 31, access_level: 40, user_id: null, group_id: null }, { id: 32, access_level: 30, user_id: 5, group_id: null }] });
  });

  it('refuses a name of an entry read that is not a username or path beside its id (an edited plan)', () => {
    expect(() => built(update([{ id: 32, user_id: 5, username: 'alice\n+ deploy user=mallory' }]))).toThrow(UsageError);
    expect(() => built(update([{ id: 32, access_level: 40, username: 'alice' }]))).toThrow(/username stands beside the user_id/);
  });
});
