// Content negotiation for the precompressed files scripts/postbuild.mjs writes next to each asset.

export type Encoding = "br" | "gzip";

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

export const encodedPath = (path: string, encoding: Encoding) => path + SUFFIX[encoding];

/** The encodings the client accepts (q > 0), best first: brotli is smaller, so it wins ties. */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    quality.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const q = (encoding: Encoding) => quality.get(encoding) ?? quality.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((encoding) => q(encoding) > 0).sort((a, b) => q(b) - q(a));
}
