import { notify } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';

// Spec §7 "Sharing an article": the device's share sheet with the title, excerpt and address,
// else the address copied to the clipboard (§8's copy toasts).

export async function shareArticle({ title, excerpt, url }: { title: string; excerpt: string | null; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: excerpt ?? undefined, url });
      return;
    } catch (error) {
      // The reader closed the share sheet: nothing to do. Anything else: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await copyText(url);
    notify.success('Link Copied!', 'The article’s address is on your clipboard.');
  } catch {
    notify.error('Copy Failed', 'Please try again or manually copy the link.');
  }
}
