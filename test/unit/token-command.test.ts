// How a --token-command line becomes argv: shell-like quoting, no shell.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { splitCommand } from '../../src/core/token-command.js';

describe('splitCommand', () => {
  it('splits on blanks and honours single quotes, double quotes and backslashes', () => {
    expect(splitCommand('pass show forge/admin')).toEqual(['pass', 'show', 'forge/admin']);
    expect(splitCommand("  vault kv get  -field=token   'secret/my app'  ")).toEqual(['vault', 'kv', 'get', '-field=token', 'secret/my app']);
    expect(splitCommand('op read "op://ops/forge \\"prod\\"/token"')).toEqual(['op', 'read', 'op://ops/forge "prod"/token']);
    expect(splitCommand('helper a\\ b it\\\'s')).toEqual(['helper', 'a b', "it's"]);
    expect(splitCommand("x 'a'\"b\"c ''")).toEqual(['x', 'abc', '']);
  });

  it('expands a leading ~ to the home directory only when unquoted', () => {
    expect(splitCommand('~/bin/get-token ~ a~b', '/home/ann')).toEqual(['/home/ann/bin/get-token', '/home/ann', 'a~b']);
    expect(splitCommand("'~/x'", '/home/ann')).toEqual(['~/x']);
  });

  it('keeps shell metacharacters that are quoted, and passes * and ? as they are', () => {
    expect(splitCommand("sh -c 'pass show x | head -1'")).toEqual(['sh', '-c', 'pass show x | head -1']);
    expect(splitCommand("x '$HOME' \\$ * ?")).toEqual(['x', '$HOME', '$', '*', '?']);
  });

  it('refuses what needs a shell, and broken quoting', () => {
    for (const line of ['pass show x | head', 'a; b', 'a && b', 'x > out', 'x $(y)', 'x `y`', 'x $HOME', 'x "$HOME"', "x 'open", 'x "open', 'x \\', '', '   ']) {
      expect(() => splitCommand(line), line).toThrow(UsageError);
    }
  });
});
