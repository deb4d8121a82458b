import { describe, expect, it } from 'vitest';
import { MASK } from '../../src/core/output.js';
import { maskTokenLike } from '../../src/core/secret-fields.js';

describe('token-like fields', () => {
  it('masks string values under token-like keys at any depth, and nothing else', () => {
    const project = {
      id: 1,
      runners_token: 'GR1348941abc',
      token_type: 'personal',
      ci_job_token_scope_enabled: false,
      runner_token_expiration_interval: null,
      empty_token: '',
      hooks: [{ url: 'https://x', webhook_secret: 's3cret' }],
      integration: { password: 'p', api_key: 'k', description: 'token rotation notes' },
    };
    expect(maskTokenLike(project)).toEqual({
      id: 1,
      runners_token: MASK,
      token_type: 'personal',
      ci_job_token_scope_enabled: false,
      runner_token_expiration_interval: null,
      empty_token: '',
      hooks: [{ url: 'https://x', webhook_secret: MASK }],
      integration: { password: MASK, api_key: MASK, description: 'token rotation notes' },
    });
    expect(project.runners_token).toBe('GR1348941abc');
  });

  it('copies only what holds a masked value: a list item with nothing to mask is not copied at all', () => {
    const clean = { id: 1, namespace: { id: 2 }, tags: ['a'], token_type: 'personal', runners_token: '' };
    expect(maskTokenLike(clean)).toBe(clean);
    const project = { id: 1, namespace: { id: 2, path: 'g' }, hooks: [{ id: 3 }, { id: 4, token: 't' }], runners_token: 'GR1348941abc' };
    const masked = maskTokenLike(project);
    expect(masked).not.toBe(project);
    // Shared, not copied: the parts without a secret.
    expect(masked.namespace).toBe(project.namespace);
    expect(masked.hooks[0]).toBe(project.hooks[0]);
    expect(masked.hooks[1]).toEqual({ id: 4, token: MASK });
    expect(Object.keys(masked)).toEqual(Object.keys(project));
    expect(project.hooks[1].token).toBe('t');
  });
});
