/** Payloads from the usual XSS cheat sheets: none may leave anything executable behind. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\nscript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="//evil.example">protocol-relative</a>',
  '<p onclick="alert(1)">text</p>',
  '<p onmouseover=alert(1)>text</p>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background-image:url(javascript:alert(1))">text</p>',
  '<p style="color: expression(alert(1))">text</p>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '"><img src=x onerror=alert(1)>',
  '<a href="https://ok.example" target="_blank">new tab</a>',
];

/** Whatever is executable in HTML: a script element, an on* handler, a script URL, a frame to elsewhere. */
export function executableParts(html: string): string[] {
  const found: string[] = [];
  if (/<\s*script/i.test(html)) found.push('script element');
  if (/<[^>]+\son[a-z]+\s*=/i.test(html)) found.push('event handler');
  if (/(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data:text)/i.test(html)) found.push('script URL');
  if (
    /<\s*(iframe|object|embed|svg|math|style|link|meta|base|form|input|body|template)\b/i.test(html) &&
    !/<iframe[^>]+src="https:\/\/(www\.)?(youtube|player\.vimeo)/i.test(html)
  ) {
    found.push('foreign element');
  }
  if (/style="[^"]*(url\(|expression|position)/i.test(html)) found.push('dangerous style');
  if (/href="\/\//i.test(html)) found.push('protocol-relative link');
  return found;
}
