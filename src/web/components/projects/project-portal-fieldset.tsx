import { PORTAL_PROJECT_MESSAGES as PM } from '../../../shared/messages';
import {
  PORTAL_PROJECT_PARTS,
  PORTAL_PROJECT_PART_HINTS,
  PORTAL_PROJECT_PART_LABELS,
  type PortalProjectPart,
} from '../../../shared/portal-projects';
import { Badge } from '../ui/badge';

/** The project form's "Client portal" switches (docs/product/portal.md#what-a-client-sees). */
export function ProjectPortalFieldset({
  value,
  onChange,
}: {
  value: PortalProjectPart[];
  onChange(parts: PortalProjectPart[]): void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">{PM.portalFieldset}</legend>
      <p className="text-xs text-muted">{PM.portalFieldsetHint}</p>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {PORTAL_PROJECT_PARTS.map((part) => {
          const id = `portal-part-${part}`;
          return (
            <li key={part} className="flex items-start gap-3 px-3 py-2">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                aria-describedby={`${id}-hint`}
                checked={value.includes(part)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? PORTAL_PROJECT_PARTS.filter((p) => p === part || value.includes(p))
                      : value.filter((p) => p !== part),
                  )
                }
              />
              {/* The hint describes the box (aria-describedby) outside its label, so the box's name is the part alone. */}
              <div className="text-sm">
                <label htmlFor={id} className="font-medium text-ink">
                  {PORTAL_PROJECT_PART_LABELS[part]}
                </label>
                <span id={`${id}-hint`} className="block text-xs text-muted">
                  {PORTAL_PROJECT_PART_HINTS[part]}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** What the project shows its client, on the project's page. */
export function ProjectPortalSummary({ parts }: { parts: PortalProjectPart[] }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{PM.portalFieldset}</p>
      {parts.length === 0 ? (
        <p className="text-sm text-muted">{PM.portalNothingShared}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Shared in the client portal">
          {parts.map((part) => (
            <li key={part}>
              <Badge color="blue">{PORTAL_PROJECT_PART_LABELS[part]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
