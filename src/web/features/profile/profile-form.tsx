import { FORM_MESSAGES } from '../../../shared/messages';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { EDITABLE_STATUSES, PROFILE_ROLE_OPTIONS } from '../../../shared/roles';
import { displayStatus } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { profileUpdateSchema, type ProfileUpdateInput } from '../../../shared/schemas/users';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useSession } from '../../lib/session';
import { PROFILE_SAVED, PROFILE_SAVE_FAILED, useUpdateProfile } from './profile-api';
import { ProfilePhotoField } from './profile-photo-field';

type FormInput = z.input<typeof profileUpdateSchema>;

function initialValues(user: PublicUser, isAdmin: boolean): FormInput {
  const values: FormInput = {
    username: user.username,
    name: user.name ?? '',
    phone: user.phone ?? '',
    location: user.location ?? '',
    profileImage: user.profileImage ?? '',
  };
  if (isAdmin) {
    values.role = 'Admin';
    const status = EDITABLE_STATUSES.find((s) => s === user.status);
    values.status = status ?? 'Active';
  }
  return values;
}

/** Edit mode: Cancel discards; Save Changes sends PUT /api/profile and keeps the edits on failure. */
export function ProfileForm({ user, onDone }: { user: PublicUser; onDone(): void }) {
  const isAdmin = user.role === 'Admin';
  const { replaceUser } = useSession();
  const save = useUpdateProfile();
  const { register, handleSubmit, setValue, setFocus, control, formState } = useForm<
    FormInput,
    unknown,
    ProfileUpdateInput
  >({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: initialValues(user, isAdmin),
  });
  useEffect(() => setFocus('username'), [setFocus]);
  const image = useWatch({ control, name: 'profileImage' }) ?? '';
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) => {
    const body: ProfileUpdateInput = {
      username: values.username,
      name: values.name,
      phone: values.phone,
      location: values.location,
    };
    // The photo is up to ~1 MB: send it only when it changed.
    if ((values.profileImage ?? '') !== (user.profileImage ?? '')) body.profileImage = values.profileImage;
    if (isAdmin) Object.assign(body, { role: values.role, status: values.status });
    save.mutate(body, {
      onSuccess: (answer) => {
        replaceUser(answer.user);
        toast.success(PROFILE_SAVED);
        onDone();
      },
    });
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-6"
      aria-label="Edit profile"
    >
      <ProfilePhotoField
        name={user.username || user.email}
        value={image}
        error={errors.profileImage?.message}
        onChange={(next) => setValue('profileImage', next, { shouldDirty: true, shouldValidate: true })}
      />

      <div className="grid gap-5 border-t border-line pt-6 sm:grid-cols-2">
        <TextField
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          disabled
          help="Your sign-in e-mail cannot be changed here."
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register('location')}
        />
        {isAdmin ? (
          <>
            <SelectField
              label="Role"
              options={PROFILE_ROLE_OPTIONS}
              error={errors.role?.message}
              {...register('role')}
            />
            <SelectField
              label="Status"
              options={EDITABLE_STATUSES}
              error={errors.status?.message}
              {...register('status')}
            />
          </>
        ) : (
          <ReadOnlyValues role={user.role} status={displayStatus(user)} />
        )}
      </div>

      {save.isError && <Banner message={serverMessage(save.error) ?? PROFILE_SAVE_FAILED} />}
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? FORM_MESSAGES.saving : FORM_MESSAGES.saveChanges}
        </Button>
      </div>
    </form>
  );
}

/** Non-admins see role and status as text: only an Admin may change them. */
function ReadOnlyValues({ role, status }: { role: string; status: string }) {
  return (
    <>
      {[
        ['Role', role],
        ['Status', status],
      ].map(([label, value]) => (
        <div key={label}>
          <p className="mb-1.5 text-sm font-medium text-ink">{label}</p>
          <p className="flex h-11 items-center rounded-lg bg-canvas px-3 text-sm text-ink">{value}</p>
        </div>
      ))}
      <p className="text-xs text-muted sm:col-span-2">Only an Admin can change role and status.</p>
    </>
  );
}
