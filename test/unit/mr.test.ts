// Merge request input handling, before anything is sent (references: refs.test.ts): the git checkout's project,
// list flags → query, update and merge bodies.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMergeBody } from '../../src/commands/mr/merge.js';
import { mrListQuery, type MrListOptions } from '../../src/commands/mr/filters.js';
import { buildUpdateBody } from '../../src/commands/mr/update.js';
import { UsageError } from '../../src/core/errors.js';
import { parseRemotes, projectFromCheckout, remoteProject } from '../../src/core/git-remote.js';
import { encodeQuery } from '../../src/core/query.js';

const usage = (fn: () => unknown) => expect(fn).toThrow(UsageError);

describe('project of a git checkout', () => {
  it('reads https, ssh and scp-like remotes', () => {
    expect(remoteProject('https://gitlab.example.com/acme/platform/api.git')).toEqual({ host: 'gitlab.example.com', path: 'acme/platform/api' });
    expect(remoteProject('git@gitlab.example.com:acme/api.git')).toEqual({ host: 'gitlab.example.com', path: 'acme/api' });
    expect(remoteProject('ssh://git@gitlab.example.com:2222/acme/api.git')).toEqual({ host: 'gitlab.example.com', path: 'acme/api' });
    expect(remoteProject('/local/path')).toBeUndefined();
    expect(parseRemotes('[core]\n\tbare = false\n[remote "origin"]\n\turl = git@h:a/b.git\n[branch "main"]\n\tremote = origin\n')).toEqual([{ name: 'origin', url: 'git@h:a/b.git' }]);
  });

  it('picks the remote on the instance host (origin first) from a subdirectory, worktrees included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-git-'));
    mkdirSync(join(dir, 'repo/.git'), { recursive: true });
    mkdirSync(join(dir, 'repo/src/deep'), { recursive: true });
    writeFileSync(join(dir, 'repo/.git/config'), '[remote "upstream"]\n\turl = https://gitlab.example.com/upstream/api.git\n[remote "origin"]\n\turl = git@gitlab.example.com:acme/api.git\n[remote "gh"]\n\turl = https://github.com/x/y.git\n');
    expect(projectFromCheckout(join(dir, 'repo/src/deep'), 'https://gitlab.example.com')).toEqual({ remote: 'origin', path: 'acme/api' });
    expect(projectFromCheckout(join(dir, 'repo'), 'https://other.example.com')).toBeUndefined();
    // A worktree: .git is a file pointing into the main repository.
    mkdirSync(join(dir, 'repo/.git/worktrees/wt'), { recursive: true });
    writeFileSync(join(dir, 'repo/.git/worktrees/wt/commondir'), '../..\n');
    mkdirSync(join(dir, 'wt'));
    writeFileSync(join(dir, 'wt/.git'), `gitdir: ${join(dir, 'repo/.git/worktrees/wt')}\n`);
    expect(projectFromCheckout(join(dir, 'wt'), 'https://gitlab.example.com/')).toEqual({ remote: 'origin', path: 'acme/api' });
  });
});

describe('mr list: flags → query', () => {
  const q = (o: MrListOptions, scope: 'global' | 'project' = 'project') => encodeQuery(mrListQuery(o, scope));

  it('maps every simple parameter', () => {
    expect(
      q({
        state: 'opened',
        scope: 'all',
        orderBy: 'updated_at',
        sort: 'asc',
        labels: 'bug, backend',
        milestone: 'v1.0',
        myReactionEmoji: 'thumbsup',
        approved: 'yes',
        environment: 'production',
        search: 'login',
        sourceBranch: 'feature/x',
        targetBranch: 'main',
        view: 'simple',
        withLabelsDetails: true,
        createdAfter: '2024-01-01T00:00:00Z',
        createdBefore: '2024-02-01',
        updatedAfter: '2024-01-05T10:00:00+02:00',
        updatedBefore: '2024-03-01T00:00:00Z',
      }),
    ).toBe(
      'state=opened&scope=all&order_by=updated_at&sort=asc&labels=bug%2Cbackend&milestone=v1.0&my_reaction_emoji=thumbsup&approved=yes' +
        '&created_after=2024-01-01T00%3A00%3A00Z&created_before=2024-02-01&updated_after=2024-01-05T10%3A00%3A00%2B02%3A00&updated_before=2024-03-01T00%3A00%3A00Z' +
        '&environment=production&search=login&source_branch=feature%2Fx&target_branch=main&view=simple&with_labels_details=true',
    );
  });

  it('sends users by id or username, None/Any where allowed, and not[...] filters', () => {
    expect(q({ author: 'alice' })).toBe('author_username=alice');
    expect(q({ author: '12' })).toBe('author_id=12');
    expect(q({ authorId: '3', reviewer: 'none', assigneeId: 'Any' })).toBe('author_id=3&assignee_id=Any&reviewer_id=None');
    expect(q({ reviewerUsername: 'any' })).toBe('reviewer_username=Any');
    expect(q({ labels: 'none', milestone: 'ANY', myReactionEmoji: 'None' })).toBe('labels=None&milestone=Any&my_reaction_emoji=None');
    expect(q({ notLabels: 'wip,blocked', notMilestone: 'v0.9', notAuthor: 'bob', notAssignee: '7', notReviewer: 'grace', notMyReactionEmoji: 'eyes' })).toBe(
      'not[labels]=wip%2Cblocked&not[milestone]=v0.9&not[my_reaction_emoji]=eyes&not[author_username]=bob&not[assignee_id]=7&not[reviewer_username]=grace',
    );
    usage(() => q({ author: 'None' }));
  });

  it('keeps author_id/author_username and reviewer_id/reviewer_username exclusive', () => {
    usage(() => q({ authorId: '1', authorUsername: 'bob' }));
    usage(() => q({ author: 'bob', authorId: '1' }));
    usage(() => q({ reviewerId: '1', reviewerUsername: 'bob' }));
  });

  it('takes approved_by_ids as at most 5 ids (or None/Any), approver_ids and iids as arrays', () => {
    expect(q({ approvedByIds: '1,2,3,4,5' })).toBe('approved_by_ids[]=1&approved_by_ids[]=2&approved_by_ids[]=3&approved_by_ids[]=4&approved_by_ids[]=5');
    usage(() => q({ approvedByIds: '1,2,3,4,5,6' }));
    expect(q({ approvedByIds: 'any', approverIds: '4,5' })).toBe('approved_by_ids=Any&approver_ids[]=4&approver_ids[]=5');
    expect(q({ iids: '1,!2, 3' })).toBe('iids[]=1&iids[]=2&iids[]=3');
    usage(() => q({ iids: 'x' }));
  });

  it('checks dates as ISO 8601 and their order', () => {
    usage(() => q({ createdAfter: 'yesterday' }));
    usage(() => q({ updatedBefore: '2024-02-30' }));
    usage(() => q({ createdAfter: '2024-02-01', createdBefore: '2024-01-01' }));
  });

  it('maps --draft/--no-draft and --wip to wip, but not both', () => {
    expect(q({ draft: true })).toBe('wip=yes');
    expect(q({ draft: false })).toBe('wip=no');
    expect(q({ wip: 'no' })).toBe('wip=no');
    usage(() => q({ wip: 'yes', draft: true }));
  });

  it('keeps global-only and project-only parameters where they belong', () => {
    expect(q({ deployedAfter: '2024-01-01', deployedBefore: '2024-02-01', in: 'title', withMergeStatusRecheck: true, scope: 'all' }, 'global')).toBe(
      'scope=all&deployed_after=2024-01-01&deployed_before=2024-02-01&in=title&with_merge_status_recheck=true',
    );
    usage(() => q({ in: 'title' }, 'project'));
    usage(() => q({ deployedAfter: '2024-01-01' }, 'project'));
    usage(() => q({ iids: '1' }, 'global'));
  });

  it('lists across projects by author with scope=all, refusing created_by_me', () => {
    expect(q({ author: 'bob' }, 'global')).toBe('author_username=bob&scope=all');
    expect(q({ author: 'bob', scope: 'assigned_to_me' }, 'global')).toBe('scope=assigned_to_me&author_username=bob');
    usage(() => q({ author: 'bob', scope: 'created_by_me' }, 'global'));
  });
});

describe('mr update: body', () => {
  it('builds every field, with empty values that clear', () => {
    expect(
      buildUpdateBody(
        { title: 'T', addLabels: 'a, b', removeLabels: 'c', assignees: '1,2', reviewers: '', milestone: '0', targetBranch: 'dev', squash: true, removeSourceBranch: false, discussionLocked: true, allowCollaboration: true },
        'D',
      ),
    ).toEqual({
      title: 'T',
      description: 'D',
      add_labels: 'a,b',
      remove_labels: 'c',
      assignee_ids: [1, 2],
      reviewer_ids: [],
      milestone_id: 0,
      target_branch: 'dev',
      squash: true,
      remove_source_branch: false,
      discussion_locked: true,
      allow_collaboration: true,
    });
    expect(buildUpdateBody({ labels: '' })).toEqual({ labels: '' });
    expect(buildUpdateBody({ assignee: '0', assignees: undefined })).toEqual({ assignee_id: 0 });
    expect(buildUpdateBody({})).toEqual({});
  });

  it('refuses what the service would refuse or misread', () => {
    usage(() => buildUpdateBody({}, 'x'.repeat(1_048_577)));
    expect(buildUpdateBody({}, 'é'.repeat(1_048_576)).description).toHaveLength(1_048_576);
    usage(() => buildUpdateBody({ labels: 'a', addLabels: 'b' }));
    usage(() => buildUpdateBody({ addLabels: 'a', removeLabels: 'A' }));
    usage(() => buildUpdateBody({ title: '  ' }));
    usage(() => buildUpdateBody({ assignees: '1,x' }));
    usage(() => buildUpdateBody({ assignee: '1', assignees: '2' }));
    usage(() => buildUpdateBody({ milestone: '-1' }));
  });
});

describe('mr merge: body', () => {
  it('maps every option of the merge body', () => {
    expect(buildMergeBody({ sha: 'ABCDEF1234', squash: true, removeSourceBranch: true, message: 'M', squashMessage: 'S', whenPipelineSucceeds: true })).toEqual({
      sha: 'ABCDEF1234',
      merge_commit_message: 'M',
      squash_commit_message: 'S',
      squash: true,
      should_remove_source_branch: true,
      merge_when_pipeline_succeeds: true,
    });
    expect(buildMergeBody({})).toEqual({});
    usage(() => buildMergeBody({ sha: 'main' }));
    usage(() => buildMergeBody({ squashMessage: 'S', squash: false }));
  });
});
