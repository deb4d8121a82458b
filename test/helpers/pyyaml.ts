// The state file as YAML 1.1 tools leave it: loaded and dumped again by PyYAML (as Ansible and most
// scripts do). Debian's python3-yaml is installed by .ci/run.

import { execaSync } from 'execa';

const ROUND_TRIP = 'import sys, yaml; sys.stdout.write(yaml.safe_dump(yaml.safe_load(sys.stdin.read())))';

/** A python with the yaml module: pyenv shims may hide the system one, so try both. */
export function findPyYaml(): string | undefined {
  for (const py of ['python3', '/usr/bin/python3']) {
    try {
      if (execaSync(py, ['-c', 'import yaml'], { reject: false }).exitCode === 0) return py;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** Only where no package gives python3 with yaml is the test skipped; on Linux CI installs it. */
export const PYYAML_SKIP = findPyYaml() || process.platform === 'linux' ? undefined : `skipped: no python3 with yaml on ${process.platform}`;

/** `text` loaded and dumped again by PyYAML's safe_load / safe_dump. */
export function pyYamlRoundTrip(text: string): string {
  const python = findPyYaml();
  if (!python) throw new Error('python3 with the yaml module (Debian: python3-yaml) is needed; .ci/run installs it');
  const res = execaSync(python, ['-c', ROUND_TRIP], { input: text, reject: false });
  if (res.exitCode !== 0) throw new Error(`PyYAML refused the file: ${res.stderr}`);
  return res.stdout;
}

/** Strings YAML 1.1 reads as booleans, numbers, times or PyYAML's special tags when left unquoted. */
export const YAML11_LOOKALIKES = ['yes', 'on', '0755', 'no', 'off', 'y', 'N', 'NO', 'On', '1e3', '0x1F', '12:30', '190:20:30', '0b101', '1_000', '.5', '0o17', '=', '<<', '~', '2026-11-17', '2026-11-17 10:00:00'];

/**
 * An instance-file fragment that puts those strings where strings go: broadcast messages, a hook's
 * name and description, string settings. JSON (which YAML reads) so nothing here depends on quoting.
 */
export function lookalikeSeed(): string {
  return JSON.stringify({
    settings: { personal_access_token_prefix: 'yes', default_ci_config_path: '0755', rate_limiting_response_text: '1e3', after_sign_up_text: '12:30', terms: '0o17' },
    system_hooks: [{ url: 'https://yaml11.example.com/hook', name: 'off', description: '0x1F' }],
    broadcast_messages: YAML11_LOOKALIKES.map((message, i) => ({ message, starts_at: `2026-11-${String(10 + (i % 9)).padStart(2, '0')}T15:35:05.237Z`, ends_at: '2031-01-02T03:04:05Z' })),
  });
}

const GITLABRACADABRA_READ = 'import sys, json; from gitlabracadabra.parser import GitlabracadabraParser as P; print(json.dumps(P.from_yaml("instance.yaml", sys.stdin.read())._config))';

/** The python of Debian's gitlabracadabra (its own YAML parser over PyYAML), if installed. */
export function findGitlabracadabra(): string | undefined {
  for (const py of ['/usr/bin/python3', 'python3']) {
    try {
      if (execaSync(py, ['-c', 'import gitlabracadabra.parser'], { reject: false }).exitCode === 0) return py;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** `text` as gitlabracadabra's parser reads an action file, as JSON data. */
export function gitlabracadabraRead(python: string, text: string): unknown {
  const res = execaSync(python, ['-c', GITLABRACADABRA_READ], { input: text, reject: false });
  if (res.exitCode !== 0) throw new Error(`gitlabracadabra refused the file: ${res.stderr}`);
  return JSON.parse(res.stdout);
}
