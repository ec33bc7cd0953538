import { options } from 'preact';

/**
 * Portals into SVG draw in the SVG namespace (docs/decisions/0001-svg-portals-under-preact.md). recharts 3 draws its layers (bars, lines, areas,
 * sectors, the legend and tooltip parts) through `createPortal` into `<g>` elements of its chart. preact/compat's
 * portal renders into a stand-in root object whose `parentNode` is that `<g>`; Preact takes the namespace
 * for new elements from the root's `namespaceURI`, which the stand-in lacks, so every portaled `<path>` was
 * made as an XHTML element inside the `<svg>` — in the DOM, never drawn. React's own portals take the
 * container's namespace; this gives the stand-in the namespace of the element it renders into, once, for
 * every portal of the app (no chart is patched on its own).
 *
 * `options.__` is Preact's `_root` hook (its mangled name in the published build of the pinned 10.27),
 * called by `render()` before it reads the root's namespace.
 */
interface RenderRoot {
  namespaceURI?: string | null;
  parentNode?: { namespaceURI?: string | null } | null;
}
type RootHook = (vnode: unknown, parentDom: RenderRoot) => void;

export function drawPortalsInTheirNamespace(): void {
  const hooks = options as unknown as { __?: RootHook };
  const previous = hooks.__;
  hooks.__ = (vnode, parentDom) => {
    // A real DOM node has its own namespace; only a portal's stand-in root is a plain object.
    const standIn = parentDom && !(parentDom instanceof Node);
    if (standIn && !parentDom.namespaceURI && parentDom.parentNode?.namespaceURI)
      parentDom.namespaceURI = parentDom.parentNode.namespaceURI;
    previous?.(vnode, parentDom);
  };
}
