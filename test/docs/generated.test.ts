// Completions and man pages are generated from the command tree; the checked-in copies must be
// what `npm run docs` would write now, and each shell must really complete from them.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../src/docs/generate.js';
import { COMPLETION_FILES } from '../../src/docs/index.js';
import { BIN, cleanEnv, forgectl, tempDir } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

describe('generated files', () => {
  it('match what `npm run docs` would write (run it after changing commands)', () => {
    const files = generatedFiles();
    for (const [path, text] of files) {
      expect(existsSync(join(ROOT, path)), `${path} is missing: run npm run docs`).toBe(true);
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale: run npm run docs`).toBe(text);
    }
    const pages = readdirSync(join(ROOT, 'man')).filter((f) => /\.[15]$/.test(f));
    expect(pages.sort()).toEqual([...files.keys()].filter((p) => p.startsWith('man/')).map((p) => p.slice(4)).sort());
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect([...pkg.man].sort()).toEqual(pages.map((p) => `./man/${p}`).sort());
  });

  it('give every man page an EXAMPLES section with a forgectl command line', () => {
    for (const [path, text] of generatedFiles()) {
      if (!path.startsWith('man/')) continue;
      const section = /\n\.SH EXAMPLES\n([\s\S]*?)\n\.SH /.exec(text)?.[1];
      expect(section, `${path} has no EXAMPLES`).toBeDefined();
      expect(section, path).toMatch(/^\$ .*\bforgectl /m);
    }
  });

  it('are printed by `forgectl completion SHELL`', async () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const res = await forgectl(['completion', shell]);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(`${res.stdout}\n`).toBe(readFileSync(join(ROOT, COMPLETION_FILES[shell]), 'utf8')); // execa strips the last newline
    }
    const bad = await forgectl(['completion', 'tcsh']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/bash, zsh, fish/);
  });

  // The single executable has no man/ next to it: the pages come from the command tree it runs.
  it('are printed by `forgectl man [GROUP]`, every page byte for byte', async () => {
    const pages = readdirSync(join(ROOT, 'man')).filter((f) => /\.[15]$/.test(f));
    expect(pages).toContain('forgectl-man.1');
    // Some thirty start-ups: four at a time, so a loaded machine does not run them one by one into the timeout.
    const queue = [...pages];
    const check = async (): Promise<void> => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        const name = page.slice('forgectl-'.length, -'.1'.length);
        const group = page === 'forgectl.1' ? [] : page.endsWith('.5') ? ['5', name] : [name];
        const res = await forgectl(['man', ...group]);
        expect(res.exitCode, res.stderr).toBe(0);
        expect(`${res.stdout}\n`, page).toBe(readFileSync(join(ROOT, 'man', page), 'utf8'));
      }
    };
    await Promise.all([check(), check(), check(), check()]);
    // A command below a group shows its group's page, where it is documented.
    const sub = await forgectl(['man', 'projects', 'list']);
    expect(`${sub.stdout}\n`).toBe(readFileSync(join(ROOT, 'man/forgectl-projects.1'), 'utf8'));
  }, 120_000);
});

/** A PATH where `forgectl` is the built binary, and a config with two profiles, for profile-name completion. */
async function completionEnv(): Promise<Record<string, string>> {
  const binDir = tempDir('forgectl-path-');
  symlinkSync(BIN, join(binDir, 'forgectl'));
  const configDir = tempDir();
  for (const name of ['staging', 'production']) {
    const res = await forgectl(['profile', 'add', name, '--url', 'https://gitlab.example.com', '--token-stdin', '--no-verify'], { configDir, input: 'glpat-00000000000000000000\n' });
    expect(res.exitCode, res.stderr).toBe(0);
  }
  return cleanEnv({ PATH: `${binDir}:${process.env.PATH}`, FORGECTL_CONFIG_DIR: configDir });
}

// Command lines (the last word is being completed) and what must be offered.
const CASES: [string[], string[]][] = [
  [['forgectl', 'to'], ['token']],
  [['forgectl', 'token', 'r'], ['revoke', 'rotate']],
  [['forgectl', 'token', 'list', '--st'], ['--state']],
  [['forgectl', 'token', 'ls', '--state', ''], ['active', 'inactive']],
  [['forgectl', '-o', ''], ['csv', 'json', 'markdown', 'ndjson', 'table', 'yaml']],
  [['forgectl', '--profile', 'x', 'token', 'ro'], ['rotate']],
  [['forgectl', 'projects', 'list', '--visibility', 'p'], ['private', 'public']],
  [['forgectl', 'profile', 'use', ''], ['production', 'staging']],
  [['forgectl', '-p', 's'], ['staging']],
  [['forgectl', 'man', 'pro'], ['profile', 'projects']],
  // Values from the models (issue 37.7): setting names, plan-limit names, sections, tiers.
  [['forgectl', 'settings', 'get', 'signup_e'], ['signup_enabled']],
  [['forgectl', 'settings', 'get', 'signup_enabled', 'default_project_vis'], ['default_project_visibility']],
  // KEY=VALUE arguments: the name with its '=' (and no space after it).
  [['forgectl', 'settings', 'set', 'spam_service_e'], ['spam_service_enabled=']],
  [['forgectl', 'plan-limits', 'set', 'conan'], ['conan_max_file_size=']],
  [['forgectl', 'state', 'export', '--only', 's'], ['settings', 'system_hooks']],
  [['forgectl', 'envs', 'protect', 'acme', 'p'], ['production']],
  [['forgectl', 'envs', 'protect', 'p'], []],
  // The fleet (issue 42.5): --profiles takes profile names, --where the findings, -o only what the command prints.
  [['forgectl', '--profiles', 's'], ['staging']],
  [['forgectl', 'token', 'list', '--profiles', ''], ['production', 'staging']],
  [['forgectl', 'token', 'revoke', '--where', ''], ['broad', 'expiring', 'no-expiry', 'unused']],
  [['forgectl', 'token', 'rotate', '--where', 'ex'], ['expiring']],
  [['forgectl', 'token', 'self', '-o', ''], ['csv', 'json', 'ndjson', 'table', 'yaml']],
  [['forgectl', 'state', 'plan', '-o', 'm'], ['markdown']],
  [['forgectl', 'completion', '-o', ''], []],
];

function sorted(lines: string): string[] {
  return [...new Set(lines.split('\n').map((l) => l.trim()).filter(Boolean))].sort();
}

describe('completion in real shells', () => {
  it('bash completes commands, flags, values and profile names', async () => {
    const env = await completionEnv();
    for (const [words, expected] of CASES) {
      const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.bash))}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_forgectl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' });
      expect(sorted(out), words.join(' ')).toEqual(expected);
    }
  });

  // After KEY= of a KEY=VALUE argument: KEY's values when they can be listed (switches, choices),
  // never more names. bash splits the word at '=' (KEY, =, value); zsh offers the value alone;
  // fish the whole word.
  const ASSIGNED: { words: string[]; bash: string[]; zsh: string[]; fish: string[] }[] = [
    { words: ['forgectl', 'settings', 'set', 'signup_enabled=t'], bash: ['true'], zsh: ['true'], fish: ['signup_enabled=true'] },
    { words: ['forgectl', 'settings', 'set', 'default_project_visibility='], bash: ['internal', 'private', 'public'], zsh: ['internal', 'private', 'public'], fish: ['default_project_visibility=internal', 'default_project_visibility=private', 'default_project_visibility=public'] },
    { words: ['forgectl', 'settings', 'set', 'spam_service_enabled=f'], bash: ['false'], zsh: ['false'], fish: ['spam_service_enabled=false'] },
    { words: ['forgectl', 'plan-limits', 'set', 'conan_max_file_size='], bash: [], zsh: [], fish: [] },
  ];

  it('bash completes the value after KEY=, and no name there', async () => {
    const env = await completionEnv();
    for (const { words, bash } of ASSIGNED) {
      const last = words.at(-1)!;
      const split = [...words.slice(0, -1), last.slice(0, last.indexOf('=')), '=', ...(last.endsWith('=') ? [] : [last.slice(last.indexOf('=') + 1)])];
      const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.bash))}
COMP_WORDS=(${split.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${split.length - 1}; COMPREPLY=()
_forgectl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' });
      expect(sorted(out), split.join(' ')).toEqual(bash);
    }
  });

  it.skipIf(!has('fish'))('fish completes the value after KEY=', async () => {
    const env = await completionEnv();
    for (const { words, fish } of ASSIGNED) {
      const line = words.join(' ');
      const out = execFileSync('fish', ['--no-config', '-c', `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.fish))}; complete -C${JSON.stringify(line)} | cut -f1`], { env, encoding: 'utf8' });
      expect(sorted(out), line).toEqual(fish);
    }
  });

  // After the names already typed: bash and fish complete the whole word, zsh the part after the comma.
  const COMMA = ['forgectl', '--profiles', 'staging,p'];
  it('completes the profile name after the last comma of --profiles', async () => {
    const env = await completionEnv();
    const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.bash))}
COMP_WORDS=(${COMMA.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${COMMA.length - 1}; COMPREPLY=()
_forgectl; printf '%s\\n' "\${COMPREPLY[@]}"`;
    expect(sorted(execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' }))).toEqual(['staging,production']);
    if (has('fish')) {
      const out = execFileSync('fish', ['--no-config', '-c', `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.fish))}; complete -C${JSON.stringify(COMMA.join(' '))} | cut -f1`], { env, encoding: 'utf8' });
      expect(sorted(out)).toEqual(['staging,production']);
    }
  });

  it('bash completes profile names from the --config-dir on the command line', async () => {
    const env = await completionEnv();
    const other = tempDir();
    const res = await forgectl(['profile', 'add', 'elsewhere', '--url', 'https://gitlab.example.com', '--token-stdin', '--no-verify'], { configDir: other, input: 'glpat-00000000000000000000\n' });
    expect(res.exitCode, res.stderr).toBe(0);
    for (const words of [['forgectl', '--config-dir', other, 'profile', 'use', ''], ['forgectl', `--config-dir=${other}`, '-p', '']]) {
      const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.bash))}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_forgectl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' });
      expect(sorted(out), words.join(' ')).toEqual(['elsewhere']);
    }
  });

  it('zsh and fish complete profile names from the --config-dir or --inventory on the command line, as bash does', async () => {
    const env = await completionEnv();
    const other = tempDir();
    const res = await forgectl(['profile', 'add', 'elsewhere', '--url', 'https://gitlab.example.com', '--token-stdin', '--no-verify'], { configDir: other, input: 'glpat-00000000000000000000\n' });
    expect(res.exitCode, res.stderr).toBe(0);
    const inventory = join(tempDir(), 'inv.yaml');
    writeFileSync(inventory, 'instances:\n  inv-eu:\n    url: https://eu.example.com\n    token: {env: EU_TOKEN}\n  inv-us:\n    url: https://us.example.com\n    token: {env: US_TOKEN}\n');
    const lines: [string[], string[]][] = [
      [['forgectl', '--config-dir', other, '-p', ''], ['elsewhere']],
      [['forgectl', `--inventory=${inventory}`, '--profiles', ''], ['inv-eu', 'inv-us']],
      [['forgectl', '--inventory', inventory, 'token', 'self', '-p', 'inv-u'], ['inv-us']],
    ];
    for (const [words, expected] of lines) {
      const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.bash))}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_forgectl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      expect(sorted(execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8' })), `bash: ${words.join(' ')}`).toEqual(expected);
      if (has('fish')) {
        const fish = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.fish))}; complete -C${JSON.stringify(words.join(' '))} | cut -f1`;
        expect(sorted(execFileSync('fish', ['--no-config', '-c', fish], { env, encoding: 'utf8' })), `fish: ${words.join(' ')}`).toEqual(expected);
      }
      if (has('zsh')) {
        const zsh = `compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; local a; for a in "$@"; do [[ $a == \${PREFIX}* ]] && print -r -- "$a"; done }
_describe() { }
compset() { [[ $1 == -P ]] && PREFIX=\${PREFIX##\${~2}} }
compdef() { }
source ${JSON.stringify(join(ROOT, COMPLETION_FILES.zsh))}
words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; PREFIX=\${words[CURRENT]}
_forgectl; true`;
        expect(sorted(execFileSync('zsh', ['-f', '-c', zsh], { env, encoding: 'utf8' })), `zsh: ${words.join(' ')}`).toEqual(expected);
      }
    }
  });

  it.skipIf(!has('fish'))('fish completes commands, flags, values and profile names', async () => {
    const env = await completionEnv();
    for (const [words, expected] of CASES) {
      const line = words.join(' ');
      const script = `source ${JSON.stringify(join(ROOT, COMPLETION_FILES.fish))}; complete -C${JSON.stringify(line)} | cut -f1`;
      const out = execFileSync('fish', ['--no-config', '-c', script], { env, encoding: 'utf8' });
      expect(sorted(out), line).toEqual(expected);
    }
  });

  // zsh's completion builtins only run inside a line editor widget; this harness replaces the three
  // it uses (compadd, _describe, compset) by functions that print what would be offered, filtered by
  // the typed prefix as zsh does, and runs the generated _forgectl unchanged.
  it.skipIf(!has('zsh'))('zsh completes commands, flags, values and profile names', async () => {
    const env = await completionEnv();
    const harness = `
__emit() { local a; for a in "$@"; do [[ $a == \${PREFIX}* ]] && print -r -- "$a"; done }
compadd() { local suffix=; while [[ $# -gt 0 && $1 != -- ]]; do [[ $1 == -S ]] && { suffix=$2; shift; }; shift; done; shift; __emit "\${@/%/$suffix}" }
_describe() { local -a names; local p; for p in "\${(@P)4}"; do names+=("\${p%%:*}"); done; __emit "\${names[@]}" }
_files() { print -r -- FILES }
_directories() { print -r -- DIRECTORIES }
compset() { [[ $1 == -P ]] && PREFIX=\${PREFIX##\${~2}} }
compdef() { }
source ${JSON.stringify(join(ROOT, COMPLETION_FILES.zsh))}
`;
    const assigned = ASSIGNED.map(({ words, zsh }): [string[], string[]] => [words, zsh]);
    for (const [words, expected] of [...CASES, ...assigned, [['forgectl', 'token', 'list', '--output=j'], ['json']], [['forgectl', '--ca-file', ''], ['FILES']], [COMMA, ['production']]] as [string[], string[]][]) {
      const script = `${harness}
words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; PREFIX=\${words[CURRENT]}
_forgectl; true`;
      const out = execFileSync('zsh', ['-f', '-c', script], { env, encoding: 'utf8' });
      expect(sorted(out), words.join(' ')).toEqual(expected);
    }
  });
});

describe('man pages', () => {
  const pages = () => readdirSync(join(ROOT, 'man')).filter((f) => f.endsWith('.1'));

  it('exist for the tool and every command group', () => {
    expect(pages()).toEqual(expect.arrayContaining(['forgectl.1', 'forgectl-token.1', 'forgectl-profile.1', 'forgectl-projects.1']));
  });

  it.skipIf(!has('groff'))('render without a groff warning', () => {
    for (const page of pages()) {
      const res = spawnSync('groff', ['-ww', '-man', '-z', join(ROOT, 'man', page)], { encoding: 'utf8' });
      expect(res.stderr, page).toBe('');
      expect(res.status, page).toBe(0);
    }
  });

  it.skipIf(!has('mandoc'))('pass mandoc -T lint', () => {
    const res = spawnSync('mandoc', ['-T', 'lint', '-W', 'warning', ...pages().map((p) => join(ROOT, 'man', p))], { encoding: 'utf8' });
    expect(res.stdout + res.stderr).toBe('');
  });

  it.skipIf(!has('man'))('`man -l man/forgectl-token.1` shows every token command with an example', () => {
    const out = execFileSync('man', ['-l', join(ROOT, 'man/forgectl-token.1')], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '100' } });
    for (const c of ['token list', 'token get', 'token self', 'token rotate', 'token revoke']) expect(out).toContain(c);
    expect(out).toContain('$ forgectl token rotate self --expires-in 90d');
  });
});

