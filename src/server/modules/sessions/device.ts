import Bowser from 'bowser';

/** "Chrome on Windows", "Safari on iOS", or "Unknown device": how the sessions list names a sign-in. */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, os.name ? `on ${os.name}` : ''].filter(Boolean).join(' ');
  return (name || 'Unknown device').slice(0, 100);
}
