/** 'Just now' under a minute, '{n}m ago' under an hour, '{n}h ago' under a day, else a local date. */
export function timeAgo(timestamp: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(timestamp)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return new Date(timestamp).toLocaleDateString();
}
