// `settings diff -f` on a file of 50,000 keys took 10 s and grew faster than the file: the YAML
// parser's duplicate-key check compared every key with every key before it. Counted here, not
// timed: every key comparison the parser makes goes through the counter below.

import type { Node } from 'yaml';
import { describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ keyComparisons: 0 }));

vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  type Options = Parameters<typeof yaml.parseDocument>[1];
  // The parser's own comparison (or the one given), counted; `uniqueKeys: false` compares nothing.
  const counting = (options: Options = {}): Options => {
    if (options.uniqueKeys === false) return options;
    const same =
      typeof options.uniqueKeys === 'function'
        ? options.uniqueKeys
        : (a: Node, b: Node) => a === b || (yaml.isScalar(a) && yaml.isScalar(b) && a.value === b.value);
    return {
      ...options,
      uniqueKeys: (a, b) => {
        counted.keyComparisons++;
        return same(a, b);
      },
    };
  };
  const parse: typeof yaml.parse = (src: string, reviverOrOptions?: unknown, options?: unknown) =>
    typeof reviverOrOptions === 'function'
      ? yaml.parse(src, reviverOrOptions as (key: unknown, value: unknown) => unknown, counting(options as Options))
      : yaml.parse(src, counting(reviverOrOptions as Options));
  const parseDocument = ((src: string, options?: Options) => yaml.parseDocument(src, counting(options))) as typeof yaml.parseDocument;
  return { ...yaml, parse, parseDocument, default: { ...yaml, parse, parseDocument } };
});

const { parseSettingsText, typeFile } = await import('../../src/commands/settings/values.js');

function fileOf(keys: number): string {
  return Array.from({ length: keys }, (_, i) => `custom_setting_${i}: ${i}\n`).join('');
}

describe('reading a large settings file', () => {
  it('makes no more key comparisons than there are keys (it made one per pair of keys)', () => {
    const keys = 3000;
    counted.keyComparisons = 0;
    const doc = parseSettingsText(fileOf(keys), 'big.yaml');
    const typed = typeFile(doc, 'big.yaml', false, { warn: () => {}, notice: () => {} }, 'compare');
    expect(Object.keys(typed)).toHaveLength(keys);
    // Quadratic: keys × (keys − 1) / 2 = 4,498,500.
    expect(counted.keyComparisons).toBeLessThanOrEqual(keys);
  });

  it('still refuses a key given twice, naming both lines', () => {
    const text = `${fileOf(100)}custom_setting_7: 8\n`;
    expect(() => parseSettingsText(text, 'big.yaml')).toThrow('big.yaml:101:1: custom_setting_7 is given twice (lines 8 and 101)');
  });
});
