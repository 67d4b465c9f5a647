import sanitizeHtml from 'sanitize-html';

/** Hosts whose players the editor may embed (Quill's video button makes an iframe of an https embed URL). */
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
/** Only raster images inline (a pasted picture); never data:text/html or SVG. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * What Quill's toolbar (spec §2) produces: headers, fonts and sizes (classes), bold, italic,
 * underline, strike, colours (inline color / background-color), sub and superscript, lists
 * (Quill 2 marks them with data-list), indent, right-to-left and alignment (classes), links,
 * images, videos (an iframe from VIDEO_HOSTS) and code blocks.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'allowfullscreen', 'frameborder', 'width', 'height'],
    li: ['data-list'],
    pre: ['spellcheck', 'data-language'],
    div: ['data-language'],
    '*': ['class', 'style'],
  },
  allowedClasses: {
    '*': [
      /^ql-align-(center|right|justify)$/,
      /^ql-indent-[1-8]$/,
      'ql-direction-rtl',
      /^ql-size-(small|large|huge)$/,
      /^ql-font-(serif|monospace)$/,
      'ql-syntax',
      'ql-video',
      /^ql-code-block(-container)?$/,
    ],
  },
  allowedStyles: { '*': { color: COLOR, 'background-color': COLOR, 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them (not just their tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'object', 'embed'],
  transformTags: {
    // Links that open a new tab can't reach back to this page (window.opener) nor pass on our address.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : { ...attribs, rel: attribs.rel ? 'noopener noreferrer' : '' },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src?.trim().toLowerCase().startsWith('data:') && !DATA_IMAGE.test(attribs.src.trim()) ? { ...attribs, src: '' } : attribs,
    }),
  },
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/** Rich text as the editor writes it, with everything else removed (scripts, handlers, javascript: URLs, foreign embeds, styles). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The words of sanitised HTML (for search and read time): tags become spaces, entities their characters. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec §9: word count / 200, rounded up, in minutes. */
export function readTimeMinutes(html: string): number {
  const text = plainText(html);
  return text ? Math.ceil(text.split(' ').length / 200) : 0;
}

/** Whether sanitised HTML shows anything: words, an image or a video (an editor's empty '<p><br></p>' does not). */
export function hasContent(html: string): boolean {
  return plainText(html).length > 0 || /<(img|iframe)\b/i.test(html);
}
