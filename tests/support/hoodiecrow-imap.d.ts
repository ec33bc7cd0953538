/** hoodiecrow-imap ships no types; tests/support/imap-server.ts describes the little it uses. */
declare module 'hoodiecrow-imap' {
  const hoodiecrow: (options: object) => unknown;
  export default hoodiecrow;
}
