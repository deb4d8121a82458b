// Paths are checked as the URL parser will send them (issue 40): a string check can be walked round
// by a TAB inside `..`, which the parser strips before it resolves dot segments.

import { describe, expect, it } from 'vitest';
import { apiPath } from '../../src/core/api-path.js';
import { UsageError } from '../../src/core/errors.js';

const ROOT = 'https://h.example/api/v4';

describe('apiPath', () => {
  it.each([['/.\t./.\t./admin/x'], ['/a/.\n./b/../../../x'], ['/../x'], ['/%2e%2E/x'], ['/a/..\\..\\..\\x']])('refuses %j, which leaves /api/v4', (raw) => {
    expect(() => apiPath(ROOT, raw)).toThrow(UsageError);
    expect(() => apiPath(ROOT, raw, { exact: true })).toThrow(UsageError);
  });

  it('refuses a path that escapes a base path', () => {
    expect(() => apiPath('https://h.example/gitlab/api/v4', '/../../x')).toThrow(/leaves the API \(\/gitlab\/api\/v4\/\)/);
  });

  it('with exact, refuses any rewrite the parser would make, even one that stays under the API', () => {
    for (const raw of ['/a/.\t./hooks/7', '/hooks/./7', '/hooks/%2e/7', '/groups/a\\b', '/a b']) expect(() => apiPath(ROOT, raw, { exact: true }), raw).toThrow(UsageError);
    expect(apiPath(ROOT, '/a/../hooks/7')).toBe('/a/../hooks/7');
  });

  it('accepts the paths forgectl makes', () => {
    for (const raw of ['/hooks/7', '/groups/acme%2Fweb/protected_environments/production', '/application/plan_limits?plan_name=default']) expect(apiPath(ROOT, raw, { exact: true })).toBe(raw);
    expect(apiPath('https://h.example/gitlab/api/v4', '/hooks/7', { exact: true })).toBe('/hooks/7');
  });

  it('names a control character visibly', () => {
    expect(() => apiPath(ROOT, '/.\t./.\t./admin/x')).toThrow('"/.\\t./.\\t./admin/x" leaves the API (/api/v4/)');
  });

  it('names DEL, C1 and bidi controls visibly too, as every other message does', () => {
    expect(() => apiPath(ROOT, '/../x\u202e')).toThrow('"/../x\\u202e" leaves the API (/api/v4/)');
    expect(() => apiPath(ROOT, '/../x\x7f\x9b')).toThrow('"/../x^?\\x9b" leaves the API (/api/v4/)');
  });
});
