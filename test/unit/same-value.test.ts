// "The same" inside objects: a key set to null or '' is as absent as a null or '' value at the top,
// so a plan shows no change where the instance already holds what the file says.

import { describe, expect, it } from 'vitest';
import { sameValue } from '../../src/core/same-value.js';
import { fieldChanges } from '../../src/commands/state/plan.js';

describe('sameValue inside objects', () => {
  it('takes a nested null or empty string as absent, as at the top level', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: null }, {})).toBe(true);
    expect(sameValue({}, { a: '' })).toBe(true);
    expect(sameValue({ a: '' }, { a: null })).toBe(true);
    expect(sameValue({ a: { b: null, c: 1 } }, { a: { c: 1 } })).toBe(true);
    // Something held is still a difference.
    expect(sameValue({ a: null }, { a: 0 })).toBe(false);
    expect(sameValue({ a: '' }, { a: 'x' })).toBe(false);
    expect(sameValue({ a: [] }, {})).toBe(false);
  });

  it('does the same for the entries of a list, compared as a set', () => {
    expect(sameValue([{ access_level: 40, user_id: null }], [{ access_level: 40 }])).toBe(true);
    expect(sameValue([{ user_id: 2, group_id: '' }, { access_level: 30 }], [{ access_level: 30, group_id: null }, { user_id: 2 }])).toBe(true);
    expect(sameValue([{ access_level: 40, user_id: null }], [{ access_level: 30 }])).toBe(false);
  });

  it('gives no change in a plan where the instance holds the object the file asks for', () => {
    const file = { default_branch_protection_defaults: { allowed_to_push: [{ access_level: 40 }], allow_force_push: false, developer_can_initial_push: null } };
    const instance = { default_branch_protection_defaults: { allow_force_push: false, allowed_to_push: [{ access_level: 40, user_id: null }] } };
    expect(fieldChanges(file, instance)).toEqual([]);
    expect(fieldChanges({ repository_storages_weighted: { default: 100, cold: '' } }, { repository_storages_weighted: { default: 100 } })).toEqual([]);
    expect(fieldChanges({ repository_storages_weighted: { default: 100, cold: 5 } }, { repository_storages_weighted: { default: 100 } })).toHaveLength(1);
  });
});
