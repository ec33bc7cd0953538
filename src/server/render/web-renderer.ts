/** What the server needs from the built web app to answer page requests (absent in API-only tests). */
export interface RenderResult {
  html: string;
  head: string;
  status: number;
}

export interface WebRenderer {
  /** dist/client: hashed assets and the HTML template. */
  clientDir: string;
  template: string;
  render(url: string): RenderResult;
}

/** Puts the server-rendered page into the Vite-built template. */
export function renderPage(renderer: WebRenderer, url: string): { status: number; body: string } {
  const { html, head, status } = renderer.render(url);
  const body = renderer.template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
  return { status, body };
}
