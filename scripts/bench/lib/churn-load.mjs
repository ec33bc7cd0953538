// The churn of docs/decisions/0005-render-cache-and-content-version.md, forked by lib/churn.mjs so its client has its own event loop (not the visitor's):
// `connections` connections each asking a URL the server has never seen — tracking and unknown parameters,
// page numbers past the last, unknown categories, unknown paths — until the parent sends 'stop'.
// Usage (fork, IPC): churn-load.mjs <base> <connections>; sends 'started', then on 'stop' its result:
// { rps, codes: { '2xx', '3xx', '4xx', '5xx' }, errors }.
import autocannon from 'autocannon';

const [base, connections] = process.argv.slice(2);
const PATHS = [
  (n) => `/?fbclid=churn${n}`,
  (n) => `/pricing?utm_content=churn${n}`,
  (n) => `/?zz${n}=1`,
  (n) => `/blog?page=${100_000 + n}`,
  (n) => `/blog?category=nope-${n}`,
  (n) => `/no-such-page-${n}`,
];
let n = 0;

const instance = autocannon({
  url: base,
  connections: Number(connections),
  duration: 3600, // ended by the parent
  requests: [
    {
      setupRequest: (request) => {
        n += 1;
        request.path = PATHS[n % PATHS.length](n);
        return request;
      },
    },
  ],
});
instance.on('start', () => process.send('started'));
instance.on('done', (result) => {
  const codes = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
    codes[`${String(status)[0]}xx`] = (codes[`${String(status)[0]}xx`] ?? 0) + Number(count);
  process.send(
    { rps: result.requests.total / result.duration, codes, errors: result.errors + result.timeouts },
    () => process.exit(0),
  );
});
process.on('message', (message) => {
  if (message === 'stop') instance.stop();
});
process.on('disconnect', () => process.exit(0)); // the parent went away: never keep loading the server
