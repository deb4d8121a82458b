// Users and groups of the seeds. `demo`: an administrator, regular users (one with a private
// profile, one blocked, one external) and a three-level group tree with members at every role.

import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { ACCESS } from '../types.js';

export function seedPeople(state: SandboxState, kind: SeedKind): void {
  const now = state.clock.now();
  const ago = (days: number) => now - days * DAY_MS;
  state.addUser({ username: 'root', name: 'Administrator', admin: true, createdAt: ago(900) });
  if (kind === 'empty') return;

  const alice = state.addUser({ username: 'alice', name: 'Alice Liddell', createdAt: ago(800) });
  const bob = state.addUser({ username: 'bob', name: 'Bob Builder', createdAt: ago(700) });
  const carol = state.addUser({ username: 'carol', name: 'Carol Danvers', createdAt: ago(600) });
  const dave = state.addUser({ username: 'dave', name: 'Dave Lister', privateProfile: true, createdAt: ago(500) });
  state.addUser({ username: 'eve', name: 'Eve Moneypenny', state: 'blocked', createdAt: ago(400) });
  const frank = state.addUser({ username: 'frank', name: 'Frank Contractor', external: true, createdAt: ago(300) });
  const grace = state.addUser({ username: 'grace', name: 'Grace Hopper', createdAt: ago(200) });

  const acme = state.addGroup({ name: 'Acme', path: 'acme', visibility: 'public', description: 'Acme Corporation', createdAt: ago(850) }, {
    [alice.id]: ACCESS.owner,
    [dave.id]: ACCESS.guest,
    [grace.id]: ACCESS.reporter,
  });
  const platform = state.addGroup({ name: 'Platform', path: 'platform', parentId: acme.id, visibility: 'internal', createdAt: ago(840) }, {
    [bob.id]: ACCESS.developer,
    [grace.id]: ACCESS.maintainer,
  });
  state.addGroup({ name: 'Infrastructure', path: 'infra', parentId: platform.id, visibility: 'private', createdAt: ago(830) }, {
    [carol.id]: ACCESS.reporter,
    [frank.id]: ACCESS.planner,
  });
  state.addGroup({ name: 'Web', path: 'web', parentId: acme.id, visibility: 'public', createdAt: ago(820) }, { [carol.id]: ACCESS.maintainer });
  const research = state.addGroup({ name: 'Research', path: 'research', visibility: 'private', createdAt: ago(700) }, { [carol.id]: ACCESS.owner });
  state.addGroup({ name: 'Machine Learning', path: 'ml', parentId: research.id, visibility: 'private', createdAt: ago(690) }, { [bob.id]: ACCESS.reporter });
  state.addGroup({ name: 'Open Source', path: 'opensource', visibility: 'public', createdAt: ago(880) }, { [alice.id]: ACCESS.developer });
}
