/**
 * A small XML reader, enough to prove a document well-formed: one root, every tag closed in order, text free
 * of raw '<' and of '&' that is not an entity, attributes quoted. It answers a tree to query.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeText(raw: string, where: number): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '<') throw new Error(`raw '<' in text near ${where + i}`);
    if (ch !== '&') {
      out += ch;
      continue;
    }
    const end = raw.indexOf(';', i);
    const name = end < 0 ? '' : raw.slice(i + 1, end);
    if (name in ENTITIES) out += ENTITIES[name];
    else if (/^#\d+$/.test(name)) out += String.fromCodePoint(Number(name.slice(1)));
    else if (/^#x[0-9a-f]+$/i.test(name)) out += String.fromCodePoint(parseInt(name.slice(2), 16));
    else throw new Error(`bad entity near ${where + i}: ${raw.slice(i, i + 12)}`);
    i = end;
  }
  return out;
}

export function parseXml(source: string): XmlNode {
  let pos = 0;
  if (source.startsWith('<?xml')) pos = source.indexOf('?>') + 2;
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const top = stack[stack.length - 1]!;
    const text = decodeText(source.slice(pos, lt < 0 ? source.length : lt), pos);
    if (stack.length === 1 && text.trim()) throw new Error('text outside the root element');
    top.text += text;
    if (lt < 0) break;
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new Error('unclosed CDATA');
      top.text += source.slice(lt + 9, end);
      pos = end + 3;
      continue;
    }
    const gt = source.indexOf('>', lt);
    if (gt < 0) throw new Error('unclosed tag');
    const tag = source.slice(lt + 1, gt);
    pos = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1).trim())
        throw new Error(`</${tag.slice(1)}> closes <${open?.name}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const name = /^[A-Za-z_][\w:.-]*/.exec(body)?.[0];
    if (!name) throw new Error(`bad tag <${tag}>`);
    const attrs: Record<string, string> = {};
    let rest = body.slice(name.length).trim();
    while (rest) {
      const match = /^([A-Za-z_][\w:.-]*)\s*=\s*"([^"<]*)"\s*/.exec(rest);
      if (!match) throw new Error(`bad attribute in <${tag}>`);
      attrs[match[1]!] = decodeText(match[2]!, lt);
      rest = rest.slice(match[0].length);
    }
    if (stack.length === 1 && root.children.length > 0) throw new Error('more than one root element');
    const node: XmlNode = { name, attrs, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> never closed`);
  if (root.children.length !== 1) throw new Error('no root element');
  return root.children[0]!;
}

export const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
export const childText = (node: XmlNode, name: string) => child(node, name)?.text;
export const all = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
