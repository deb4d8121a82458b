// `mr update`, `mr close`, `mr reopen`: the update body of spec part 2 §4.1, built and checked
// before anything is sent.

import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { updateMergeRequest } from '../../api/merge-requests.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { none, object, type CommandResult } from '../../core/output.js';
import { parseInteger, parseList } from '../../core/parse.js';
import { DETAIL_COLUMNS, resolveMergeRequest } from './shared.js';
import { cannotRead } from '../../core/fs-errors.js';

/** Spec part 2 §8.2. */
export const MAX_DESCRIPTION = 1_048_576;

export interface MrUpdateOptions {
  title?: string;
  description?: string;
  descriptionFile?: string;
  addLabels?: string;
  removeLabels?: string;
  labels?: string;
  assignee?: string;
  assignees?: string;
  reviewers?: string;
  milestone?: string;
  targetBranch?: string;
  squash?: boolean;
  removeSourceBranch?: boolean;
  discussionLocked?: boolean;
  allowCollaboration?: boolean;
}

/** User ids; `0`, `none` or an empty value clears the list (sent as an empty array). */
function idList(flag: string, raw: string): number[] {
  const s = raw.trim();
  if (s === '' || s === '0' || s.toLowerCase() === 'none') return [];
  const ids = parseList(s).map((x) => parseInteger(flag, x, { min: 1 }));
  if (!ids.length) throw new UsageError(`${flag} takes user ids separated by commas, or 0 to clear`);
  return ids;
}

/** A single id where 0 unassigns. */
function idOrZero(flag: string, raw: string): number {
  const s = raw.trim();
  if (s === '' || s.toLowerCase() === 'none') return 0;
  return parseInteger(flag, s, { min: 0 });
}

/** The PUT body. `description` comes already read (from the flag or the file). */
export function buildUpdateBody(o: MrUpdateOptions, description?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.title !== undefined) {
    if (!o.title.trim()) throw new UsageError('--title cannot be empty');
    body.title = o.title;
  }
  if (description !== undefined) {
    const length = [...description].length;
    if (length > MAX_DESCRIPTION) throw new UsageError(`the description is ${length} characters; the service takes at most ${MAX_DESCRIPTION}`);
    body.description = description;
  }
  if (o.labels !== undefined && (o.addLabels !== undefined || o.removeLabels !== undefined)) {
    throw new UsageError('--labels replaces every label; it cannot be used with --add-labels or --remove-labels');
  }
  // An empty --labels removes them all, as the service defines it.
  if (o.labels !== undefined) body.labels = parseList(o.labels).join(',');
  if (o.addLabels !== undefined) {
    const add = parseList(o.addLabels);
    if (!add.length) throw new UsageError('--add-labels needs at least one label');
    body.add_labels = add.join(',');
  }
  if (o.removeLabels !== undefined) {
    const remove = parseList(o.removeLabels);
    if (!remove.length) throw new UsageError('--remove-labels needs at least one label');
    body.remove_labels = remove.join(',');
  }
  if (o.addLabels !== undefined && o.removeLabels !== undefined) {
    const both = parseList(o.addLabels).filter((l) => parseList(o.removeLabels!).some((r) => r.toLowerCase() === l.toLowerCase()));
    if (both.length) throw new UsageError(`label ${both.join(', ')} is both added and removed`);
  }
  if (o.assignee !== undefined && o.assignees !== undefined) throw new UsageError('--assignee and --assignees cannot be used together');
  if (o.assignee !== undefined) body.assignee_id = idOrZero('--assignee', o.assignee);
  if (o.assignees !== undefined) body.assignee_ids = idList('--assignees', o.assignees);
  if (o.reviewers !== undefined) body.reviewer_ids = idList('--reviewers', o.reviewers);
  if (o.milestone !== undefined) body.milestone_id = idOrZero('--milestone', o.milestone);
  if (o.targetBranch !== undefined) {
    if (!o.targetBranch.trim()) throw new UsageError('--target-branch cannot be empty');
    body.target_branch = o.targetBranch;
  }
  if (o.squash !== undefined) body.squash = o.squash;
  if (o.removeSourceBranch !== undefined) body.remove_source_branch = o.removeSourceBranch;
  if (o.discussionLocked !== undefined) body.discussion_locked = o.discussionLocked;
  if (o.allowCollaboration !== undefined) body.allow_collaboration = o.allowCollaboration;
  return body;
}

async function readDescription(ctx: Context, o: MrUpdateOptions): Promise<string | undefined> {
  if (o.description !== undefined && o.descriptionFile !== undefined) throw new UsageError('--description and --description-file cannot be used together');
  if (o.descriptionFile === undefined) return o.description;
  if (o.descriptionFile === '-') return ctx.readStdin('the description');
  try {
    return await readFile(o.descriptionFile, 'utf8');
  } catch (e) {
    throw cannotRead(`--description-file ${o.descriptionFile}`, e);
  }
}

export async function updateMrCommand(ctx: Context, o: MrUpdateOptions, args: string[]): Promise<CommandResult> {
  const ref = await resolveMergeRequest(ctx, args);
  const body = buildUpdateBody(o, await readDescription(ctx, o));
  if (Object.keys(body).length === 0) {
    throw new UsageError('nothing to change', 'give at least one of --title, --description, --labels, --add-labels, --assignees, --reviewers, --milestone, … (see --help)');
  }
  const http = await ctx.http();
  const mr = await updateMergeRequest(http, ref.project, ref.iid, body);
  if (!mr) return none;
  ctx.notice(`Updated ${ref.label}.`);
  return object(mr, { columns: DETAIL_COLUMNS });
}

/** close / reopen: `state_event`. The service answers 200 even when the state could not change (a merged one). */
export async function changeStateCommand(ctx: Context, event: 'close' | 'reopen', args: string[]): Promise<CommandResult> {
  const ref = await resolveMergeRequest(ctx, args);
  const http = await ctx.http();
  const mr = await updateMergeRequest(http, ref.project, ref.iid, { state_event: event });
  if (!mr) return none;
  const wanted = event === 'close' ? 'closed' : 'opened';
  if (mr.state !== wanted) {
    throw new CommandFailedError(`${ref.label} is ${mr.state}; it cannot be ${event === 'close' ? 'closed' : 'reopened'}`, mr.state === 'merged' ? 'a merged merge request stays merged' : undefined);
  }
  ctx.notice(`${event === 'close' ? 'Closed' : 'Reopened'} ${ref.label}.`);
  return object(mr, { columns: DETAIL_COLUMNS });
}
