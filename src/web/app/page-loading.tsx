import { DASHBOARD_MESSAGES } from '../../shared/messages';
import { Spinner } from '../components/ui/spinner';

/** Shown while a page's code loads during client-side navigation. */
export function PageLoading() {
  return (
    <div className="min-h-[60vh]">
      <Spinner label={DASHBOARD_MESSAGES.loading} />
    </div>
  );
}
