import type { RecordChange } from "../../src/domain/admin";

// Reads a Server-Sent Events response in-process, frame by frame (WHATWG HTML "event stream" format).

export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === "event" || field === "id" || field === "retry") frame[field] = value;
  }
  return frame;
}

export function sseReader(response: Response) {
  if (!response.body) throw new Error("no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pendingRead: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  /** The next frame, or null when the stream ended; rejects after timeoutMs. */
  async function nextFrame(timeoutMs = 5_000): Promise<SseFrame | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseFrame(block);
      }
      // A read that timed out stays pending and is reused, so no chunk is lost between calls.
      pendingRead ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">(
        (resolve) => (timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()))),
      );
      const result = await Promise.race([pendingRead, timeout]);
      clearTimeout(timer);
      if (result === "timeout") throw new Error(`no SSE frame within ${timeoutMs} ms`);
      pendingRead = null;
      if (result.done) return null;
      buffer += decoder.decode(result.value, { stream: true });
    }
  }

  /** The next "change" event (skipping retry and heartbeat frames). */
  async function nextChange(timeoutMs = 5_000): Promise<{ id: string; change: RecordChange }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await nextFrame(Math.max(0, deadline - Date.now()));
      if (!frame) throw new Error("stream ended");
      if (frame.event === "change" && frame.data !== undefined && frame.id !== undefined) {
        return { id: frame.id, change: JSON.parse(frame.data) as RecordChange };
      }
    }
  }

  /** Resolves true if no change event arrives within ms. */
  async function quietFor(ms: number): Promise<boolean> {
    try {
      await nextChange(ms);
      return false;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("no SSE frame")) return true;
      throw error;
    }
  }

  /**
   * Resolves once the stream ends, within timeoutMs in all (rejects otherwise); changes and heartbeats
   * that were already on their way may come first.
   */
  async function ended(timeoutMs = 2_000): Promise<true> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await nextFrame(Math.max(0, deadline - Date.now()));
      if (frame === null) return true;
    }
  }

  return { nextFrame, nextChange, quietFor, ended, close: () => reader.cancel().catch(() => undefined) };
}
