import { Suspense, useLayoutEffect, useState, type ReactNode } from 'react';

/**
 * Hydration in parts (docs/architecture.md#budgets). Adopting a whole server-rendered page at once was
 * one long task of the main thread, the bulk of a public page's blocking time. A part wrapped in
 * <HydrateLater> is adopted in a task of its own after the rest: while the browser entry hydrates, the
 * part suspends, which Preact answers by keeping its server HTML as it is and hydrating it once the
 * suspension ends. Parts met inside a part wait their turn too. Outside the first hydration (the server,
 * a page reached by client-side navigation, the dev server's fresh render) it renders at once.
 */

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

let hydrating = false;
let queue: Promise<void> = Promise.resolve();
let afterPart: (() => void) | null = null;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function takeTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = queue = queue.then(nextTask).then(() => {
    turn.done = true;
  });
  return turn;
}

function Later({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (hydrating ? takeTurn() : null));
  if (turn && !turn.done) throw turn.promise;
  // Right after the part is adopted, in the same task: before its effects run.
  useLayoutEffect(() => {
    if (turn) afterPart?.();
  }, [turn]);
  return children;
}

/** `children` must draw one element: Preact keeps a suspended part's one DOM node. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}

/**
 * Called by the browser entry around `hydrateRoot`: resolves once every part has been adopted. `adopted`
 * runs after the first hydration and after each part (the entry takes over what was typed early).
 */
export async function hydrateInParts(hydrate: () => void, adopted: () => void): Promise<void> {
  hydrating = true;
  afterPart = adopted;
  try {
    hydrate();
    adopted();
    // A part hydrates in the task its turn ends in; parts found inside it join the queue meanwhile.
    for (let seen: Promise<void> | null = null; seen !== queue;) {
      seen = queue;
      await seen;
      await nextTask();
    }
  } finally {
    hydrating = false;
    afterPart = null;
  }
}
