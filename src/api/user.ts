// The user summary embedded as author, user… (spec part 2 §2).

import * as z from 'zod';

export const UserSummarySchema = z.looseObject({
  id: z.number(),
  username: z.string(),
  name: z.string().optional(),
});
