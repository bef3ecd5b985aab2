/**
 * Hands a file the page already holds to the browser's download, under the given name: an object URL on a
 * temporary `<a download>`, released once the click has been handled.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later it has started.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
