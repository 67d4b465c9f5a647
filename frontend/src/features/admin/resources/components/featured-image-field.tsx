import { Crop, ImageUp, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { deleteResourceImage, uploadResourceImage } from '@/features/admin/shell/api/images';

// The Featured Image section (spec §2 "Admin resource editor", §5 "Featured image", §7 "Storage",
// §8): a chosen file opens the crop dialog and the cropped JPEG is stored; an address can be
// pasted instead; the preview has Crop and Delete.

const CropImageDialog = lazy(() => import('./crop-image-dialog'));

/** Whether the address is one of our stored images (resources/{timestamp}-cropped.jpg): Delete then removes the object too. */
function isStoredImage(url: string): boolean {
  return /\/resources\/[^/]+\.jpg$/i.test(url.split('?')[0] ?? '');
}

export function FeaturedImageField({
  url,
  alt,
  onUrlChange,
  onAltChange,
}: {
  url: string;
  alt: string;
  onUrlChange: (url: string) => void;
  onAltChange: (alt: string) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);

  useEffect(() => setPreviewFailed(false), [url]);

  // A chosen file is shown to the cropper through an object URL, released when the dialog closes.
  useEffect(() => {
    if (!cropSource?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(cropSource);
  }, [cropSource]);

  function chooseFile(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (file) setCropSource(URL.createObjectURL(file));
  }

  async function storeCropped(image: Blob) {
    try {
      const stored = await uploadResourceImage(image, `${Date.now()}-cropped.jpg`);
      onUrlChange(stored);
      setCropSource(null);
      notify.success('Success', 'Image uploaded and cropped successfully.');
    } catch (error) {
      console.error('Error uploading cropped image:', error);
      notify.error('Error', 'Failed to upload cropped image.');
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      if (isStoredImage(url)) await deleteResourceImage(url);
      onUrlChange('');
      notify.success('Success', 'Image deleted successfully.');
    } catch (error) {
      console.error('Error deleting image:', error);
      notify.error('Error', 'Failed to delete image.');
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="space-y-5">
      {url ? (
        <figure className="max-w-2xl overflow-hidden rounded-xl border border-border bg-surface">
          {previewFailed ? (
            <p className="flex aspect-video items-center justify-center p-6 text-center text-sm text-muted">The image could not be loaded from this address.</p>
          ) : (
            <img src={url} alt={alt || 'Featured image preview'} className="aspect-video w-full object-cover" onError={() => setPreviewFailed(true)} />
          )}
          <figcaption className="flex flex-wrap justify-end gap-2 border-t border-border p-3">
            <Button variant="secondary" size="sm" onClick={() => setCropSource(url)} disabled={previewFailed}>
              <Crop className="size-4" aria-hidden="true" />
              Crop
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void remove()}
              disabled={deleting}
              className="text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/15"
            >
              {deleting ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
              Delete
            </Button>
          </figcaption>
        </figure>
      ) : null}

      <div>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          className="peer sr-only"
          onChange={(event) => chooseFile(event.target.files?.[0])}
        />
        <label
          htmlFor={`${id}-file`}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border-strong px-4 py-6 text-center transition-colors hover:border-brand-solid hover:bg-surface peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
        >
          <ImageUp className="size-6 text-muted" aria-hidden="true" />
          <span className="text-sm font-semibold text-foreground">{url ? 'Upload a different image' : 'Upload an image'}</span>
          <span className="text-xs text-muted">You crop it to 16:9 before it is stored.</span>
        </label>
      </div>

      <FieldShell id={`${id}-url`} label="Or paste an image URL" optional>
        <TextInput id={`${id}-url`} type="url" inputMode="url" placeholder="https://…" value={url} onChange={(event) => onUrlChange(event.target.value)} />
      </FieldShell>

      <FieldShell id={`${id}-alt`} label="Alt text" hint="Describes the image for readers who cannot see it.">
        <TextInput
          id={`${id}-alt`}
          aria-describedby={`${id}-alt-hint`}
          value={alt}
          placeholder="A player at the top of a jump shot"
          onChange={(event) => onAltChange(event.target.value)}
        />
      </FieldShell>

      {cropSource ? (
        <Suspense fallback={null}>
          <CropImageDialog source={cropSource} onClose={() => setCropSource(null)} onCropped={storeCropped} />
        </Suspense>
      ) : null}
    </div>
  );
}
