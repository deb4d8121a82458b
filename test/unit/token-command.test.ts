// How a --token-command line becomes argv: shell-like quoting, no shell.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { maskSecrets, pemBlock, splitCommand, tokenDefect } from '../../src/core/token-command.js';

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

describe('what a helper prints', () => {
  it('a token is printable ASCII without blanks, and not longer than 4096 characters', () => {
    expect(tokenDefect('glpat-abcdefghij0123456789')).toBeUndefined();
    expect(tokenDefect('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBeUndefined();
    for (const bad of ['glpat-ab\u0001cd', 'glpat ab', 'glpat-\u00e9t\u00e9', 'tab\there', 'del\u007f']) expect(tokenDefect(bad), JSON.stringify(bad)).toMatch(/characters a token cannot have/);
    expect(tokenDefect('a'.repeat(4097))).toMatch(/longer than 4096/);
  });

  it("masks token-shaped words in a helper's stderr and keeps ordinary words", () => {
    expect(maskSecrets('gpg: decryption failed: No secret key')).toBe('gpg: decryption failed: No secret key');
    expect(maskSecrets('see global-configuration-settings for help')).toBe('see global-configuration-settings for help');
    expect(maskSecrets('token glpat-Ab3dEf6hIj9kLm2nOp5q revoked')).toBe('token [REDACTED] revoked');
    expect(maskSecrets('vault token hvs.CAESIJ1k2l3m4n5o6p7q8r9s0t expired')).toBe('vault token [REDACTED] expired');
    expect(maskSecrets('printed s3cr3t then failed', ['s3cr3t'])).toBe('printed [REDACTED] then failed');
  });
});

describe('pemBlock (a secret reference that prints a private key)', () => {
  it('is the whole block(s) an output starts with, line ends made \\n; nothing for any other output', () => {
    const pem = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIAbc\n-----END EC PRIVATE KEY-----';
    expect(pemBlock(`\n${pem.replace(/\n/g, '\r\n')}\r\n`)).toBe(pem);
    expect(pemBlock(`${pem}\n${pem}\nnote: from vault\n`)).toBe(`${pem}\n${pem}`);
    expect(pemBlock('s3cret\n-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----')).toBeUndefined();
    expect(pemBlock('-----BEGIN PRIVATE KEY-----\nno end')).toBeUndefined();
  });
});
