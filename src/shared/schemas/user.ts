import type { PermissionMap } from '../roles';

/** A user as every API answer shows it: never a password hash. `_id` and `id` are the same value (spec §3). */
export interface PublicUser {
  _id: string;
  id: string;
  username: string;
  name: string;
  email: string;
  phone: string;
  location: string;
  role: string;
  status: string;
  access: string[];
  permissions: PermissionMap;
  profileImage: string;
  workspaceId: string;
  createdAt: string;
  lastActiveAt: string | null;
}

export interface AuthResult {
  token: string;
  user: PublicUser;
}
