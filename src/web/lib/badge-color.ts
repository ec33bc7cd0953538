/** The colours a badge comes in (components/ui/badge.tsx draws each); web rules pick one by name. */
export type BadgeColor = 'purple' | 'green' | 'blue' | 'amber' | 'pink' | 'cyan' | 'grey' | 'red';
