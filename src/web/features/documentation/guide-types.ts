import type { ReactNode } from 'react';

/** One h2 section of the documentation guide, linked from its table of contents. */
export interface GuideSection {
  id: string;
  title: string;
  body: ReactNode;
}
