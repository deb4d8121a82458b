// Rotation saves through the locked read–modify–write of the config (issue 14); the profile it saves to
// may have changed storage meanwhile (issue 19's set-storage in another process).

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileStore } from '../../src/core/profiles.js';

describe('ProfileStore.updateToken', () => {
  it('replaces a file token and keeps the other profiles written meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    // Another process adds a profile after this one read the file.
    const other = await ProfileStore.open(dir);
    await other.set('second', { url: 'https://b.example', token: 'bbbb' });
    await store.updateToken('main', 'new-secret');
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(saved.profiles.main.token).toBe('new-secret');
    expect(saved.profiles.second.token).toBe('bbbb');
  });

  it('refuses when the profile no longer reads its token from the file (moved to the keyring meanwhile)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-store-'));
    const store = await ProfileStore.open(dir);
    await store.set('main', { url: 'https://a.example', token: 'old-secret' });
    const moved = { default: 'main', profiles: { main: { url: 'https://a.example', keyring: { service: 'forgectl', account: `main@${dir}` } } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(moved));
    // A token written next to the keyring reference would never be read: say so instead (exit 1 in rotate).
    await expect(store.updateToken('main', 'new-secret')).rejects.toThrow(/profile main no longer keeps its token in .*config\.json/);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual(moved);
  });
});
