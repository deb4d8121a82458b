// `state export --only-managed FILE` keeps what FILE manages: the tiers a group's protected
// environments name, in either form the file may write them.

import { describe, expect, it } from 'vitest';
import { trimToManaged } from '../../src/commands/state/only-managed.js';
import type { StateFile } from '../../src/commands/state/model.js';

const exported = { groups: { acme: { protected_environments: { production: { deploy: [{ access_level: 40 }] }, staging: { deploy: [{ access_level: 30 }] } } } } };

describe('trimToManaged', () => {
  it('keeps only the tiers the file names, whether it maps tiers or lists them as `envs list -o yaml` prints', () => {
    const mapped: StateFile = { groups: { acme: { protected_environments: { production: { deploy: [{ access_level: 60 }] } } } } };
    const listed: StateFile = { groups: { acme: { protected_environments: [{ name: 'production', deploy: [{ access_level: 60 }] }] } } };
    for (const doc of [mapped, listed]) {
      const { data, comments } = trimToManaged(exported, doc);
      expect(data).toEqual({ groups: { acme: { protected_environments: { production: { deploy: [{ access_level: 40 }] } } } } });
      expect(comments).toEqual([]);
    }
  });
});
