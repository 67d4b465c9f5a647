import { api } from '@/lib/api-client';

// The staff's image storage (spec §7 "Storage"): the resources' featured images, and the images
// put in a text written with the rich-text editor (an article, an announcement).

const IMAGES = '/api/admin/resources/images';

/** Stores an image (the cropped featured image, or one put in the text) and answers its public address. */
export async function uploadResourceImage(image: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', image, fileName);
  const { url } = await api.post<{ url: string }>(IMAGES, form);
  return url;
}

export function deleteResourceImage(url: string): Promise<void> {
  return api.delete<void>(IMAGES, { body: { url } });
}
