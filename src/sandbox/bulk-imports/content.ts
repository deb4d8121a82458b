// What direct transfer copies of the resources the sandbox serves: a project's merge requests (iid,
// title, state, description) and releases, a group's epics and wiki pages. Read from the source
// while the entity is checked, written on the destination when the entity finishes. A sandbox-only
// fault (`PUT /-/sandbox/bulk_imports/drop`) leaves out every Nth item of a relation and records a
// failure for each, as a destination does when items of a large relation fail to import
// (gitlab-org/gitlab#430789); the entity still finishes. Another (`PUT /-/sandbox/bulk_imports/swap`)
// imports every Nth item under another identity without a word: the counts agree, the items do not.

import { randomBytes } from 'node:crypto';
import { collab } from '../collab/store.js';
import { groupPages, newVersion, nextMetaId, WIKI_FORMATS, type WikiFormat } from '../group-wikis/store.js';
import { addMergeRequest } from '../merge-requests/seed.js';
import { fakeSha, type MrState } from '../merge-requests/store.js';
import { releasesStore } from '../releases/store.js';
import type { SandboxState } from '../state.js';
import { RELATIONS, bulkImportStore, type EntityRecord, type Relation, type SourceContent, type SourceItem } from './store.js';

/** What content.ts needs of source.ts's client (declared here: no import cycle). */
interface SourceClient {
  readonly url: string;
  get(path: string): Promise<{ status: number; body: unknown }>;
  all(path: string): Promise<Record<string, unknown>[]>;
}

const PIPELINE: Record<Relation, string> = {
  merge_requests: 'BulkImports::Projects::Pipelines::MergeRequestsPipeline',
  releases: 'BulkImports::Projects::Pipelines::ReleasesPipeline',
  epics: 'BulkImports::Groups::Pipelines::EpicsPipeline',
  wiki: 'BulkImports::Common::Pipelines::WikiPipeline',
};

const str = (v: unknown, dflt = '') => (typeof v === 'string' ? v : v === null || v === undefined ? dflt : String(v));
const time = (v: unknown, dflt: number) => {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? dflt : t;
};

/** A list the source may not serve (a feature off, or a tier without it): empty then, as GitLab skips it. */
async function optionalList(client: SourceClient, path: string, paged: boolean): Promise<Record<string, unknown>[]> {
  if (paged) {
    const probe = await client.get(`${path}${path.includes('?') ? '&' : '?'}per_page=1`);
    if (probe.status === 403 || probe.status === 404) return [];
    return client.all(path);
  }
  const res = await client.get(path);
  if (res.status === 403 || res.status === 404) return [];
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`GET ${path} answered ${res.status}`);
  return res.body as Record<string, unknown>[];
}

async function read(client: SourceClient, e: EntityRecord): Promise<Partial<Record<Relation, SourceItem[]>>> {
  const enc = encodeURIComponent(e.sourceFullPath);
  const base = client.url.replace(/\/+$/, '');
  if (e.sourceType === 'project_entity') {
    const mrs = await optionalList(client, `/projects/${enc}/merge_requests?state=all&scope=all&order_by=created_at&sort=asc`, true);
    const releases = await optionalList(client, `/projects/${enc}/releases?order_by=created_at&sort=asc`, true);
    return {
      merge_requests: mrs.sort((a, b) => Number(a.iid) - Number(b.iid)).map((m) => ({ key: str(m.iid), title: str(m.title), webUrl: str(m.web_url), raw: m })),
      releases: releases.map((r) => ({ key: str(r.tag_name), title: str(r.name, str(r.tag_name)), webUrl: `${base}/${e.sourceFullPath}/-/releases/${str(r.tag_name)}`, raw: r })),
    };
  }
  const epics = await optionalList(client, `/groups/${enc}/epics?include_descendant_groups=false&state=all&order_by=created_at&sort=asc`, true);
  const pages = await optionalList(client, `/groups/${enc}/wikis?with_content=1`, false);
  return {
    epics: epics.sort((a, b) => Number(a.iid) - Number(b.iid)).map((x) => ({ key: str(x.iid), title: str(x.title), webUrl: str(x.web_url), raw: x })),
    wiki: pages.map((p) => ({ key: str(p.slug), title: str(p.title), webUrl: `${base}/groups/${e.sourceFullPath}/-/wikis/${str(p.slug)}`, raw: p })),
  };
}

/** The item under an identity the source does not have: an iid past the highest, or a tag or slug with -swapped. */
function swapped(relation: Relation, item: SourceItem, items: SourceItem[], n: number): SourceItem {
  if (relation === 'merge_requests' || relation === 'epics') {
    const iid = Math.max(0, ...items.map((i) => Number(i.key) || 0)) + n;
    return { ...item, key: String(iid), raw: { ...item.raw, iid } };
  }
  const key = `${item.key}-swapped`;
  return { ...item, key, raw: { ...item.raw, ...(relation === 'releases' ? { tag_name: key } : { slug: key }) } };
}

/** Reads the entity's relations on the source; items the drop fault picks become failure records, those the swap fault picks change identity. */
export async function readContent(state: SandboxState, client: SourceClient, e: EntityRecord): Promise<SourceContent> {
  const { drops, swaps } = bulkImportStore(state);
  const found = await read(client, e);
  const content: SourceContent = { items: {}, failures: [] };
  for (const relation of RELATIONS) {
    const items = found[relation];
    if (!items) continue;
    const every = drops.get(relation) ?? 0;
    const swapEvery = swaps.get(relation) ?? 0;
    const kept: SourceItem[] = [];
    items.forEach((item, i) => {
      if (swapEvery > 0 && (i + 1) % swapEvery === 0) return void kept.push(swapped(relation, item, items, (i + 1) / swapEvery));
      if (every > 0 && (i + 1) % every === 0) {
        content.failures.push({
          relation,
          step: 'loader',
          exceptionClass: 'ActiveRecord::RecordInvalid',
          exceptionMessage: 'Validation failed: the record could not be saved',
          correlationId: randomBytes(16).toString('hex'),
          createdAt: state.clock.now(),
          pipelineClass: PIPELINE[relation],
          sourceUrl: item.webUrl,
          sourceTitle: item.title,
        });
      } else kept.push(item);
    });
    content.items[relation] = { source: items.length, kept };
  }
  return content;
}

const MR_STATES: readonly MrState[] = ['opened', 'closed', 'locked', 'merged'];

/** Writes what came across into the group or project just created on the destination. */
export function writeContent(state: SandboxState, content: SourceContent, target: { groupId?: number; projectId?: number; projectPath?: string }, ownerId: number): void {
  const now = state.clock.now();
  const owner = state.users.get(ownerId)!;
  const { items } = content;
  if (target.projectPath && target.projectId !== undefined) {
    for (const { raw } of items.merge_requests?.kept ?? []) {
      const s = str(raw.state) as MrState;
      addMergeRequest(state, {
        project: target.projectPath,
        iid: Number(raw.iid),
        title: str(raw.title),
        description: str(raw.description),
        state: MR_STATES.includes(s) ? s : 'opened',
        author: owner.username,
        source: str(raw.source_branch) || undefined,
        target: str(raw.target_branch) || undefined,
        createdAt: time(raw.created_at, now),
      });
    }
    for (const { raw } of items.releases?.kept ?? []) {
      const tag = str(raw.tag_name);
      releasesStore(state).releases.push({
        projectId: target.projectId,
        name: str(raw.name, tag),
        tagName: tag,
        description: str(raw.description),
        authorId: ownerId,
        createdAt: time(raw.created_at, now),
        releasedAt: time(raw.released_at, now),
        sha: str((raw.commit as Record<string, unknown> | undefined)?.id) || fakeSha(`release:${target.projectPath}:${tag}`),
        commitTitle: str((raw.commit as Record<string, unknown> | undefined)?.title, `Release ${tag}`),
      });
    }
  }
  if (target.groupId !== undefined) {
    const store = collab(state);
    for (const { raw } of items.epics?.kept ?? []) {
      const created = time(raw.created_at, now);
      store.epics.push(
        store.newEpic({
          iid: Number(raw.iid),
          groupId: target.groupId,
          title: str(raw.title),
          description: str(raw.description),
          state: raw.state === 'closed' ? 'closed' : 'opened',
          confidential: raw.confidential === true,
          authorId: ownerId,
          labels: Array.isArray(raw.labels) ? raw.labels.map((l) => str(l)) : [],
          color: str(raw.color, '#1068bf'),
          createdAt: created,
          updatedAt: time(raw.updated_at, created),
          closedAt: raw.state === 'closed' ? time(raw.closed_at, now) : null,
        }),
      );
    }
    const pages = groupPages(state, target.groupId);
    for (const { raw } of items.wiki?.kept ?? []) {
      const format = (WIKI_FORMATS as readonly string[]).includes(str(raw.format)) ? (str(raw.format) as WikiFormat) : 'markdown';
      const v = newVersion({ title: str(raw.title), format, content: str(raw.content), authorId: ownerId, at: now }, `import/${target.groupId}/${str(raw.slug)}`);
      pages.set(str(raw.slug), { metaId: nextMetaId(state), slug: str(raw.slug), versions: [v] });
    }
  }
}

/** The entity's `stats` as GitLab reports them: per relation, what the source had, fetched, imported. */
export function contentStats(content: SourceContent | undefined): Record<string, { source: number; fetched: number; imported: number }> {
  const out: Record<string, { source: number; fetched: number; imported: number }> = {};
  for (const [relation, v] of Object.entries(content?.items ?? {})) out[relation] = { source: v.source, fetched: v.source, imported: v.kept.length };
  return out;
}
