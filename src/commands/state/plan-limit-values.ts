// A plan limit's value in the instance file: a non-negative integer, or for the limits that are
// sizes a size with a unit (`3GB`, `512MiB`), as `plan-limits set` takes it.

import * as z from 'zod';
import { PLAN_LIMIT_SIZES } from '../../api/settings.js';
import { SIZE_HELP, SIZE_PATTERN, parseSize } from '../../core/sizes.js';

const COUNT = z.number().int().nonnegative();

export function planLimitValueSchema(key: string): z.ZodType<number, number | string> {
  const unit = PLAN_LIMIT_SIZES[key as keyof typeof PLAN_LIMIT_SIZES];
  if (!unit) return COUNT;
  const sized = z
    .string()
    .regex(new RegExp(SIZE_PATTERN), `must be a size in ${unit}: ${SIZE_HELP}`)
    .transform((raw, ctx) => {
      try {
        return parseSize('the value', raw, unit);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    })
    .meta({ description: `a size in ${unit}: ${SIZE_HELP}` });
  return z.union([COUNT, sized]);
}
