import { E2E_TOTP_SECRET, totpCode } from "../../tests/support/two-factor";

// The staff account the benches sign in with (created by the server at start from these variables),
// with two-factor on, as an admin must have it.
export const BENCH_ADMIN = { email: "bench@erf.test", password: "bench password 2025, long enough" };
export const ADMIN_ENV = {
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  ADMIN_TOTP_SECRET: E2E_TOTP_SECRET,
};

/** Signs in through the API (same-origin JSON, as the login form does) and returns the session cookie. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ ...BENCH_ADMIN, code: await totpCode(`${url}|${BENCH_ADMIN.email}`) }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-erf_session="));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0]!;
}
