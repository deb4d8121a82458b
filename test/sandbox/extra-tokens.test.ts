// Issue 36.7: generated tokens and owners for the audit benchmark, served like the seeded ones.

import { describe, expect, it } from 'vitest';
import { all, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'empty', extraTokens: 300, extraTokenOwners: 30 });

describe('extraTokens', () => {
  it('adds the tokens, owned by that many generated users, with every kind of audit finding', async () => {
    const sb = sandbox();
    const tokens = await all(sb, '/personal_access_tokens?per_page=100', sb.tokens.admin);
    const generated = tokens.filter((t) => t.name.startsWith('generated-'));
    expect(generated).toHaveLength(300);
    const owners = new Set(generated.map((t) => t.user_id));
    expect(owners.size).toBe(30);
    const users = await all(sb, '/users?per_page=100', sb.tokens.admin);
    expect(users.filter((u) => owners.has(u.id)).map((u) => u.username)).toHaveLength(30);
    expect(generated.some((t) => t.expires_at === null)).toBe(true);
    expect(generated.some((t) => t.last_used_at === null)).toBe(true);
    expect(generated.some((t) => t.revoked)).toBe(true);
    expect(generated.some((t) => t.active === false && !t.revoked)).toBe(true);
    expect(generated.some((t) => t.scopes.includes('sudo'))).toBe(true);
  });
});
