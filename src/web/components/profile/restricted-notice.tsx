import { ShieldAlert } from 'lucide-react';
import { PROFILE_MESSAGES } from '../../../shared/messages';

/** docs/product/users.md#profile-settings: role User sees this amber notice on its profile. */
export function RestrictedNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{PROFILE_MESSAGES.restricted}</p>
    </div>
  );
}
