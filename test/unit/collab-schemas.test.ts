// Every realdata response of discussions, epics and iteration events parses through the client's schema and keeps
// every field.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DiscussionSchema } from '../../src/api/discussions.js';
import { EpicSchema } from '../../src/api/epics.js';
import { IterationEventSchema } from '../../src/api/iteration-events.js';

const dir = new URL('../fixtures/realdata/', import.meta.url);
const SCHEMAS: Record<string, (endpoint: string) => z.ZodType> = {
  discussions: () => DiscussionSchema,
  epics: () => EpicSchema,
  iteration_events: () => IterationEventSchema,
};

describe('client schemas against realdata responses', () => {
  for (const [family, schemaFor] of Object.entries(SCHEMAS)) {
    const files = readdirSync(new URL(`${family}/`, dir)).filter((f) => f.endsWith('.json'));
    for (const f of files) {
      const example = JSON.parse(readFileSync(new URL(`${family}/${f}`, dir), 'utf8'));
      if (example.kind !== 'response') continue;
      it(`${family}/${f} parses without losing a field`, () => {
        const schema = schemaFor(example.endpoint);
        const items = Array.isArray(example.body) ? example.body : [example.body];
        for (const item of items) expect(schema.parse(item)).toEqual(item);
      });
    }
  }
});
