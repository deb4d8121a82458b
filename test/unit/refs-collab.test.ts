import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { formatNoteableRef, parseEpicRef, parseIssueRef, parseNoteableRef, parseSnippetRef, refFromPair, takeNoteableRef } from '../../src/core/refs-collab.js';

describe('issue, snippet and epic references', () => {
  it('parses the three kinds, with nested groups and numeric ids', () => {
    expect(parseIssueRef('group/sub/project#12')).toEqual({ kind: 'issue', project: 'group/sub/project', id: 12 });
    expect(parseSnippetRef('group/project$7')).toEqual({ kind: 'snippet', project: 'group/project', id: 7 });
    expect(parseEpicRef('group&5')).toEqual({ kind: 'epic', group: 'group', iid: 5 });
    expect(parseEpicRef('acme/platform&1')).toEqual({ kind: 'epic', group: 'acme/platform', iid: 1 });
    expect(parseNoteableRef('42#3')).toEqual({ kind: 'issue', project: '42', id: 3 });
    expect(parseNoteableRef('my.group/my-project_2#1')).toEqual({ kind: 'issue', project: 'my.group/my-project_2', id: 1 });
  });

  it('round-trips through formatNoteableRef', () => {
    for (const r of ['a/b#1', 'a/b$2', 'a&3']) expect(formatNoteableRef(parseNoteableRef(r))).toBe(r);
  });

  it('rejects malformed references with a usage error', () => {
    const bad = ['group/project', '#12', 'group/project#', 'group/project#0', 'group/project#1.5', 'group/project#-1', 'group//project#1', 'group/../x#1', '&5', 'g&x', 'a b#1'];
    for (const r of bad) expect(() => parseNoteableRef(r), r).toThrow(UsageError);
  });

  it('refuses a reference of the wrong kind, naming what was expected', () => {
    expect(() => parseIssueRef('group&5')).toThrow(/epic reference; expected group\/project#12/);
    expect(() => parseEpicRef('group/project#1')).toThrow(/issue reference/);
    expect(() => parseSnippetRef('group/project!3')).toThrow(UsageError);
  });

  it('accepts the two-argument form PROJECT IID and GROUP IID', () => {
    expect(refFromPair('issue', 'group/project', '12')).toEqual({ kind: 'issue', project: 'group/project', id: 12 });
    expect(refFromPair('epic', 'acme', '5')).toEqual({ kind: 'epic', group: 'acme', iid: 5 });
    expect(() => refFromPair('issue', 'group/project', 'twelve')).toThrow(UsageError);
    expect(takeNoteableRef(['acme/app', '3', 'abc'], ['issue', 'snippet', 'epic'], 'snippet')).toEqual({ ref: { kind: 'snippet', project: 'acme/app', id: 3 }, rest: ['abc'] });
    expect(takeNoteableRef(['acme/app#3', 'abc'], ['issue'], 'issue')).toEqual({ ref: { kind: 'issue', project: 'acme/app', id: 3 }, rest: ['abc'] });
    expect(() => takeNoteableRef(['acme/app'], ['issue'], 'issue')).toThrow(/not a reference/);
    expect(() => takeNoteableRef([], ['issue'], 'issue')).toThrow(/required/);
  });
});
