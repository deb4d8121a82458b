// Credential helpers: a profile may name a command that prints its token (`pass show forge/admin`,
// `vault kv get -field=token secret/forge`, `op read op://ops/forge/token`). It runs without a shell,
// so a stray `;` or `$(…)` in the config file cannot become a second command; we split the words
// ourselves, with the quoting people type in a shell and nothing more.

import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { MissingCredentialsError, UsageError } from './errors.js';

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
}

/**
 * Runs a helper and returns the first line of its output, trimmed (the `pass` convention: the secret
 * is the first line). Its output is never logged; its stderr is shown only when it fails.
 */
export function runTokenCommand(command: string, o: TokenCommandOptions): Promise<string> {
  const argv = splitCommand(command, o.env.HOME || homedir());
  const program = argv[0]!;
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let settled = false;
    const child = spawn(program, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: o.env, shell: false });
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    // A hung helper (a locked vault waiting for a prompt no one sees) must not hang forgectl.
    const stop = () => {
      child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => {
      stop();
      finish(() =>
        reject(
          new TokenCommandError(
            `the token command of ${o.owner} (${program}) did not finish within ${Math.round(o.timeoutMs / 1000)}s`,
            'run it by hand to see what it waits for; --timeout sets the limit',
          ),
        ),
      );
    }, o.timeoutMs);
    const onAbort = () => {
      stop();
      finish(() => reject(o.signal?.reason ?? new Error('interrupted')));
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          new TokenCommandError(
            e.code === 'ENOENT'
              ? `the token command of ${o.owner} was not found: ${program}`
              : `the token command of ${o.owner} could not start: ${e.message}`,
            'check the command with `forgectl profile show`',
          ),
        ),
      ),
    );
    child.on('close', (code, sig) =>
      finish(() => {
        if (code !== 0) {
          const why = sig ? `killed by ${sig}` : `exit ${code}`;
          const said = oneLine(err);
          reject(new TokenCommandError(`the token command of ${o.owner} failed (${program}, ${why})${said ? `: ${said}` : ''}`));
          return;
        }
        const token = out.split('\n').map((l) => l.trim()).find((l) => l !== '');
        if (!token) {
          reject(new TokenCommandError(`the token command of ${o.owner} (${program}) printed no token`));
          return;
        }
        resolve(token);
      }),
    );
  });
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
