// Records held by the sandbox's state. Times are epoch milliseconds on the sandbox clock; dates
// (token expiry) are YYYY-MM-DD strings as the API shows them. Response shapes are rendered from
// these on request, never stored.

export type Visibility = 'private' | 'internal' | 'public';
export const VISIBILITIES: readonly Visibility[] = ['private', 'internal', 'public'];

/** Guest 10, Planner 15, Reporter 20, Developer 30, Maintainer 40, Owner 50; administrators count as 60. */
export const ACCESS = { none: 0, minimal: 5, guest: 10, planner: 15, reporter: 20, developer: 30, maintainer: 40, owner: 50, admin: 60 } as const;

export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  state: 'active' | 'blocked' | 'deactivated';
  admin: boolean;
  /** External users do not see internal projects. */
  external: boolean;
  bot: boolean;
  privateProfile: boolean;
  avatarUrl: string | null;
  createdAt: number;
  /** Id of the user's personal namespace. */
  namespaceId: number;
  starred: Set<number>;
}

export interface Namespace {
  id: number;
  kind: 'user' | 'group';
  name: string;
  path: string;
  parentId: number | null;
  /** Owner of a personal namespace. */
  ownerId: number | null;
  visibility: Visibility;
  description: string;
  avatarUrl: string | null;
  createdAt: number;
  /** Direct members of a group: user id → access level. Empty for personal namespaces. */
  members: Map<number, number>;
}

export type Group = Namespace & { kind: 'group' };

export interface ProjectStatistics {
  commit_count: number;
  storage_size: number;
  repository_size: number;
  wiki_size: number;
  lfs_objects_size: number;
  job_artifacts_size: number;
  pipeline_artifacts_size: number;
  packages_size: number;
  snippets_size: number;
  uploads_size: number;
  container_registry_size: number;
}

/**
 * One project. Generated benchmark projects share the same shape with empty optional parts, so
 * tens of thousands stay small; the full JSON is built per request.
 */
export interface Project {
  id: number;
  name: string;
  path: string;
  namespaceId: number;
  description: string | null;
  visibility: Visibility;
  creatorId: number;
  createdAt: number;
  updatedAt: number;
  lastActivityAt: number;
  archived: boolean;
  topics: readonly string[];
  /** Main programming language (with_programming_language). */
  language: string | null;
  defaultBranch: string | null;
  emptyRepo: boolean;
  starCount: number;
  forksCount: number;
  openIssuesCount: number;
  issuesEnabled: boolean;
  mergeRequestsEnabled: boolean;
  avatar: boolean;
  importType: string | null;
  importUrl: string | null;
  importStatus: string;
  /** Direct project members: user id → access level. */
  members?: Map<number, number>;
  customAttributes?: Record<string, string>;
  /** Full paths the project had before a rename or transfer (lower-cased); requests by them are redirected. */
  oldPaths?: string[];
  pendingDelete?: boolean;
  hidden?: boolean;
  /** Delayed deletion (Premium): the date it is scheduled for removal. */
  markedForDeletionOn?: string;
  mirror?: boolean;
  /** Overrides of the default project settings (merge_method, squash_option…); later modules write here. */
  settings?: Record<string, unknown>;
}

export interface PersonalAccessToken {
  id: number;
  userId: number;
  name: string;
  description: string | null;
  scopes: string[];
  createdAt: number;
  updatedAt: number;
  lastUsedAt: number | null;
  /** YYYY-MM-DD or null (never expires). */
  expiresAt: string | null;
  revoked: boolean;
  impersonation: boolean;
  /** The token this one replaced by rotation: tokens linked this way form a family. */
  previousId: number | null;
  secret: string;
}

export interface OAuthToken {
  id: number;
  userId: number;
  secret: string;
  scopes: string[];
  createdAt: number;
  /** Lifetime in seconds (two hours, spec part 1 §8). */
  expiresIn: number;
  revoked: boolean;
}

export interface JobToken {
  id: number;
  userId: number;
  projectId: number;
  secret: string;
  running: boolean;
}

/** One entry of the activity feed; other modules append with `state.recordEvent`. */
export interface EventRecord {
  id: number;
  projectId: number | null;
  authorId: number;
  actionName: string;
  targetType: string | null;
  targetId: number | null;
  targetIid: number | null;
  targetTitle: string | null;
  createdAt: number;
  /** Family-specific details (push data, note…), rendered by the module that records them. */
  data?: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query, as sent (percent-encoding kept). */
  path: string;
  /** Raw query string without the `?`. */
  query: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text, or null when there was no body. */
  body: unknown;
  at: string;
}
