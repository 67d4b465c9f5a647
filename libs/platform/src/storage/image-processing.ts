import sharp from 'sharp';

/** Raster formats we read (by their content, never by name or declared type). SVG is not one: it can carry script. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Images larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRejectedError extends Error {}

/**
 * An uploaded image, checked by its bytes and re-encoded as a JPEG (quality 90, like the crop
 * dialog's output), turned upright and without its metadata (EXIF, GPS), at most `maxWidth` wide.
 * Anything that is not a raster image we read throws ImageRejectedError.
 */
export async function reencodeAsJpeg(input: Buffer, options: { maxWidth?: number; quality?: number } = {}): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new ImageRejectedError('The file is not an image.');
  }
  if (!format || !READABLE.has(format)) throw new ImageRejectedError('The file is not an image we accept (JPEG, PNG, WebP, GIF or AVIF).');
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: options.maxWidth ?? 2400, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: options.quality ?? 90, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new ImageRejectedError('The image could not be read.');
  }
}
