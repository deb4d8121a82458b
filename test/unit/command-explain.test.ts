// A command's declared `explain` reaches the API errors users see whether they happen while the
// command runs or while its list is printed (pages are fetched as they print), and it names the
// target resolved once before the run (a project that may come from the git checkout).

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { defineCommand, type Registry } from '../../src/core/command.js';
import { ApiError, NotFoundError, PartialListError, exitCodeFor, hintFor } from '../../src/core/errors.js';
import { list } from '../../src/core/output.js';
import { testContext } from '../helpers/harness.js';

const refused = () => new ApiError({ status: 403, method: 'GET', url: 'https://gitlab.example/api/v4/things', body: { message: '403 Forbidden' } });

/** Runs a one-command program whose run and explain are given; returns the error it failed with and what it printed. */
async function failing(run: (target: string) => AsyncIterable<{ id: number }> | 'throw-now', opts: { hint?: string } = {}) {
  const t = testContext();
  const reg: Registry = { ctx: t.ctx };
  const program = new Command();
  let resolved = 0;
  const explained: string[] = [];
  defineCommand(program, reg, {
    name: 'things [project]',
    summary: 'things',
    examples: ['forgectl things acme/api'],
    target: async (_ctx, _o, args) => {
      resolved++;
      return args[0] ?? 'from/checkout';
    },
    explain: (err, _args, _o, { ctx, target }) => {
      explained.push(target);
      expect(ctx).toBe(t.ctx);
      return err.status === 403 ? { message: `things are not available for ${target}`, hint: `ask an owner of ${target}` } : undefined;
    },
    run: async (_ctx, _o, _args, target) => {
      const items = run(target);
      if (items === 'throw-now') {
        const e = refused();
        if (opts.hint) e.hint = opts.hint;
        throw e;
      }
      return list(items, [{ key: 'id' }]);
    },
  });
  const err: unknown = await program.parseAsync(['things'], { from: 'user' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { err, stdout: t.stdout(), resolved, explained };
}

describe('declared error hints (explain)', () => {
  it('explain an error of the first page, met while the list prints', async () => {
    const { err, stdout, resolved, explained } = await failing(() =>
      (async function* () {
        throw refused();
      })(),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('403 things are not available for from/checkout');
    expect(hintFor(err)).toBe('ask an owner of from/checkout');
    expect(exitCodeFor(err)).toBe(1);
    expect(stdout).toBe('');
    // The target is resolved once for run and explain (a git-checkout project is announced once).
    expect(resolved).toBe(1);
    expect(explained).toEqual(['from/checkout']);
  });

  it('explain a page that fails after items were printed, keeping the resume hint', async () => {
    const { err, stdout } = await failing(() =>
      (async function* () {
        yield { id: 1 };
        throw new PartialListError(refused(), 2, '--page 2 --per-page 20');
      })(),
    );
    expect(err).toBeInstanceOf(PartialListError);
    expect(stdout).toContain('1');
    expect((err as Error).message).toContain('403 things are not available for from/checkout');
    expect(hintFor(err)).toBe('to go on from there, run the same command with --page 2 --per-page 20; ask an owner of from/checkout');
  });

  it('explain an error thrown while running; a hint already given is kept', async () => {
    const plain = await failing(() => 'throw-now');
    expect((plain.err as Error).message).toBe('403 things are not available for from/checkout');
    expect(hintFor(plain.err)).toBe('ask an owner of from/checkout');
    const own = await failing(() => 'throw-now', { hint: 'a hint of its own' });
    expect(hintFor(own.err)).toBe('a hint of its own');
    expect((own.err as Error).message).toBe('403 Forbidden');
    expect(own.explained).toEqual([]);
  });

  it('leave errors the command has nothing to say about as they are', async () => {
    const { err } = await failing(() =>
      (async function* () {
        throw new NotFoundError({ status: 404, method: 'GET', url: 'https://gitlab.example/api/v4/things', body: { message: '404 Not Found' } });
      })(),
    );
    expect(hintFor(err)).toBeUndefined();
    expect((err as Error).message).toBe('404 Not Found');
    expect(exitCodeFor(err)).toBe(3);
  });
});

describe('declared subjects (a 404 names what was not found)', () => {
  async function lookup(items: () => AsyncIterable<{ id: number }>, args: string[]) {
    const t = testContext();
    const reg: Registry = { ctx: t.ctx };
    const program = new Command();
    defineCommand(program, reg, {
      name: 'thing <id>',
      summary: 'thing',
      examples: ['forgectl thing 7'],
      subject: (a) => `thing ${a[0]}`,
      run: async () => list(items(), [{ key: 'id' }]),
    });
    return program.parseAsync(['thing', ...args], { from: 'user' }).then(
      () => undefined,
      (e: unknown) => e,
    );
  }
  const missing = () => new NotFoundError({ status: 404, method: 'GET', url: 'https://gitlab.example/api/v4/things/7', body: { message: '404 Thing Not Found' } });

  it('names the subject and the instance, keeping the server’s words and exit 3, also for a list that stopped part way', async () => {
    const err = await lookup(
      () =>
        (async function* () {
          throw missing();
        })(),
      ['7'],
    );
    expect((err as Error).message).toBe('thing 7 not found on https://gitlab.example (404 Thing Not Found)');
    expect(exitCodeFor(err)).toBe(3);
    const partial = await lookup(
      () =>
        (async function* () {
          yield { id: 1 };
          throw new PartialListError(missing(), 2);
        })(),
      ['7'],
    );
    expect(partial).toBeInstanceOf(PartialListError);
    expect((partial as Error).message).toContain('thing 7 not found on https://gitlab.example (404 Thing Not Found)');
  });
});
