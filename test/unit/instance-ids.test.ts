// What counts as an instance's own id on a write's command line (src/core/instance-ids.ts): numbers,
// never paths or usernames, which are the same on every instance of a fleet.

import { describe, expect, it } from 'vitest';
import { entryIds, numericId, refParentId, refuseLocalIds } from '../../src/core/instance-ids.js';
import { UsageError } from '../../src/core/errors.js';

describe('instance-local ids', () => {
  it('a reference names its project or group by id only when it is a number', () => {
    expect(refParentId(['42!7'])).toBe('project 42');
    expect(refParentId(['12&3'], 'group')).toBe('group 12');
    expect(refParentId(['42', '7'])).toBe('project 42');
    expect(refParentId(['acme/api!7'])).toBeUndefined();
    expect(refParentId(['acme/api', '7'])).toBeUndefined();
    // A bare IID takes the project from the git checkout, by path.
    expect(refParentId(['7'])).toBeUndefined();
    expect(refParentId(['!7'])).toBeUndefined();
  });

  it('access entries name users and groups by id or by name', () => {
    expect(entryIds(['access_level=40', 'user=4'])).toBe('user 4');
    expect(entryIds(['group=12,required=2'])).toBe('group 12');
    expect(entryIds(['user=alice', 'access_level=40,required=2'])).toBeUndefined();
    expect(numericId(['abc', ' 9 '], 'deploy entry')).toBe('deploy entry 9');
    expect(numericId('self', 'token')).toBeUndefined();
  });

  it('refuses only over more than one instance, with the way to name it instead', () => {
    const ids = { named: (args: string[]) => numericId(args[0], 'system hook'), instead: '--url URL' };
    expect(() => refuseLocalIds(ids, ['3'], {}, 'hooks delete', ['a'])).not.toThrow();
    expect(() => refuseLocalIds(ids, [], {}, 'hooks delete', ['a', 'b'])).not.toThrow();
    let err: unknown;
    try {
      refuseLocalIds(ids, ['3'], {}, 'hooks delete', ['a', 'b']);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe('ids differ per instance: hooks delete names system hook 3 by id, which is a different object (or none) on each of a, b');
    expect((err as UsageError).hint).toBe('name it by what is the same everywhere (--url URL), or run it on one instance with -p NAME');
  });
});
