import { z } from 'zod';
import { MODULE_KEYS } from '../roles';

/**
 * A user as every API answer shows it: never a password hash. `_id` and `id` are the same value (docs/product/users.md#user-fields).
 * The server declares it as the answer of its user routes, so a field missing here never leaves the server.
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  role: z.string(),
  status: z.string(),
  access: z.array(z.string()),
  permissions: z.partialRecord(z.enum(MODULE_KEYS), z.boolean()),
  profileImage: z.string(),
  workspaceId: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  /** False until the address is proven by the link mailed at sign-up (docs/product/auth.md#proven-addresses). */
  emailConfirmed: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/login and POST /api/register. */
export const authResultSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResult = z.infer<typeof authResultSchema>;
