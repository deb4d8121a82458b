// Demo data of the collaboration families: issues and a snippet with discussions (threads, single
// comments, system notes) and the activity they caused, an epic tree in acme with fixed and
// inherited dates, and iterations with events.

import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { userBasic } from '../users/entity.js';
import type { Project, User } from '../types.js';
import { collab, type Discussion, type Epic, type Issue, type Note } from './store.js';

export function seedCollab(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  const store = collab(state);
  const now = state.clock.now();
  const ago = (days: number, hours = 0) => now - days * DAY_MS - hours * 3_600_000;
  const user = (name: string) => state.findUser(name)!;
  const project = (path: string) => state.findProject(path)!.project;
  const [alice, bob, carol, grace] = ['alice', 'bob', 'carol', 'grace'].map(user);

  const addIssue = (p: Project, iid: number, title: string, author: User, days: number, closed = false): Issue => {
    const issue: Issue = { id: 500 + store.next('issue'), iid, projectId: p.id, title, authorId: author.id, state: closed ? 'closed' : 'opened', createdAt: ago(days) };
    store.issues.push(issue);
    state.recordEvent({ projectId: p.id, authorId: author.id, actionName: 'opened', targetType: 'Issue', targetId: issue.id, targetIid: iid, targetTitle: title, createdAt: issue.createdAt });
    if (closed) state.recordEvent({ projectId: p.id, authorId: author.id, actionName: 'closed', targetType: 'Issue', targetId: issue.id, targetIid: iid, targetTitle: title, createdAt: ago(days - 1) });
    return issue;
  };
  const note = (author: User, body: string, at: number, type: Note['type'] = 'DiscussionNote', system = false): Note => ({
    id: store.next('note'), type, body, authorId: author.id, system, resolved: false, createdAt: at, updatedAt: at,
  });
  const discussion = (noteableType: Discussion['noteableType'], noteableId: number, individual: boolean, notes: Note[], projectId: number | null, title: string, iid: number | null): Discussion => {
    const d: Discussion = { id: store.discussionId(), noteableType, noteableId, individualNote: individual, notes };
    store.discussions.push(d);
    for (const n of notes) {
      if (n.system) continue;
      state.recordEvent({
        projectId, authorId: n.authorId, actionName: 'commented on', targetType: individual ? 'Note' : 'DiscussionNote', targetId: n.id, targetTitle: title, createdAt: n.createdAt,
        data: { noteableType, note: { id: n.id, body: n.body, attachment: null, author: userBasic(state, state.users.get(n.authorId)!), created_at: new Date(n.createdAt).toISOString(), system: false, noteable_id: noteableId, noteable_type: noteableType, noteable_iid: iid } },
      });
    }
    return d;
  };

  // acme/platform/gateway (internal): a thread, a single comment, a system note.
  const gateway = project('acme/platform/gateway');
  const i1 = addIssue(gateway, 1, 'Rate limit the search endpoint', bob, 30);
  addIssue(gateway, 2, 'Document pagination headers', grace, 20, true);
  const i3 = addIssue(gateway, 3, 'Flaky login test', alice, 10);
  discussion('Issue', i1.id, false, [note(bob, 'Should we use a token bucket?', ago(29)), note(grace, 'Yes, per user and per IP.', ago(28))], gateway.id, i1.title, i1.iid);
  discussion('Issue', i1.id, true, [note(alice, 'Tracking this for the next release.', ago(27), null)], gateway.id, i1.title, i1.iid);
  discussion('Issue', i1.id, true, [note(grace, 'changed the description', ago(26), null, true)], gateway.id, i1.title, i1.iid);
  discussion('Issue', i3.id, true, [note(carol, 'Seen again on main today.', ago(9), null)], gateway.id, i3.title, i3.iid);

  // acme/handbook (public) and a private project.
  const handbook = project('acme/handbook');
  const h1 = addIssue(handbook, 1, 'Add an onboarding checklist', alice, 15);
  discussion('Issue', h1.id, false, [note(alice, 'First draft is in the wiki.', ago(14))], handbook.id, h1.title, h1.iid);
  addIssue(project('acme/platform/auth-service'), 1, 'Rotate session secrets', grace, 12);

  // A project snippet with a thread.
  const snippet = { id: 7, projectId: gateway.id, title: 'curl examples', authorId: bob.id, createdAt: ago(18) };
  store.snippets.push(snippet);
  state.recordEvent({ projectId: gateway.id, authorId: bob.id, actionName: 'created', targetType: 'Snippet', targetId: snippet.id, targetTitle: snippet.title, createdAt: snippet.createdAt });
  discussion('Snippet', snippet.id, false, [note(grace, 'Add one with a PRIVATE-TOKEN header?', ago(17))], gateway.id, snippet.title, null);

  // Epics of acme: a parent with fixed dates, a child inheriting, a closed one, a confidential one.
  const acme = state.findGroup('acme')!;
  const platform = state.findGroup('acme/platform')!;
  const epic = (groupId: number, iid: number, title: string, author: User, extra: Partial<Epic> = {}): Epic => {
    const e: Epic = {
      id: store.next('epic'), iid, groupId, parentId: null, title, description: `${title}.`, state: 'opened', confidential: false, authorId: author.id,
      labels: [], color: '#1068bf', startDateIsFixed: false, startDateFixed: null, dueDateIsFixed: false, dueDateFixed: null,
      startDateInherited: null, dueDateInherited: null, upvotes: 0, downvotes: 0, createdAt: ago(60 - iid), updatedAt: ago(40 - iid), closedAt: null, ...extra,
    };
    store.epics.push(e);
    state.recordEvent({ projectId: null, authorId: author.id, actionName: 'opened', targetType: 'Epic', targetId: e.id, targetIid: iid, targetTitle: title, createdAt: e.createdAt, data: { groupId } });
    return e;
  };
  const today = state.clock.today();
  const parent = epic(acme.id, 1, 'Public API v2', alice, { labels: ['roadmap', 'api'], startDateIsFixed: true, startDateFixed: today, dueDateIsFixed: true, dueDateFixed: state.clock.daysFromToday(90), upvotes: 3 });
  epic(acme.id, 2, 'Rate limiting', bob, { parentId: parent.id, labels: ['api'], startDateInherited: state.clock.daysFromToday(10), dueDateInherited: state.clock.daysFromToday(40) });
  epic(acme.id, 3, 'Retire the old site', carol, { state: 'closed', closedAt: ago(5), labels: ['cleanup'] });
  epic(acme.id, 4, 'Security review', alice, { confidential: true, labels: ['security'] });
  const pe = epic(platform.id, 1, 'Gateway rewrite', grace, { parentId: parent.id });
  discussion('Epic', pe.id, false, [note(grace, 'Kick-off next week.', ago(8)), note(bob, 'I can take the routing part.', ago(7))], null, pe.title, pe.iid);
  discussion('Epic', parent.id, true, [note(alice, 'Scope agreed with the platform team.', ago(6), null)], null, parent.title, parent.iid);

  // Iterations of acme and events on gateway#1.
  const it1 = { id: 53, iid: 12, groupId: acme.id, title: 'Iteration I', description: 'First cadence', state: 3, createdAt: ago(40), startDate: state.clock.daysFromToday(-28), dueDate: state.clock.daysFromToday(-15) };
  const it2 = { id: 54, iid: 13, groupId: acme.id, title: 'Iteration II', description: 'Second cadence', state: 2, createdAt: ago(40), startDate: state.clock.daysFromToday(-14), dueDate: state.clock.daysFromToday(0) };
  store.iterations.push(it1, it2);
  store.iterationEvents.push(
    { id: 142, userId: grace.id, issueId: i1.id, iterationId: it1.id, action: 'add', createdAt: ago(25) },
    { id: 143, userId: grace.id, issueId: i1.id, iterationId: it1.id, action: 'remove', createdAt: ago(14, 2) },
    { id: 144, userId: grace.id, issueId: i1.id, iterationId: it2.id, action: 'add', createdAt: ago(14) },
  );

}
