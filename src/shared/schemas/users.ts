/** The users, profile and dashboard routes' bodies and answers; the user they show is public-user.ts. */
import { z } from 'zod';
import { ACCESS_MESSAGES, PLAN_MESSAGES } from '../messages';
import { EDITABLE_STATUSES, MODULE_KEYS, ROLES } from '../roles';
import { publicUserSchema } from './public-user';

const text = (max: number) => z.string().trim().max(max);

/** PUT /api/users/{id}: role and optional status (dashboards), or role, status, name, phone, location (side panel). The e-mail is never changed here. */
export const updateUserSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    status: z.enum(EDITABLE_STATUSES).optional(),
    name: text(100).optional(),
    phone: text(40).optional(),
    location: text(120).optional(),
  })
  .strip();
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

const permissionMap = z.partialRecord(z.enum(MODULE_KEYS), z.boolean());

/** PUT /api/users/{id}/permissions, both readings of docs/product/users.md#calls: `{permissions:{...}}` or a single `{key: boolean}`. */
export const permissionsBodySchema = z
  .union([z.object({ permissions: permissionMap }).strict(), permissionMap])
  .refine(
    (body) => Object.keys('permissions' in body ? (body.permissions ?? {}) : body).length > 0,
    'Name at least one module to change.',
  );
export type PermissionsBody = z.infer<typeof permissionsBodySchema>;

/** POST /api/users/upgrade-role */
export const upgradeRoleSchema = z.object({
  newRole: z.literal('SOLOHQ', { error: PLAN_MESSAGES.differentPlan }),
});

/** ~1 MB of image bytes once base64-decoded. */
export const PROFILE_IMAGE_MAX_CHARS = 1_400_000;
const profileImage = z
  .string()
  .max(PROFILE_IMAGE_MAX_CHARS, ACCESS_MESSAGES.imageInvalid)
  .refine(
    (value) => value === '' || /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+=*$/.test(value),
    ACCESS_MESSAGES.imageInvalid,
  );

/** PUT /api/profile: the signed-in user's own details. Role and status only take effect for an Admin. */
export const profileUpdateSchema = z
  .object({
    username: text(100).min(1, ACCESS_MESSAGES.usernameRequired).optional(),
    name: text(100).optional(),
    phone: text(40).optional(),
    location: text(120).optional(),
    profileImage: profileImage.optional(),
    role: z.enum(ROLES).optional(),
    status: z.enum(EDITABLE_STATUSES).optional(),
  })
  .strip();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/* What the user, profile and dashboard routes answer. */

/** GET /api/dashboard → `{ success, data }` (docs/product/dashboard.md#overview dashboard data). */
export const dashboardDataSchema = z.object({
  totalUsers: z.number(),
  recentActivity: z.array(z.object({ action: z.string(), timestamp: z.string() })),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
export const dashboardAnswerSchema = z.object({ success: z.literal(true), data: dashboardDataSchema });

/** GET /api/users */
export const userListAnswerSchema = z.object({
  success: z.literal(true),
  users: z.array(publicUserSchema),
  count: z.number(),
});
/** PUT /api/users/{id}, POST /api/users/upgrade-role, PUT /api/profile */
export const userWriteAnswerSchema = z.object({ success: z.literal(true), user: publicUserSchema });
/** PUT /api/users/{id}/permissions */
export const permissionsAnswerSchema = userWriteAnswerSchema.extend({
  permissions: z.partialRecord(z.enum(MODULE_KEYS), z.boolean()),
});
/** GET /api/profile */
export const profileAnswerSchema = z.object({ user: publicUserSchema });
