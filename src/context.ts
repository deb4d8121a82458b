// The Context a command receives: streams and terminal state, the global options, and lazy access
// to the HTTP client, the profile store and prompts (so `--help` needs no credentials).

import type { Readable, Writable } from 'node:stream';
import { systemClock, type Clock } from './core/clock.js';
import { MissingCredentialsError, UsageError } from './core/errors.js';
import { HttpClient, TOKEN_TYPES, normalizeBaseUrl, type DryRunRequest, type TlsOptions, type TokenType } from './core/http.js';
import { render, type CommandResult, type OutputFormat } from './core/output.js';
import { ProfileStore, defaultConfigDir, type Profile } from './core/profiles.js';
import { TerminalPrompter, type Prompter } from './core/prompt.js';
import { Redactor } from './core/redact.js';

declare const __FORGECTL_VERSION__: string;
export const VERSION: string = typeof __FORGECTL_VERSION__ === 'string' ? __FORGECTL_VERSION__ : '0.0.0-dev';

export interface GlobalOptions {
  profile?: string;
  url?: string;
  token?: string;
  tokenType?: TokenType;
  sudo?: string;
  output: OutputFormat;
  fields?: string[];
  all: boolean;
  page?: number;
  perPage?: number;
  limit?: number;
  dryRun: boolean;
  verbose: boolean;
  yes: boolean;
  color: boolean;
  timeout: number;
  retries: number;
  caFile?: string;
  insecure: boolean;
  clientCert?: string;
  clientKey?: string;
  configDir?: string;
  allowInsecureHttp: boolean;
}

export const DEFAULT_GLOBALS: GlobalOptions = {
  output: 'table',
  all: false,
  dryRun: false,
  verbose: false,
  yes: false,
  color: true,
  timeout: 30,
  retries: 3,
  insecure: false,
  allowInsecureHttp: false,
};

/** Where each part of the connection came from; `token rotate` needs to know whose token it is. */
export interface Connection {
  url: string;
  token?: string;
  tokenType: TokenType;
  sudo?: string;
  tls: TlsOptions;
  /** The profile in use, if any (its token may still have been overridden by a flag or env). */
  profile?: Profile;
  tokenSource: 'flag' | 'env' | 'ci' | 'profile' | 'none';
}

export interface ContextInit {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  prompt?: Prompter;
  /** Overrides for tests: forces TTY state. */
  isTTY?: { stdin: boolean; stdout: boolean; stderr: boolean };
  /** Injected in unit tests instead of a real network. */
  dispatcher?: import('undici').Dispatcher;
  retryBaseMs?: number;
  /** Time for commands that wait (migrate watch); tests pass a fake one. */
  clock?: Clock;
}

export class Context {
  readonly stdin: ContextInit['stdin'];
  readonly stdout: ContextInit['stdout'];
  readonly stderr: ContextInit['stderr'];
  readonly env: NodeJS.ProcessEnv;
  readonly redactor = new Redactor();
  readonly abort = new AbortController();
  readonly clock: Clock;
  globals: GlobalOptions = { ...DEFAULT_GLOBALS };
  private readonly tty: { stdin: boolean; stdout: boolean; stderr: boolean };
  private prompter?: Prompter;
  private client?: HttpClient;
  private store?: ProfileStore;
  private connectionCache?: Connection;
  private warned = new Set<string>();
  private dryRunCount = 0;

  constructor(private readonly init: ContextInit) {
    this.stdin = init.stdin;
    this.stdout = init.stdout;
    this.stderr = init.stderr;
    this.env = init.env;
    // FORGECTL_FORCE_TTY (like gh's GH_FORCE_TTY) asks for terminal-style output in a pipe;
    // prompts still need a real terminal.
    const forced = !!init.env.FORGECTL_FORCE_TTY && init.env.FORGECTL_FORCE_TTY !== '0';
    this.tty = init.isTTY ?? {
      stdin: !!init.stdin.isTTY,
      stdout: forced || !!init.stdout.isTTY,
      stderr: !!init.stderr.isTTY,
    };
    this.prompter = init.prompt;
    this.clock = init.clock ?? systemClock;
  }

  get stdoutIsTTY(): boolean {
    return this.tty.stdout;
  }
  get stderrIsTTY(): boolean {
    return this.tty.stderr;
  }
  get stdinIsTTY(): boolean {
    return this.tty.stdin;
  }
  /** Prompts need a person at the keyboard: stdin and stderr (where prompts draw) on a terminal. */
  get interactive(): boolean {
    return this.tty.stdin && this.tty.stderr;
  }
  /** Colour only on a terminal, in table output, unless switched off. */
  get color(): boolean {
    if (this.env.FORCE_COLOR && this.env.FORCE_COLOR !== '0') return this.globals.color;
    return this.globals.color && !this.env.NO_COLOR && this.tty.stdout;
  }
  get dryRun(): boolean {
    return this.globals.dryRun;
  }

  get prompt(): Prompter {
    this.prompter ??= new TerminalPrompter(this.stdin, this.stderr, this.interactive);
    return this.prompter;
  }

  /** A status line on stderr. */
  notice(message: string): void {
    this.stderr.write(`${this.redactor.text(message)}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`warning: ${this.redactor.text(message)}\n`);
  }

  warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(message);
  }

  async render(result: CommandResult): Promise<number> {
    return render(result, {
      format: this.globals.output,
      fields: this.globals.fields,
      stdout: this.stdout,
      stderr: this.stderr,
      isTTY: this.tty.stdout,
      color: this.color && this.globals.output === 'table',
    });
  }

  configDir(): string {
    return this.globals.configDir ?? this.env.FORGECTL_CONFIG_DIR ?? defaultConfigDir(this.env);
  }

  async profiles(): Promise<ProfileStore> {
    this.store ??= await ProfileStore.open(this.configDir());
    return this.store;
  }

  /**
   * Resolves URL, credential, sudo and TLS by precedence flag > environment > profile. Inside a CI
   * job, CI_SERVER_URL and CI_JOB_TOKEN come last, below a profile named explicitly.
   */
  async connection(): Promise<Connection> {
    if (this.connectionCache) return this.connectionCache;
    const g = this.globals;
    const env = this.env;
    const explicitProfile = g.profile ?? env.FORGECTL_PROFILE;
    const store = await this.profiles();
    let profile: Profile | undefined;
    if (explicitProfile) {
      profile = store.get(explicitProfile);
      if (!profile) throw new UsageError(`no profile named ${explicitProfile}`, 'see `forgectl profile list`, or add one with `forgectl profile add`');
    } else {
      const def = store.defaultName();
      profile = def ? store.get(def) : undefined;
    }

    const envUrl = env.FORGECTL_URL || env.GITLAB_HOST;
    const ciUrl = env.CI_SERVER_URL;
    let url = g.url ?? envUrl ?? (explicitProfile ? profile?.url : undefined) ?? ciUrl ?? profile?.url;

    let token: string | undefined;
    let tokenSource: Connection['tokenSource'] = 'none';
    let ciToken = false;
    if (g.token) {
      token = g.token;
      tokenSource = 'flag';
      this.warnOnce('token-flag', 'a token given with --token can be seen by other users in the process list; prefer FORGECTL_TOKEN or a profile');
    } else if (env.FORGECTL_TOKEN || env.GITLAB_TOKEN) {
      token = env.FORGECTL_TOKEN || env.GITLAB_TOKEN;
      tokenSource = 'env';
    } else if (explicitProfile && profile?.token) {
      token = profile.token;
      tokenSource = 'profile';
    } else if (env.CI_JOB_TOKEN) {
      token = env.CI_JOB_TOKEN;
      tokenSource = 'ci';
      ciToken = true;
    } else if (profile?.token) {
      token = profile.token;
      tokenSource = 'profile';
    }

    const envType = env.FORGECTL_TOKEN_TYPE as TokenType | undefined;
    if (envType && !TOKEN_TYPES.includes(envType)) {
      throw new UsageError(`invalid FORGECTL_TOKEN_TYPE: ${envType}`, `use one of ${TOKEN_TYPES.join(', ')}`);
    }
    const tokenType: TokenType = g.tokenType ?? envType ?? (ciToken ? 'job' : tokenSource === 'profile' ? profile?.tokenType : undefined) ?? 'personal';
    const sudo = g.sudo ?? env.FORGECTL_SUDO ?? profile?.sudo;
    const tls: TlsOptions = {
      caFile: g.caFile ?? profile?.caFile,
      insecure: g.insecure || !!profile?.insecure,
      clientCert: g.clientCert ?? profile?.clientCert,
      clientKey: g.clientKey ?? profile?.clientKey,
    };
    if (!!tls.clientCert !== !!tls.clientKey) throw new UsageError('--client-cert and --client-key go together');
    if (!url) {
      throw new MissingCredentialsError(
        'no instance configured',
        'add a profile with `forgectl profile add NAME --url URL --token-stdin`, or set FORGECTL_URL and FORGECTL_TOKEN',
      );
    }
    url = normalizeBaseUrl(url);
    if (tls.insecure) this.warnOnce('insecure', 'TLS certificate verification is off (--insecure)');
    this.redactor.add(token);
    this.connectionCache = { url, token, tokenType, sudo, tls, profile, tokenSource };
    return this.connectionCache;
  }

  /** The HTTP client for the resolved connection. */
  async http(): Promise<HttpClient> {
    if (this.client) return this.client;
    const c = await this.connection();
    this.client = this.makeClient(c.url, { token: c.token, tokenType: c.tokenType, sudo: c.sudo }, c.tls);
    return this.client;
  }

  /** A client for another base URL (an alert endpoint, a migration source); closed with the context. */
  makeClient(url: string, credentials: { token?: string; tokenType: TokenType; sudo?: string }, tls: TlsOptions = {}): HttpClient {
    const g = this.globals;
    const client = new HttpClient({
      baseUrl: url,
      credentials,
      timeoutMs: g.timeout * 1000,
      retries: g.retries,
      retryBaseMs: this.init.retryBaseMs,
      dryRun: g.dryRun,
      verbose: g.verbose,
      allowInsecureHttp: g.allowInsecureHttp,
      tls,
      env: this.env,
      dispatcher: this.init.dispatcher,
      redactor: this.redactor,
      trace: (line) => this.stderr.write(`${line}\n`),
      onDryRun: (req) => this.printDryRun(req),
      userAgent: `forgectl/${VERSION}`,
      signal: this.abort.signal,
    });
    this.extraClients.push(client);
    return client;
  }
  private extraClients: HttpClient[] = [];

  private printDryRun(req: DryRunRequest): void {
    this.dryRunCount++;
    if (this.globals.output === 'json' || this.globals.output === 'ndjson') {
      this.stdout.write(`${JSON.stringify({ dry_run: true, ...req }, null, this.globals.output === 'json' ? 2 : undefined)}\n`);
      return;
    }
    const lines = [`dry run: ${req.method} ${req.url}`];
    for (const [k, v] of Object.entries(req.headers)) if (k !== 'User-Agent' && k !== 'Accept') lines.push(`  ${k}: ${v}`);
    if (req.body !== undefined) {
      const body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body, null, 2);
      lines.push(...body.split('\n').map((l) => `  ${l}`));
    }
    this.stdout.write(`${lines.join('\n')}\n`);
  }

  /** How many writes --dry-run kept back so far. */
  get dryRunRequests(): number {
    return this.dryRunCount;
  }

  /** Reads all of stdin as text (tokens, bodies given as `-`). */
  async readStdin(what: string): Promise<string> {
    if (this.tty.stdin) this.stderr.write(`Reading ${what} from standard input (end with Ctrl-D)…\n`);
    const chunks: Buffer[] = [];
    for await (const chunk of this.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Reads a secret from stdin: one line, surrounding whitespace removed, remembered for redaction. */
  async readSecretFromStdin(what: string): Promise<string> {
    const value = (await this.readStdin(what)).trim();
    if (!value) throw new UsageError(`no ${what} on standard input`);
    this.redactor.add(value);
    return value;
  }

  async close(): Promise<void> {
    await Promise.all(this.extraClients.map((c) => c.close()));
  }
}

export function createContext(overrides: Partial<ContextInit> = {}): Context {
  return new Context({
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    ...overrides,
  });
}
