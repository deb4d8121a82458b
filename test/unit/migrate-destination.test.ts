// The destination column of `migrate entities|watch` when a server leaves out destination_full_path.
import { describe, expect, it } from 'vitest';
import type { BulkImportEntity } from '../../src/api/bulk-imports.js';
import { ENTITY_COLUMNS } from '../../src/commands/migrate/watch.js';

const destination = (e: Partial<BulkImportEntity>) => {
  const col = ENTITY_COLUMNS.find((c) => c.key === 'destination_full_path')!;
  return col.value!(e as BulkImportEntity);
};

describe('destination of an entity without destination_full_path', () => {
  it('is namespace/slug, and the slug alone for a new top-level group (no leading slash)', () => {
    expect(destination({ destination_namespace: 'acme', destination_slug: 'web' })).toBe('acme/web');
    expect(destination({ destination_namespace: '', destination_slug: 'web' })).toBe('web');
    expect(destination({ destination_full_path: 'acme/web', destination_namespace: '', destination_slug: 'x' })).toBe('acme/web');
  });
});
