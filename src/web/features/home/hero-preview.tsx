const BARS = [38, 52, 45, 64, 58, 76, 88];
const LEADS = [
  { name: 'Meera Kapoor', company: 'Kapoor Interiors', status: 'New', tone: 'bg-blue-100 text-blue-800' },
  { name: 'Rohan Das', company: 'Das Logistics', status: 'Qualified', tone: 'bg-green-100 text-green-800' },
  { name: 'Sara Iyer', company: 'Bloom Bakery', status: 'In Progress', tone: 'bg-amber-100 text-amber-800' },
];

/** A drawn preview of the dashboard beside the hero: decorative, so hidden from assistive tech. */
export function HeroPreview() {
  return (
    <div className="relative hidden lg:block" aria-hidden>
      <div className="absolute -right-10 -top-10 size-72 rounded-full bg-brand-200/50 blur-3xl" />
      <div className="relative rounded-2xl border border-line bg-white p-5 pb-14 shadow-2xl shadow-brand-900/10">
        <div className="flex items-center justify-between">
          <div className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-green-300" />
          </div>
          <span className="text-xs font-medium text-muted">Client Leads · This week</span>
        </div>
        <div className="mt-5 grid grid-cols-3 gap-3">
          {[
            ['Total leads', '128'],
            ['Converted', '24'],
            ['Pipeline', '₹8,40,000'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <p className="text-xs text-muted">{label}</p>
              <p className="mt-1 text-lg font-bold text-ink">{value}</p>
            </div>
          ))}
        </div>
        <svg viewBox="0 0 280 100" className="mt-5 h-28 w-full">
          <defs>
            <linearGradient id="hero-bar" x1="0" x2="0" y1="0" y2="1">
              {/* The brand scale (the default's indigo), so a brand colour from Web Settings shows here too. */}
              <stop offset="0" style={{ stopColor: 'var(--color-brand-500)' }} />
              <stop offset="1" style={{ stopColor: 'var(--color-brand-300, #a5b4fc)' }} />
            </linearGradient>
          </defs>
          {BARS.map((height, i) => (
            <rect
              key={i}
              x={8 + i * 39}
              y={100 - height}
              width="26"
              height={height}
              rx="5"
              fill="url(#hero-bar)"
            />
          ))}
        </svg>
        <ul className="mt-4 divide-y divide-line">
          {LEADS.map((lead) => (
            <li key={lead.name} className="flex items-center justify-between py-2.5">
              <div className="flex items-center gap-3">
                <span className="grid size-8 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
                  {lead.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <div>
                  <p className="text-sm font-semibold text-ink">{lead.name}</p>
                  <p className="text-xs text-muted">{lead.company}</p>
                </div>
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${lead.tone}`}>
                {lead.status}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute -bottom-6 -left-6 rounded-xl border border-line bg-white px-4 py-3 shadow-xl">
        <p className="text-xs text-muted">New lead from the contact form</p>
        <p className="text-sm font-semibold text-ink">Website · just now</p>
      </div>
    </div>
  );
}
