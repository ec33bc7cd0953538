import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Bookmark, Pencil, Plus, RefreshCw, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { LEAD_VIEW_MESSAGES as M } from '../../../shared/messages';
import {
  createLeadViewSchema,
  mayShareLeadViews,
  type SavedLeadView,
} from '../../../shared/schemas/lead-views';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, TextField } from '../../components/ui/field';
import { Menu, MenuGroup, MenuItem, MenuNote, MenuSeparator } from '../../components/ui/menu';
import {
  currentViewQuery,
  sameViewQuery,
  useSavedViewParam,
  type LeadFilters,
  type LeadLayout,
} from './lead-filters';
import { useCreateLeadView, useDeleteLeadView, useLeadViews, useUpdateLeadView } from './lead-views-api';

type Open =
  { kind: 'save' } | { kind: 'edit'; view: SavedLeadView } | { kind: 'delete'; view: SavedLeadView };

/**
 * Saved views (docs/product/leads.md#saved-views): the workspace's shared views and the user's own, applied
 * into the URL (`view=<id>` beside the filters); saving what the list shows, and updating, renaming,
 * sharing or deleting the view shown when the user may change it. A link naming only a view applies it.
 */
export function LeadViews({ filters, layout }: { filters: LeadFilters; layout: LeadLayout }) {
  const { user } = useSession();
  const canShare = user !== null && mayShareLeadViews(user);
  const views = useLeadViews();
  const update = useUpdateLeadView();
  const { viewId, bare, applyView, forgetView } = useSavedViewParam();
  const [open, setOpen] = useState<Open | null>(null);

  const all = views.data ?? [];
  const current = all.find((view) => view.id === viewId);
  const query = currentViewQuery(filters, layout);
  const edited = current !== undefined && !sameViewQuery(current.query, query);

  // A link to a view: once the list is read, its query goes into the URL; a view this user cannot see
  // leaves the link's own filters as they are.
  const settled = useRef('');
  useEffect(() => {
    if (!viewId || !views.isSuccess || settled.current === viewId) return;
    settled.current = viewId;
    const view = views.data.find((one) => one.id === viewId);
    if (!view) {
      forgetView();
      if (bare) toast.error(M.gone);
    } else if (bare) applyView(view.id, view.query);
  }, [viewId, bare, views.isSuccess, views.data, applyView, forgetView]);

  const saveCurrent = (view: SavedLeadView) =>
    update.mutate(
      { id: view.id, changes: { query } },
      {
        onSuccess: (saved) => toast.success(M.updated(saved.name)),
        onError: (error) => toast.error(serverMessage(error) ?? 'The view could not be updated.'),
      },
    );

  const shared = all.filter((view) => view.shared);
  const mine = all.filter((view) => !view.shared);
  const item = (view: SavedLeadView) => (
    <MenuItem
      key={view.id}
      checked={view.id === viewId}
      hint={view.shared && !view.mine && view.owner ? `Shared by ${view.owner.username}` : undefined}
      onSelect={() => applyView(view.id, view.query)}
    >
      {view.name}
    </MenuItem>
  );

  return (
    <>
      <Menu
        label="Views"
        icon={<Bookmark className="size-4 shrink-0" aria-hidden />}
        value={current && (edited ? `${current.name} (edited)` : current.name)}
        className="w-full sm:w-auto"
      >
        {views.isPending && <MenuNote>Loading views...</MenuNote>}
        {views.isError && <MenuNote>{serverMessage(views.error) ?? 'Views could not be loaded.'}</MenuNote>}
        {views.isSuccess && (
          <>
            <MenuGroup label="Shared">
              {shared.length ? shared.map(item) : <MenuNote>No shared views yet.</MenuNote>}
            </MenuGroup>
            <MenuGroup label="My views">
              {mine.length ? mine.map(item) : <MenuNote>No saved views yet.</MenuNote>}
            </MenuGroup>
          </>
        )}
        <MenuSeparator />
        <MenuItem icon={<Plus className="size-4" />} onSelect={() => setOpen({ kind: 'save' })}>
          Save view...
        </MenuItem>
        {current && (
          <MenuGroup label="This view">
            {current.canChange && (
              <>
                <MenuItem
                  icon={<RefreshCw className="size-4" />}
                  disabled={!edited || update.isPending}
                  onSelect={() => saveCurrent(current)}
                >
                  Update with current filters
                </MenuItem>
                <MenuItem
                  icon={<Pencil className="size-4" />}
                  onSelect={() => setOpen({ kind: 'edit', view: current })}
                >
                  {canShare ? 'Rename or share...' : 'Rename...'}
                </MenuItem>
                <MenuItem
                  icon={<Trash2 className="size-4" />}
                  tone="danger"
                  onSelect={() => setOpen({ kind: 'delete', view: current })}
                >
                  Delete...
                </MenuItem>
              </>
            )}
            <MenuItem icon={<X className="size-4" />} onSelect={forgetView}>
              Leave this view
            </MenuItem>
          </MenuGroup>
        )}
      </Menu>

      {open?.kind === 'save' && (
        <ViewDialog
          canShare={canShare}
          onClose={() => setOpen(null)}
          onSaved={(view) => applyView(view.id, view.query)}
          query={query}
        />
      )}
      {open?.kind === 'edit' && (
        <ViewDialog canShare={canShare} view={open.view} onClose={() => setOpen(null)} query={query} />
      )}
      {open?.kind === 'delete' && (
        <DeleteViewDialog
          view={open.view}
          onClose={() => setOpen(null)}
          onDeleted={() => open.view.id === viewId && forgetView()}
        />
      )}
    </>
  );
}

/** Save what the list shows under a name, or rename (and share, for admins) an existing view. */
function ViewDialog({
  view,
  canShare,
  query,
  onClose,
  onSaved,
}: {
  view?: SavedLeadView;
  canShare: boolean;
  query: ReturnType<typeof currentViewQuery>;
  onClose(): void;
  onSaved?(view: SavedLeadView): void;
}) {
  const create = useCreateLeadView();
  const update = useUpdateLeadView();
  const busy = create.isPending || update.isPending;
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(view?.shared ?? false);
  const [error, setError] = useState<string>();
  const nameField = useRef<HTMLInputElement>(null);
  const failure = create.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = createLeadViewSchema.shape.name.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      nameField.current?.focus();
      return;
    }
    setError(undefined);
    const done = (saved: SavedLeadView) => {
      toast.success(view ? M.updated(saved.name) : M.saved(saved.name));
      onSaved?.(saved);
      onClose();
    };
    if (view)
      update.mutate(
        { id: view.id, changes: { name: checked.data, ...(canShare ? { shared } : {}) } },
        { onSuccess: done },
      );
    else create.mutate({ name: checked.data, query, shared: canShare && shared }, { onSuccess: done });
  };

  return (
    <Dialog
      title={view ? 'Rename view' : 'Save view'}
      description={view ? undefined : 'Saves the filters, sort and layout the list shows now under a name.'}
      onClose={onClose}
      busy={busy}
      initialFocus={nameField}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="lead-view-form" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="lead-view-form" onSubmit={submit} noValidate className="space-y-4">
        {failure && <Banner message={serverMessage(failure) ?? 'The view could not be saved.'} />}
        <TextField
          ref={nameField}
          label="View name"
          value={name}
          maxLength={120}
          autoComplete="off"
          required
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        {canShare && (
          <Checkbox
            label="Share with workspace"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
          />
        )}
      </form>
    </Dialog>
  );
}

function DeleteViewDialog({
  view,
  onClose,
  onDeleted,
}: {
  view: SavedLeadView;
  onClose(): void;
  onDeleted(): void;
}) {
  const remove = useDeleteLeadView();
  return (
    <Dialog
      title="Delete view"
      tone="danger"
      description={M.deleteConfirm(view.name)}
      onClose={onClose}
      busy={remove.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(view.id, {
                onSuccess: () => {
                  toast.success(M.deleted(view.name));
                  onDeleted();
                  onClose();
                },
                onError: (error) => toast.error(serverMessage(error) ?? 'The view could not be deleted.'),
              })
            }
          >
            Delete
          </Button>
        </>
      }
    >
      {view.shared && <Banner tone="info" message="Everyone in the workspace loses this shared view." />}
    </Dialog>
  );
}
