import { describe, expect, it } from "vitest";
import { createRecaptchaVerifier } from "./recaptcha";

// The real verifier with fetch injected: no network, but the request it builds and its failure modes are real.

function recordingFetch(respond: (init: RequestInit) => Promise<Response>) {
  const calls: { url: string; body: string }[] = [];
  const fetch = (async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), body: String(init.body) });
    return respond(init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe("createRecaptchaVerifier", () => {
  it("posts the secret and token to siteverify and returns Google's verdict", async () => {
    const { fetch, calls } = recordingFetch(async () =>
      Response.json({ success: true, action: "contact", score: 0.8, hostname: "erf.co.za" }),
    );
    const result = await createRecaptchaVerifier({ secret: "s3cret", fetch }).verify("tok&en");
    expect(result).toMatchObject({ success: true, action: "contact", score: 0.8 });
    expect(calls).toEqual([
      { url: "https://www.google.com/recaptcha/api/siteverify", body: "secret=s3cret&response=tok%26en" },
    ]);
  });

  it("throws on a non-JSON answer", async () => {
    const { fetch } = recordingFetch(async () => new Response("<html>oops</html>"));
    await expect(createRecaptchaVerifier({ secret: "s", fetch }).verify("t")).rejects.toThrow();
  });

  it("throws on JSON of the wrong shape", async () => {
    const { fetch } = recordingFetch(async () => Response.json({ success: "yes" }));
    await expect(createRecaptchaVerifier({ secret: "s", fetch }).verify("t")).rejects.toThrow();
  });

  it("throws on an HTTP error", async () => {
    const { fetch } = recordingFetch(async () => new Response("busy", { status: 503 }));
    await expect(createRecaptchaVerifier({ secret: "s", fetch }).verify("t")).rejects.toThrow(/503/);
  });

  it("gives up after the time limit", async () => {
    const { fetch } = recordingFetch(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const started = Date.now();
    await expect(createRecaptchaVerifier({ secret: "s", fetch, timeoutMs: 50 }).verify("t")).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
