import { useRef, useState, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, convertToPixelCrop, makeAspectCrop, type Crop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';

// The 'Crop Image' dialog of the featured image (spec §2, §4 "Crop", §5 "Featured image", "Crop
// keyboard nudging", §9 "Crop"): 16:9, at least 100 px high, starting at 90% of the width centred;
// arrow keys move the selection 1 px, 10 with Shift, 100 with Ctrl or Cmd; the result is a JPEG at
// quality 0.9. Loaded only when the editor opens it (its own chunk with react-image-crop).

const ASPECT = 16 / 9;
const MIN_HEIGHT = 100;
const JPEG_QUALITY = 0.9;
// Spec §5 "Crop keyboard nudging" (react-image-crop's own defaults, stated here so they stay).
ReactCrop.nudgeStep = 1;
ReactCrop.nudgeStepMedium = 10;
ReactCrop.nudgeStepLarge = 100;

function initialCrop(width: number, height: number): Crop {
  let crop = makeAspectCrop({ unit: '%', width: 90 }, ASPECT, width, height);
  // A very wide image: 90% of its width at 16:9 would be taller than it; take its full height instead.
  if (crop.height > 100) crop = makeAspectCrop({ unit: '%', height: 100 }, ASPECT, width, height);
  return centerCrop(crop, width, height);
}

/** The selected area at the image's own resolution, as a JPEG. */
function cropToJpeg(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(crop.width * scaleX));
  canvas.height = Math.max(1, Math.round(crop.height * scaleY));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  // JPEG has no transparency: transparent pixels would turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x * scaleX, crop.y * scaleY, crop.width * scaleX, crop.height * scaleY, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    // Throws (SecurityError) for an image from another site that does not allow it.
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Empty canvas'))), 'image/jpeg', JPEG_QUALITY);
  });
}

export default function CropImageDialog({
  source,
  onClose,
  onCropped,
}: {
  /** The image to crop: an object URL of a chosen file, or the current image's address. */
  source: string;
  onClose: () => void;
  /** Stores the cropped JPEG; the dialog closes when it resolves. */
  onCropped: (image: Blob) => Promise<void>;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [selection, setSelection] = useState<PixelCrop | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  function onLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    const start = initialCrop(width, height);
    setCrop(start);
    setSelection(convertToPixelCrop(start, width, height));
  }

  const hasSelection = selection !== null && selection.width > 0 && selection.height > 0;

  async function apply() {
    const image = imageRef.current;
    if (!image || !selection || !hasSelection) return;
    setBusy(true);
    let blob: Blob;
    try {
      blob = await cropToJpeg(image, selection);
    } catch (error) {
      console.error('Error cropping image:', error);
      notify.error('Error', 'Failed to process cropped image.');
      setBusy(false);
      return;
    }
    try {
      await onCropped(blob);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Crop Image"
      description="Drag to choose the 16:9 area to keep. Arrow keys move it (Shift: 10 px, Ctrl or Cmd: 100 px)."
      size="xl"
    >
      <div className="flex min-h-40 items-center justify-center rounded-xl bg-surface p-2">
        {loadFailed ? (
          <p role="alert" className="p-6 text-center text-sm text-muted">
            This image could not be loaded for cropping (its site may not allow it). Upload the file instead.
          </p>
        ) : (
          <ReactCrop
            crop={crop}
            onChange={(pixelCrop, percentCrop) => {
              setCrop(percentCrop);
              setSelection(pixelCrop);
            }}
            aspect={ASPECT}
            minHeight={MIN_HEIGHT}
            keepSelection
            ruleOfThirds
            className="max-w-full"
          >
            <img
              ref={imageRef}
              src={source}
              alt="The image to crop"
              crossOrigin="anonymous"
              onLoad={onLoad}
              onError={() => setLoadFailed(true)}
              className="block max-h-[60vh] w-auto max-w-full"
            />
          </ReactCrop>
        )}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={busy || !hasSelection || loadFailed}>
          {busy ? <Spinner /> : null}
          Apply Crop
        </Button>
      </div>
    </Dialog>
  );
}
