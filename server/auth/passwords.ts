import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 12;
/** Bounds the hashing work one request can ask for; far above any real passphrase. */
export const MAX_PASSWORD_LENGTH = 1_024;

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

// OWASP Password Storage Cheat Sheet, argon2id minimum: 19 MiB of memory, 2 passes, 1 lane.
export const PRODUCTION_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const ARGON2ID = 2 as Algorithm.Argon2id;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as verify() against a real account, for logins with an unknown email, so the
   * answer's timing does not reveal which emails have accounts. Always false.
   */
  verifyDummy(password: string): Promise<false>;
}

/**
 * argon2id at the given cost. Production passes nothing and gets the OWASP parameters; only tests
 * lower the cost, through AppDeps.passwordHasher, which main.ts and the CLI never set.
 */
export function createPasswordHasher(cost: Argon2Cost = PRODUCTION_ARGON2_COST): PasswordHasher {
  const options = { ...cost, algorithm: ARGON2ID };
  // Made up front, so the first unknown-email login is not the one slow answer that stands out.
  const dummyHash = hash(randomBytes(32).toString("base64url"), options);
  dummyHash.catch(() => undefined);
  const verifyHash = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed login, not a 500 that tells the caller the account exists.
      return false;
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: verifyHash,
    async verifyDummy(password) {
      await verifyHash(await dummyHash, password);
      return false;
    },
  };
}

export type PasswordProblem = "too-short" | "too-long";

export function checkPasswordStrength(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  return null;
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  "too-short": `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  "too-long": `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
};
