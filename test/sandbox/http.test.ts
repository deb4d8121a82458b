import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/sandbox/http/body.js';
import { parseQuery } from '../../src/sandbox/http/query.js';
import { Router } from '../../src/sandbox/http/router.js';
import { userBasic } from '../../src/sandbox/users/entity.js';
import { SandboxState } from '../../src/sandbox/state.js';

describe('Rails-style parameters', () => {
  it('makes arrays of key[]=, hashes of key[sub]= and keeps the last plain repeat', () => {
    expect(parseQuery('labels[]=a&labels[]=b&custom_attributes[location]=Antarctica&custom_attributes[role]=Developer&x=1&x=2&flag')).toEqual({
      labels: ['a', 'b'],
      custom_attributes: { location: 'Antarctica', role: 'Developer' },
      x: '2',
      flag: null,
    });
  });

  it('builds arrays of hashes and decodes + and percent-escapes', () => {
    expect(parseQuery('rules[][user_id]=3&rules[][required]=2&rules[][access_level]=40&rules[][access_level]=30&q=a+b%2Fc')).toEqual({
      // A new hash starts when the last one already has the key (Rack).
      rules: [{ user_id: '3', required: '2', access_level: '40' }, { access_level: '30' }],
      q: 'a b/c',
    });
  });

  it('refuses a key used both as a value and as a hash', () => {
    expect(() => parseQuery('a=1&a[b]=2')).toThrow();
  });
});

describe('request bodies', () => {
  it('parses JSON and form bodies', () => {
    expect(parseBody(Buffer.from('{"spec":"503:1"}'), 'application/json; charset=utf-8').value).toEqual({ spec: '503:1' });
    const form = parseBody(Buffer.from('name=x&scopes[]=api&scopes[]=read_api'), 'application/x-www-form-urlencoded');
    expect(form.value).toEqual({ name: 'x', scopes: ['api', 'read_api'] });
    expect(form.logged).toBe('name=x&scopes[]=api&scopes[]=read_api');
    expect(() => parseBody(Buffer.from('{bad'), 'application/json')).toThrow(/not valid JSON/);
  });

  it('parses multipart bodies, keeping files as Buffers', () => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n'),
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'),
      bytes,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    const parsed = parseBody(body, 'multipart/form-data; boundary=XyZ');
    expect((parsed.value as any).title).toBe('Hello');
    expect(parsed.files.file.filename).toBe('a.bin');
    expect(parsed.files.file.contentType).toBe('application/octet-stream');
    expect(parsed.files.file.data.equals(bytes)).toBe(true);
  });
});

describe('router', () => {
  it('prefers literal segments, decodes parameters and serves HEAD from GET routes', () => {
    const r = new Router();
    r.get('/personal_access_tokens/:id', () => ({ body: 'by id' }));
    r.get('/personal_access_tokens/self', () => ({ body: 'self' }));
    r.post('/projects/:id/merge_requests/:iid', () => ({}));
    expect(r.match('GET', '/personal_access_tokens/self')?.route.pattern).toBe('/personal_access_tokens/self');
    expect(r.match('HEAD', '/personal_access_tokens/12')?.params).toEqual({ id: '12' });
    const mr = r.match('POST', '/projects/acme%2Fapp/merge_requests/7');
    expect(mr?.params).toEqual({ id: 'acme/app', iid: '7' });
    expect(mr?.rawParams.id).toBe('acme%2Fapp');
    expect(r.match('DELETE', '/projects/1/merge_requests/7')).toBeUndefined();
  });
});

describe('shared state helpers', () => {
  it('derives access from inherited group membership, namespace ownership and administrator status', () => {
    const state = new SandboxState();
    const root = state.addUser({ username: 'root', name: 'Administrator', admin: true });
    const ann = state.addUser({ username: 'Ann', name: 'Ann' });
    const top = state.addGroup({ name: 'Top', path: 'top', visibility: 'private' }, { [ann.id]: 30 });
    const sub = state.addGroup({ name: 'Sub', path: 'sub', parentId: top.id, visibility: 'private' });
    const p = { id: state.nextId('project'), name: 'P', path: 'p', namespaceId: sub.id, description: null, visibility: 'private' as const, creatorId: root.id, createdAt: 0, updatedAt: 0, lastActivityAt: 0, archived: false, topics: [], language: null, defaultBranch: 'main', emptyRepo: false, starCount: 0, forksCount: 0, openIssuesCount: 0, issuesEnabled: true, mergeRequestsEnabled: true, avatar: false, importType: null, importUrl: null, importStatus: 'none' };
    state.addProject(p);
    expect(state.accessLevel(ann, p)).toBe(30);
    expect(state.accessLevel(root, sub)).toBe(60);
    expect(state.memberAccess(root, p)).toBe(0);
    expect(state.canSee(ann, p)).toBe(true);
    expect(state.canSee(null, p)).toBe(false);
    expect(state.findUser('ANN')).toBe(ann);
    expect(state.findProject('TOP/SUB/P')?.project).toBe(p);
    expect(state.fullPath(sub)).toBe('top/sub');
    expect(userBasic(state, ann)).toMatchObject({ id: ann.id, username: 'Ann', state: 'active', web_url: 'http://127.0.0.1/Ann' });
  });

  it('appends events and moves the project’s last activity', () => {
    const state = new SandboxState();
    const u = state.addUser({ username: 'u', name: 'U' });
    const p = { id: 1, name: 'P', path: 'p', namespaceId: u.namespaceId, description: null, visibility: 'public' as const, creatorId: u.id, createdAt: 0, updatedAt: 0, lastActivityAt: 0, archived: false, topics: [], language: null, defaultBranch: 'main', emptyRepo: false, starCount: 0, forksCount: 0, openIssuesCount: 0, issuesEnabled: true, mergeRequestsEnabled: true, avatar: false, importType: null, importUrl: null, importStatus: 'none' };
    state.addProject(p);
    const e = state.recordEvent({ projectId: 1, authorId: u.id, actionName: 'pushed to' });
    expect(state.events).toEqual([e]);
    expect(p.lastActivityAt).toBe(e.createdAt);
  });
});
