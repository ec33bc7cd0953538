import { TIME_LIMITS } from '../time';
import { groupThousands } from '../text';

/** Time entries (docs/product/projects.md#time). */
export const TIME_MESSAGES = {
  notFound: 'Time entry not found',
  projectRequired: 'Choose the project the time was spent on',
  minutesInvalid: `Enter the time as whole minutes from 1 to ${TIME_LIMITS.minutesMax} (a day)`,
  noteTooLong: `The note must be ${groupThousands(TIME_LIMITS.noteMax)} characters or less`,
  taskInvalid: 'Choose a task of the same project, or none',
  notOnTeam: 'Only the project’s team and its manager can log time on it',
  notYours: 'You can only change your own time entries',
  approvedLocked: 'Approved time is locked and cannot be changed',
  submittedLocked:
    'This time is submitted for approval: ask the project manager to send it back to change it',
  projectClosed: 'This project is delivered or cancelled: time can no longer be logged on it',
  timerRunning: (code: string) =>
    `Your timer is already running on ${code}. Stop it before starting another.`,
  noTimer: 'No timer is running',
  stopTimerFirst: 'Stop the timer before changing this entry',
  weekInvalid: 'Choose the week by its Monday (YYYY-MM-DD)',
  rangeInvalid: `Choose a range of at most ${TIME_LIMITS.reportDaysMax} days, its start before its end`,
  notManager: 'Only the project’s manager or a workspace admin can approve its time',
  logged: 'Time logged',
  updated: 'Time entry updated',
  deleted: 'Time entry deleted',
  timerStarted: 'Timer started',
  timerStopped: 'Timer stopped',
  submitted: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} submitted for approval`,
  nothingToSubmit: 'There is no open time in this week to submit',
  approved: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} approved`,
  returned: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'} sent back to be corrected`,
  nothingToApprove: 'There is no submitted time for this person, project and week',
  budgetTitle: (percent: number) => `Budget ${percent}% used`,
  budgetNotice: (code: string, name: string, percent: number) =>
    `${code} ${name} has used ${percent}% of its budget.`,
} as const;
