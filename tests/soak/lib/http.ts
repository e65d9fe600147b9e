import { Agent, request } from "node:http";
import { totpCode } from "../../support/two-factor";

// A small HTTP/1.1 client on node:http, so each soak worker owns its connection(s) and errors (a
// killed server, a reset) come back as values instead of exceptions.

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

export type HttpResult = { ok: true; answer: HttpAnswer } | { ok: false; error: string; ms: number };

export function keepAliveAgent(maxSockets = 1): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

export function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    agent,
    timeoutMs = 30_000,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<HttpResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method,
        headers: { ...(body !== undefined && { "Content-Length": String(Buffer.byteLength(body)) }), ...headers },
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            ok: true,
            answer: {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
            },
          }),
        );
        res.on("error", (error) => resolve({ ok: false, error: error.message, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, error: error.code ?? error.message, ms: performance.now() - started }),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Signs in and returns the Cookie header value. An account with two-factor on (the soak's admin) is
 * asked for a code: a fresh one from E2E_TOTP_SECRET goes with a second try (one new 30-second step per
 * sign-in, so sign in as a sales account where many sessions are needed).
 */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const login = (code?: string) =>
    send(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl },
      body: JSON.stringify({ email, password, code }),
    });
  let result = await login();
  if (result.ok && result.answer.status === 401 && result.answer.body.includes("two-factor-required"))
    result = await login(await totpCode(`soak|${email}`));
  if (!result.ok || result.answer.status !== 200)
    throw new Error(`sign-in failed: ${result.ok ? `${result.answer.status} ${result.answer.body}` : result.error}`);
  const setCookie = result.answer.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""]).find((c) =>
    c.startsWith("__Host-erf_session="),
  );
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}
