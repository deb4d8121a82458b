// Which entities `migrate verify` and `migrate failures ID` ask for failure records: one rule for both.
import { describe, expect, it } from 'vitest';
import { mayHaveFailures, type BulkImportEntity } from '../../src/api/bulk-imports.js';

const entity = (e: Partial<BulkImportEntity>) => ({ id: 1, bulk_import_id: 1, status: 'finished', source_full_path: 'acme', ...e }) as BulkImportEntity;

describe('an entity whose failure records are asked for', () => {
  it('an older instance that does not say has_failures is asked; only an explicit false with none inline is skipped', () => {
    expect(mayHaveFailures(entity({}))).toBe(true);
    expect(mayHaveFailures(entity({ has_failures: true }))).toBe(true);
    expect(mayHaveFailures(entity({ has_failures: false }))).toBe(false);
    expect(mayHaveFailures(entity({ has_failures: false, failures: [{ relation: 'labels' } as never] }))).toBe(true);
  });
});
