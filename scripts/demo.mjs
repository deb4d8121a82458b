// `npm run demo`: starts the sandbox on a free port and runs a short scripted admin session against
// it with the real binary, printing each command and its output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cleanEnv, startSandboxProcess } from './lib.mjs';

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);

const sandbox = await startSandboxProcess(['--seed', 'demo']);
const configDir = mkdtempSync(join(tmpdir(), 'forgectl-demo-'));
const baseEnv = cleanEnv({ FORGECTL_CONFIG_DIR: configDir, FORGECTL_FORCE_TTY: '1' });

let failures = 0;
function step(title, args, { input, env = {}, show, expectExit = 0, transform } = {}) {
  console.log(`\n${bold(`# ${title}`)}`);
  console.log(bold(`$ ${show ?? `forgectl ${args.join(' ')}`}`));
  const res = spawnSync(process.execPath, [BIN, ...args], { input: input ?? '', env: { ...baseEnv, ...env }, encoding: 'utf8' });
  const out = transform ? transform(res.stdout) : res.stdout;
  if (out) process.stdout.write(out);
  if (res.stderr) process.stdout.write(dim(res.stderr));
  if (res.status !== 0) console.log(dim(`(exit code ${res.status})`));
  if (res.status !== expectExit) failures++;
  return res;
}

try {
  console.log(bold(`Sandbox running at ${sandbox.url} (seeded tokens: ${Object.keys(sandbox.tokens).join(', ')})`));

  step('Connect: a profile for the instance, token read from stdin and verified', ['profile', 'add', 'sandbox', '--url', sandbox.url, '--token-stdin'], {
    input: `${sandbox.tokens.admin}\n`,
    show: `printenv ADMIN_TOKEN | forgectl profile add sandbox --url ${sandbox.url} --token-stdin`,
  });
  step('Profiles never show a whole token', ['profile', 'list']);
  step('Which token am I using?', ['token', 'self']);
  step('Active tokens on the instance', ['token', 'list', '--state', 'active']);
  step('Tokens of one user that expire within a year', ['token', 'list', '--user', 'alice', '--expiring-within', '365d']);
  step('Preview a rotation: nothing is sent, credentials redacted', ['token', 'rotate', 'self', '--expires-in', '30d', '--dry-run']);
  step('Rotate the profile’s own token: saved to the profile first, then shown once', ['token', 'rotate', 'self', '--expires-in', '30d']);
  step('The profile keeps working with the new secret', ['token', 'self', '--fields', 'id,name,active,expires_at']);
  step('The old secret is now refused (exit 4)', ['token', 'self'], {
    env: { FORGECTL_URL: sandbox.url, FORGECTL_TOKEN: sandbox.tokens.admin },
    show: 'FORGECTL_TOKEN=$OLD_ADMIN_TOKEN forgectl token self',
    expectExit: 4,
  });
  step('Private projects, first ten', ['projects', 'list', '--visibility', 'private', '--limit', '10']);
  step('Projects in a user’s namespace, as YAML', ['projects', 'list', '--user', 'alice', '--fields', 'id,path_with_namespace,visibility', '-o', 'yaml']);
  step('Every project as NDJSON (counted)', ['projects', 'list', '--all', '-o', 'ndjson', '--fields', 'id'], {
    show: 'forgectl projects list --all -o ndjson --fields id | wc -l',
    transform: (out) => `${out.split('\n').filter(Boolean).length}\n`,
  });
  step('Raw API access', ['api', '/personal_access_tokens/self', '--fields', 'id,name,scopes']);
  step('Bad input is refused before anything is sent (exit 2)', ['projects', 'list', '--per-page', '500'], { expectExit: 2 });

  const file = join(configDir, 'instance.yaml');
  const exported = step('The instance as code: export its configuration', ['state', 'export', '--only', 'settings,system_hooks,broadcast_messages'], {
    show: 'forgectl state export --only settings,system_hooks,broadcast_messages > instance.yaml',
    transform: (out) => `${out.split('\n').slice(0, 8).join('\n')}\n…\n`,
  });
  // The edit a reviewer would make: close sign-ups and add a hook.
  writeFileSync(file, exported.stdout.replace('signup_enabled: true', 'signup_enabled: false').replace('system_hooks:\n', 'system_hooks:\n  - url: https://audit.example.com/events\n    push_events: true\n'));
  step('After editing instance.yaml: what would change (exit 5 with --exit-code)', ['state', 'plan', '-f', file, '--exit-code'], { show: 'forgectl state plan -f instance.yaml --exit-code', expectExit: 5 });
  step('Apply it', ['state', 'apply', '-f', file, '--yes'], { show: 'forgectl state apply -f instance.yaml --yes' });
  step('In sync now', ['state', 'plan', '-f', file, '--exit-code'], { show: 'forgectl state plan -f instance.yaml --exit-code' });
} finally {
  await sandbox.stop();
  rmSync(configDir, { recursive: true, force: true });
}
if (failures) {
  console.error(`\n${failures} step(s) did not end as expected`);
  process.exitCode = 1;
}
