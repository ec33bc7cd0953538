export const HEADLESS_SHELL: string;
export function ensureChromium(): boolean;
