import { useState } from 'react';
import { CalendarDays, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { copyText } from '../../lib/copy-text';
import { useCalendarFeed, useCalendarFeedChange } from '../../lib/tasks-api';
import { timeAgo } from '../../lib/time-ago';

/**
 * The member's private calendar feed (docs/product/projects.md#calendar-feed): made here, its address shown
 * once to paste into a calendar app, replaced or turned off at will.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const { create, revoke } = useCalendarFeedChange();
  const [url, setUrl] = useState<string | null>(null);
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => setUrl(answer.url),
      onError: (error) => toast.error(serverMessage(error) ?? 'The calendar link could not be made.'),
    });
  return (
    <Card className="space-y-3">
      <h3 className="flex items-center gap-2 text-base font-semibold text-ink">
        <CalendarDays className="size-4 text-brand-700" aria-hidden /> Calendar feed
      </h3>
      <p className="text-sm text-muted">
        Subscribe your calendar app to your tasks’ due dates. The address is private: anyone who has it sees
        your tasks’ titles, so keep it to yourself and turn it off if it leaks.
      </p>
      {url ? (
        <div className="space-y-2">
          <TextField
            label="Your calendar address (shown once)"
            value={url}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void copyText(url).then((ok) =>
                ok ? toast.success('Address copied') : toast.error('Copy it from the field'),
              )
            }
          >
            <Copy className="size-4" aria-hidden /> Copy
          </Button>
        </div>
      ) : feed.data?.active ? (
        <p className="text-sm text-ink">
          On since {timeAgo(feed.data.createdAt!)}
          {feed.data.lastReadAt
            ? `, last read by a calendar ${timeAgo(feed.data.lastReadAt)}`
            : ', not read yet'}
          .
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={create.isPending} onClick={make}>
          {feed.data?.active || url ? 'Make a new address' : 'Make my calendar address'}
        </Button>
        {(feed.data?.active || url) && (
          <Button
            size="sm"
            variant="secondary"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: (answer) => {
                  setUrl(null);
                  toast.success(answer.message);
                },
              })
            }
          >
            Turn off
          </Button>
        )}
      </div>
    </Card>
  );
}
