import { useDeferredValue, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import type { SiteSettings } from '../../../shared/site-settings';
import { SiteSettingsPreview } from '../../lib/site-settings';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { cn } from '../../components/ui/cn';
import { PreviewFrame } from './preview-frame';

/** The two widths the preview shows the home page at, with a screen's height of it visible. */
export const PREVIEW_DEVICES = {
  phone: { label: 'Phone', width: 390, height: 844, icon: Smartphone },
  desktop: { label: 'Desktop', width: 1280, height: 800, icon: Monitor },
} as const;
type Device = keyof typeof PREVIEW_DEVICES;

/** The tallest the scaled preview gets, so the page around it stays in view. */
const MAX_HEIGHT = 560;

/** The width of an element as it changes (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A live preview of the home page from the draft as it is typed: the site's own header, home sections
 * and footer, drawn with the draft's settings at a phone's or a desktop's width and scaled to fit.
 * `HomeSections` is the home page's body, handed in by the app (one feature does not import another).
 */
export function SitePreview({
  settings,
  HomeSections,
}: {
  settings: SiteSettings;
  HomeSections: ComponentType;
}) {
  const headingId = useId();
  const [device, setDevice] = useState<Device>('desktop');
  const shown = useDeferredValue(settings);
  const [box, boxWidth] = useWidth();
  const { width, height, label } = PREVIEW_DEVICES[device];
  const scale = boxWidth ? Math.min(1, boxWidth / width, MAX_HEIGHT / height) : 0;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-canvas p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Preview
          </h2>
          <p className="text-xs text-muted">The home page with your draft, as visitors will see it.</p>
        </div>
        <div
          role="group"
          aria-label="Preview width"
          className="inline-flex rounded-lg border border-line p-0.5"
        >
          {(Object.keys(PREVIEW_DEVICES) as Device[]).map((key) => {
            const { label: name, width: px, icon: Icon } = PREVIEW_DEVICES[key];
            return (
              <button
                key={key}
                type="button"
                aria-pressed={device === key}
                onClick={() => setDevice(key)}
                className={cn(
                  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  device === key ? 'bg-brand-600 text-white' : 'text-muted hover:bg-slate-100 hover:text-ink',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {`${name} ${px}px`}
              </button>
            );
          })}
        </div>
      </div>
      <div ref={box} className="mt-4" data-testid="site-preview" data-device={device}>
        {scale > 0 && (
          <div
            className="mx-auto overflow-hidden rounded-xl border border-line bg-slate-100 shadow-inner"
            style={{ width: Math.floor(width * scale), height: Math.floor(height * scale) }}
          >
            <PreviewFrame
              title={`Preview of the home page at ${label.toLowerCase()} width (${width} px)`}
              width={width}
              height={height}
              scale={scale}
              brandColor={shown.identity.brandColor}
            >
              <SiteSettingsPreview settings={shown}>
                <div className="flex min-h-screen flex-col">
                  <SiteHeader />
                  <main className="flex-1">
                    <HomeSections />
                  </main>
                  <SiteFooter />
                </div>
              </SiteSettingsPreview>
            </PreviewFrame>
          </div>
        )}
      </div>
    </section>
  );
}
