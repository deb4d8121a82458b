// Rotation saves through the locked read–modify–write of the config (issue 14); the profile it saves to
// may have changed storage meanwhile (issue 19's set-storage in another process): the destination is
// the one the file names once locked.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileStore, byProfileName } from '../../src/core/profiles.js';

describe('ProfileStore.updateToken', () => {
  it('replaces a file token and keeps the other profiles written meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    // Another process adds a profile after this one read the file.
    const other = await ProfileStore.open(dir);
    await other.set('second', { url: 'https://b.example', token: 'bbbb' });
    const toKeyring = async () => {
      throw new Error('the file profile must not reach the credential store');
    };
    expect(await store.updateToken('main', 'https://a.example', 'new-secret', toKeyring)).toBe('file');
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(saved.profiles.main.token).toBe('new-secret');
    expect(saved.profiles.second.token).toBe('bbbb');
  });

  it('saves in the credential store when the profile moved there meanwhile, and leaves the file alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    const ref = { service: 'forgectl', account: `main@${dir}` };
    const moved = { default: 'main', profiles: { main: { url: 'https://a.example', keyring: ref } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(moved));
    // A token written next to the keyring reference would never be read: it goes where the profile reads.
    const saved: unknown[] = [];
    expect(await store.updateToken('main', 'https://a.example', 'new-secret', async (r) => void saved.push(r))).toBe('keyring');
    expect(saved).toEqual([ref]);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual(moved);
  });

  it('refuses when the profile reads its token from a command now, or is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    const helper = { default: 'main', profiles: { main: { url: 'https://a.example', tokenCommand: 'pass show forge' } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(helper));
    const toKeyring = async () => {
      throw new Error('must not be called');
    };
    await expect(store.updateToken('main', 'https://a.example', 'new-secret', toKeyring)).rejects.toThrow('profile main now reads its token from a command (changed meanwhile)');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual(helper);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: {} }));
    await expect(store.updateToken('main', 'https://a.example', 'new-secret', toKeyring)).rejects.toThrow('profile main was removed meanwhile');
  });

  it('refuses when the profile was pointed at another instance meanwhile, in the file and in the credential store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    // `profile add main --url https://b.example --yes` ran in another shell during the rotation.
    const elsewhere = { default: 'main', profiles: { main: { url: 'https://b.example', token: 'b-secret' } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(elsewhere));
    const toKeyring = async () => {
      throw new Error('must not be called');
    };
    await expect(store.updateToken('main', 'https://a.example', 'new-secret', toKeyring)).rejects.toThrow(
      'profile main now points at https://b.example (changed meanwhile), not at https://a.example which issued the token',
    );
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual(elsewhere);
    const ref = { service: 'forgectl', account: `main@${dir}` };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { main: { url: 'https://b.example', keyring: ref } } }));
    await expect(store.updateToken('main', 'https://a.example', 'new-secret', toKeyring)).rejects.toThrow('changed meanwhile');
  });
});

describe('byProfileName', () => {
  it('orders profile names as localeCompare does, case and punctuation included', () => {
    const alphabet = 'aAbBmMzZ09._-';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
    const names = ['prod', 'Prod', 'prod-eu', 'prod_eu', 'prod.eu', 'prod2', 'PROD', 'a', 'B', 'b'];
    for (let i = 0; i < 3000; i++) names.push(`${'aZ9'[i % 3]}${Array.from({ length: i % 5 }, () => alphabet[next()]).join('')}`);
    for (let i = 1; i < names.length; i++) {
      const [a, b] = [names[i - 1], names[i]];
      expect(Math.sign(byProfileName(a, b)), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b)));
    }
    expect(['b', 'B', 'a-1', 'a_1', 'A'].sort(byProfileName)).toEqual(['A', 'a_1', 'a-1', 'b', 'B']);
  });

  it('leaves a name outside the profile alphabet to localeCompare', () => {
    expect(Math.sign(byProfileName('é', 'f'))).toBe(Math.sign('é'.localeCompare('f')));
  });
});
