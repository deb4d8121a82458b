// Group wikis (spec part 2 §4.8, Premium), after GitLab's lib/api/wikis.rb: pages by URL-encoded
// slug, formats, versions (`version` = a page version's SHA), attachments (multipart `file`), and an
// activity event (WikiPage::Meta) for every create, update and delete. Reading needs the group to
// be visible; writing needs the Developer role.

import { createHash } from 'node:crypto';
import { DAY_MS } from '../clock.js';
import { findGroupOrFail } from '../access/groups.js';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import type { UploadedFile } from '../http/query.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { SandboxState, SeedKind } from '../state.js';
import { ACCESS, type Group, type User } from '../types.js';
import { groupPages, latest, newVersion, nextMetaId, slugOf, WIKI_FORMATS, wikiStore, type WikiFormat, type WikiPage, type WikiVersion } from './store.js';

/** The wiki repository's default branch. */
const DEFAULT_BRANCH = 'main';
const IMAGE = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg)$/i;

function pageJson(page: WikiPage, v: WikiVersion, withContent: boolean, renderHtml = false): Record<string, unknown> {
  const basic = { format: v.format, slug: page.slug, title: v.title };
  if (!withContent) return basic;
  return { content: renderHtml ? toHtml(v.content) : v.content, ...basic, encoding: 'UTF-8' };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A stand-in for the markup renderer: one paragraph per blank-line-separated block. */
function toHtml(content: string): string {
  return content
    .split(/\n{2,}/)
    .filter((b) => b.trim())
    .map((b) => `<p dir="auto">${escapeHtml(b.trim())}</p>`)
    .join('\n');
}

function premium(req: SandboxRequest): void {
  if (req.state.instance.tier === 'free') throw forbidden();
}

function readable(req: SandboxRequest): Group {
  premium(req);
  return findGroupOrFail(req);
}

function writable(req: SandboxRequest): Group {
  const g = readable(req);
  if (req.state.accessLevel(req.user, g) < ACCESS.developer) throw forbidden();
  return g;
}

function findPage(req: SandboxRequest, g: Group): WikiPage {
  const page = groupPages(req.state, g.id).get(req.params.slug);
  if (!page) throw notFound('Wiki Page');
  return page;
}

function record(state: SandboxState, g: Group, user: User, page: WikiPage, v: WikiVersion, actionName: 'created' | 'updated' | 'destroyed', at = state.clock.now()): void {
  state.recordEvent({
    projectId: null,
    authorId: user.id,
    actionName,
    targetType: 'WikiPage::Meta',
    targetId: page.metaId,
    targetTitle: v.title,
    createdAt: at,
    data: { groupId: g.id, wiki_page: { format: v.format, slug: page.slug, title: v.title } },
  });
}

function list(req: SandboxRequest): HandlerResult {
  const g = readable(req);
  const r = new ParamReader(req.input());
  const withContent = r.bool('with_content') ?? false;
  r.done();
  const pages = [...groupPages(req.state, g.id).values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { body: pages.map((p) => pageJson(p, latest(p), withContent)) };
}

function get(req: SandboxRequest): HandlerResult {
  const g = readable(req);
  const r = new ParamReader(req.input());
  const renderHtml = r.bool('render_html') ?? false;
  const version = r.string('version');
  r.done();
  const page = findPage(req, g);
  const v = version === undefined ? latest(page) : page.versions.find((x) => x.sha === version);
  if (!v) throw notFound('Wiki Page');
  return { body: pageJson(page, v, true, renderHtml) };
}

function create(req: SandboxRequest): HandlerResult {
  const g = writable(req);
  const r = new ParamReader(req.input());
  const title = r.required('title');
  const content = r.required('content');
  const format = r.oneOf('format', WIKI_FORMATS) ?? 'markdown';
  r.done();
  const pages = groupPages(req.state, g.id);
  const slug = slugOf(title!);
  if (pages.has(slug)) throw badRequest('Duplicate page: A page with that title already exists');
  const user = req.user!;
  const v = newVersion({ title: title!, format, content: content!, authorId: user.id, at: req.state.clock.now() }, `${g.id}/${slug}`);
  const page: WikiPage = { metaId: nextMetaId(req.state), slug, versions: [v] };
  pages.set(slug, page);
  record(req.state, g, user, page, v, 'created', v.at);
  return { status: 201, body: pageJson(page, v, true) };
}

function update(req: SandboxRequest): HandlerResult {
  const g = writable(req);
  const r = new ParamReader(req.input());
  const title = r.string('title');
  const content = r.string('content');
  const format = r.oneOf('format', WIKI_FORMATS);
  r.done();
  // Grape's at_least_one_of (spec part 2 §7: title or content).
  if (title === undefined && content === undefined) throw new ApiError(400, { message: 'content, title are missing, at least one parameter must be provided' });
  const pages = groupPages(req.state, g.id);
  const page = findPage(req, g);
  const prev = latest(page);
  const slug = title === undefined ? page.slug : slugOf(title);
  if (slug !== page.slug && pages.has(slug)) throw badRequest('Duplicate page: A page with that title already exists');
  const user = req.user!;
  const v = newVersion({ title: title ?? prev.title, format: (format ?? prev.format) as WikiFormat, content: content ?? prev.content, authorId: user.id, at: req.state.clock.now() }, `${g.id}/${slug}/${page.versions.length}`);
  page.versions.push(v);
  if (slug !== page.slug) {
    pages.delete(page.slug);
    page.slug = slug;
    pages.set(slug, page);
  }
  record(req.state, g, user, page, v, 'updated', v.at);
  return { body: pageJson(page, v, true) };
}

function remove(req: SandboxRequest): HandlerResult {
  const g = writable(req);
  const page = findPage(req, g);
  groupPages(req.state, g.id).delete(page.slug);
  record(req.state, g, req.user!, page, latest(page), 'destroyed');
  return { status: 204 };
}

function upload(req: SandboxRequest): HandlerResult {
  const g = writable(req);
  const file = req.files.file as UploadedFile | undefined;
  const r = new ParamReader(req.input());
  const branch = r.string('branch') ?? DEFAULT_BRANCH;
  if (!file) r.errors.push('file is missing');
  r.done();
  const n = ++wikiStore(req.state).uploads;
  const secret = createHash('md5').update(`${g.id}:${n}:${file!.filename}`).digest('hex');
  const name = file!.filename.replace(/[^\w.-]+/g, '_');
  const path = `uploads/${secret}/${name}`;
  const markdown = IMAGE.test(name) ? `![${name.replace(/\.[^.]+$/, '')}](${path})` : `[${name}](${path})`;
  return { status: 201, body: { file_name: name, file_path: path, branch, link: { url: path, markdown } } };
}

/** The demo wiki of `acme`, as in shared/realdata/group_wikis/list.json. */
function seedWikis(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  const acme = state.findGroup('acme');
  const alice = state.findUser('alice');
  if (!acme || !alice) return;
  const now = state.clock.now();
  const pages: [string, string][] = [
    ['deploy', 'Here is an instruction how to deploy this project.'],
    ['development', 'Our development process is described here.'],
    ['home', '*  [Deploy](deploy)\n*  [Development](development)'],
  ];
  pages.forEach(([title, content], i) => {
    const v = newVersion({ title, format: 'markdown', content, authorId: alice.id, at: now - (30 - i) * DAY_MS }, `seed/${title}`);
    const page: WikiPage = { metaId: nextMetaId(state), slug: slugOf(title), versions: [v] };
    groupPages(state, acme.id).set(page.slug, page);
    record(state, acme, alice, page, v, 'created', v.at);
  });
}

export const groupWikisModule: SandboxModule = {
  name: 'group-wikis',
  register(router: Router) {
    router.get('/groups/:id/wikis', list, { auth: 'optional' });
    router.post('/groups/:id/wikis', create);
    router.post('/groups/:id/wikis/attachments', upload);
    router.get('/groups/:id/wikis/:slug', get, { auth: 'optional' });
    router.put('/groups/:id/wikis/:slug', update);
    router.delete('/groups/:id/wikis/:slug', remove);
  },
  seed: seedWikis,
};

