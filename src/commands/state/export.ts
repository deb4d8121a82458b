// `state export`: the instance's managed configuration as a file `state plan` reads back as no change.
// Secrets are left out (the service does not give hook tokens; secret settings would be values):
// comments say what to add as references.

import type { Context } from '../../context.js';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { none, text, type CommandResult } from '../../core/output.js';
import { exportBroadcasts, readBroadcasts } from './broadcasts-section.js';
import { exportGroup } from './groups-section.js';
import { listAllGroups } from '../../api/instance.js';
import { collect } from '../../core/paginate.js';
import { exportHooks, readHooks } from './hooks-section.js';
import { parseGroupId } from '../../core/refs.js';
import { SECTIONS, type Section } from './model.js';
import { exportNotifications, readNotifications } from './notifications-section.js';
import { exportPlanLimits, planNames, readPlanLimits } from './plan-limits-section.js';
import { exportSettings, getSettings } from './settings-section.js';
import { stringifyPortable } from './portable-yaml.js';
import { onOneLine, visible } from '../../core/safe-text.js';

/** Written next to the file by `forgectl state schema > instance.schema.json`. */
export const SCHEMA_FILE = 'instance.schema.json';

/** Written whole or not at all: a file cut short by a failure would read as "delete the rest". */
export function writeWhole(path: string, content: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, content, { mode: 0o644 });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new CommandFailedError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export interface ExportOptions {
  file?: string;
  only?: string;
  plans?: string;
  groups?: string;
  allGroups?: boolean;
}

function groupPaths(raw: string | undefined): string[] {
  const paths = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...new Set(paths.map((p) => String(parseGroupId(p, '--groups'))))];
}

function sectionsOf(only: string | undefined): Section[] {
  if (!only) return [...SECTIONS];
  const names = only.split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!(SECTIONS as readonly string[]).includes(n)) throw new UsageError(`--only: unknown section ${JSON.stringify(n)}`, `the sections are ${SECTIONS.join(', ')}`);
  if (!names.length) throw new UsageError('--only names no section');
  return SECTIONS.filter((s) => names.includes(s));
}

export async function exportStateCommand(ctx: Context, o: ExportOptions): Promise<CommandResult> {
  const sections = sectionsOf(o.only);
  const plans = planNames(o.plans);
  // groups is exported only for the groups named: an instance may hold thousands.
  if (o.groups && o.allGroups) throw new UsageError('--groups and --all-groups cannot be used together');
  const named = groupPaths(o.groups);
  if (o.only?.split(',').some((n) => n.trim() === 'groups') && !named.length && !o.allGroups) throw new UsageError('--only groups needs --groups a,b/c or --all-groups');
  const http = await ctx.http();
  const has = (s: Section) => sections.includes(s);
  const groups = o.allGroups && has('groups') ? (await collect(listAllGroups(http))).map((g) => g.full_path) : named;
  const [settings, limits, hooks, broadcasts, notifications, groupStates] = await Promise.all([
    has('settings') ? getSettings(http) : undefined,
    has('plan_limits') ? readPlanLimits(http, plans) : undefined,
    has('system_hooks') ? readHooks(http) : undefined,
    has('broadcast_messages') ? readBroadcasts(http) : undefined,
    has('notification_settings') ? readNotifications(http) : undefined,
    has('groups') && groups.length ? Promise.all(groups.map((g) => exportGroup(http, g))) : undefined,
  ]);
  const data: Record<string, unknown> = {};
  const header = [
    `# yaml-language-server: $schema=${SCHEMA_FILE}`,
    `# (the schema: forgectl state schema > ${SCHEMA_FILE})`,
    `# forgectl state export of ${http.baseUrl} at ${new Date(ctx.clock.now()).toISOString()}`,
    '# Check with `forgectl state plan -f FILE`; apply with `forgectl state apply -f FILE`.',
  ];
  if (settings) {
    const exported = exportSettings(settings);
    data.settings = exported.settings;
    if (exported.secrets.length) {
      header.push(`# Secret settings not written (add them under settings: as {env: NAME} or {command: "…"} to manage them): ${exported.secrets.join(', ')}`);
    }
  }
  if (limits) data.plan_limits = exportPlanLimits(limits);
  if (hooks) {
    const exported = exportHooks(hooks);
    data.system_hooks = exported.entries;
    header.push(...exported.comments);
    if (hooks.length) header.push('# A hook’s token is never returned by the service: add token: {env: NAME} to a hook that has one (it is sent when the hook is created or replaced).');
  }
  if (broadcasts) {
    const exported = exportBroadcasts(broadcasts, ctx.clock.now());
    data.broadcast_messages = exported.entries;
    header.push(...exported.comments);
  }
  if (notifications) data.notification_settings = exportNotifications(notifications);
  if (groupStates) data.groups = Object.fromEntries(groups.map((g, i) => [g, groupStates[i]]));
  // Comments quote the instance's text (hook URLs, messages): each stays one line, controls shown.
  const content = `${header.map((line) => visible(onOneLine(line))).join('\n')}\n${stringifyPortable(data)}`;
  // The file itself, as -f would write it (hook URLs with credentials are the export's to replace).
  if (!o.file) return text(content.trimEnd(), { exact: true });
  writeWhole(o.file, content);
  ctx.notice(`Wrote ${o.file}.`);
  return none;
}
