import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import {
  SITE_SETTINGS_ACTIVITY,
  SITE_SETTINGS_LIMITS,
  siteSettingsDefaults,
  siteImagePath,
  siteSettingsFieldLabel,
  SITE_IMAGE_SIZES,
  type NewsletterSignUp,
  type SiteImageKind,
  type SiteSettings,
} from '../../../shared/site-settings';
import type {
  SiteImageUploadAnswer,
  SitePublish,
  SiteSettingsChangeAnswer,
  SiteSettingsEditor,
} from '../../../shared/schemas/site-settings';
import { badRequest } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { insertMedia, runImageWork } from '../media/media.service';
import { listPublicForm } from '../mailing-lists/mailing-lists.service';
import type { SpooledUpload } from '../../http/spooled-upload';
import { makeSiteImage, siteImageTooLarge } from './site-images';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { changedPaths, mergeOverDefaults, sameSettings } from './settings-document';
import {
  deleteDraft,
  historyData,
  agencyMedia,
  historyMarks,
  insertHistory,
  latestHistoryVersion,
  listHistory,
  lockLive,
  readStage,
  writeStage,
  type HistoryAction,
} from './site-settings.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Web Settings (docs/product/web-settings.md): the public site's settings as a draft the Admin edits and as published ('live',
 * what every page shows). Publishing and undoing write the live row, which raises the public content
 * version (migration 014's trigger), so every instance's render cache renders its pages afresh. Callers
 * are checked by the routes (Admin only); the service keeps the rules.
 */
export function createSiteSettingsService(
  db: Kysely<Database>,
  options: { siteName: string; clock?: () => Date },
) {
  const clock = options.clock ?? (() => new Date());
  /** The spec's texts with SITE_NAME: what a site without stored settings shows, and what reset restores. */
  const defaults = () => siteSettingsDefaults(options.siteName);
  const settingsOf = (stored: { data: unknown } | undefined) =>
    stored ? mergeOverDefaults(defaults(), stored.data) : defaults();

  async function editorState(from: Db): Promise<SiteSettingsEditor> {
    const liveRow = await readStage(from, 'live');
    const draftRow = await readStage(from, 'draft');
    const live = settingsOf(liveRow);
    const draft = draftRow ? settingsOf(draftRow) : live;
    return { draft, live, unpublished: !sameSettings(draft, live), version: liveRow?.version ?? 0 };
  }

  /** Writes `next` as the live settings with the next version, and its history entry and activity line. */
  async function goLive(
    trx: Transaction<Database>,
    caller: SessionUser,
    change: { action: HistoryAction; before: SiteSettings; next: SiteSettings; liveVersion: number },
  ): Promise<SitePublish> {
    const at = clock().toISOString();
    const version = Math.max(change.liveVersion, await latestHistoryVersion(trx)) + 1;
    const changed = changedPaths(change.before, change.next);
    await writeStage(trx, 'live', { data: change.next, version, userId: caller.id, at });
    await deleteDraft(trx);
    const id = await insertHistory(trx, {
      action: change.action,
      data: change.next,
      changed,
      userId: caller.id,
      at,
      version,
    });
    await recordActivity(trx, {
      workspaceId: AGENCY_WORKSPACE_ID,
      userId: caller.id,
      action: SITE_SETTINGS_ACTIVITY[change.action](
        caller.username,
        changed.map(siteSettingsFieldLabel).join(', '),
      ),
      kind: 'site-published',
    });
    return {
      _id: id,
      version,
      action: change.action,
      changed,
      publishedBy: { username: caller.username },
      publishedAt: at,
    };
  }

  /**
   * The entry an undo goes back to. Walking the history newest first, each undo cancels the nearest
   * earlier publish it has not yet met: the first publish left standing is what the site shows now, the
   * next one is what it showed before (none: the defaults). Repeated undos thus step back through the
   * publishes one by one instead of swinging between the last two. Null: nothing left to undo.
   */
  async function undoTarget(trx: Transaction<Database>): Promise<{ id: string | null } | null> {
    let cancelled = 0;
    let standing = 0;
    for (const mark of await historyMarks(trx)) {
      if (mark.action === 'undone') cancelled += 1;
      else if (cancelled > 0) cancelled -= 1;
      else if (++standing === 2) return { id: mark.id };
    }
    return standing === 1 ? { id: null } : null;
  }

  /**
   * The draft's images must be the agency's own uploads of their kind (an icon is a 512 px square with its
   * copies, a share image 1200×630, a trusted-by logo at most 96 px tall); the logo's size is taken from its upload, whatever was sent.
   */
  async function checkImages(settings: SiteSettings): Promise<SiteSettings> {
    const { logo, icon, shareImage } = settings.identity;
    const trusted = settings.trustedBy.map((item) => item.mediaId);
    const ids = [logo?.mediaId, icon, shareImage, ...trusted].filter((id): id is string => Boolean(id));
    if (ids.length === 0) return settings;
    const found = new Map((await agencyMedia(db, AGENCY_WORKSPACE_ID, ids)).map((row) => [row.id, row]));
    const largest = SITE_IMAGE_SIZES.iconSizes.at(-1);
    const refuse = (field: string) => badRequest(M.imageUnknown, [{ field, message: M.imageUnknown }]);
    const logoRow = logo && found.get(logo.mediaId);
    if (logo && !logoRow) throw refuse('identity.logo');
    const iconRow = icon && found.get(icon);
    if (icon && !(iconRow && iconRow.width === largest && iconRow.height === largest && iconRow.icon))
      throw refuse('identity.icon');
    const shareRow = shareImage && found.get(shareImage);
    if (
      shareImage &&
      !(
        shareRow &&
        shareRow.width === SITE_IMAGE_SIZES.shareWidth &&
        shareRow.height === SITE_IMAGE_SIZES.shareHeight
      )
    )
      throw refuse('identity.shareImage');
    // A trusted-by logo is an upload of its kind: at most 96 px tall.
    settings.trustedBy.forEach((item, index) => {
      const row = item.mediaId && found.get(item.mediaId);
      if (item.mediaId && !(row && row.height <= SITE_IMAGE_SIZES.trustedMaxHeight))
        throw refuse(`trustedBy.${index}.mediaId`);
    });
    if (!logo || !logoRow) return settings;
    return {
      ...settings,
      identity: { ...settings.identity, logo: { ...logo, width: logoRow.width, height: logoRow.height } },
    };
  }

  /** The newsletter's list must be one of the agency workspace's (another workspace's is as unknown). */
  async function checkNewsletter(settings: SiteSettings): Promise<void> {
    const { listId } = settings.newsletter;
    if (listId === null || (await listPublicForm(db, AGENCY_WORKSPACE_ID, listId))) return;
    throw badRequest(M.newsletterListUnknown, [
      { field: 'newsletter.listId', message: M.newsletterListUnknown },
    ]);
  }

  const answer = async (message: string, publish?: SitePublish): Promise<SiteSettingsChangeAnswer> => ({
    success: true,
    message,
    ...(await editorState(db)),
    ...(publish ? { publish } : {}),
  });

  return {
    /** What the public pages show: the live settings over the defaults (the defaults before any publish). */
    async live(): Promise<SiteSettings> {
      return settingsOf(await readStage(db, 'live'));
    },

    editor: (): Promise<SiteSettingsEditor> => editorState(db),

    /**
     * The footer's sign-up for `settings` (the live ones): null when the block is off or its list is gone
     * (deleted since the publish), so the footer simply leaves it out.
     */
    async newsletterSignUp(settings: SiteSettings): Promise<NewsletterSignUp | null> {
      const { enabled, listId, heading, text } = settings.newsletter;
      if (!enabled || listId === null) return null;
      const form = await listPublicForm(db, AGENCY_WORKSPACE_ID, listId);
      return form ? { heading, text, ...form } : null;
    },

    /** PUT /api/site-settings/draft: the whole document, already validated by the route's schema. */
    async saveDraft(caller: SessionUser, settings: SiteSettings): Promise<SiteSettingsChangeAnswer> {
      const checked = await checkImages(settings);
      await checkNewsletter(checked);
      const current = await readStage(db, 'draft');
      await writeStage(db, 'draft', {
        data: mergeOverDefaults(defaults(), checked),
        version: (current?.version ?? 0) + 1,
        userId: caller.id,
        at: clock().toISOString(),
      });
      return answer(M.saved);
    },

    /** 'Reset to defaults': the draft becomes the spec's texts exactly; a publish applies it. */
    async reset(caller: SessionUser): Promise<SiteSettingsChangeAnswer> {
      const current = await readStage(db, 'draft');
      await writeStage(db, 'draft', {
        data: defaults(),
        version: (current?.version ?? 0) + 1,
        userId: caller.id,
        at: clock().toISOString(),
      });
      return answer(M.reset);
    },

    /**
     * The draft goes live in one transaction: the live row (its version raised), the history entry with
     * the fields it changed, the agency's activity line. A draft equal to the live settings is refused
     * (400): a publish that changes nothing would only lengthen the history and re-render every page.
     */
    async publish(caller: SessionUser): Promise<SiteSettingsChangeAnswer> {
      const publish = await db.transaction().execute(async (trx) => {
        const liveRow = await lockLive(trx, clock().toISOString());
        const draftRow = await readStage(trx, 'draft');
        const before = settingsOf(liveRow);
        const next = draftRow ? settingsOf(draftRow) : before;
        if (sameSettings(before, next)) throw badRequest(M.nothingToPublish);
        // A publish of the spec's texts exactly (after 'Reset to defaults') says so in the history.
        const action = sameSettings(next, defaults()) ? 'reset' : 'published';
        return goLive(trx, caller, { action, before, next, liveVersion: liveRow?.version ?? 0 });
      });
      return answer(M.published, publish);
    },

    /** The live settings go back to before the latest publish still standing; the draft follows them. */
    async undo(caller: SessionUser): Promise<SiteSettingsChangeAnswer> {
      const publish = await db.transaction().execute(async (trx) => {
        const liveRow = await lockLive(trx, clock().toISOString());
        const target = await undoTarget(trx);
        if (!target) throw badRequest(M.nothingToUndo);
        const before = settingsOf(liveRow);
        const next = target.id ? settingsOf({ data: await historyData(trx, target.id) }) : defaults();
        return goLive(trx, caller, { action: 'undone', before, next, liveVersion: liveRow?.version ?? 0 });
      });
      return answer(M.undone, publish);
    },

    /**
     * POST /api/site-settings/images/:kind: the upload made into the kind's image(s) and stored as the
     * agency's media. The site changes only once the draft holding its id is published.
     */
    async uploadImage(kind: SiteImageKind, upload: SpooledUpload): Promise<SiteImageUploadAnswer> {
      if (upload.size > BLOG_LIMITS.imageMaxBytes) throw siteImageTooLarge();
      const image = await runImageWork(AGENCY_WORKSPACE_ID, () => makeSiteImage(kind, upload.path));
      const mediaId = await insertMedia(db, AGENCY_WORKSPACE_ID, image);
      return {
        success: true,
        message: M.imageUploaded,
        kind,
        image: { mediaId, width: image.width, height: image.height, path: siteImagePath(mediaId) },
      };
    },

    /** The latest publishes, newest first. */
    async history(): Promise<SitePublish[]> {
      const rows = await listHistory(db, SITE_SETTINGS_LIMITS.historyMax);
      return rows.map((row) => ({
        _id: row.id,
        version: row.version,
        action: row.action,
        changed: row.changed,
        publishedBy: row.username === null ? null : { username: row.username },
        publishedAt: row.publishedAt,
      }));
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
