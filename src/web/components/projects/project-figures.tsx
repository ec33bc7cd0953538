import { AlarmClock, Briefcase, CalendarClock, Clock } from 'lucide-react';
import { formatMinutes } from '../../../shared/schemas/projects';
import { StatCard } from '../ui/stat-card';
import { useProjectSummary } from '../../lib/projects-api';

/** The live figures above every tab: active projects, due this week, overdue tasks, hours this week. */
export function ProjectFigures() {
  const summary = useProjectSummary();
  const s = summary.data;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={summary.isPending}>
      <StatCard
        label="Active projects"
        value={s ? s.activeProjects : '–'}
        icon={Briefcase}
        hint={
          s
            ? s.openProjectLimit === null
              ? `${s.openProjects} open`
              : `${s.openProjects} of ${s.openProjectLimit} open (${s.planName})`
            : undefined
        }
      />
      <StatCard
        label="Due this week"
        value={s ? s.dueThisWeek : '–'}
        icon={CalendarClock}
        hint="Open projects"
      />
      <StatCard
        label="Overdue tasks"
        value={s ? s.overdueTasks : '–'}
        icon={AlarmClock}
        hint="Open, past their due date"
      />
      <StatCard
        label="Hours this week"
        value={s ? formatMinutes(s.minutesThisWeek) : '–'}
        icon={Clock}
        hint={s?.teamTime ? 'The whole team' : 'Yours'}
      />
    </div>
  );
}
