/** A base32 secret in groups of four, for typing into an authenticator app by hand: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/[\s=]+/g, "")
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/** The text of the downloaded recovery-codes file: what they are, for which account, one code a line. */
export function recoveryCodesFile(codes: readonly string[], account: string, site: string, at: Date): string {
  return [
    `${site} recovery codes for ${account}`,
    `Created ${at.toISOString().slice(0, 10)}. Each code signs you in once, in place of the authenticator code.`,
    "Keep them somewhere safe and private. Setting up two-factor again replaces them.",
    "",
    ...codes,
    "",
  ].join("\n");
}

export const RECOVERY_CODES_FILE_NAME = "erf-recovery-codes.txt";
