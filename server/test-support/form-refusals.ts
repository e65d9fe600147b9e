import { expect } from "vitest";
import type { Db } from "../db/store";
import { postJson, testApp } from "./app";
import { countRows } from "./databases";

// How a public form route must refuse a body the shared schema rejects, checked the same way for each.

/** POSTs `body` to /api/<collection>: 400 "validation" naming `field`, and nothing stored. */
export async function expectFormRefused(
  db: Db,
  collection: "contacts" | "leads" | "newsletter",
  body: unknown,
  field: string,
): Promise<void> {
  const response = await postJson(testApp(db), `/api/${collection}`, body);
  expect(response.status).toBe(400);
  const payload = (await response.json()) as { error: string; fields: Record<string, string> };
  expect(payload.error).toBe("validation");
  expect(payload.fields[field]).toEqual(expect.any(String));
  expect(await countRows(db, collection)).toBe(0);
}
