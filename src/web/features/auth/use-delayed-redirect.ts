import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '../../../shared/constants';

/** docs/product/auth.md#sign-in: after sign-in or sign-up the page moves on after 1 second. */
export function useDelayedRedirect() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const redirect = (path: string) => {
    setTarget(path);
    timer.current = setTimeout(() => navigate(path, { replace: true }), REDIRECT_DELAY_MS);
  };
  return { redirecting: target !== null, redirect };
}
