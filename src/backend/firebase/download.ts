/** Saves text as a file through a temporary Blob URL and a download link. */
export function downloadText(fileName: string, chunks: readonly string[], type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob(chunks as string[], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
