// Credential helpers: a profile may name a command that prints its token (`pass show forge/admin`,
// `vault kv get -field=token secret/forge`, `op read op://ops/forge/token`). It runs without a shell,
// so a stray `;` or `$(…)` in the config file cannot become a second command; we split the words
// ourselves, with the quoting people type in a shell and nothing more.

import { homedir } from 'node:os';
import { MissingCredentialsError, UsageError } from './errors.js';
import { REDACTED } from './redact.js';

/** A helper that failed, hung or printed nothing: the credential is missing, so exit 4. */
export class TokenCommandError extends MissingCredentialsError {
  override name = 'TokenCommandError';
}

const SHELL_ONLY = new Set(['|', '&', ';', '<', '>', '(', ')', '`', '$']);

/**
 * Splits a command line into argv: blanks separate words; '…' keeps everything literally; "…" keeps
 * everything except that \" \\ \$ \` stand for the character; a backslash outside quotes escapes the next
 * character; a leading unquoted `~/` is the home directory. Pipes, redirections, `;`, `&`, `$…` and
 * backquotes need a shell and are refused (write `sh -c '…'` to get one on purpose); `*` and `?` are
 * not globbed.
 */
export function splitCommand(line: string, home = homedir()): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const refuse = (what: string) =>
    new UsageError(
      `the token command is run without a shell: ${what} is not understood`,
      `quote it, or ask for a shell on purpose: --token-command "sh -c '…'"`,
    );
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new UsageError('the token command has an unclosed single quote');
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new UsageError('the token command has an unclosed double quote');
        const d = line[i]!;
        if (d === '"') break;
        if (d === '$' || d === '`') throw refuse(`\`${d}\` inside double quotes`);
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          word += line[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new UsageError('the token command ends with a lone backslash');
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (SHELL_ONLY.has(c)) {
      throw refuse(`\`${c}\``);
    } else if (c === '~' && !inWord && (i + 1 === line.length || line[i + 1] === '/' || line[i + 1] === ' ')) {
      word += home;
      inWord = true;
      i++;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError('the token command is empty');
  return words;
}

export interface TokenCommandOptions {
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Where this command comes from, for messages: "profile admin". */
  owner: string;
  signal?: AbortSignal;
  /**
   * `token` (default): the first line, fit for a request header. `secret`: a value sent in a body (a
   * hook's token, a secret setting): the first line as printed, or a whole PEM block (a private key)
   * when the output starts with one.
   */
  value?: 'token' | 'secret';
}

/** A token is one short line; more than this is not a token, so the helper is stopped. */
const MAX_OUTPUT_BYTES = 16 * 1024;
/** Enough of the helper's stderr for the error line. */
const MAX_STDERR_BYTES = 4 * 1024;
const MAX_TOKEN_LENGTH = 4096;

/**
 * Why a token cannot go into a request header, or undefined when it can: printable ASCII with no
 * blanks, and not longer than any real token.
 */
export function tokenDefect(token: string): string | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return `is longer than ${MAX_TOKEN_LENGTH} characters`;
  if (!/^[\x21-\x7e]+$/.test(token)) return 'holds characters a token cannot have (control characters, blanks or non-ASCII)';
  return undefined;
}

/**
 * Runs a helper and returns the first line of its output, trimmed (the `pass` convention: the secret
 * is the first line). Its output is never logged; its stderr is shown only when it fails, with
 * anything shaped like a token masked. The helper runs in its own process group, so whatever it
 * started is ended with it when it hangs or prints too much.
 */
export function runTokenCommand(command: string, o: TokenCommandOptions): Promise<string> {
  const argv = splitCommand(command, o.env.HOME || homedir());
  const program = argv[0]!;
  const owner = `the token command of ${o.owner}`;
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    const err: Buffer[] = [];
    let errBytes = 0;
    let settled = false;
    // detached: a new process group (and session) led by the helper, so that the group can be ended.
    // Not on Windows, where it would open a console window of its own.
    const ownGroup = process.platform !== 'win32';
    // node:child_process loaded here, not by every command (context.ts imports this module; issue 27).
    const child = process.getBuiltinModule('node:child_process').spawn(program, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: o.env, shell: false, detached: ownGroup });
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const stopGroup = () => {
      if (!ownGroup) child.kill('SIGKILL');
      else if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is already gone.
        }
      }
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const fail = (message: string, hint?: string) => {
      stopGroup();
      finish(() => reject(new TokenCommandError(message, hint)));
    };
    // A hung helper (a locked vault waiting for a prompt no one sees) must not hang forgectl.
    const timer = setTimeout(
      () => fail(`${owner} (${program}) did not finish within ${Math.round(o.timeoutMs / 1000)}s`, 'run it by hand to see what it waits for; --timeout sets the limit'),
      o.timeoutMs,
    );
    const onAbort = () => {
      stopGroup();
      finish(() => reject(o.signal?.reason ?? new Error('interrupted')));
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => {
      if (settled) return;
      outBytes += d.length;
      if (outBytes > MAX_OUTPUT_BYTES) {
        fail(`${owner} (${program}) printed more than ${MAX_OUTPUT_BYTES / 1024} KiB; a token is one short line`, 'run it by hand to see what it prints');
        return;
      }
      out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      // Only the start is kept for the message; the rest is read and dropped so the helper never blocks.
      if (errBytes < MAX_STDERR_BYTES) err.push(d.subarray(0, MAX_STDERR_BYTES - errBytes));
      errBytes += d.length;
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          new TokenCommandError(
            e.code === 'ENOENT' ? `${owner} was not found: ${program}` : `${owner} could not start: ${e.message}`,
            'check the command with `forgectl profile show`',
          ),
        ),
      ),
    );
    child.on('close', (code, sig) =>
      finish(() => {
        const printed = Buffer.concat(out).toString('utf8');
        const lines = printed.split('\n').map((l) => l.trim()).filter((l) => l !== '');
        if (code !== 0) {
          const why = sig ? `killed by ${sig}` : `exit ${code}`;
          const said = oneLine(maskSecrets(Buffer.concat(err).toString('utf8'), lines));
          reject(new TokenCommandError(`${owner} failed (${program}, ${why})${said ? `: ${said}` : ''}`));
          return;
        }
        const token = lines[0];
        if (!token) {
          reject(new TokenCommandError(`${owner} (${program}) printed no token`));
          return;
        }
        if (o.value === 'secret') {
          resolve(pemBlock(printed) ?? token);
          return;
        }
        const defect = tokenDefect(token);
        if (defect) {
          reject(new TokenCommandError(`${owner} (${program}) printed a first line that is not a token: it ${defect}`, 'run it by hand to see what it prints'));
          return;
        }
        resolve(token);
      }),
    );
  });
}

const PEM_BEGIN = /^-----BEGIN [A-Z0-9 ]+-----$/;
const PEM_END = /^-----END [A-Z0-9 ]+-----$/;

/**
 * The PEM block(s) an output starts with (`-----BEGIN … KEY-----` through the last `-----END …-----`),
 * lines joined by `\n`, line ends and surrounding blanks removed; undefined when it starts otherwise.
 */
export function pemBlock(printed: string): string | undefined {
  const lines = printed.split('\n').map((l) => l.trim());
  const first = lines.findIndex((l) => l !== '');
  if (first < 0 || !PEM_BEGIN.test(lines[first]!)) return undefined;
  let last = -1;
  for (let i = lines.length - 1; i > first; i--) {
    if (PEM_END.test(lines[i]!)) {
      last = i;
      break;
    }
  }
  return last < 0 ? undefined : lines.slice(first, last + 1).join('\n');
}

// GitLab's token prefixes (personal, OAuth, deploy, runner, CI/CD, trigger, feed, incoming mail,
// agent, SCIM, feature flags, workspace), then any long word mixing letters and digits as secrets do.
const PREFIXED_TOKEN = /\b(?:glpat|gloas|gldt|glrt|glrtr|glcbt|glptt|glft|glimt|glagent|glsoat|glffct|glwt)-[A-Za-z0-9_.-]{8,}/g;
const LONG_SECRET_WORD = /[A-Za-z0-9_+=.-]{20,}/g;

/**
 * Masks what may be a secret in a helper's stderr: what it printed on stdout (perhaps the token,
 * before failing), GitLab-prefixed tokens, and long words mixing letters and digits.
 */
export function maskSecrets(text: string, printed: string[] = []): string {
  let s = text;
  for (const line of printed) if (line.length >= 4) s = s.split(line).join(REDACTED);
  s = s.replace(PREFIXED_TOKEN, REDACTED);
  return s.replace(LONG_SECRET_WORD, (w) => (/[A-Za-z]/.test(w) && /[0-9]/.test(w) ? REDACTED : w));
}
/** A helper's stderr on the one error line: lines joined, long output cut. */
function oneLine(text: string): string {
  const s = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' / ');
  return s.length > 500 ? `${s.slice(0, 500)}…` : s;
}
