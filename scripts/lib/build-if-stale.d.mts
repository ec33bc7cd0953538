export function buildIfStale(message?: string): Promise<boolean>;
export function buildIsStale(): boolean;
