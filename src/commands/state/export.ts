// `state export`: the instance's managed configuration as a file `state plan` reads back as no change.
// Secrets are left out (the service does not give hook tokens; secret settings would be values):
// comments say what to add as references.

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { STDOUT_NAME, writeOutputFile } from '../../core/output-file.js';
import { none, text, type CommandResult } from '../../core/output.js';
import { exportBroadcasts, readBroadcasts } from './broadcasts-section.js';
import { exportGroup } from './groups-section.js';
import { entryNamer } from '../envs/entry-names.js';
import type { HttpClient } from '../../core/http.js';
import { listAllGroups } from '../../api/instance.js';
import { collect } from '../../core/paginate.js';
import { exportHooks, readHooks } from './hooks-section.js';
import { parseGroupId } from '../../core/refs.js';
import { SECTIONS, type Section, type StateFile } from './model.js';
import { managedScope, readManaged, trimToManaged } from './only-managed.js';
import { exportNotifications, readNotifications } from './notifications-section.js';
import { exportPlanLimits, planNames, readPlanLimits } from './plan-limits-section.js';
import { exportSettings, getSettings } from './settings-section.js';
import { stringifyPortable } from './portable-yaml.js';
import { maskUrlCredentials, onOneLine, visible } from '../../core/safe-text.js';

/** Written next to the file by `forgectl state schema > instance.schema.json`. */
export const SCHEMA_FILE = 'instance.schema.json';

export interface ExportOptions {
  file?: string;
  only?: string;
  plans?: string;
  groups?: string;
  allGroups?: boolean;
  includeEnded?: boolean;
  onlyManaged?: string;
}

/** What --only-managed FILE decides, refusing the options that would choose otherwise. */
async function managedBy(ctx: Context, o: ExportOptions): Promise<StateFile | undefined> {
  if (o.onlyManaged === undefined) return undefined;
  const chosen = [o.only && '--only', o.plans && '--plans', o.groups && '--groups', o.allGroups && '--all-groups', o.includeEnded && '--include-ended'].filter(Boolean);
  if (chosen.length) throw new UsageError(`--only-managed exports what ${o.onlyManaged} manages: ${chosen.join(', ')} cannot be used with it`);
  if (o.file !== undefined && o.file === o.onlyManaged) throw new UsageError(`-f ${o.file} would write over the file --only-managed reads`, 'write to another file and compare, or use standard output');
  return readManaged(ctx, o.onlyManaged);
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

/** The groups' exports, with one lookup per user and group named in them. */
function exportGroups(http: HttpClient, groups: readonly string[]) {
  const namer = entryNamer(http);
  return Promise.all(groups.map((g) => exportGroup(http, g, namer)));
}

export async function exportStateCommand(ctx: Context, o: ExportOptions): Promise<CommandResult> {
  const managed = await managedBy(ctx, o);
  const scope = managed && managedScope(managed);
  const sections = scope?.sections ?? sectionsOf(o.only);
  const plans = scope?.plans ?? planNames(o.plans);
  // groups is exported only for the groups named: an instance may hold thousands.
  if (o.groups && o.allGroups) throw new UsageError('--groups and --all-groups cannot be used together');
  const named = scope?.groups ?? groupPaths(o.groups);
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
    has('groups') && groups.length ? exportGroups(http, groups) : undefined,
  ]);
  const data: Record<string, unknown> = {};
  const header = [
    `# yaml-language-server: $schema=${SCHEMA_FILE}`,
    `# (the schema: forgectl state schema > ${SCHEMA_FILE})`,
    // The file is written exact (not masked as output is): an instance URL's password stays out of it.
    `# forgectl state export of ${maskUrlCredentials(http.baseUrl)} at ${new Date(ctx.clock.now()).toISOString()}`,
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
    // An ended broadcast applied elsewhere would create an expired banner; one the file names is its to keep.
    const exported = exportBroadcasts(broadcasts, ctx.clock.now(), !!o.includeEnded || !!managed);
    data.broadcast_messages = exported.entries;
    header.push(...exported.comments);
  }
  if (notifications) data.notification_settings = exportNotifications(notifications);
  if (groupStates) {
    data.groups = Object.fromEntries(groups.map((g, i) => [g, groupStates[i]!.group]));
    const unnamed = groupStates.flatMap((g) => g.unnamed);
    // Rare (a user the instance no longer shows): such an entry is this instance's own, refused over a fleet.
    if (unnamed.length) header.push(`# By id, as the instance names no user or group for them (ids are this instance's own): ${unnamed.join(', ')}`);
  }
  let written = data;
  if (managed) {
    const trimmed = trimToManaged(data, managed);
    written = trimmed.data;
    header.push(`# Only what ${o.onlyManaged} manages, with the instance's values.`, ...trimmed.comments);
  }
  // Comments quote the instance's text (hook URLs, messages): each stays one line, controls shown.
  const content = `${header.map((line) => visible(onOneLine(line))).join('\n')}\n${stringifyPortable(written)}`;
  // The file itself, as -f would write it (hook URLs with credentials are the export's to replace).
  if (!o.file || o.file === STDOUT_NAME) return text(content.trimEnd(), { exact: true });
  writeOutputFile('-f', o.file, content);
  ctx.notice(`Wrote ${o.file}.`);
  return none;
}
