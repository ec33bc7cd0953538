import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * Long-form text (policies, guides) without a typography plugin: a readable measure (~70 characters),
 * a comfortable line height, spaced paragraphs and lists, underlined links in an AA-contrast colour.
 */
const proseClasses = [
  'max-w-[70ch] text-base leading-7 text-slate-700',
  '[&>*:first-child]:mt-0 [&_p]:mt-4',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-slate-500',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_strong]:font-semibold [&_strong]:text-ink',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.875em] [&_code]:text-slate-800',
  // Code blocks: light on dark; the more specific `pre code` undoes the inline-code look.
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-slate-100',
].join(' ');

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}
