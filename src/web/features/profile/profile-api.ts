import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { PublicUser } from '../../../shared/schemas/public-user';
import type { ProfileUpdateInput } from '../../../shared/schemas/users';

export const PROFILE_SAVED = 'Profile updated successfully';
export const PROFILE_SAVE_FAILED = 'Failed to update profile. Please try again.';

/** PUT /api/profile: the signed-in user's own details → `{ success, user }`. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (body: ProfileUpdateInput) =>
      (await api.put<{ success: boolean; user: PublicUser }>('profile', body)).data,
  });
}
