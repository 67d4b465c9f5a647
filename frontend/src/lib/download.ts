/** Saves data the API answered (a POST's JSON: no link can fetch it) as a file in the browser's downloads. */
export function saveJsonFile(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `personal-data-ann-at-example.com-2026-11-25.json`: whose and which day, so several exports
 * are told apart (the server names the file it sends the same way).
 */
export function personalDataFileName(email: string, now = new Date()): string {
  const whose = email
    .toLowerCase()
    .replace('@', '-at-')
    .replace(/[^a-z0-9._-]+/g, '-');
  return `personal-data-${whose}-${now.toISOString().slice(0, 10)}.json`;
}
