import { Briefcase, Building2, Users } from 'lucide-react';
import { USER_TYPES, type UserType } from '../../../shared/roles';
import { USER_TYPE_LABELS } from '../../lib/role-display';
import { cn } from '../../components/ui/cn';

const TYPE_ICONS = { freelancer: Briefcase, 'business-owner': Building2, 'team-member': Users } as const;

/** Sign-up (docs/product/auth.md#sign-up): Freelancer, Business Owner or Team Member, as a radio group of large buttons. */
export function UserTypeChooser({
  value,
  onChoose,
}: {
  value: UserType | null;
  onChoose(type: UserType): void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Which best describes you?</legend>
      <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Which best describes you?">
        {USER_TYPES.map((type) => {
          const Icon = TYPE_ICONS[type];
          const selected = value === type;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(type)}
              className={cn(
                'flex flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-xs font-semibold transition-colors sm:text-sm',
                selected
                  ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                  : 'border-line bg-white text-ink hover:border-brand-200',
              )}
            >
              <Icon className="size-5" aria-hidden />
              {USER_TYPE_LABELS[type]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
