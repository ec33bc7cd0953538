/** 'Just now' under a minute, '{n}m ago' under an hour, '{n}h ago' under a day, else a local date. */
export function timeAgo(timestamp: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(timestamp)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return new Date(timestamp).toLocaleDateString();
}

/** timeAgo inside a sentence ("Last used …"): 'just now', '5m ago', '3h ago', 'on {date}'. */
export function timeAgoInSentence(timestamp: string, now = Date.now()): string {
  const text = timeAgo(timestamp, now);
  if (text === 'Just now') return 'just now';
  return text.endsWith(' ago') ? text : `on ${text}`;
}
