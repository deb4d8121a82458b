// The project-list filters of spec part 3 §4.6, turned from flags into query parameters.

import { UsageError } from '../../core/errors.js';
import { parseDateTime, parseInteger, splitKeyValue } from '../../core/parse.js';
import type { QueryParams, QueryValue } from '../../core/query.js';

export const ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'last_activity_at',
  'similarity',
  'repository_size',
  'storage_size',
  'packages_size',
  'wiki_size',
] as const;
export const USER_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** Boolean filters: option key → query parameter. */
const BOOLEANS: Record<string, string> = {
  archived: 'archived',
  imported: 'imported',
  includeHidden: 'include_hidden',
  includePendingDelete: 'include_pending_delete',
  membership: 'membership',
  owned: 'owned',
  repositoryChecksumFailed: 'repository_checksum_failed',
  searchNamespaces: 'search_namespaces',
  simple: 'simple',
  starred: 'starred',
  statistics: 'statistics',
  wikiChecksumFailed: 'wiki_checksum_failed',
  withCustomAttributes: 'with_custom_attributes',
  withIssuesEnabled: 'with_issues_enabled',
  withMergeRequestsEnabled: 'with_merge_requests_enabled',
};

/** Parameters GET /users/:user_id/projects accepts besides paging. */
const USER_PARAMS = new Set([
  'archived',
  'id_after',
  'id_before',
  'membership',
  'min_access_level',
  'order_by',
  'owned',
  'search',
  'simple',
  'sort',
  'starred',
  'statistics',
  'updated_after',
  'updated_before',
  'visibility',
  'with_custom_attributes',
  'with_issues_enabled',
  'with_merge_requests_enabled',
  'with_programming_language',
]);

export interface ProjectListOptions {
  user?: string;
  idAfter?: string;
  idBefore?: string;
  lastActivityAfter?: string;
  lastActivityBefore?: string;
  minAccessLevel?: string;
  orderBy?: string;
  repositoryStorage?: string;
  search?: string;
  sort?: string;
  topic?: string;
  topicId?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  visibility?: string;
  withProgrammingLanguage?: string;
  customAttribute?: string[];
  [flag: string]: unknown;
}

function flagName(param: string): string {
  return `--${param.replace(/_/g, '-')}`;
}

export function projectQuery(o: ProjectListOptions): QueryParams {
  const q: Record<string, QueryValue> = {};
  for (const [key, param] of Object.entries(BOOLEANS)) {
    if (typeof o[key] === 'boolean') q[param] = o[key] as boolean;
  }
  if (o.idAfter) q.id_after = parseInteger('--id-after', o.idAfter, { min: 0 });
  if (o.idBefore) q.id_before = parseInteger('--id-before', o.idBefore, { min: 1 });
  if (o.lastActivityAfter) q.last_activity_after = parseDateTime('--last-activity-after', o.lastActivityAfter);
  if (o.lastActivityBefore) q.last_activity_before = parseDateTime('--last-activity-before', o.lastActivityBefore);
  if (o.minAccessLevel) q.min_access_level = Number(o.minAccessLevel);
  if (o.orderBy) q.order_by = o.orderBy;
  if (o.repositoryStorage) q.repository_storage = o.repositoryStorage;
  if (o.search !== undefined) q.search = o.search;
  if (o.sort) q.sort = o.sort;
  if (o.topic) q.topic = o.topic;
  if (o.topicId) q.topic_id = parseInteger('--topic-id', o.topicId, { min: 1 });
  if (o.updatedAfter) q.updated_after = parseDateTime('--updated-after', o.updatedAfter);
  if (o.updatedBefore) q.updated_before = parseDateTime('--updated-before', o.updatedBefore);
  if (o.visibility) q.visibility = o.visibility;
  if (o.withProgrammingLanguage) q.with_programming_language = o.withProgrammingLanguage;
  if (o.customAttribute?.length) {
    const attrs: Record<string, string> = {};
    for (const raw of o.customAttribute) {
      const [k, v] = splitKeyValue('--custom-attribute', raw);
      attrs[k] = v;
    }
    q.custom_attributes = attrs;
  }

  // The service's own rules, checked before sending.
  if ((q.updated_after || q.updated_before) && q.order_by === undefined) q.order_by = 'updated_at';
  if ((q.updated_after || q.updated_before) && q.order_by !== 'updated_at') {
    throw new UsageError('--updated-after/--updated-before need --order-by updated_at');
  }
  if (q.order_by === 'similarity' && !q.search) throw new UsageError('--order-by similarity needs --search');
  if (q.id_after !== undefined && q.id_before !== undefined && Number(q.id_after) >= Number(q.id_before)) {
    throw new UsageError('--id-after must be less than --id-before');
  }
  if (q.last_activity_after && q.last_activity_before && Date.parse(String(q.last_activity_after)) > Date.parse(String(q.last_activity_before))) {
    throw new UsageError('--last-activity-after is later than --last-activity-before');
  }

  if (o.user !== undefined) {
    if (!o.user.trim()) throw new UsageError('--user needs a user id or username');
    const refused = Object.keys(q).filter((k) => !USER_PARAMS.has(k));
    if (refused.length) throw new UsageError(`${refused.map(flagName).join(', ')} cannot be used with --user`, 'the user-projects endpoint does not take them');
    if (q.order_by && !(USER_ORDER_BY as readonly string[]).includes(String(q.order_by))) {
      throw new UsageError(`--order-by ${q.order_by} cannot be used with --user`, `use one of ${USER_ORDER_BY.join(', ')}`);
    }
  }
  return q;
}
