import type { ReactNode } from 'react';
import type { BadgeColor } from '../../lib/badge-color';
import { cn } from './cn';

// Text colours are the 800 shades so every badge passes AA contrast on its tint.
const COLORS: Record<BadgeColor, string> = {
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  amber: 'bg-amber-100 text-amber-800 ring-amber-200',
  pink: 'bg-pink-100 text-pink-800 ring-pink-200',
  cyan: 'bg-cyan-100 text-cyan-800 ring-cyan-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function Badge({
  color = 'grey',
  children,
  className,
}: {
  color?: BadgeColor;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        COLORS[color],
        className,
      )}
    >
      {children}
    </span>
  );
}
