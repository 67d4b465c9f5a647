import Quill, { type Range } from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import './rich-text-editor.css';

// The rich-text editor of an article and of an announcement (Quill, snow theme; spec §2 "Admin
// resource editor", §9 "Editor"):
// 400 px high with at least 300 px of content, the full toolbar, undo merging changes within
// 1000 ms and keeping 100 steps, links limited to http, https, mailto and tel, images uploaded
// to our storage (png, gif, jpeg, bmp, x-icon) instead of being inlined as data: addresses; BMP
// and ICO become PNG in the browser first, as the server takes the web's image formats only.
// Uncontrolled: it starts from `initialHtml` and reports every change; remount it (a new `key`)
// to load other content.

const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }, { font: [] }, { size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ script: 'sub' }, { script: 'super' }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ direction: 'rtl' }, { align: [] }],
  ['link', 'image', 'video', 'code-block'],
  ['clean'],
];

const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'];

const LinkFormat = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[] };
LinkFormat.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];

/** Names for the toolbar's icon-only controls (Quill gives them none). */
const CONTROL_NAMES: Array<[selector: string, name: string]> = [
  ['.ql-header .ql-picker-label', 'Text style'],
  ['.ql-font .ql-picker-label', 'Font'],
  ['.ql-size .ql-picker-label', 'Text size'],
  ['.ql-color .ql-picker-label', 'Text colour'],
  ['.ql-background .ql-picker-label', 'Background colour'],
  ['.ql-align .ql-picker-label', 'Alignment'],
  ['button.ql-bold', 'Bold'],
  ['button.ql-italic', 'Italic'],
  ['button.ql-underline', 'Underline'],
  ['button.ql-strike', 'Strikethrough'],
  ['button.ql-script[value="sub"]', 'Subscript'],
  ['button.ql-script[value="super"]', 'Superscript'],
  ['button.ql-list[value="ordered"]', 'Numbered list'],
  ['button.ql-list[value="bullet"]', 'Bulleted list'],
  ['button.ql-indent[value="-1"]', 'Decrease indent'],
  ['button.ql-indent[value="+1"]', 'Increase indent'],
  ['button.ql-direction', 'Right to left'],
  ['button.ql-link', 'Link'],
  ['button.ql-image', 'Image'],
  ['button.ql-video', 'Video'],
  ['button.ql-code-block', 'Code block'],
  ['button.ql-clean', 'Clear formatting'],
];

function nameControls(toolbar: Element): void {
  for (const [selector, name] of CONTROL_NAMES) {
    for (const element of toolbar.querySelectorAll(selector)) element.setAttribute('aria-label', name);
  }
  for (const item of toolbar.querySelectorAll<HTMLElement>('.ql-picker-item')) {
    item.setAttribute('aria-label', itemName(item));
  }
}

/** A picker's choice as its menu shows it ('Heading 2', 'Serif', 'Large'), not Quill's value ('2'). */
function itemName(item: HTMLElement): string {
  const value = item.dataset.value;
  const picker = item.closest('.ql-picker');
  if (picker?.classList.contains('ql-header')) return value ? `Heading ${value}` : 'Normal';
  if (picker?.classList.contains('ql-font')) return value ? value[0].toUpperCase() + value.slice(1) : 'Sans Serif';
  if (picker?.classList.contains('ql-size')) return value ? value[0].toUpperCase() + value.slice(1) : 'Normal';
  return value || 'Default';
}

/** The document as plain HTML (lists as ul/ol). Quill writes every space as &nbsp; there, which would stop lines from wrapping. */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1) return '';
  return quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

export function RichTextEditor({
  labelId,
  initialHtml,
  onChange,
  uploadImage,
  placeholder = 'Write your article…',
}: {
  /** The id of the element naming the editor. */
  labelId: string;
  /** What the empty editor says it is for. */
  placeholder?: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** Stores an image and answers its address. */
  uploadImage: (file: File) => Promise<string>;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef(uploadImage);
  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const editor = document.createElement('div');
    host.appendChild(editor);
    const quill = new Quill(editor, {
      theme: 'snow',
      placeholder,
      modules: {
        toolbar: TOOLBAR,
        history: { delay: 1000, maxStack: 100, userOnly: true },
        uploader: {
          mimetypes: IMAGE_TYPES,
          handler: (range: Range, files: File[]) => void insertImages(quill, range, files, uploadRef.current),
        },
      },
    });
    if (initialHtml) quill.setContents(quill.clipboard.convert({ html: initialHtml }), 'silent');
    quill.history.clear();

    const toolbar = host.querySelector('.ql-toolbar');
    if (toolbar) {
      toolbar.setAttribute('role', 'toolbar');
      toolbar.setAttribute('aria-label', 'Formatting');
      nameControls(toolbar);
    }
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelId);

    const report = () => onChangeRef.current(htmlOf(quill));
    quill.on('text-change', report);
    return () => {
      quill.off('text-change', report);
      host.replaceChildren();
    };
    // Mounted once per key: later `initialHtml` values are the editor's own output coming back.
  }, []);

  return <div ref={hostRef} className="resource-editor" />;
}

async function insertImages(quill: Quill, range: Range, files: File[], upload: (file: File) => Promise<string>): Promise<void> {
  try {
    const urls = await Promise.all(files.map(async (file) => upload(await asWebImage(file))));
    let index = range.index;
    quill.deleteText(range.index, range.length, 'user');
    for (const url of urls) {
      quill.insertEmbed(index, 'image', url, 'user');
      index += 1;
    }
    quill.setSelection(index, 'silent');
  } catch (error) {
    notify.error('Error', `Failed to upload image. ${errorMessage(error)}`);
  }
}

/** A BMP or ICO drawn onto a canvas and saved as PNG (the server refuses both); other files as they are. */
async function asWebImage(file: File): Promise<File> {
  if (file.type !== 'image/bmp' && file.type !== 'image/x-icon') return file;
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('The image could not be read.');
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error('The image could not be read.');
  return new File([png], `${file.name.replace(/\.[^.]*$/, '')}.png`, { type: 'image/png' });
}
