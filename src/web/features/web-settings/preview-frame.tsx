import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { BRAND_STYLE_ID, BRAND_TOKEN_NAMES, brandTokens } from '../../lib/brand-tokens';

const FRAME_DOCUMENT = '<!doctype html><html lang="en"><head></head><body></body></html>';

/** Copies the page's stylesheets into the frame, and those added later (a lazily loaded chunk's CSS). */
function mirrorStyles(into: Document): () => void {
  const copy = (node: Node) => {
    if (!(node instanceof HTMLLinkElement || node instanceof HTMLStyleElement)) return;
    if (node instanceof HTMLLinkElement && node.rel !== 'stylesheet') return;
    // The live brand colour's tokens stay out: the frame shows the draft's (see the effect below).
    if (node.id === BRAND_STYLE_ID) return;
    into.head.append(into.importNode(node, true));
  };
  document.head.childNodes.forEach(copy);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(copy);
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

/**
 * A blank frame of the given size that the page's own components render into (a React portal): the
 * frame's width is what the site's responsive layout answers to, so the phone preview really is the
 * phone layout. Nothing of the site is loaded into it (no address, no framing of the site); its content
 * is inert: it can be looked at and scrolled, not clicked or focused.
 */
export function PreviewFrame({
  title,
  width,
  height,
  scale,
  brandColor,
  children,
}: {
  title: string;
  width: number;
  height: number;
  scale: number;
  brandColor: string;
  children: ReactNode;
}) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const doc = frame?.contentDocument;
    if (!frame || !doc) return;
    doc.open();
    doc.write(FRAME_DOCUMENT);
    doc.close();
    const stop = mirrorStyles(doc);
    const container = doc.createElement('div');
    container.inert = true;
    doc.body.append(container);
    setRoot(container);
    return () => {
      stop();
      setRoot(null);
    };
  }, [frame]);

  // The draft's brand colour, on the frame's root element (over the stylesheet's default tokens).
  useEffect(() => {
    const style = root?.ownerDocument.documentElement.style;
    if (!style) return;
    const tokens = brandTokens(brandColor);
    for (const name of BRAND_TOKEN_NAMES) {
      if (tokens?.[name]) style.setProperty(name, tokens[name]);
      else style.removeProperty(name);
    }
  }, [root, brandColor]);

  return (
    <>
      <iframe
        ref={setFrame}
        title={title}
        tabIndex={-1}
        className="block origin-top-left border-0 bg-white"
        style={{ width, height, transform: `scale(${scale})` }}
      />
      {root && createPortal(children, root)}
    </>
  );
}
