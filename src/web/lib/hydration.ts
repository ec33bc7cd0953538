import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * What a visitor typed or ticked into the server's HTML before the page's JavaScript took over is in the
 * DOM but not yet in component state; announcing it as input lets each field's handler pick it up, so
 * nothing typed early is lost.
 */
function replayEarlyInput(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLSelectElement) {
      const initial = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      if (initial && field.value !== initial.value)
        field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field.type !== 'file' && field.value !== field.defaultValue) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * Text typed into the server's textareas, read just before hydrating: preact/compat sets a textarea's value
 * to its `value` prop as it adopts the element (hydration included), which wiped what was typed before
 * `replayEarlyInput` could see it.
 */
export function captureEarlyText(root: HTMLElement): () => void {
  const typed = [...root.querySelectorAll('textarea')]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  // Each is put back once, when its part of the page was adopted (the value reset to the server's text);
  // what is typed after that stays.
  return () => {
    for (const entry of typed.splice(0)) {
      const { field, value } = entry;
      if (!field.isConnected) continue;
      if (field.value === value) typed.push(entry);
      else if (field.value === field.defaultValue) field.value = value;
    }
  };
}

/**
 * After each part of the page is adopted (lib/hydrate-later.tsx), before any of its effects can re-render
 * a field with its initial state: what was typed early is put back and announced to the fields' handlers.
 * Announcing a field twice does no harm: a handler takes the field's value as it is.
 */
export function adoptEarlyInput(root: HTMLElement, restoreEarlyText?: () => void) {
  restoreEarlyText?.();
  replayEarlyInput(root);
}

/**
 * Called by the browser entry once the server's HTML is live (with what `captureEarlyText` kept, when it
 * hydrated); `html[data-hydrated]` tells tests too.
 */
export function markHydrated(root: HTMLElement, restoreEarlyText?: () => void) {
  hydrated = true;
  adoptEarlyInput(root, restoreEarlyText);
  document.documentElement.dataset.hydrated = 'true';
}

/**
 * False on the server and during hydration, true once the page's handlers are attached (at once on pages
 * reached by client-side navigation). Forms disable submitting until then: a press on the server's plain
 * HTML form would reload the page with the fields in the URL.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => setValue(true), []);
  return value;
}
