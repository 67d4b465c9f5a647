/** The old selection-based copy, for browsers without (or refusing) the async clipboard API. */
function copyWithSelection(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/** Copies text to the clipboard, through the async API or else a hidden selection; throws when neither works. */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('The clipboard API is not available.');
    await navigator.clipboard.writeText(text);
  } catch (error) {
    if (!copyWithSelection(text)) throw error;
  }
}
