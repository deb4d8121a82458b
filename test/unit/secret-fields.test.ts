import { describe, expect, it } from 'vitest';
import { MASK } from '../../src/core/output.js';
import { isTokenLikeKey, maskTokenLike } from '../../src/core/secret-fields.js';

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
    expect(['token', 'runners_token', 'secret', 'private_key'].every(isTokenLikeKey)).toBe(true);
    expect(['token_type', 'tokens_count', 'secret_detection_enabled'].some(isTokenLikeKey)).toBe(false);
  });
});
