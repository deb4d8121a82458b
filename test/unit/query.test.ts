import { describe, expect, it } from 'vitest';
import { encodePathSegment, encodeQuery, withQuery } from '../../src/core/query.js';

describe('query encoding', () => {
  it('encodes arrays as key[]= and hashes as key[sub]=', () => {
    expect(encodeQuery({ iids: [1, 2], not: { labels: 'bug,ui', author_username: 'bob' } })).toBe(
      'iids[]=1&iids[]=2&not[labels]=bug%2Cui&not[author_username]=bob',
    );
  });

  it('leaves out undefined and null, writes booleans as true/false', () => {
    expect(encodeQuery({ a: undefined, b: null, c: true, d: false, e: 0 })).toBe('c=true&d=false&e=0');
  });

  it('percent-encodes values but keeps brackets in keys literal (as the service documents)', () => {
    expect(encodeQuery({ custom_attributes: { location: 'Antarctica & co' } })).toBe('custom_attributes[location]=Antarctica%20%26%20co');
    expect(encodeQuery({ search: 'a/b?c=d' })).toBe('search=a%2Fb%3Fc%3Dd');
  });

  it('appends to a URL that already has a query', () => {
    expect(withQuery('https://h/api/v4/x?page=2', { per_page: 5 })).toBe('https://h/api/v4/x?page=2&per_page=5');
    expect(withQuery('https://h/api/v4/x', {})).toBe('https://h/api/v4/x');
  });

  it('encodes a full project path as one segment', () => {
    expect(encodePathSegment('group/sub/project')).toBe('group%2Fsub%2Fproject');
    expect(encodePathSegment(42)).toBe('42');
  });
});
