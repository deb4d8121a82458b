// Every form a command accepts or refuses for a project, a group or an item reference, in one table:
// the same rules hold for `mr`, `discussion`, `epic`, `iteration-events`, `wiki`, `envs`, … since
// they all go through src/core/refs.ts.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import {
  formatItemRef,
  formatNoteableRef,
  parseGroupId,
  parseItemRef,
  parseNoteableRef,
  parseProjectId,
  parseRef,
  takeNoteableRef,
  takeRef,
  type ItemKind,
} from '../../src/core/refs.js';

const ALL: ItemKind[] = ['merge_request', 'issue', 'snippet', 'epic'];

describe('projects', () => {
  it.each([
    ['42', 42],
    ['acme/api', 'acme/api'],
    ['acme/platform/api', 'acme/platform/api'],
    ['/acme/web/storefront/', 'acme/web/storefront'],
    [' acme/api ', 'acme/api'],
    ['my.group/my-project_2', 'my.group/my-project_2'],
    ['_x/y', '_x/y'],
  ])('accepts %j', (raw, want) => expect(parseProjectId(raw)).toBe(want));

  it.each([
    ['', /numeric id or a full path/],
    ['0', /positive integer/],
    ['-1', /numeric id or a full path/],
    ['1.5', /no namespace/],
    ['99999999999999999999', /positive integer/],
    ['acme', /has no namespace/],
    ['acme//api', /full path/],
    ['acme/../api', /full path/],
    ['acme/.hidden', /full path/],
    ['acme/-x', /full path/],
    ['not a path', /full path/],
    ['acme/api!1', /full path/],
  ])('refuses %j', (raw, msg) => expect(() => parseProjectId(raw)).toThrow(msg));
});

describe('groups', () => {
  it.each([
    ['7', 7],
    ['acme', 'acme'],
    ['acme/platform', 'acme/platform'],
    ['/acme/', 'acme'],
  ])('accepts %j', (raw, want) => expect(parseGroupId(raw)).toBe(want));

  it.each(['', '0', 'acme//x', '..', 'a b', 'acme&1'])('refuses %j', (raw) => expect(() => parseGroupId(raw)).toThrow(UsageError));
});

describe('one-word references', () => {
  it.each<[string, ItemKind, number | string, number]>([
    ['group/sub/project!12', 'merge_request', 'group/sub/project', 12],
    ['42!7', 'merge_request', 42, 7],
    ['group/project#12', 'issue', 'group/project', 12],
    ['42#3', 'issue', 42, 3],
    ['group/project$7', 'snippet', 'group/project', 7],
    ['group&5', 'epic', 'group', 5],
    ['acme/platform&1', 'epic', 'acme/platform', 1],
    ['9&1', 'epic', 9, 1],
  ])('reads %j', (raw, kind, project, iid) => {
    expect(parseRef(raw, ALL)).toEqual({ kind, project, iid });
  });

  it.each([
    // the same mistakes are refused the same way whatever the sigil
    ['acme!1', /no namespace/],
    ['acme#1', /no namespace/],
    ['acme$1', /no namespace/],
    ['0!1', /positive integer/],
    ['0#1', /positive integer/],
    ['0&1', /positive integer/],
    ['a/b!0', /positive integer/],
    ['a/b#0', /positive integer/],
    ['a/b$0', /positive integer/],
    ['a&0', /positive integer/],
    ['a/b!', /positive integer/],
    ['a/b#1.5', /positive integer/],
    ['a/b#-1', /positive integer/],
    ['a/b!x', /positive integer/],
    ['a//b!1', /full path/],
    ['group/../x#1', /full path/],
    ['a b#1', /full path/],
    ['g&x', /positive integer/],
    ['#12', /names no project/],
    ['!12', /names no project/],
    ['&5', /names no group/],
    ['group/project', /not a reference/],
    ['12', /not a reference/],
    ['', /not a reference/],
  ])('refuses %j', (raw, msg) => expect(() => parseRef(raw, ALL)).toThrow(msg));

  it('refuses a reference of the wrong kind, naming what was expected', () => {
    expect(() => parseRef('group&5', ['issue'])).toThrow(/epic reference; expected group\/project#12/);
    expect(() => parseRef('group/project#1', ['epic'])).toThrow(/an issue reference/);
    expect(() => parseRef('group/project!3', ['snippet'])).toThrow(/merge request reference/);
    expect(() => parseRef('group/project#3', ['merge_request'])).toThrow(/issue reference/);
  });

  it('takes a bare IID only where the caller allows it (the project comes from the checkout)', () => {
    expect(parseRef('!3', ['merge_request'], { bare: true })).toEqual({ kind: 'merge_request', iid: 3 });
    expect(parseRef('3', ['merge_request'], { bare: true })).toEqual({ kind: 'merge_request', iid: 3 });
    expect(() => parseRef('!0', ['merge_request'], { bare: true })).toThrow(/positive integer/);
  });

  it('round-trips through the formatters', () => {
    for (const r of ['a/b!1', 'a/b#1', 'a/b$2', 'a&3']) {
      const ref = parseRef(r, ALL);
      expect(formatItemRef({ ...ref, project: ref.project! })).toBe(r);
    }
    for (const r of ['a/b#1', 'a/b$2', 'a&3']) expect(formatNoteableRef(parseNoteableRef(r))).toBe(r);
  });
});

describe('two-argument form PROJECT IID / GROUP IID', () => {
  it.each<[string[], ItemKind, ItemKind[], object, string[]]>([
    [['group/project', '7'], 'merge_request', ['merge_request'], { kind: 'merge_request', project: 'group/project', iid: 7 }, []],
    [['42', '!7'], 'merge_request', ['merge_request'], { kind: 'merge_request', project: 42, iid: 7 }, []],
    [['acme/app', '#3', 'abc'], 'issue', ['issue'], { kind: 'issue', project: 'acme/app', iid: 3 }, ['abc']],
    [['acme/app', '3', 'abc'], 'snippet', ALL, { kind: 'snippet', project: 'acme/app', iid: 3 }, ['abc']],
    [['acme', '5'], 'epic', ['epic'], { kind: 'epic', project: 'acme', iid: 5 }, []],
    [['acme/app#3', 'abc'], 'issue', ['issue'], { kind: 'issue', project: 'acme/app', iid: 3 }, ['abc']],
  ])('%j as %s', (args, pairKind, allowed, ref, rest) => {
    expect(takeRef(args, allowed, pairKind)).toEqual({ ref, rest });
  });

  it.each<[string[], ItemKind, RegExp]>([
    [['acme', '1'], 'merge_request', /no namespace/],
    [['acme', '1'], 'issue', /no namespace/],
    [['0', '1'], 'issue', /positive integer/],
    [['0', '1'], 'epic', /positive integer/],
    [['a/b', 'c'], 'merge_request', /positive integer/],
    [['a/b', '0'], 'issue', /positive integer/],
    [['acme/app'], 'issue', /is not a reference/],
    [[], 'issue', /required/],
  ])('refuses %j as %s', (args, kind, msg) => expect(() => takeRef(args, [kind], kind)).toThrow(msg));
});

describe('exactly one merge request (mr commands)', () => {
  it('reads every form, the IID alone included', () => {
    expect(parseItemRef('merge_request', ['group/sub/project!12'])).toEqual({ kind: 'merge_request', project: 'group/sub/project', iid: 12 });
    expect(parseItemRef('merge_request', ['42', '!7'])).toEqual({ kind: 'merge_request', project: 42, iid: 7 });
    expect(parseItemRef('merge_request', ['!3'])).toEqual({ kind: 'merge_request', iid: 3 });
    expect(parseItemRef('merge_request', ['3'])).toEqual({ kind: 'merge_request', iid: 3 });
  });

  it.each([[['a/b!1', '2']], [['a/b', '1', '2']], [[]], [['group/project#12']], [['project!1']]])('refuses %j', (args) =>
    expect(() => parseItemRef('merge_request', args)).toThrow(UsageError),
  );

  it('gives issues, snippets and epics in the shapes their commands use', () => {
    expect(takeNoteableRef(['acme/app', '3'], ['issue', 'snippet', 'epic'], 'snippet')).toEqual({ ref: { kind: 'snippet', project: 'acme/app', id: 3 }, rest: [] });
    expect(parseNoteableRef('acme&5')).toEqual({ kind: 'epic', group: 'acme', iid: 5 });
  });
});
