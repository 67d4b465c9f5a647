// The rich-text editor's HTML (components/rich-text-editor.tsx).

/** Whether the editor's HTML has something in it: text, an image or a video (Quill's empty document is '<p></p>'). */
export function hasContent(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return true;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.trim() !== '';
}
