// The sandbox's in-memory state: users, namespaces (groups and personal namespaces), projects,
// credentials and the activity log, with the permission rules every module shares.

import { accessLevel, canReadProject, memberAccess } from './access/policy.js';
import { Clock } from './clock.js';
import { FaultQueue } from './faults.js';
import {
  type EventRecord,
  type Group,
  type JobToken,
  type Namespace,
  type OAuthToken,
  type PersonalAccessToken,
  type Project,
  type RecordedRequest,
  type User,
} from './types.js';

export type SeedKind = 'demo' | 'empty';
type Sequence = 'user' | 'namespace' | 'project' | 'token' | 'oauth' | 'job' | 'event';

const INTEGER = /^\d+$/;

export class SandboxState {
  readonly clock: Clock;
  /** Base URL of the running server (set once it listens); web URLs and links are built from it. */
  baseUrl = 'http://127.0.0.1';

  readonly users = new Map<number, User>();
  readonly namespaces = new Map<number, Namespace>();
  /** Projects in id order (ids only grow), and an index by id. */
  readonly projects: Project[] = [];
  readonly projectById = new Map<number, Project>();
  readonly tokens = new Map<number, PersonalAccessToken>();
  readonly oauthTokens = new Map<number, OAuthToken>();
  readonly jobTokens = new Map<number, JobToken>();
  readonly events: EventRecord[] = [];
  /** Topic name (lower-cased) → topic id, assigned as projects first use them. */
  readonly topics = new Map<string, number>();

  /**
   * Mixed into every secret the sandbox makes (tokens, runner tokens, alert keys): random at each
   * start (startSandbox), so no two sandboxes share a secret while ids, names and dates stay seeded.
   */
  secretSalt = '';
  /** Seeded credentials by name (what `Sandbox.tokens` shows). */
  readonly seedTokens: Record<string, string> = {};
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  readonly faults = new FaultQueue();
  /** Instance-wide switches that later modules (application settings) may change. */
  readonly instance: { adminMode: boolean; offsetPaginationLimit: number; countLimit: number; tier: 'free' | 'premium' | 'ultimate' } = {
    adminMode: false,
    offsetPaginationLimit: 50_000,
    // Offset pages of longer lists leave out X-Total, X-Total-Pages and rel="last" (Kaminari's
    // MAX_COUNT_LIMIT, 10,000, fixed in GitLab); tests lower it to get there without 10,000 items.
    countLimit: 10_000,
    // Premium features (merge trains, epics…) answer 403 on `free`.
    tier: 'premium',
  };

  private readonly usersByName = new Map<string, number>();
  private readonly projectsByPath = new Map<string, number>();
  private readonly redirects = new Map<string, number>();
  private readonly secrets = new Map<string, { kind: 'pat' | 'oauth' | 'job'; id: number }>();
  private readonly seq: Record<Sequence, number> = { user: 0, namespace: 0, project: 0, token: 0, oauth: 0, job: 0, event: 0 };

  constructor(clockSpeed = 1, now?: () => number) {
    this.clock = new Clock(clockSpeed, Date.now(), now);
  }

  nextId(kind: Sequence): number {
    return ++this.seq[kind];
  }

  // ---- users and namespaces

  addUser(init: Partial<User> & Pick<User, 'username' | 'name'>): User {
    const id = init.id ?? this.nextId('user');
    const now = this.clock.now();
    const ns = this.addNamespace({ kind: 'user', name: init.name, path: init.username, visibility: 'public', ownerId: id, createdAt: init.createdAt ?? now });
    const user: User = {
      email: `${init.username.toLowerCase()}@example.com`,
      state: 'active',
      admin: false,
      external: false,
      bot: false,
      privateProfile: false,
      avatarUrl: null,
      createdAt: now,
      starred: new Set(),
      ...init,
      id,
      namespaceId: ns.id,
    };
    this.users.set(id, user);
    this.usersByName.set(user.username.toLowerCase(), id);
    return user;
  }

  /** An administrator renames an account (PUT /users/:id username): its id stays, its name may go to another. */
  renameUser(id: number, username: string): void {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    this.usersByName.delete(user.username.toLowerCase());
    user.username = username;
    this.usersByName.set(username.toLowerCase(), id);
    const ns = this.namespaces.get(user.namespaceId);
    if (ns) ns.path = username;
  }

  addNamespace(init: Partial<Namespace> & Pick<Namespace, 'kind' | 'name' | 'path'>): Namespace {
    const ns: Namespace = {
      parentId: null,
      ownerId: null,
      visibility: 'public',
      description: '',
      avatarUrl: null,
      createdAt: this.clock.now(),
      members: new Map(),
      ...init,
      id: init.id ?? this.nextId('namespace'),
    };
    this.namespaces.set(ns.id, ns);
    return ns;
  }

  addGroup(init: Partial<Namespace> & Pick<Namespace, 'name' | 'path'>, members: Record<number, number> = {}): Group {
    const g = this.addNamespace({ ...init, kind: 'group' }) as Group;
    for (const [uid, level] of Object.entries(members)) g.members.set(Number(uid), level);
    return g;
  }

  /** A user by numeric id or username (case-insensitive). */
  findUser(idOrUsername: string | number): User | undefined {
    const s = String(idOrUsername);
    if (INTEGER.test(s)) return this.users.get(Number(s));
    const id = this.usersByName.get(s.toLowerCase());
    return id === undefined ? undefined : this.users.get(id);
  }

  namespace(id: number): Namespace {
    const ns = this.namespaces.get(id);
    if (!ns) throw new Error(`sandbox state: no namespace ${id}`);
    return ns;
  }

  /** The namespace's path from the top-level group, e.g. `acme/platform/tools`. */
  fullPath(ns: Namespace): string {
    const parts = [ns.path];
    for (let p = ns.parentId; p !== null; ) {
      const parent = this.namespace(p);
      parts.unshift(parent.path);
      p = parent.parentId;
    }
    return parts.join('/');
  }

  /** `Name / Sub name`, as GitLab's `full_name`. */
  fullName(ns: Namespace): string {
    const parts = [ns.name];
    for (let p = ns.parentId; p !== null; ) {
      const parent = this.namespace(p);
      parts.unshift(parent.name);
      p = parent.parentId;
    }
    return parts.join(' / ');
  }

  /** A group by numeric id or full path (case-insensitive). */
  findGroup(idOrPath: string | number): Group | undefined {
    const s = String(idOrPath);
    for (const ns of this.namespaces.values()) {
      if (ns.kind !== 'group') continue;
      if (INTEGER.test(s) ? ns.id === Number(s) : this.fullPath(ns).toLowerCase() === s.toLowerCase()) return ns as Group;
    }
    return undefined;
  }

  /** The group and its ancestors, nearest first. */
  ancestors(ns: Namespace): Namespace[] {
    const out: Namespace[] = [];
    for (let cur: Namespace | undefined = ns; cur; cur = cur.parentId === null ? undefined : this.namespace(cur.parentId)) out.push(cur);
    return out;
  }

  // ---- projects

  addProject(p: Project): Project {
    // id_after/id_before bisect this list (projects/filters.ts): it must stay in id order.
    const lastId = this.projects.at(-1)?.id;
    if (lastId !== undefined && p.id <= lastId) throw new Error(`sandbox: project ${p.id} added after project ${lastId}; project ids only grow`);
    this.projects.push(p);
    this.projectById.set(p.id, p);
    this.projectsByPath.set(this.projectPath(p).toLowerCase(), p.id);
    for (const old of p.oldPaths ?? []) this.redirects.set(old.toLowerCase(), p.id);
    for (const t of p.topics) if (!this.topics.has(t.toLowerCase())) this.topics.set(t.toLowerCase(), this.topics.size + 1);
    return p;
  }

  /** Deletes a project for good (its id is never used again, as ids only grow). */
  removeProject(p: Project): void {
    const at = this.projects.indexOf(p);
    if (at !== -1) this.projects.splice(at, 1);
    this.projectById.delete(p.id);
    this.projectsByPath.delete(this.projectPath(p).toLowerCase());
  }

  projectPath(p: Project): string {
    return `${this.fullPath(this.namespace(p.namespaceId))}/${p.path}`;
  }

  /** Renames a project's path; the old full path keeps answering with a redirect (spec part 1 §9.5). */
  renameProject(p: Project, newPath: string, newName = p.name): void {
    const old = this.projectPath(p).toLowerCase();
    this.projectsByPath.delete(old);
    p.oldPaths = [...(p.oldPaths ?? []), old];
    this.redirects.set(old, p.id);
    p.path = newPath;
    p.name = newName;
    p.updatedAt = this.clock.now();
    this.projectsByPath.set(this.projectPath(p).toLowerCase(), p.id);
  }

  /**
   * A project by numeric id or (URL-decoded) full path. `moved` is true when the path named an old
   * location of the project. Projects pending deletion or hidden are not found, as in GitLab.
   */
  findProject(idOrPath: string | number): { project: Project; moved: boolean } | undefined {
    const s = String(idOrPath);
    let project: Project | undefined;
    let moved = false;
    if (INTEGER.test(s)) project = this.projectById.get(Number(s));
    else if (s.includes('/')) {
      const key = s.toLowerCase();
      const id = this.projectsByPath.get(key) ?? this.redirects.get(key);
      project = id === undefined ? undefined : this.projectById.get(id);
      moved = project !== undefined && !this.projectsByPath.has(key);
    }
    if (!project || project.pendingDelete || project.hidden) return undefined;
    return { project, moved };
  }

  // ---- permissions (the rules live in access/policy.ts)

  memberAccess(user: User | null | undefined, target: Project | Namespace): number {
    return memberAccess(this, user, target);
  }

  accessLevel(user: User | null | undefined, target: Project | Namespace): number {
    return accessLevel(this, user, target);
  }

  canSee(user: User | null | undefined, project: Project): boolean {
    return canReadProject(this, user, project);
  }

  // ---- credentials

  addToken(t: Omit<PersonalAccessToken, 'id'> & { id?: number }): PersonalAccessToken {
    const token: PersonalAccessToken = { ...t, id: t.id ?? this.nextId('token') };
    this.tokens.set(token.id, token);
    this.secrets.set(token.secret, { kind: 'pat', id: token.id });
    return token;
  }

  addOAuthToken(t: Omit<OAuthToken, 'id'>): OAuthToken {
    const token: OAuthToken = { ...t, id: this.nextId('oauth') };
    this.oauthTokens.set(token.id, token);
    this.secrets.set(token.secret, { kind: 'oauth', id: token.id });
    return token;
  }

  addJobToken(t: Omit<JobToken, 'id'>): JobToken {
    const token: JobToken = { ...t, id: this.nextId('job') };
    this.jobTokens.set(token.id, token);
    this.secrets.set(token.secret, { kind: 'job', id: token.id });
    return token;
  }

  patBySecret(secret: string): PersonalAccessToken | undefined {
    const ref = this.secrets.get(secret);
    return ref?.kind === 'pat' ? this.tokens.get(ref.id) : undefined;
  }

  oauthBySecret(secret: string): OAuthToken | undefined {
    const ref = this.secrets.get(secret);
    return ref?.kind === 'oauth' ? this.oauthTokens.get(ref.id) : undefined;
  }

  jobBySecret(secret: string): JobToken | undefined {
    const ref = this.secrets.get(secret);
    return ref?.kind === 'job' ? this.jobTokens.get(ref.id) : undefined;
  }

  /** A token is expired from the first day of its expiry date (GitLab's `Expirable#expired?`). */
  tokenExpired(t: PersonalAccessToken): boolean {
    return t.expiresAt !== null && t.expiresAt <= this.clock.today();
  }

  tokenActive(t: PersonalAccessToken): boolean {
    return !t.revoked && !this.tokenExpired(t);
  }

  /** Every token of the rotation chain `t` belongs to. */
  tokenFamily(t: PersonalAccessToken): PersonalAccessToken[] {
    let root = t;
    while (root.previousId !== null) {
      const prev = this.tokens.get(root.previousId);
      if (!prev) break;
      root = prev;
    }
    const family = [root];
    for (let i = 0; i < family.length; i++) {
      for (const c of this.tokens.values()) if (c.previousId === family[i].id) family.push(c);
    }
    return family;
  }

  // ---- activity

  /** Appends to the activity log; the project's last_activity_at follows. */
  recordEvent(e: Omit<EventRecord, 'id' | 'createdAt' | 'targetType' | 'targetId' | 'targetIid' | 'targetTitle'> & Partial<EventRecord>): EventRecord {
    const event: EventRecord = { targetType: null, targetId: null, targetIid: null, targetTitle: null, createdAt: this.clock.now(), ...e, id: this.nextId('event') };
    this.events.push(event);
    const project = event.projectId === null ? undefined : this.projectById.get(event.projectId);
    if (project) project.lastActivityAt = Math.max(project.lastActivityAt, event.createdAt);
    return event;
  }
}
