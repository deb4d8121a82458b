// Output that reaches a terminal: server data with control characters is shown, never obeyed;
// credentials inside URLs are masked in every format; YAML quotes what YAML 1.1 reads as bool/null.

import { PassThrough } from 'node:stream';
import { MockAgent } from 'undici';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { list, object, render, text, type OutputFormat } from '../../src/core/output.js';
import { maskUrlCredentials, mayHoldUrlCredentials, visible } from '../../src/core/safe-text.js';
import { runCli } from '../helpers/harness.js';

async function out(result: Parameters<typeof render>[0], format: OutputFormat, tty = false) {
  const stdout = new PassThrough();
  let s = '';
  stdout.on('data', (c) => (s += c));
  await render(result, { format, stdout, stderr: new PassThrough(), isTTY: tty, color: false });
  return s;
}

const evil = { id: 1, title: 'fix \x1b[31mred\x1b[0m \x1b]0;owned\x07 \x9b2J \x7f end', url: 'https://deploy:s3cret-pass@hooks.example.com/x' };
const cols = [{ key: 'id' }, { key: 'title' }, { key: 'url' }];
// Anything a terminal could act on: ESC, BEL, other C0 but tab/newline, DEL, C1.
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('control characters in table and plain output', () => {
  it('are shown visibly in a pipe (TSV) and on a terminal, in lists and objects', async () => {
    for (const tty of [false, true]) {
      for (const result of [list([evil], cols), object(evil)]) {
        const s = await out(result, 'table', tty);
        expect(s).not.toMatch(RAW_CONTROL);
        expect(s).toContain('^[[31mred^[[0m');
        expect(s).toContain('^[]0;owned^G');
        expect(s).toContain('\\x9b2J');
        expect(s).toContain('^? end');
      }
    }
  });

  it('text results are safe in a pipe (a CI log) as on a terminal; exact ones (a file, an answer as received) are exact in a pipe', async () => {
    for (const tty of [false, true]) expect(await out(text('a\x1b[2Jb\tc\n'), 'table', tty)).toBe('a^[[2Jb\tc\n');
    expect(await out(text('a\x1b[2Jb\n', { exact: true }), 'table', false)).toBe('a\x1b[2Jb\n');
    expect(await out(text('a\x1b[2Jb\tc\n', { exact: true }), 'table', true)).toBe('a^[[2Jb\tc\n');
  });

  it('json, ndjson and yaml keep the exact value, escaped by their format', async () => {
    const j = await out(object(evil), 'json', true);
    expect(j).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(j).title).toBe(evil.title);
    const nd = await out(list([evil, evil], cols), 'ndjson');
    expect(nd).not.toMatch(RAW_CONTROL);
    expect(nd.trim().split('\n').map((l) => JSON.parse(l).title)).toEqual([evil.title, evil.title]);
    const y = await out(object(evil), 'yaml');
    expect(y).not.toMatch(RAW_CONTROL);
    expect(parseYaml(y).title).toBe(evil.title);
  });
});

describe('Unicode bidi controls (Trojan Source: a name that reads in another order than it is)', () => {
  // RLO makes `evil\u202Etxt.exe` show as `evilexe.txt`; the isolates and marks reorder text too.
  const spoof = { id: 1, title: 'evil\u202Etxt.exe', name: 'a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di\u200Ej\u200Fk\u061Cl' };
  const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

  it('are shown as \\uXXXX in tables on a terminal and in TSV, in lists and objects', async () => {
    for (const tty of [false, true]) {
      for (const result of [list([spoof], [{ key: 'id' }, { key: 'title' }, { key: 'name' }]), object(spoof)]) {
        const s = await out(result, 'table', tty);
        expect(s, `tty=${tty}`).not.toMatch(BIDI);
        expect(s).toContain('evil\\u202etxt.exe');
        expect(s).toContain('a\\u2066b\\u2067c\\u2068d\\u2069e\\u202af\\u202bg\\u202ch\\u202di\\u200ej\\u200fk\\u061cl');
      }
    }
  });

  it('text results show them; exact ones (api raw) show them on a terminal and pass them exactly to a pipe', async () => {
    for (const tty of [false, true]) expect(await out(text('evil\u202Etxt.exe'), 'table', tty)).toBe('evil\\u202etxt.exe\n');
    expect(await out(text('evil\u202Etxt.exe', { exact: true }), 'table', true)).toBe('evil\\u202etxt.exe\n');
    expect(await out(text('evil\u202Etxt.exe', { exact: true }), 'table', false)).toBe('evil\u202Etxt.exe\n');
  });

  it('json, ndjson and yaml escape them and keep the value', async () => {
    for (const format of ['json', 'ndjson', 'yaml'] as const) {
      const s = await out(list([spoof], []), format);
      expect(s, format).not.toMatch(BIDI);
      const parsed = format === 'yaml' ? parseYaml(s) : JSON.parse(format === 'ndjson' ? `[${s.trim()}]` : s);
      expect(parsed, format).toEqual([spoof]);
    }
  });
});

describe('credentials inside URLs', () => {
  it('are masked in every format', async () => {
    for (const format of ['table', 'json', 'yaml', 'ndjson'] as const) {
      for (const tty of [false, true]) {
        const s = await out(list([evil], cols), format, tty);
        expect(s, `${format} tty=${tty}`).not.toContain('s3cret-pass');
        expect(s).toContain('https://deploy:********@hooks.example.com/x');
      }
    }
  });

  it('masks credential query and fragment parameters in every format and in text, in a pipe too, and keeps the others', async () => {
    const hook = { id: 2, url: 'https://h.example/in?token=qtok-1&team=ops&sig=sv-2#access_token=frag-3' };
    const masked = 'https://h.example/in?token=********&team=ops&sig=********#access_token=********';
    for (const format of ['table', 'json', 'yaml', 'ndjson'] as const) {
      for (const tty of [false, true]) {
        for (const result of [list([hook], [{ key: 'id' }, { key: 'url' }]), object(hook)]) {
          const s = await out(result, format, tty);
          expect(s, `${format} tty=${tty}`).not.toMatch(/qtok-1|sv-2|frag-3/);
          expect(s).toContain(masked);
        }
      }
    }
    expect(await out(text(`± replace system_hooks ${hook.url}`), 'table', false)).toBe(`± replace system_hooks ${masked}\n`);
  });

  it('knows credential parameters by GitLab\'s rule of filtered names and signed URLs, also nested and encoded', () => {
    const cases: [string, string][] = [
      ['https://h/x?private_token=glpat-1&page=2', 'https://h/x?private_token=********&page=2'],
      ['/feed.atom?feed_token=glft-1', '/feed.atom?feed_token=********'],
      ['https://s3/b/o?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=ab12&X-Amz-Security-Token=t', 'https://s3/b/o?X-Amz-Credential=********&X-Amz-Signature=********&X-Amz-Security-Token=********'],
      ['https://blob/c?sv=2020&sig=abc%3D', 'https://blob/c?sv=2020&sig=********'],
      ['https://h/?next=https://i/cb?access_token=t9', 'https://h/?next=https://i/cb?access_token=********'],
      ['https://h/?private%5Ftoken=x1&api_key[]=k2&x=1;password=p3', 'https://h/?private%5Ftoken=********&api_key[]=********&x=1;password=********'],
      ['https://h/?client_secret=s&passphrase=p&key=k', 'https://h/?client_secret=********&passphrase=********&key=********'],
    ];
    for (const [raw, want] of cases) expect(maskUrlCredentials(raw), raw).toBe(want);
    // Not credentials: plain parameters, names that only look alike, empty values, prose.
    for (const plain of ['https://h/?sort=asc&per_page=100&token_type=bearer', 'https://h/?token=', 'a = b', 'x?keys=1&design=2', 'if (a==b)']) {
      expect(maskUrlCredentials(plain), plain).toBe(plain);
    }
  });

  it('masks user:password and a lone token, and leaves e-mail addresses alone', () => {
    expect(maskUrlCredentials('see https://u:p@h.example/a and http://glpat-abc@h2/')).toBe('see https://u:********@h.example/a and http://********@h2/');
    expect(maskUrlCredentials('mail alice@example.com')).toBe('mail alice@example.com');
    expect(visible('a\tb\nc\x1b')).toBe('a\tb\nc^[');
  });

  it('the quick look at JSON text finds every string whose URL credentials are masked, escaped or not, at any depth', () => {
    // JSON and ndjson lines are walked for URLs only where this look says so: it may say yes too
    // often, never too seldom. Strings from the characters that matter, in a fixed pseudo-random order.
    const alphabet = ['h', 't', 'p', 's', ':', '/', '@', '"', '\\', ' ', '?', '#', '.', 'u', '\n', '\x01', '\u202e', 'é', '=', '&', ';', 'token', 'sig', '%5F'];
    let seed = 27;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
    let masked = 0;
    for (let n = 0; n < 20000; n++) {
      let str = '';
      for (let len = 3 + (n % 20); len > 0; len--) str += alphabet[next()];
      if (n % 3 === 0) str = `https://${str}@host/x`;
      else if (n % 3 === 1) str = `https://host/x?${str}`;
      if (maskUrlCredentials(str) === str) continue;
      masked++;
      for (const value of [{ k: str }, [1, { deep: [str] }], { [str]: str }]) {
        for (const indent of [undefined, 2]) expect(mayHoldUrlCredentials(JSON.stringify(value, null, indent)), JSON.stringify(str)).toBe(true);
      }
    }
    expect(masked).toBeGreaterThan(1000);
    // And it says no where nothing is to mask: ssh remotes and e-mail addresses next to plain URLs.
    expect(mayHoldUrlCredentials(JSON.stringify({ ssh: 'git@h:g/p.git', web: 'https://h/g/p', email: 'a@b.c', q: 'https://h/?a=b@c', page: 'https://h/?page=2&sort=asc' }))).toBe(false);
  });
});

describe('YAML output', () => {
  it('quotes strings a YAML 1.1 reader takes as booleans or null', async () => {
    const values = { a: 'no', b: 'yes', c: 'on', d: 'off', e: 'Y', f: 'n', g: 'null', h: '~', i: 'true', j: 'NO', k: 'plain', l: true, m: null };
    const y = await out(object(values), 'yaml');
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) expect(y).toMatch(new RegExp(`^${k}: "`, 'm'));
    expect(y).toMatch(/^k: plain$/m);
    expect(y).toMatch(/^l: true$/m);
    expect(y).toMatch(/^m: null$/m);
    expect(parseYaml(y)).toEqual(values);
    expect(parseYaml(y, { version: '1.1' })).toEqual(values);
  });
});

describe('--fields naming a field the data lacks', () => {
  it('warns once on stderr in every format instead of printing blank columns silently', async () => {
    for (const format of ['table', 'json', 'ndjson', 'yaml'] as const) {
      for (const result of [list([{ id: 1 }, { id: 2 }], [{ key: 'id' }]), object({ id: 1 })]) {
        const stdout = new PassThrough();
        const stderr = new PassThrough();
        let err = '';
        stderr.on('data', (c) => (err += c));
        stdout.resume();
        await render(result, { format, fields: ['id', 'nosuchfield'], stdout, stderr, isTTY: false, color: false });
        await new Promise((r) => setImmediate(r));
        expect(err, format).toBe('warning: --fields: nosuchfield is not a field of this output\n');
      }
    }
  });
});

describe('--verbose traces of server answers', () => {
  it('show control characters in headers and bodies instead of sending them to the terminal', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://git.example.com')
      .intercept({ path: '/api/v4/version' })
      .reply(200, { version: '17.2.1', revision: 'x\x1b]0;owned\x07' }, { headers: { 'content-type': 'application/json', 'x-note': 'a\x1b[2Jb' } });
    const r = await runCli(['api', '/version', '-v'], { env: { FORGECTL_URL: 'https://git.example.com', FORGECTL_TOKEN: 'glpat-x' }, dispatcher: agent });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('< 200');
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('a^[[2Jb');
    agent.assertNoPendingInterceptors();
  });
});

describe('the JSON error line on stderr (-o json)', () => {
  it('escapes DEL and C1 and masks URL credentials from the server, and still parses', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://git.example.com')
      .intercept({ path: '/api/v4/version' })
      .reply(403, { message: '403 Forbidden \x9b2J', mirror: 'https://bot:hunter2@mirror.example.com/x.git' }, { headers: { 'content-type': 'application/json' } });
    const r = await runCli(['api', '/version', '-o', 'json'], { env: { FORGECTL_URL: 'https://git.example.com', FORGECTL_TOKEN: 'glpat-x' }, dispatcher: agent });
    expect(r.exitCode).toBe(4);
    const line = r.stderr.split('\n').find((l) => l.startsWith('{'))!;
    expect(line).not.toMatch(RAW_CONTROL);
    expect(line).not.toContain('hunter2');
    expect(JSON.parse(line)).toMatchObject({ status: 403, message: '403 Forbidden \x9b2J', mirror: 'https://bot:********@mirror.example.com/x.git' });
    agent.assertNoPendingInterceptors();
  });
});
