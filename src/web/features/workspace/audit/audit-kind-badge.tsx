import { AUDIT_KIND_LABELS, type AuditKind } from '../../../../shared/audit';
import type { BadgeColor } from '../../../lib/badge-color';
import { Badge } from '../../../components/ui/badge';

/** Red for what may need a look (failures, removals), amber for changes of access or set-up. */
const COLORS: Partial<Record<AuditKind | 'other', BadgeColor>> = {
  'sign-in': 'green',
  'sign-in-failed': 'red',
  'role-changed': 'amber',
  'status-changed': 'amber',
  'permissions-changed': 'amber',
  'post-published': 'blue',
  'post-deleted': 'red',
  'leads-imported': 'cyan',
  'leads-exported': 'cyan',
  'smtp-changed': 'purple',
  'two-factor': 'purple',
  'workspace-deleted': 'red',
  'workspace-recovered': 'green',
  'workspace-purged': 'red',
};

export function AuditKindBadge({ kind }: { kind: AuditKind | 'other' }) {
  return (
    <Badge color={COLORS[kind] ?? 'grey'} className="whitespace-nowrap">
      {AUDIT_KIND_LABELS[kind]}
    </Badge>
  );
}
