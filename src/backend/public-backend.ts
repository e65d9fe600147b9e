import { clientEnv } from "../config/env";
import type { PublicBackend } from "./port";

let loaded: Promise<PublicBackend> | null = null;

/** The configured adapter, loaded on first use so public pages ship no back-end code until a form is sent. */
export function publicBackend(): Promise<PublicBackend> {
  loaded ??= (clientEnv.backend === "firebase"
    ? Promise.reject(new Error("The firebase adapter is not built yet"))
    : import("./http/public").then((module) => module.httpPublicBackend)
  ).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
