export { freePort } from "../../support/free-port.ts";

/** Polls url until it answers (any status) or the deadline passes. */
export async function waitForHttp(
  url: string,
  isAlive: () => boolean,
  describe: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`emulator exited before answering at ${url}:\n${describe()}`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${describe()}`);
}
