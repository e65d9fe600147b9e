import { describe, expect, it } from "vitest";
import { retryWrite } from "./retry-write";

const failure = (code: string) => Object.assign(new Error(code), { code });
const quick = { delays: [1, 1] };

function scripted(outcomes: (string | null)[]) {
  let calls = 0;
  const write = async () => {
    const outcome = outcomes[calls++];
    if (outcome) throw failure(outcome);
  };
  return { write, calls: () => calls };
}

describe("retryWrite", () => {
  it("retries network failures with the same write, up to twice", async () => {
    const script = scripted(["unavailable", "deadline-exceeded", null]);
    await retryWrite(script.write, quick);
    expect(script.calls()).toBe(3);
    const exhausted = scripted(["unavailable", "unavailable", "unavailable"]);
    await expect(retryWrite(exhausted.write, quick)).rejects.toMatchObject({ code: "unavailable" });
  });

  it("does not retry a refusal", async () => {
    const script = scripted(["permission-denied"]);
    await expect(retryWrite(script.write, quick)).rejects.toMatchObject({ code: "permission-denied" });
    expect(script.calls()).toBe(1);
  });

  it("takes a refusal after a lost answer as proof the first attempt landed", async () => {
    const script = scripted(["unavailable", "permission-denied"]);
    await retryWrite(script.write, quick);
    expect(script.calls()).toBe(2);
  });
});
