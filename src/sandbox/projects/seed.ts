// Projects of the `demo` seed: every visibility, group and personal namespaces, archived ones,
// topics and languages, a renamed project (old path redirects), one pending deletion, one hidden,
// one marked for delayed deletion, a pull mirror, an imported one and custom attributes.

import { DAY_MS } from '../clock.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Project, type Visibility } from '../types.js';

const NO_TOPICS: readonly string[] = Object.freeze([]);

/** A project with the defaults of a new, non-empty repository. */
export function newProject(state: SandboxState, init: Partial<Project> & Pick<Project, 'name' | 'path' | 'namespaceId'>): Project {
  const now = state.clock.now();
  const createdAt = init.createdAt ?? now;
  return {
    id: state.nextId('project'),
    description: null,
    visibility: 'private',
    creatorId: 1,
    createdAt,
    updatedAt: createdAt,
    lastActivityAt: createdAt,
    archived: false,
    topics: NO_TOPICS,
    language: null,
    defaultBranch: 'main',
    emptyRepo: false,
    starCount: 0,
    forksCount: 0,
    openIssuesCount: 0,
    issuesEnabled: true,
    mergeRequestsEnabled: true,
    avatar: false,
    importType: null,
    importUrl: null,
    importStatus: 'none',
    ...init,
  };
}

interface Spec {
  ns: string;
  path: string;
  name?: string;
  vis: Visibility;
  topics?: string[];
  lang?: string;
  desc?: string;
  extra?: Partial<Project>;
}

const SPECS: Spec[] = [
  { ns: 'acme', path: 'handbook', vis: 'public', topics: ['docs'], lang: 'HTML', desc: 'How Acme works' },
  { ns: 'acme', path: 'design-system', vis: 'public', topics: ['frontend', 'design'], lang: 'TypeScript', desc: 'Shared UI components' },
  { ns: 'acme', path: 'legacy-billing', vis: 'internal', lang: 'Java', extra: { pendingDelete: true } },
  { ns: 'acme', path: 'brand-assets', vis: 'public', topics: ['design'], extra: { archived: true } },
  { ns: 'acme/platform', path: 'api', name: 'API', vis: 'internal', topics: ['api', 'go'], lang: 'Go', desc: 'Public REST API', extra: { customAttributes: { location: 'Europe', role: 'Developer' }, openIssuesCount: 12 } },
  { ns: 'acme/platform', path: 'gateway', vis: 'internal', topics: ['api', 'go', 'networking'], lang: 'Go' },
  { ns: 'acme/platform', path: 'auth-service', vis: 'private', topics: ['api', 'security'], lang: 'Go', desc: 'Login and sessions' },
  { ns: 'acme/platform', path: 'sdk-js', name: 'SDK for JavaScript', vis: 'internal', topics: ['api', 'sdk', 'javascript'], lang: 'TypeScript' },
  { ns: 'acme/platform', path: 'sdk-python', name: 'SDK for Python', vis: 'internal', topics: ['api', 'sdk', 'python'], lang: 'Python' },
  { ns: 'acme/platform', path: 'old-monolith', vis: 'internal', topics: ['legacy'], lang: 'Ruby', extra: { archived: true } },
  { ns: 'acme/platform/infra', path: 'terraform', vis: 'private', topics: ['infra', 'terraform'], lang: 'HCL' },
  { ns: 'acme/platform/infra', path: 'ansible', vis: 'private', topics: ['infra'], lang: 'Shell' },
  { ns: 'acme/platform/infra', path: 'k8s-manifests', vis: 'private', topics: ['infra', 'kubernetes'], lang: 'Shell' },
  // Renamed from acme/web/shop: the old path answers with a redirect.
  { ns: 'acme/web', path: 'storefront', vis: 'public', topics: ['frontend', 'ecommerce'], lang: 'TypeScript', desc: 'The online shop', extra: { oldPaths: ['acme/web/shop'] } },
  { ns: 'acme/web', path: 'admin-portal', vis: 'internal', topics: ['frontend'], lang: 'TypeScript' },
  { ns: 'acme/web', path: 'landing-page', vis: 'public', topics: ['frontend', 'marketing'], lang: 'HTML' },
  { ns: 'acme/web', path: 'old-site', vis: 'public', topics: ['frontend', 'legacy'], lang: 'PHP', extra: { archived: true } },
  { ns: 'research', path: 'papers', vis: 'private', topics: ['docs', 'latex'], lang: 'TeX' },
  { ns: 'research', path: 'benchmarks', vis: 'private', topics: ['performance'], lang: 'Python' },
  { ns: 'research/ml', path: 'models', vis: 'private', topics: ['ml', 'python'], lang: 'Python', extra: { customAttributes: { location: 'Antarctica', role: 'Developer' } } },
  { ns: 'research/ml', path: 'datasets', vis: 'private', topics: ['ml', 'data'], lang: 'Python' },
  { ns: 'research/ml', path: 'notebooks', vis: 'private', topics: ['ml', 'jupyter'], lang: 'Jupyter Notebook', extra: { archived: true } },
  { ns: 'opensource', path: 'forgectl', vis: 'public', topics: ['cli', 'gitlab'], lang: 'TypeScript', desc: 'Administer GitLab-compatible instances', extra: { starCount: 40, forksCount: 7, avatar: true, customAttributes: { location: 'Antarctica', role: 'Maintainer' } } },
  { ns: 'opensource', path: 'website', vis: 'public', topics: ['docs', 'website'], lang: 'HTML' },
  { ns: 'opensource', path: 'hidden-mirror', vis: 'public', extra: { hidden: true } },
  { ns: 'opensource', path: 'awesome-lists', vis: 'public', topics: ['docs'], lang: 'Markdown' },
  { ns: 'opensource', path: 'diaspora-client', name: 'Diaspora Client', vis: 'internal', topics: ['example', 'disapora client'], lang: 'Ruby', desc: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' },
  { ns: 'alice', path: 'dotfiles', vis: 'public', topics: ['config'], lang: 'Shell', extra: { avatar: true, markedForDeletionOn: '' } },
  { ns: 'alice', path: 'notes', vis: 'private', lang: 'Markdown' },
  { ns: 'alice', path: 'upstream-mirror', vis: 'internal', lang: 'C', extra: { mirror: true } },
  { ns: 'alice', path: 'blog', vis: 'public', topics: ['blog'], lang: 'Ruby' },
  { ns: 'alice', path: 'imported-from-github', vis: 'private', lang: 'Go', extra: { importType: 'github', importUrl: 'https://github.com/example/imported.git', importStatus: 'finished' } },
  { ns: 'bob', path: 'scratch', vis: 'private', extra: { emptyRepo: true, defaultBranch: null } },
  { ns: 'bob', path: 'toolbox', vis: 'public', topics: ['cli'], lang: 'Rust' },
  { ns: 'carol', path: 'recipes', vis: 'public', topics: ['docs'], lang: 'Markdown' },
  { ns: 'carol', path: 'private-research', vis: 'private', lang: 'Python' },
  { ns: 'dave', path: 'public-notes', vis: 'public', lang: 'Markdown' },
  { ns: 'dave', path: 'game', vis: 'internal', lang: 'C++' },
  { ns: 'eve', path: 'abandoned', vis: 'public', lang: 'JavaScript', extra: { archived: true } },
  { ns: 'frank', path: 'contract-work', vis: 'private', lang: 'Java' },
  { ns: 'grace', path: 'compiler', vis: 'public', topics: ['compiler'], lang: 'C' },
  { ns: 'root', path: 'admin-scripts', vis: 'private', topics: ['ops'], lang: 'Shell' },
];

/** Numbered projects filling out the groups, so lists span several pages. */
function fillerSpecs(): Spec[] {
  const out: Spec[] = [];
  const vis: Visibility[] = ['internal', 'private'];
  for (let i = 1; i <= 10; i++) out.push({ ns: 'acme/platform', path: `service-${String(i).padStart(2, '0')}`, vis: vis[i % 2], topics: ['service', i % 3 ? 'go' : 'python'], lang: i % 3 ? 'Go' : 'Python', extra: { archived: i === 7 } });
  for (let i = 1; i <= 8; i++) out.push({ ns: 'opensource', path: `plugin-${String(i).padStart(2, '0')}`, vis: i === 8 ? 'internal' : 'public', topics: ['plugin'], lang: i % 2 ? 'TypeScript' : 'Rust' });
  for (let i = 1; i <= 5; i++) out.push({ ns: 'acme/web', path: `widget-${String(i).padStart(2, '0')}`, vis: i % 2 ? 'public' : 'internal', topics: ['frontend', 'widget'], lang: 'TypeScript' });
  return out;
}

function titleCase(path: string): string {
  return path.replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());
}

export function seedProjects(state: SandboxState): void {
  const now = state.clock.now();
  const specs = [...SPECS, ...fillerSpecs()];
  const byPath = new Map<string, Project>();
  specs.forEach((s, i) => {
    const ns = [...state.namespaces.values()].find((n) => state.fullPath(n) === s.ns);
    if (!ns) throw new Error(`seed: no namespace ${s.ns}`);
    const createdAt = now - (800 - i * 11) * DAY_MS;
    const lastActivityAt = Math.max(createdAt, now - ((i * 37) % 290) * DAY_MS - i * 60_000);
    const p = newProject(state, {
      name: s.name ?? titleCase(s.path),
      path: s.path,
      namespaceId: ns.id,
      description: s.desc ?? null,
      visibility: s.vis,
      creatorId: ns.ownerId ?? [...ns.members.entries()].find(([, l]) => l === ACCESS.owner)?.[0] ?? 1,
      createdAt,
      updatedAt: Math.min(lastActivityAt, createdAt + ((i * 13) % 40) * DAY_MS),
      lastActivityAt,
      topics: s.topics ?? NO_TOPICS,
      language: s.lang ?? null,
      starCount: i % 4,
      openIssuesCount: (i * 5) % 17,
      issuesEnabled: i % 9 !== 4,
      mergeRequestsEnabled: i % 11 !== 6,
      ...s.extra,
    });
    if (p.markedForDeletionOn === '') p.markedForDeletionOn = state.clock.daysFromToday(7);
    state.addProject(p);
    byPath.set(`${s.ns}/${s.path}`, p);
  });

  const user = (name: string) => state.findUser(name)!;
  // Project-level memberships, beside those inherited from groups.
  const member = (path: string, name: string, level: number) => {
    const p = byPath.get(path)!;
    (p.members ??= new Map()).set(user(name).id, level);
  };
  member('acme/platform/infra/terraform', 'frank', ACCESS.developer);
  member('acme/platform/api', 'dave', ACCESS.reporter);
  member('research/benchmarks', 'bob', ACCESS.maintainer);
  member('opensource/diaspora-client', 'bob', ACCESS.owner);

  const star = (name: string, ...paths: string[]) => {
    for (const path of paths) {
      const p = byPath.get(path)!;
      user(name).starred.add(p.id);
      p.starCount++;
    }
  };
  star('alice', 'acme/platform/api', 'opensource/forgectl', 'acme/web/storefront');
  star('bob', 'opensource/forgectl', 'acme/platform/api');
  star('root', 'acme/design-system');
}
