// GitLab's UserBasic entity (authors, assignees, members…), for the modules that show users.

import type { SandboxState } from '../state.js';
import type { User } from '../types.js';

export function userWebUrl(state: SandboxState, u: User): string {
  return `${state.baseUrl}/${u.username}`;
}

export function userBasic(state: SandboxState, u: User): Record<string, unknown> {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: u.avatarUrl,
    web_url: userWebUrl(state, u),
  };
}
