// The one rule for files a command writes (src/core/output-file.ts): which names a fleet may use,
// which paths are a place for a file, and how one is written (whole, through a link).

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFleetFiles, checkOutputPath, resolveOutputFiles, writeOutputFile } from '../../src/core/output-file.js';

const dir = () => mkdtempSync(join(tmpdir(), 'forgectl-output-file-'));
const OUT = { out: { flag: '--out' } };

describe('names over a fleet', () => {
  it('needs {profile} with more than one instance; one instance needs none, and may give -', () => {
    const d = dir();
    expect(() => checkFleetFiles(OUT, { out: join(d, 'p.json') }, ['a', 'b'])).toThrow(/would be written by each of the 2 instances/);
    expect(() => checkFleetFiles(OUT, { out: join(d, 'p.json') }, ['a'])).not.toThrow();
    // Two documents one after the other on standard output are no plan a reader can take.
    expect(() => checkFleetFiles(OUT, { out: '-' }, ['a', 'b'])).toThrow(/^--out - would print the 2 instances' documents one after the other on standard output: give a file name with \{profile\} instead/);
    expect(() => checkFleetFiles(OUT, { out: '-' }, ['a'])).not.toThrow();
    expect(() => checkFleetFiles(OUT, { out: join(d, 'p-{profile}.json') }, ['a', 'b'])).not.toThrow();
    // Every instance's name is checked before any runs: b's is a directory.
    mkdirSync(join(d, 'p-b.json'));
    expect(() => checkFleetFiles(OUT, { out: join(d, 'p-{profile}.json') }, ['a', 'b'])).toThrow(/p-b\.json is a directory/);
  });

  it('expands {profile} for the instance, and refuses it with no profile in use', async () => {
    expect(await resolveOutputFiles(OUT, { out: 'plan-{profile}.json', other: 1 }, async () => 'dr')).toEqual({ out: 'plan-dr.json', other: 1 });
    await expect(resolveOutputFiles(OUT, { out: 'plan-{profile}.json' }, async () => undefined)).rejects.toThrow(/names the profile in use, and there is none/);
  });
});

describe('an output path', () => {
  it('is refused where nothing can be written, or, for a fresh file, where something is', () => {
    const d = dir();
    expect(() => checkOutputPath('--out', join(d, 'missing', 'p.json'))).toThrow(/is not a directory/);
    expect(() => checkOutputPath('--out', ' ')).toThrow(/needs a file name/);
    writeFileSync(join(d, 'old.json'), '[]');
    expect(() => checkOutputPath('--out', join(d, 'old.json'))).not.toThrow();
    expect(() => checkOutputPath('--secrets-to', join(d, 'old.json'), { fresh: true })).toThrow(/already exists/);
    // A dangling link is something there too: a secret would go wherever it points.
    symlinkSync(join(d, 'nowhere.json'), join(d, 'dangling.json'));
    expect(() => checkOutputPath('--secrets-to', join(d, 'dangling.json'), { fresh: true })).toThrow(/already exists/);
  });

  it('is written whole through a link, the link kept and no file left beside it', () => {
    const d = dir();
    mkdirSync(join(d, 'real'));
    writeFileSync(join(d, 'real', 'plan.json'), 'old');
    symlinkSync(join(d, 'real', 'plan.json'), join(d, 'plan.json'));
    writeOutputFile('--out', join(d, 'plan.json'), 'new\n');
    expect(readlinkSync(join(d, 'plan.json'))).toBe(join(d, 'real', 'plan.json'));
    expect(readFileSync(join(d, 'real', 'plan.json'), 'utf8')).toBe('new\n');
    expect(readdirSync(join(d, 'real'))).toEqual(['plan.json']);
  });

  it('is written under the longest name the file system takes (255 bytes): the file beside it is named within the limit too', () => {
    const d = dir();
    const name = `${'p'.repeat(250)}.json`;
    writeOutputFile('--out', join(d, name), 'new\n');
    expect(readFileSync(join(d, name), 'utf8')).toBe('new\n');
    expect(readdirSync(d)).toEqual([name]);
  });
});
