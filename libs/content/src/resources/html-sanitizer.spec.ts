import { executableParts, XSS_PAYLOADS } from '../../../../test/utils/xss-payloads';
import { hasContent, plainText, readTimeMinutes, sanitizePostHtml } from './html-sanitizer';

describe('sanitizePostHtml', () => {
  it.each(XSS_PAYLOADS)('leaves nothing executable of %s', (payload) => {
    const clean = sanitizePostHtml(payload);
    expect(executableParts(clean)).toEqual([]);
  });

  it('keeps what the editor produces: headings, formatting, lists, links, images, code, alignment, colours and sizes', () => {
    const html = [
      '<h1>Title</h1><h2 class="ql-align-center">Sub</h2><h6>Small</h6>',
      '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <sub>2</sub><sup>3</sup></p>',
      '<p class="ql-indent-2 ql-direction-rtl ql-align-right"><span class="ql-size-large ql-font-serif" style="color:rgb(230, 0, 0);background-color:#ffff00">colour</span></p>',
      '<ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol><ul><li>three</li></ul>',
      '<p><a href="https://swishly.example/drills" target="_blank" rel="noopener noreferrer">link</a> <a href="mailto:coach@swishly.example">mail</a> <a href="tel:+358401234567">call</a></p>',
      '<p><img src="https://cdn.example/shot.jpg" alt="A jump shot" /><img src="/uploads/resources/1-cropped.jpg" /></p>',
      '<pre class="ql-syntax" spellcheck="false">const arc = 45;</pre><blockquote>quote</blockquote>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      '<iframe class="ql-video" src="https://player.vimeo.com/video/76979871"></iframe>',
    ].join('');
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops foreign classes and styles but keeps the text', () => {
    expect(sanitizePostHtml('<p class="evil ql-align-center" style="font-size:99px;color:red">text</p>')).toBe(
      '<p class="ql-align-center" style="color:red">text</p>',
    );
  });

  it('only lets raster data images through', () => {
    expect(sanitizePostHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizePostHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });
});

describe('plainText, readTimeMinutes and hasContent', () => {
  it('reads the words of HTML, entities decoded', () => {
    expect(plainText('<h1>Shoot&nbsp;it</h1><p>Tom &amp; Jerry&#39;s <b>arc</b> &#x41;</p>')).toBe("Shoot it Tom & Jerry's arc A");
  });

  it('is words / 200, rounded up (spec §9)', () => {
    const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `w${i}`).join(' ')}</p>`;
    expect(readTimeMinutes(words(1))).toBe(1);
    expect(readTimeMinutes(words(200))).toBe(1);
    expect(readTimeMinutes(words(201))).toBe(2);
    expect(readTimeMinutes(words(1000))).toBe(5);
    expect(readTimeMinutes('<p><br></p>')).toBe(0);
  });

  it('an empty editor has no content; an image alone has', () => {
    expect(hasContent('<p><br></p>')).toBe(false);
    expect(hasContent('<p> </p>')).toBe(false);
    expect(hasContent('<p><img src="https://cdn.example/a.jpg"></p>')).toBe(true);
  });
});
