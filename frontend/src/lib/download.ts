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

/** `personal-data-2026-11-25.json`: the day, never whose. */
export function personalDataFileName(now = new Date()): string {
  return `personal-data-${now.toISOString().slice(0, 10)}.json`;
}
