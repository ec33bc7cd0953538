/**
 * Script-injection payloads for blog content (OWASP XSS filter-evasion cheat sheet and mutation-XSS
 * classics): tags, event handlers, script-bearing URLs in their encoded and obfuscated spellings.
 */
export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img srcset="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">a</a>',
  '<a href=" javascript:alert(1)">a</a>',
  '<a href="java\nscript:alert(1)">a</a>',
  '<a href="jav&#x09;ascript:alert(1)">a</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&colon;alert(1)">a</a>',
  '<a href="javascript&colon;alert(1)">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '<a href="javascript:alert(1)" target="_blank">a</a>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="background:url(javascript:alert(1))">a</div>',
  '<p style="width: expression(alert(1))">a</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">a</button>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p onmouseover="alert(1)">a</p>',
  '<table background="javascript:alert(1)"><tr><td onclick="alert(1)">a</td></tr></table>',
];

/** Every form a payload could survive in: a script tag, an on*= attribute, a script-bearing URL. */
export function dangerIn(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  if (/<[^>]*\son[a-z]+\s*=/i.test(html)) found.push('on*= handler');
  if (/javascript\s*:|vbscript\s*:|data:text/i.test(html)) found.push('script URL');
  if (/<(iframe|object|embed|form|input|style|svg|base|meta|link|body)\b/i.test(html))
    found.push('banned tag');
  if (/\sstyle\s*=/i.test(html)) found.push('style attribute');
  return found;
}
