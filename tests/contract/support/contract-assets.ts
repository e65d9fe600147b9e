import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";

/** The contract page and its scripts, by path under /__contract/. */
export async function contractAsset(
  path: string,
  entry: string,
  bundleDir: string,
): Promise<{ contentType: string; body: string } | null> {
  const name = path.replace(/^\/__contract\//, "");
  if (name === "index.html") {
    return {
      contentType: "text/html",
      body: `<!doctype html><title>contract</title><script type="module" src="/__contract/${entry}.js"></script>`,
    };
  }
  if (!/^[\w.-]+\.js$/.test(name)) return null;
  return { contentType: "text/javascript", body: await readFile(join(bundleDir, name), "utf8") };
}

/**
 * Serves the contract page on the IPv4 loopback. A real server, not a routed response: Chromium's Local
 * Network Access lets only a page that itself came from a loopback address call the loopback emulators.
 */
export async function serveContractPage(
  entry: string,
  bundleDir: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    contractAsset(new URL(request.url ?? "/", "http://x").pathname, entry, bundleDir).then(
      (asset) => {
        response.writeHead(asset ? 200 : 404, { "Content-Type": asset?.contentType ?? "text/plain" });
        response.end(asset?.body ?? "not found");
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no address");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
