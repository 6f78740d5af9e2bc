/**
 * Hostile HTML for the rich-text sanitiser and the browser check behind it (security.md §3.4). Each payload,
 * if any part of it ever ran, calls `window.__xss('<id>')` (`parent.__xss` from inside a frame), so a browser
 * test that defines `__xss` and shows the stored values counts executions by id; the server tests check the
 * sanitised form of each one. Kept out of the package's main entry: import `@trestle/shared/testing/xss-corpus`.
 */
export type XssPayload = { id: string; html: string };

/** The call a payload makes in the page, and from inside a frame. */
const self = (id: string) => `window.__xss('${id}')`;
const parent = (id: string) => `parent.__xss('${id}')`;
const payload = (id: string, html: (run: string, fromFrame: string) => string): XssPayload => ({
  id,
  html: html(self(id), parent(id)),
});
/** Every character as a numeric character reference, as a filter that only looks for "javascript:" misses it. */
const entities = (text: string, hex = false) =>
  [...text].map((c) => (hex ? `&#x${c.charCodeAt(0).toString(16)};` : `&#${c.charCodeAt(0)};`)).join('');

export const xssCorpus: readonly XssPayload[] = [
  // Script elements.
  payload('script-plain', (x) => `<script>${x}</script>`),
  payload('script-upper', (x) => `<SCRIPT>${x}</SCRIPT>`),
  payload('script-mixed-case', (x) => `<ScRiPt type="text/javascript">${x}</sCrIpT>`),
  payload('script-nested', (x) => `<scr<script>ipt>${x}</scr</script>ipt>`),
  payload('script-src-data', (x) => `<script src="data:text/javascript,${x}"></script>`),
  payload('script-unclosed', (x) => `<p>before</p><script>${x}`),
  payload('script-in-attribute', (x) => `<p title="</p><script>${x}</script>">text</p>`),
  payload('script-after-slash', (x) => `<script/x>${x}</script>`),
  // Event handlers.
  payload('img-onerror', (x) => `<img src="x" onerror="${x}">`),
  payload('img-onerror-unquoted', (x) => `<img src=x onerror=${x}>`),
  payload('img-onerror-backtick', (x) => `<img src=x onerror=\`${x}\`>`),
  payload('img-onerror-slashes', (x) => `<img/src=x/onerror=${x}>`),
  payload('img-onerror-upper', (x) => `<IMG SRC=x ONERROR="${x}">`),
  payload('img-onerror-newline', (x) => `<img src=x\nonerror\n=\n"${x}">`),
  payload('img-file-src-onerror', (x) => `<img src="/api/file/x" onerror="${x}">`),
  payload('img-file-src-onload', (x) => `<img src="/api/file/abc" alt="a" onload="${x}">`),
  payload('img-alt-breakout', (x) => `<img src="/api/file/abc" alt="&quot; onerror=&quot;${x}">`),
  payload('img-srcset', (x) => `<img src="/api/file/abc" srcset="javascript:${x}" onerror="${x}">`),
  payload('svg-onload', (x) => `<svg onload="${x}"></svg>`),
  payload('svg-self-closing-onload', (x) => `<svg/onload=${x}>`),
  payload('body-onload', (x) => `<body onload="${x}">`),
  payload('p-onmouseover', (x) => `<p onmouseover="${x}">hover me</p>`),
  payload('strong-onpointerenter', (x) => `<strong onpointerenter="${x}">point at me</strong>`),
  payload('input-autofocus-onfocus', (x) => `<input autofocus onfocus="${x}">`),
  payload('select-autofocus-onfocus', (x) => `<select autofocus onfocus="${x}"></select>`),
  payload('a-tabindex-onfocus', (x) => `<a id="a" tabindex="1" autofocus onfocus="${x}" href="/">x</a>`),
  payload(
    'animationstart',
    (x) => `<style>@keyframes k{}</style><p style="animation-name:k" onanimationstart="${x}">x</p>`,
  ),
  payload('details-ontoggle', (x) => `<details open ontoggle="${x}"><summary>x</summary></details>`),
  payload('video-source-onerror', (x) => `<video><source onerror="${x}"></video>`),
  payload('audio-onerror', (x) => `<audio src=x onerror=${x}>`),
  payload('marquee-onstart', (x) => `<marquee onstart="${x}">x</marquee>`),
  payload('a-onclick', (x) => `<a href="/" onclick="${x}">click</a>`),
  payload('td-onmouseover', (x) => `<table><tbody><tr><td onmouseover="${x}">x</td></tr></tbody></table>`),
  payload('code-class-breakout', (x) => `<pre><code class="language-js&quot; onmouseover=&quot;${x}">x</code></pre>`),
  payload('input-image-onerror', (x) => `<input type="image" src="x" onerror="${x}">`),
  // javascript: URLs.
  payload('a-javascript', (x) => `<a href="javascript:${x}">x</a>`),
  payload('a-javascript-upper', (x) => `<a href="JAVASCRIPT:${x}">x</a>`),
  payload('a-javascript-entity', (x) => `<a href="&#106;avascript:${x}">x</a>`),
  payload('a-javascript-all-entities', (x) => `<a href="${entities(`javascript:${x}`)}">x</a>`),
  payload('a-javascript-hex-entities', (x) => `<a href="${entities('javascript:', true)}${x}">x</a>`),
  payload('a-javascript-padded-entity', (x) => `<a href="&#0000106&#0000097vascript:${x}">x</a>`),
  payload('a-javascript-tab', (x) => `<a href="java\tscript:${x}">x</a>`),
  payload('a-javascript-newline', (x) => `<a href="java\nscript:${x}">x</a>`),
  payload('a-javascript-tab-entity', (x) => `<a href="java&Tab;script&colon;${x}">x</a>`),
  payload('a-javascript-leading-space', (x) => `<a href="  javascript:${x}">x</a>`),
  payload('a-javascript-control-char', (x) => `<a href="\u0001javascript:${x}">x</a>`),
  payload('a-javascript-unquoted', (x) => `<a href=javascript:${x}>x</a>`),
  payload('a-javascript-target', (x) => `<a href="javascript:${x}" target="_blank">x</a>`),
  payload('a-vbscript', (x) => `<a href="vbscript:${x}">x</a>`),
  payload('img-src-javascript', (x) => `<img src="javascript:${x}">`),
  payload('iframe-src-javascript', (_, f) => `<iframe src="javascript:${f}"></iframe>`),
  payload('form-action-javascript', (x) => `<form action="javascript:${x}"><button>go</button></form>`),
  payload('button-formaction', (x) => `<form><button formaction="javascript:${x}">go</button></form>`),
  payload('a-formaction', (x) => `<a href="/" formaction="javascript:${x}">x</a>`),
  payload('td-background', (x) => `<table><tbody><tr><td background="javascript:${x}">x</td></tr></tbody></table>`),
  payload(
    'polyglot',
    (x) =>
      `<a href="javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+${x}//'>">x</a>`,
  ),
  // data: URLs.
  payload('a-data-html', (_, f) => `<a href="data:text/html,<script>${f}</script>">x</a>`),
  payload(
    'a-data-html-base64',
    () => `<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoJ2EtZGF0YS1odG1sLWJhc2U2NCcpPC9zY3JpcHQ+">x</a>`,
  ),
  payload(
    'a-data-svg',
    (_, f) => `<a href="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${f}'/>">x</a>`,
  ),
  payload(
    'img-data-svg',
    (x) => `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${x}'/>">`,
  ),
  payload(
    'iframe-data-svg-base64',
    () =>
      `<iframe src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIG9ubG9hZD0ncGFyZW50Ll9feHNzKCZxdW90O2lmcmFtZS1kYXRhLXN2Zy1iYXNlNjQmcXVvdDspJy8+"></iframe>`,
  ),
  payload(
    'object-data-base64',
    () =>
      `<object data="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoJ29iamVjdC1kYXRhLWJhc2U2NCcpPC9zY3JpcHQ+"></object>`,
  ),
  payload('object-data-javascript', (x) => `<object data="javascript:${x}"></object>`),
  payload('embed-src', (_, f) => `<embed src="data:text/html,<script>${f}</script>">`),
  payload('embed-src-javascript', (x) => `<embed src="javascript:${x}">`),
  payload('img-remote-src', (x) => `<img src="https://tracker.example/pixel.gif" onload="${x}">`),
  // SVG and MathML.
  payload('svg-script', (x) => `<svg><script>${x}</script></svg>`),
  payload('svg-script-href', (x) => `<svg><script href="data:text/javascript,${x}"/></svg>`),
  payload(
    'svg-animate-href',
    (x) => `<svg><a><animate attributeName="href" values="javascript:${x}"/><text x="20" y="20">click</text></a></svg>`,
  ),
  payload(
    'svg-set-href',
    (x) => `<svg><a><set attributeName="href" to="javascript:${x}"/><text x="20" y="20">click</text></a></svg>`,
  ),
  payload('svg-animate-onbegin', (x) => `<svg><animate onbegin="${x}" attributeName="x" dur="1s"/></svg>`),
  payload('svg-xlink-href', (x) => `<svg><a xlink:href="javascript:${x}"><text x="20" y="20">click</text></a></svg>`),
  payload(
    'svg-use-data',
    (x) =>
      `<svg><use href="data:image/svg+xml,<svg id='u' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${x}'/></svg>#u"/></svg>`,
  ),
  payload(
    'svg-foreignobject',
    (_, f) => `<svg><foreignObject><iframe srcdoc="<script>${f}</script>"></iframe></foreignObject></svg>`,
  ),
  payload(
    'math-maction-href',
    (x) => `<math><maction actiontype="statusline" xlink:href="javascript:${x}">x</maction></math>`,
  ),
  payload('math-href', (x) => `<math href="javascript:${x}"><mi>x</mi></math>`),
  payload('math-a', (x) => `<math><a href="javascript:${x}">x</a></math>`),
  // CSS.
  payload('css-expression', (x) => `<p style="width:expression(${x})">x</p>`),
  payload('css-expression-comment', (x) => `<p style="x:expr/**/ession(${x})">x</p>`),
  payload('css-url-javascript', (x) => `<p style="background:url(javascript:${x})">x</p>`),
  payload(
    'col-style-expression',
    (x) =>
      `<table><colgroup><col style="min-width:expression(${x})"></colgroup><tbody><tr><td>x</td></tr></tbody></table>`,
  ),
  payload(
    'col-style-url',
    (x) => `<table><colgroup><col style="width: 10px; background:url('javascript:${x}')"></colgroup></table>`,
  ),
  payload('style-import', (x) => `<style>@import 'javascript:${x}';</style>`),
  payload('style-behavior', (x) => `<style>p{background:url("javascript:${x}")}</style><p>x</p>`),
  // Frames, documents and forms.
  payload('iframe-srcdoc', (_, f) => `<iframe srcdoc="<script>${f}</script>"></iframe>`),
  payload('iframe-srcdoc-entities', (_, f) => `<iframe srcdoc="&lt;img src=x onerror=${f}&gt;"></iframe>`),
  payload('iframe-onload', (x) => `<iframe onload="${x}"></iframe>`),
  payload('base-href', (x) => `<base href="javascript:${x}//"><a href="/next">x</a>`),
  payload('meta-refresh', (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`),
  payload('link-stylesheet', (x) => `<link rel="stylesheet" href="javascript:${x}">`),
  payload('isindex', (x) => `<isindex type="image" src="1" onerror="${x}">`),
  // Mutation XSS: markup that parses one way in the sanitiser and another once a browser reads it back.
  payload('mxss-noscript', (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>"></noscript>`),
  payload('mxss-svg-style', (x) => `<svg></p><style><a id="</style><img src=1 onerror=${x}>">`),
  payload(
    'mxss-math-mglyph',
    (x) =>
      `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${x}&gt;">`,
  ),
  payload('mxss-form-math', (x) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${x}>`),
  payload('mxss-template', (x) => `<template><p title="</template><img src=x onerror=${x}>"></template>`),
  payload('mxss-textarea', (x) => `<textarea><p title="</textarea><img src=x onerror=${x}>"></textarea>`),
  payload('mxss-title', (x) => `<title><p title="</title><img src=x onerror=${x}>"></title>`),
  payload('mxss-xmp', (x) => `<xmp><p title="</xmp><img src=x onerror=${x}>"></xmp>`),
  payload('mxss-noembed', (x) => `<noembed><p title="</noembed><img src=x onerror=${x}>"></noembed>`),
  payload('mxss-style-in-table', (x) => `<table><style><img src=x onerror=${x}></style></table>`),
  // Comments, CDATA and broken markup.
  payload('comment-breakout', (x) => `<!--<img src="--><img src=x onerror=${x}//">`),
  payload('comment-bang', (x) => `<!--!><img src=x onerror=${x}>-->`),
  payload('comment-ie-conditional', (x) => `<!--[if gte IE 4]><script>${x}</script><![endif]-->`),
  payload('cdata', (x) => `<![CDATA[><img src=x onerror=${x}>]]>`),
  payload('unclosed-tag', (x) => `<p>x</p><img src=x onerror=${x}`),
  payload('unclosed-quote', (x) => `<p><img src=x onerror="${x}`),
  payload('attribute-without-space', (x) => `<img src="x"onerror="${x}">`),
  payload('double-open', (x) => `<<img src=x onerror=${x}//<</img>`),
  // Encodings and template markers: text that another layer might decode or evaluate.
  payload('utf7', (x) => `+ADw-script+AD4-${x}+ADw-/script+AD4-`),
  payload('fullwidth', (x) => `＜script＞${x}＜/script＞`),
  payload('percent-encoded', (x) => `%3Cscript%3E${x}%3C/script%3E`),
  payload('template-marker', (x) => `{{constructor.constructor("${x}")()}}`),
];
