import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import type { PublicUser } from '../../../shared/schemas/user';
import type { ProfileUpdateInput } from '../../../shared/schemas/users';
import { changeUser } from '../users/user-changes';

export function createProfileService(db: Kysely<Database>) {
  return {
    /**
     * PUT /api/profile: the caller's own details. Role and status are Admin-only actions (DESIGN §5), so
     * for anyone else they are dropped rather than refused: the profile editor always sends them.
     */
    async update(caller: SessionUser, input: ProfileUpdateInput): Promise<PublicUser> {
      const isAdmin = caller.role === 'Admin';
      const updated = await changeUser(db, caller, caller.id, {
        username: input.username,
        name: input.name,
        phone: input.phone,
        location: input.location,
        profile_image: input.profileImage,
        role: isAdmin ? input.role : undefined,
        status: isAdmin ? input.status : undefined,
      });
      return toPublicUser(updated);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
