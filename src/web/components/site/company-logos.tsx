import type { ReactNode } from 'react';
import type { TrustedBuiltIn } from '../../../shared/site-settings';

/** Four invented client wordmarks, drawn inline (no image requests), in one ink so the strip reads calm. */
interface CompanyLogo {
  id: TrustedBuiltIn;
  name: string;
  width: number;
  art: ReactNode;
}

const word = { fill: 'currentColor', fontFamily: 'ui-sans-serif, system-ui, sans-serif' } as const;

export const COMPANY_LOGOS: CompanyLogo[] = [
  {
    id: 'northpeak',
    name: 'Northpeak',
    width: 150,
    art: (
      <>
        <path d="M2 30 14 8l6 11 4-6 10 17z" fill="currentColor" />
        <text x="42" y="26" fontSize="19" fontWeight="700" letterSpacing="-0.5" {...word}>
          Northpeak
        </text>
      </>
    ),
  },
  {
    id: 'lumen',
    name: 'Lumen & Co',
    width: 150,
    art: (
      <>
        <circle cx="16" cy="19" r="7" fill="currentColor" />
        <path
          d="M16 4v4M16 30v4M1 19h4M27 19h4M5.4 8.4l2.8 2.8M23.8 26.8l2.8 2.8M5.4 29.6l2.8-2.8M23.8 11.2l2.8-2.8"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
        <text x="40" y="26" fontSize="20" fontFamily="Georgia, 'Times New Roman', serif" fill="currentColor">
          Lumen &amp; Co
        </text>
      </>
    ),
  },
  {
    id: 'arcfield',
    name: 'Arcfield',
    width: 150,
    art: (
      <>
        <path d="M3 31a15 15 0 0 1 30 0h-6a9 9 0 0 0-18 0z" fill="currentColor" />
        <text x="42" y="26" fontSize="16" fontWeight="800" letterSpacing="3" {...word}>
          ARCFIELD
        </text>
      </>
    ),
  },
  {
    id: 'veloura',
    name: 'Veloura',
    width: 140,
    art: (
      <>
        <path d="M3 7c6 0 10 6 13 17C19 13 23 7 29 7c-4 5-8 14-13 24C11 21 7 12 3 7z" fill="currentColor" />
        <text x="38" y="26" fontSize="20" fontStyle="italic" fontWeight="600" {...word}>
          Veloura
        </text>
      </>
    ),
  },
];

export const companyLogo = (id: TrustedBuiltIn) => COMPANY_LOGOS.find((logo) => logo.id === id);

/**
 * One wordmark; the first set of the strip is named for screen readers (`name`: the Web Settings' alt
 * text, the company's name by default), the repeats are hidden.
 */
export function CompanyLogoMark({
  logo,
  name = logo.name,
  decorative,
}: {
  logo: CompanyLogo;
  name?: string;
  decorative: boolean;
}) {
  return (
    <svg
      viewBox={`0 0 ${logo.width} 36`}
      width={logo.width}
      height={36}
      className="h-8 w-auto shrink-0 text-slate-500"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {logo.art}
    </svg>
  );
}
