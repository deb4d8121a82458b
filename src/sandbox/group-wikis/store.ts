// Group wiki pages (spec part 2 §2.8): per group, pages by slug, each with its versions (newest
// last; a version id is a commit SHA) and the attachments uploaded to the wiki.

import { createHash } from 'node:crypto';
import type { SandboxState } from '../state.js';

export const WIKI_FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'] as const;
export type WikiFormat = (typeof WIKI_FORMATS)[number];

export interface WikiVersion {
  sha: string;
  title: string;
  format: WikiFormat;
  content: string;
  authorId: number;
  at: number;
}

export interface WikiPage {
  /** WikiPage::Meta id: what activity events point at; kept when the page is renamed. */
  metaId: number;
  slug: string;
  versions: WikiVersion[];
}

interface Store {
  pages: Map<number, Map<string, WikiPage>>;
  nextMeta: number;
  uploads: number;
}

const stores = new WeakMap<SandboxState, Store>();

export function wikiStore(state: SandboxState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { pages: new Map(), nextMeta: 0, uploads: 0 };
    stores.set(state, s);
  }
  return s;
}

export function groupPages(state: SandboxState, groupId: number): Map<string, WikiPage> {
  const store = wikiStore(state);
  let pages = store.pages.get(groupId);
  if (!pages) {
    pages = new Map();
    store.pages.set(groupId, pages);
  }
  return pages;
}

/** GitLab's slug of a title: spaces become hyphens, case and directories kept. */
export function slugOf(title: string): string {
  return title.trim().replace(/\s+/g, '-');
}

export function latest(page: WikiPage): WikiVersion {
  return page.versions[page.versions.length - 1];
}

export function newVersion(v: Omit<WikiVersion, 'sha'>, salt: string): WikiVersion {
  return { ...v, sha: createHash('sha1').update(`${salt}:${v.at}:${v.title}:${v.content}`).digest('hex') };
}

export function nextMetaId(state: SandboxState): number {
  return ++wikiStore(state).nextMeta;
}
