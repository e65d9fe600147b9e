import { Writable } from "node:stream";
import { createInterface } from "node:readline/promises";

/** Asks on the terminal without echoing what is typed (the line is still edited as usual). */
export async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  // In raw mode Ctrl-C reaches readline, not the process; without this it would only pause the prompt.
  rl.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(130);
  });
  try {
    const answer = rl.question(question);
    // The prompt is written synchronously by question(); everything after it is the typed password.
    muted = true;
    return await answer;
  } finally {
    rl.close();
    process.stderr.write("\n");
  }
}

/** The first line of piped standard input (`printf '%s\n' "$PASS" | npm run admin -- create ...`). */
export async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of rl) return line;
    return "";
  } finally {
    rl.close();
  }
}

export class PasswordMismatchError extends Error {
  override name = "PasswordMismatchError";
}

/**
 * The password to set: ADMIN_PASSWORD when set, else typed twice on a terminal, else the first line
 * of standard input. Never a command-line argument: those show up in `ps` and shell history.
 */
export async function readNewPassword(fromEnv: string | null): Promise<string> {
  if (fromEnv !== null) return fromEnv;
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await promptHidden("New password: ");
  const second = await promptHidden("Repeat password: ");
  if (first !== second) throw new PasswordMismatchError("The passwords do not match.");
  return first;
}
