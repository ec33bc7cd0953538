import { Eye, KeyRound, SlidersHorizontal, UserRound, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

const CARDS: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: 'Personal Information',
    icon: UserRound,
    text: 'Your name, phone and location help your team recognise and reach you.',
  },
  {
    title: 'Account Security',
    icon: KeyRound,
    text: 'Your account is protected by your password. Sign out on shared devices when you are done.',
  },
  {
    title: 'Preferences',
    icon: SlidersHorizontal,
    text: 'Notifications appear in the bell at the top of the dashboard and are kept on this device.',
  },
  {
    title: 'Privacy Settings',
    icon: Eye,
    text: 'Only members of your workspace and administrators can see your profile details.',
  },
];

/** docs/product/users.md#profile-settings: four informational cards with no actions. */
export function ProfileInfoCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ title, icon: Icon, text }) => (
        <li key={title}>
          <Card className="h-full">
            <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">
              <Icon className="size-4" aria-hidden />
            </span>
            <h2 className="mt-3 text-sm font-semibold text-ink">{title}</h2>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
