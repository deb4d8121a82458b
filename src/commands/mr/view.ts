// `mr view REF`: one merge request with everything a reviewer looks at first (spec part 2 §2.1).
// Approvals have their own endpoint, which the spec does not describe; the view shows what the merge
// request itself carries (detailed_merge_status says `not_approved` when approvals are missing).

import { getMergeRequest, type MergeRequest } from '../../api/merge-requests.js';
import type { Context } from '../../context.js';
import { object, type Column, type CommandResult } from '../../core/output.js';
import { DETAIL_COLUMNS, resolveMergeRequest } from './shared.js';

const username = (u: unknown) => (u && typeof u === 'object' ? ((u as { username?: string }).username ?? '') : '');

// Empty fields are left out; on a terminal the description follows the record as text, as in a review.
const VIEW_COLUMNS: Column<MergeRequest>[] = [
  ...DETAIL_COLUMNS.filter((c) => c.key !== 'updated_at' && c.key !== 'web_url'),
  { key: 'merge_error', header: 'merge error' },
  { key: 'has_conflicts', header: 'conflicts' },
  { key: 'upvotes' },
  { key: 'downvotes' },
  { key: 'user_notes_count', header: 'comments' },
  { key: 'created_at', header: 'created' },
  { key: 'updated_at', header: 'updated' },
  { key: 'merged_at', header: 'merged' },
  { key: 'merge_user', header: 'merged by', value: (mr) => username(mr.merge_user ?? mr.merged_by) },
  { key: 'closed_at', header: 'closed' },
  { key: 'closed_by', header: 'closed by', value: (mr) => username(mr.closed_by) },
  { key: 'web_url', header: 'url' },
  { key: 'description' },
];

export async function viewMrCommand(ctx: Context, args: string[]): Promise<CommandResult> {
  const ref = await resolveMergeRequest(ctx, args);
  const http = await ctx.http();
  return object(await getMergeRequest(http, ref.project, ref.iid), { columns: VIEW_COLUMNS, hideEmpty: true, body: 'description' });
}
